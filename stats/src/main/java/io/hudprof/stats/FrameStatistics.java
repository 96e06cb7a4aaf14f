package io.hudprof.stats;

import io.hudprof.core.Averaging;
import io.hudprof.core.FrameListener;
import io.hudprof.core.Profiler;
import io.hudprof.core.ValueUnit;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Annexes;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportAnnex;
import io.hudprof.core.report.ValueTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Statistics frame by frame, for one {@link Profiler}: at the end of every {@code update()} it reads the
 * {@link Sensor}s, merges every thread's statistics, and turns the difference from the previous frame into frame
 * values, two moving averages (the profiler's weights) and a {@link StatHistory} for value charts. It also is the
 * {@link ReportMode#STATISTICS} report's {@link ValueTable}: statistics grouped by category, with the frame value
 * (or its average), the run value, a distribution's run minimum and maximum, and how many values make the run
 * value.
 *
 * <pre>{@code
 * Profiler profiler = Hudprof.start();
 * FrameStatistics stats = FrameStatistics.attach(profiler);   // sensors from -Dhudprof.sensors
 * }</pre>
 *
 * <p>Use it on the thread that calls {@code update()}. Per-frame work allocates nothing once every statistic in use
 * has been defined.
 */
public final class FrameStatistics implements FrameListener, ValueTable, ReportAnnex {
    /** This listener's work in {@code update()}: counters, sensors and their history, per frame. */
    private static final Zone SELF_ZONE = Zone.define("hudprof:statistics");

    private final Profiler profiler;
    private final EnumSet<Sensor> sensorSet;
    private final JvmSensors sensors;
    private final StatHistory history;
    private final double fastWeight;
    private final double slowWeight;
    private final SnapshotSource source;

    private StatSnapshot now = new StatSnapshot();
    private StatSnapshot before = new StatSnapshot();
    private double[] instant = new double[0];
    private double[] fast = new double[0];
    private double[] slow = new double[0];
    private boolean[] averaged = new boolean[0];
    private long framesSeen;
    private volatile boolean detached;

    private final Map<String, Integer> categoryKeys = new HashMap<>();
    private int tableStats = -1;
    private int rows;
    private Stat[] rowStat = new Stat[0];
    private String[] rowName = new String[0];
    private int[] rowKey = new int[0];
    private double[] preparedFrame = new double[0];

    private FrameStatistics(Builder b, Profiler profiler) {
        this.profiler = profiler;
        this.source = b.source;
        this.sensorSet = EnumSet.noneOf(Sensor.class);
        if (source == null) {
            this.sensorSet.addAll(b.sensors != null ? b.sensors : Sensor.configured());
        }
        long target = b.targetFrameNanos > 0 ? b.targetFrameNanos : targetFromProperty();
        this.sensors = sensorSet.isEmpty() ? null : new JvmSensors(sensorSet, target);
        int frames = b.historyFrames > 0 ? b.historyFrames : profiler.config().historyFrames();
        this.history = new StatHistory(frames, b.chartedStats);
        this.fastWeight = profiler.config().fastAverageWeight();
        this.slowWeight = profiler.config().slowAverageWeight();
        takeSnapshot(now);
    }

    /**
     * Where a replay's statistics come from instead of this JVM's threads: the cells a capture stored, one snapshot
     * per update ({@link StatSlots#fill}). Called on the updating thread; must not allocate in steady state.
     */
    @FunctionalInterface
    public interface SnapshotSource {
        /** Fills {@code dest} with the values at the end of the frame being updated (first: before the first). */
        void fill(StatSnapshot dest);
    }

    private void takeSnapshot(StatSnapshot dest) {
        if (source != null) {
            source.fill(dest);
        } else {
            dest.take();
        }
    }

    /**
     * Attaches statistics with the sensors of {@code -Dhudprof.sensors} / {@code HUDPROF_SENSORS} and the target
     * frame rate of {@code -Dhudprof.targetFps} (default 60) to {@code profiler}.
     *
     * @throws IllegalArgumentException or IllegalStateException on a bad sensor list or target, naming the fix
     */
    public static FrameStatistics attach(Profiler profiler) {
        return builder().attach(profiler);
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    private static long targetFromProperty() {
        String value = System.getProperty("hudprof.targetFps");
        if (value == null) {
            return 1_000_000_000L / 60;
        }
        try {
            double fps = Double.parseDouble(value.trim());
            if (fps > 0 && fps <= 10_000) {
                return Math.round(1e9 / fps);
            }
        } catch (NumberFormatException e) {
            // fall through to the message below
        }
        throw new IllegalStateException("hudprof: -Dhudprof.targetFps=" + value + " is not valid; give frames per "
                + "second above 0 and up to 10000, e.g. 60");
    }

    /**
     * The statistics attached to {@code profiler} and not detached, or {@code null}: how a viewer (the HUD) finds
     * the history and chart order without knowing how they are plugged in.
     */
    public static FrameStatistics attachedTo(Profiler profiler) {
        return ReportController.of(profiler).statistics() instanceof FrameStatistics statistics && !statistics.detached
                ? statistics : null;
    }

    /** As a report annex: these statistics are the rows of the statistics report. */
    @Override
    public ValueTable statistics() {
        return this;
    }

    /** Stops per-frame statistics: unplugs from the profiler and its report, and stops the sensors. */
    public void detach() {
        profiler.removeFrameListener(this);
        Annexes.of(profiler).remove(this);
        if (sensors != null) {
            sensors.close();
        }
        detached = true;
    }

    /** The sensors this instance reads. */
    public Set<Sensor> sensors() {
        return EnumSet.copyOf(sensorSet);
    }

    /**
     * Counts {@code thread}'s allocations in "JVM/Allocated" besides the updating thread's (for a game whose
     * logic runs on another thread). Does nothing when the alloc sensor is off. Callable from any thread.
     */
    public void addFrameThread(Thread thread) {
        if (sensors != null && sensorSet.contains(Sensor.ALLOC)) {
            sensors.addFrameThread(thread);
        }
    }

    /**
     * The charted statistic after the one with id {@code afterId} in report order (by category, then name), for a
     * "next chart" key: the first one when {@code afterId} is -1, and -1 after the last. Allocation-free unless
     * statistics were defined since the last report.
     */
    public int nextCharted(int afterId) {
        int stats = now.statCount();
        if (stats != tableStats) {
            layoutRows(stats);
        }
        boolean passed = afterId < 0;
        for (int row = 0; row < rows; row++) {
            Stat stat = rowStat[row];
            if (stat == null) {
                continue;
            }
            if (passed && history.isCharted(stat)) {
                return stat.id();
            }
            passed |= stat.id() == afterId;
        }
        return -1;
    }

    /** Per-frame values of the charted statistics. */
    public StatHistory history() {
        return history;
    }

    /** The values merged at the end of the last update (run values read from it). */
    public StatSnapshot latest() {
        return now;
    }

    /** Whether a frame was recorded since attaching (before it, {@link #latest()} and the frame values say nothing). */
    public boolean hasFrames() {
        return framesSeen > 0;
    }

    /**
     * Copies each statistic's value in the latest recorded frame ({@code NaN}: none) into {@code into}, by id, for
     * the {@code count} statistics {@link #latest()} covers: what a keeper of the frame (a spike) stores, so it can
     * give every column later from its copy of the cells. Allocation-free.
     *
     * @throws IllegalArgumentException when {@code into} is shorter than {@code latest().statCount()}
     */
    public void copyFrameValues(double[] into) {
        int stats = now.statCount();
        if (into.length < stats) {
            throw new IllegalArgumentException("hudprof: " + stats + " frame values do not fit in " + into.length);
        }
        int known = Math.min(stats, instant.length);
        System.arraycopy(instant, 0, into, 0, known);
        Arrays.fill(into, known, stats, Double.NaN);
    }

    /**
     * A statistic's value in the latest recorded frame, or its moving average; {@code NaN} before the first
     * recorded frame or when it had no value.
     */
    public double frameValue(Stat stat, Averaging averaging) {
        int id = stat.id();
        if (id >= instant.length) {
            return Double.NaN;
        }
        return switch (averaging) {
            case INSTANTANEOUS -> instant[id];
            case FAST -> fast[id];
            case SLOW -> slow[id];
        };
    }

    @Override
    public Zone selfZone() {
        return SELF_ZONE;
    }

    /** Gathers: a spike capture or an export added before it still reads this frame's statistics. */
    @Override
    public Stage stage() {
        return Stage.GATHER;
    }

    @Override
    public void frameEnded(long frameNanos, boolean recorded) {
        if (detached) {
            return;
        }
        if (sensors != null) {
            sensors.sample(frameNanos);
        }
        StatSnapshot older = before;
        before = now;
        now = older;
        takeSnapshot(now);
        if (!recorded) {
            return;
        }
        int stats = now.statCount();
        ensureStats(stats);
        Stat[] all = StatRegistry.all();
        for (int id = 0; id < stats; id++) {
            double value = all[id].frameValue(now, before);
            instant[id] = value;
            if (Double.isNaN(value)) {
                continue;
            }
            if (averaged[id]) {
                fast[id] += fastWeight * (value - fast[id]);
                slow[id] += slowWeight * (value - slow[id]);
            } else {
                fast[id] = value;
                slow[id] = value;
                averaged[id] = true;
            }
        }
        framesSeen++;
        history.add(profiler.recordedFrames(), frameNanos, instant, stats);
    }

    private void ensureStats(int stats) {
        if (instant.length < stats) {
            int size = Math.max(stats, instant.length * 2);
            instant = Arrays.copyOf(instant, size);
            fast = Arrays.copyOf(fast, size);
            slow = Arrays.copyOf(slow, size);
            averaged = Arrays.copyOf(averaged, size);
        }
    }

    // ---- ValueTable: the STATISTICS report ----

    @Override
    public boolean prepare(int framesAgo, Averaging averaging) {
        if (framesSeen == 0) {
            return false;
        }
        int stats = now.statCount();
        if (stats != tableStats) {
            layoutRows(stats);
        }
        if (preparedFrame.length < stats) {
            preparedFrame = new double[Math.max(stats, preparedFrame.length * 2)];
        }
        if (framesAgo == 0) {
            double[] source = switch (averaging) {
                case INSTANTANEOUS -> instant;
                case FAST -> fast;
                case SLOW -> slow;
            };
            int known = Math.min(stats, source.length);
            System.arraycopy(source, 0, preparedFrame, 0, known);
            Arrays.fill(preparedFrame, known, stats, Double.NaN);
        } else {
            long wanted = profiler.history().frameNumber(framesAgo);
            int held = findFrame(wanted);
            if (wanted < 0 || held < 0) {
                return false;
            }
            Stat[] all = StatRegistry.all();
            for (int id = 0; id < stats; id++) {
                preparedFrame[id] = history.value(all[id], held);
            }
        }
        return true;
    }

    /** Receives one statistic's value in a frame ({@link #frameValues}). */
    @FunctionalInterface
    public interface FrameValueVisitor {
        /** @param value in the statistic's unit (nanoseconds for times) */
        void value(Stat stat, double value);
    }

    /**
     * Visits every charted statistic that had a value in recorded frame {@code frameNumber}, in id order, from the
     * statistics history (for exports: a trace's counter tracks).
     *
     * @return false, visiting nothing, when that frame is not held
     */
    public boolean frameValues(long frameNumber, FrameValueVisitor visitor) {
        int held = findFrame(frameNumber);
        if (frameNumber < 0 || held < 0) {
            return false;
        }
        Stat[] all = StatRegistry.all();
        int stats = Math.min(now.statCount(), history.charted());
        for (int id = 0; id < stats; id++) {
            double value = history.value(all[id], held);
            if (!Double.isNaN(value)) {
                visitor.value(all[id], value);
            }
        }
        return true;
    }

    /** How far back {@code frameNumber} is in the statistics history, or -1 when it is not held. */
    private int findFrame(long frameNumber) {
        long newest = history.frameNumber(0);
        if (newest < 0 || frameNumber > newest) {
            return -1;
        }
        long back = newest - frameNumber;
        int guess = (int) Math.min(back, Integer.MAX_VALUE);
        return history.frameNumber(guess) == frameNumber ? guess : -1;
    }

    /** Sorts statistics by category and name, with a heading row per category. Only when statistics were added. */
    private void layoutRows(int stats) {
        List<Stat> sorted = new ArrayList<>(Arrays.asList(StatRegistry.all()).subList(0, stats));
        sorted.sort(Comparator.comparing(Stat::category).thenComparing(Stat::shortName));
        List<Stat> statOfRow = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Integer> keys = new ArrayList<>();
        String category = null;
        for (Stat stat : sorted) {
            if (!stat.category().equals(category)) {
                category = stat.category();
                statOfRow.add(null);
                names.add(category);
                keys.add(-2 - categoryKeys.computeIfAbsent(category, c -> categoryKeys.size()));
            }
            statOfRow.add(stat);
            names.add(stat.shortName());
            keys.add(stat.id());
        }
        rows = names.size();
        rowStat = statOfRow.toArray(new Stat[0]);
        rowName = names.toArray(new String[0]);
        rowKey = keys.stream().mapToInt(Integer::intValue).toArray();
        tableStats = stats;
    }

    @Override
    public int rowCount() {
        return rows;
    }

    @Override
    public String name(int row) {
        return rowName[row];
    }

    @Override
    public int key(int row) {
        return rowKey[row];
    }

    @Override
    public int indent(int row) {
        return rowStat[row] == null ? 0 : 1;
    }

    @Override
    public ValueUnit unit(int row) {
        Stat stat = rowStat[row];
        return stat == null ? ValueUnit.COUNT : stat.unit();
    }

    @Override
    public double value(int row, Column column) {
        Stat stat = rowStat[row];
        if (stat == null) {
            return Double.NaN;
        }
        return switch (column) {
            case FRAME -> preparedFrame[stat.id()];
            case RUN -> stat.runValue(now);
            case MIN -> stat.runMin(now);
            case MAX -> stat.runMax(now);
            case COUNT -> stat.runCount(now);
            default -> Double.NaN;
        };
    }

    /** Builds a {@link FrameStatistics}; unset values take the defaults described on each setter. */
    public static final class Builder {
        private Set<Sensor> sensors;
        private long targetFrameNanos;
        private int historyFrames;
        private int chartedStats = 256;
        private SnapshotSource source;

        private Builder() {
        }

        /**
         * Takes each frame's values from {@code source} (a replayed capture's) instead of this JVM's threads; no
         * sensors are read then.
         */
        public Builder source(SnapshotSource source) {
            this.source = source;
            return this;
        }

        /** The sensors to read (default: {@link Sensor#configured()}); an empty set reads none. */
        public Builder sensors(Set<Sensor> sensors) {
            if (sensors == null) {
                throw new IllegalArgumentException("hudprof: sensors is null; pass EnumSet.noneOf(Sensor.class)");
            }
            this.sensors = sensors;
            return this;
        }

        /** The target frame rate for late frames (default {@code -Dhudprof.targetFps}, else 60). */
        public Builder targetFps(double fps) {
            if (!(fps > 0 && fps <= 10_000)) {
                throw new IllegalArgumentException("hudprof: target frame rate must be above 0 and up to 10000 fps,"
                        + " got " + fps);
            }
            this.targetFrameNanos = Math.round(1e9 / fps);
            return this;
        }

        /** Frames of per-frame values kept (default: the profiler's history length). */
        public Builder historyFrames(int frames) {
            if (frames < 1) {
                throw new IllegalArgumentException("hudprof: historyFrames must be at least 1, got " + frames);
            }
            this.historyFrames = frames;
            return this;
        }

        /** How many statistics (the first defined) are kept per frame for charts (default 256). */
        public Builder chartedStats(int stats) {
            if (stats < 1 || stats > StatRegistry.MAX_STATS) {
                throw new IllegalArgumentException("hudprof: chartedStats must be from 1 to "
                        + StatRegistry.MAX_STATS + ", got " + stats);
            }
            this.chartedStats = stats;
            return this;
        }

        /** Builds the statistics and plugs them into {@code profiler}'s updates and, as an annex, its reports. */
        public FrameStatistics attach(Profiler profiler) {
            if (profiler == null) {
                throw new IllegalArgumentException("hudprof: attach(null); pass the profiler from Hudprof.start()");
            }
            Stats.init();
            FrameStatistics statistics = new FrameStatistics(this, profiler);
            profiler.addFrameListener(statistics);
            Annexes.of(profiler).add(statistics);
            return statistics;
        }
    }
}
