package io.hudprof.stats;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.Metric;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.stats.text.UnitText;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the per-frame history as a data file gnuplot plots directly (the GStreamer monitor's log): {@code #}
 * comment lines saying what the file is and how to plot it, the configuration that produced it (GStreamer's "log
 * config in the header": history length, averaging weights, sensors), one {@code # column N:} line per column
 * naming it and its unit, then one line of quoted column names (gnuplot's
 * {@code columnheader}), then one line per recorded frame, oldest first, of whitespace-separated numbers:
 * frame number, frame time (ms), the self time (ms) of each top zone, with allocation per zone recorded the bytes
 * allocated in the frame and each top zone's self allocated bytes, then each charted statistic's frame value
 * in its unit (milliseconds for timers, bytes, %, ...). A value missing in a frame is written {@code NaN}, which
 * gnuplot skips.
 *
 * <pre>
 * gnuplot -p -e "set key autotitle columnheader; plot for [i=2:5] 'frames.dat' using 1:i with lines"
 * </pre>
 *
 * <p>Call it on the thread that calls {@code update()}, or after the game loop has stopped.
 */
public final class GnuplotExport {
    /** How many of the zones with the most self time get a column. */
    public static final int TOP_ZONES = 8;

    private GnuplotExport() {
    }

    /** Writes the data file to {@code file}, replacing it. */
    public static void write(Path file, Profiler profiler, FrameStatistics statistics) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(out, profiler, statistics);
        }
    }

    /** Writes the data file to {@code out} (not closed). */
    public static void write(Writer out, Profiler profiler, FrameStatistics statistics) throws IOException {
        FrameHistory frames = profiler.history();
        StatHistory values = statistics.history();
        int[] zones = new int[TOP_ZONES];
        int zoneCount = new ZoneRanking(profiler.data()).topZones(zones);
        List<Stat> charted = new ArrayList<>();
        for (Stat stat : StatRegistry.all()) {
            if (values.isCharted(stat) && hasValue(values, stat)) {
                charted.add(stat);
            }
        }
        int held = frames.size();
        boolean bytes = profiler.data().records(Metric.ALLOCATED_BYTES) && frames.holds(Metric.ALLOCATED_BYTES);
        int byteColumns = bytes ? 1 + zoneCount : 0;
        out.write("# hudprof per-frame history: " + held + " frames, " + zoneCount + " top zones, "
                + charted.size() + " statistics" + (bytes ? ", allocated bytes" : "") + "\n");
        out.write("# columns: frame number, frame time (ms), self time (ms) of the top zones, "
                + (bytes ? "bytes allocated in the frame (B), self allocated bytes (B) of the top zones, " : "")
                + "then each statistic's value in that frame in the unit shown in brackets\n");
        out.write("# plot: gnuplot -p -e \"set key autotitle columnheader; plot for [i=2:"
                + (2 + zoneCount + byteColumns + charted.size()) + "] 'FILE' using 1:i with lines\"\n");
        ProfilerConfig config = profiler.config();
        out.write("# config: historyFrames=" + config.historyFrames() + " fullHistory=" + config.fullHistory()
                + " fastAverageWeight=" + config.fastAverageWeight() + " slowAverageWeight="
                + config.slowAverageWeight() + " selfProfiling=" + config.selfProfiling() + " sensors="
                + statistics.sensors() + " recordedFrames=" + profiler.recordedFrames() + "\n");
        StringBuilder line = new StringBuilder(256);
        line.append("# column 1: frame number\n# column 2: frame time (ms)\n");
        for (int z = 0; z < zoneCount; z++) {
            line.append("# column ").append(3 + z).append(": self time (ms) of zone ")
                    .append(Zone.byId(zones[z]).name()).append('\n');
        }
        if (bytes) {
            line.append("# column ").append(3 + zoneCount).append(": allocated bytes (B) of the frame\n");
            for (int z = 0; z < zoneCount; z++) {
                line.append("# column ").append(4 + zoneCount + z).append(": self allocated bytes (B) of zone ")
                        .append(Zone.byId(zones[z]).name()).append('\n');
            }
        }
        for (int i = 0; i < charted.size(); i++) {
            Stat stat = charted.get(i);
            String unit = UnitText.axisLabel(stat.unit());
            line.append("# column ").append(3 + zoneCount + byteColumns + i).append(": statistic ").append(stat.name())
                    .append(unit.isEmpty() ? "" : " [" + unit + "]").append(", ").append(stat.kind())
                    .append('\n');
        }
        out.write(line.toString());
        line.setLength(0);
        line.append(quote("frame")).append(' ').append(quote("frame ms"));
        for (int z = 0; z < zoneCount; z++) {
            line.append(' ').append(quote(Zone.byId(zones[z]).name() + " ms"));
        }
        if (bytes) {
            line.append(' ').append(quote("frame B"));
            for (int z = 0; z < zoneCount; z++) {
                line.append(' ').append(quote(Zone.byId(zones[z]).name() + " B"));
            }
        }
        for (Stat stat : charted) {
            String unit = UnitText.axisLabel(stat.unit());
            line.append(' ').append(quote(unit.isEmpty() ? stat.name() : stat.name() + " [" + unit + "]"));
        }
        out.write(line.append('\n').toString());
        long[] self = new long[TOP_ZONES];
        for (int ago = held - 1; ago >= 0; ago--) {
            long number = frames.frameNumber(ago);
            line.setLength(0);
            line.append(number).append(' ');
            number(frames.frameNanos(ago) / 1e6, line);
            boolean zonesHeld = frames.zoneSelf(ago, zones, zoneCount, self);
            for (int z = 0; z < zoneCount; z++) {
                line.append(' ');
                number(zonesHeld ? self[z] / 1e6 : Double.NaN, line);
            }
            if (bytes) {
                long frameBytes = frames.frameTotal(Metric.ALLOCATED_BYTES, ago);
                line.append(' ');
                number(frameBytes >= 0 ? frameBytes : Double.NaN, line);
                boolean bytesHeld = frames.zoneSelf(Metric.ALLOCATED_BYTES, ago, zones, zoneCount, self);
                for (int z = 0; z < zoneCount; z++) {
                    line.append(' ');
                    number(bytesHeld ? self[z] : Double.NaN, line);
                }
            }
            int statsAgo = (int) (values.frameNumber(0) - number);
            boolean statsHeld = statsAgo >= 0 && values.frameNumber(statsAgo) == number;
            for (Stat stat : charted) {
                line.append(' ');
                number(statsHeld ? UnitText.toDisplay(stat.unit(), values.value(stat, statsAgo)) : Double.NaN, line);
            }
            out.write(line.append('\n').toString());
        }
    }

    private static boolean hasValue(StatHistory values, Stat stat) {
        for (int i = 0; i < values.size(); i++) {
            if (!Double.isNaN(values.value(stat, i))) {
                return true;
            }
        }
        return false;
    }

    private static String quote(String name) {
        return '"' + name.replace('"', '\'') + '"';
    }

    /** Whole numbers as integers; others with enough digits to plot faithfully; NaN as gnuplot's NaN. */
    private static void number(double value, StringBuilder out) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            out.append("NaN");
        } else if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            out.append((long) value);
        } else {
            out.append(value);
        }
    }
}
