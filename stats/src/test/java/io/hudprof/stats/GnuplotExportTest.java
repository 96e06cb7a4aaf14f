package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualAllocationCounter;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-frame data file is written for gnuplot and reads back to the recorded numbers. */
class GnuplotExportTest {
    private static final Zone PHYSICS = Zone.define("Physics");
    private static final Zone DRAW = Zone.define("Draw");
    private static final Counter BODIES = Counter.define("Physics/Bodies stepped");
    private static final IntDistribution BATCH = IntDistribution.define("Render/Batch size");
    private static final StatTimer UPLOAD = StatTimer.define("Render/Upload");

    @TempDir
    Path dir;

    @Test
    void dataFileHasCommentsAHeaderNamingEachColumnAndOneRowPerHeldFrame() throws Exception {
        ManualClock clock = new ManualClock(1_000_000_000L);
        Profiler profiler = new Profiler(ProfilerConfig.builder().clock(clock).historyFrames(16).build());
        Hudprof.install(profiler);
        FrameStatistics stats = FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        try {
            for (int frame = 1; frame <= 20; frame++) {
                PHYSICS.begin();
                clock.advanceMillis(3);
                BODIES.add(frame);
                PHYSICS.end();
                DRAW.begin();
                clock.advanceMillis(5);
                if (frame % 2 == 0) {
                    BATCH.report(frame);
                }
                UPLOAD.add(250_000);
                DRAW.end();
                clock.advanceMillis(2);
                profiler.update();
            }
            Path file = dir.resolve("frames.dat");
            GnuplotExport.write(file, profiler, stats);
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);

            int first = 0;
            while (lines.get(first).startsWith("#")) {
                first++;
            }
            assertTrue(first >= 2, "comment lines first");
            List<String> comments = lines.subList(0, first);
            assertTrue(comments.stream().anyMatch(l -> l.contains("plot for [i=2:7]")), comments.toString());
            // The GStreamer log format's header: the configuration, then every column named with its unit.
            assertTrue(comments.stream().anyMatch(l -> l.startsWith("# config: historyFrames=16 fullHistory=true "
                    + "fastAverageWeight=0.2 slowAverageWeight=0.02")), comments.toString());
            assertTrue(comments.contains("# column 1: frame number"), comments.toString());
            assertTrue(comments.contains("# column 3: self time (ms) of zone Draw"), comments.toString());
            assertTrue(comments.stream().anyMatch(l -> l.startsWith("# column 7: statistic Render/Upload [ms]")),
                    comments.toString());
            List<String> header = quoted(lines.get(first));
            assertEquals(List.of("frame", "frame ms", "Draw ms", "Physics ms", "Physics/Bodies stepped",
                    "Render/Batch size", "Render/Upload [ms]"), header);
            List<String> rows = lines.subList(first + 1, lines.size());
            assertEquals(16, rows.size(), "one row per held frame");
            for (int i = 0; i < rows.size(); i++) {
                String[] cells = rows.get(i).trim().split("\\s+");
                assertEquals(header.size(), cells.length, rows.get(i));
                int frame = 5 + i;
                assertEquals(frame, Long.parseLong(cells[0]), "oldest frame first");
                assertEquals(10.0, Double.parseDouble(cells[1]));
                assertEquals(5.0, Double.parseDouble(cells[2]));
                assertEquals(3.0, Double.parseDouble(cells[3]));
                assertEquals(frame, Double.parseDouble(cells[4]));
                double batch = Double.parseDouble(cells[5]);
                if (frame % 2 == 0) {
                    assertEquals(frame, batch);
                } else {
                    assertTrue(Double.isNaN(batch), "no batch reported in frame " + frame + ": written NaN");
                }
                assertEquals(0.25, Double.parseDouble(cells[6]));
            }
        } finally {
            stats.detach();
            Hudprof.uninstall();
        }
    }

    @Test
    void withAllocationPerZoneTheFrameAndEachTopZoneGetABytesColumn() throws Exception {
        ManualClock clock = new ManualClock(1_000_000_000L);
        ManualAllocationCounter counter = new ManualAllocationCounter();
        Profiler profiler = new Profiler(ProfilerConfig.builder().clock(clock).historyFrames(16)
                .allocationPerZone(true).allocationCounter(counter).build());
        Hudprof.install(profiler);
        FrameStatistics stats = FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        try {
            for (int frame = 1; frame <= 20; frame++) {
                PHYSICS.begin();
                counter.allocate(100L * frame);
                clock.advanceMillis(3);
                PHYSICS.end();
                DRAW.begin();
                counter.allocate(7);
                clock.advanceMillis(5);
                DRAW.end();
                clock.advanceMillis(2);
                profiler.update();
            }
            StringWriter out = new StringWriter();
            GnuplotExport.write(out, profiler, stats);
            List<String> lines = out.toString().lines().toList();
            int first = 0;
            while (lines.get(first).startsWith("#")) {
                first++;
            }
            List<String> comments = lines.subList(0, first);
            assertTrue(comments.contains("# column 5: allocated bytes (B) of the frame"), comments.toString());
            assertTrue(comments.contains("# column 6: self allocated bytes (B) of zone Draw"), comments.toString());
            assertTrue(comments.contains("# column 7: self allocated bytes (B) of zone Physics"),
                    comments.toString());
            List<String> header = quoted(lines.get(first));
            // Statistics other tests defined may follow (charted when they have values): they come after the bytes.
            assertEquals(List.of("frame", "frame ms", "Draw ms", "Physics ms", "frame B", "Draw B", "Physics B"),
                    header.subList(0, 7));
            assertTrue(comments.stream().anyMatch(l -> l.contains("plot for [i=2:" + header.size() + "]")),
                    comments.toString());
            assertTrue(header.size() == 7 || comments.stream().anyMatch(l -> l.startsWith("# column 8: statistic ")),
                    comments.toString());
            List<String> rows = lines.subList(first + 1, lines.size());
            assertEquals(16, rows.size());
            for (int i = 0; i < rows.size(); i++) {
                String[] cells = rows.get(i).trim().split("\\s+");
                assertEquals(header.size(), cells.length, rows.get(i));
                int frame = 5 + i;
                assertEquals(frame, Long.parseLong(cells[0]));
                assertEquals("10", cells[1]);
                assertEquals(String.valueOf(100 * frame + 7), cells[4], "frame bytes, exact");
                assertEquals("7", cells[5]);
                assertEquals(String.valueOf(100 * frame), cells[6]);
            }
        } finally {
            stats.detach();
            Hudprof.uninstall();
        }
    }

    @Test
    void withoutAllocationPerZoneThereAreNoBytesColumns() throws Exception {
        ManualClock clock = new ManualClock(1_000_000_000L);
        Profiler profiler = new Profiler(ProfilerConfig.builder().clock(clock).historyFrames(16).build());
        Hudprof.install(profiler);
        FrameStatistics stats = FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        try {
            DRAW.begin();
            clock.advanceMillis(5);
            DRAW.end();
            profiler.update();
            StringWriter out = new StringWriter();
            GnuplotExport.write(out, profiler, stats);
            assertFalse(out.toString().contains("allocated bytes"), out.toString());
            assertFalse(out.toString().contains("\"frame B\""), out.toString());
        } finally {
            stats.detach();
            Hudprof.uninstall();
        }
    }

    private static List<String> quoted(String line) {
        List<String> names = new ArrayList<>();
        Matcher m = Pattern.compile("\"([^\"]*)\"").matcher(line);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }
}
