package io.hudprof.capture.compare;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.ProfileData;
import io.hudprof.core.ValueUnit;
import io.hudprof.core.Zone;
import io.hudprof.core.report.ZoneTotals;
import io.hudprof.stats.FrameStatistics;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a range of history frames adds up to, by name, so that two ranges (of one profile, or of two runs whose zone
 * ids differ) can be compared ({@link DiffReport}): per zone and per call-graph edge (caller → callee) the sums of
 * self time, hierarchical time and entries over the range's frames, and every frame's duration.
 *
 * <p>Each frame's zone values are derived as a report row's are ({@link ZoneTotals}: recursion counted once), then
 * summed by zone name (private zones of one name become one). An edge holds what a call graph's caller row holds:
 * the callee's states directly under a state of the caller, hierarchical time only from the callee's outermost
 * states. Only frames whose per-state values history still holds are counted ({@link #frames()}).
 *
 * <p>With the profiler's {@link FrameStatistics}, also each statistic's per-frame mean: the mean of its frame values
 * (what the statistics view's frame column and charts show) over the counted frames that the statistics history
 * holds and in which it had a value ({@link #statistic}); only charted statistics are kept per frame.
 *
 * <p>Made on demand (a comparison, a key press): it builds maps and Strings, not for a per-frame path.
 */
public final class RangeSummary {
    /** Indexes of the values of {@link #zone} and {@link #edge}. */
    public static final int SELF = 0;
    public static final int HIER = 1;
    public static final int COUNT = 2;

    private final String label;
    private final long firstFrame;
    private final long lastFrame;
    private final long[] frameNanos;
    private final Map<String, double[]> zones;
    private final Map<Edge, double[]> edges;
    private final Map<String, StatisticMean> statistics;

    /** A statistic's sum of frame values over the frames that had one, their count, and its unit. */
    private static final class StatisticMean {
        final ValueUnit unit;
        double sum;
        int frames;

        StatisticMean(ValueUnit unit) {
            this.unit = unit;
        }
    }

    /** A caller → callee pair of zone names; a thread's root ({@code <main>}) calls the zones entered outside any. */
    public record Edge(String caller, String callee) {
        @Override
        public String toString() {
            return caller + " -> " + callee;
        }
    }

    private RangeSummary(String label, long firstFrame, long lastFrame, long[] frameNanos,
                         Map<String, double[]> zones, Map<Edge, double[]> edges,
                         Map<String, StatisticMean> statistics) {
        this.label = label;
        this.firstFrame = firstFrame;
        this.lastFrame = lastFrame;
        this.frameNanos = frameNanos;
        this.zones = Collections.unmodifiableMap(zones);
        this.edges = Collections.unmodifiableMap(edges);
        this.statistics = Collections.unmodifiableMap(statistics);
    }

    /** Every frame history holds with its per-state values. */
    public static RangeSummary ofHistory(ProfileData data, String label) {
        return of(data, 0, data.history().size(), label);
    }

    /** Every frame history holds with its per-state values, and the statistics' frame values (may be null). */
    public static RangeSummary ofHistory(ProfileData data, FrameStatistics statistics, String label) {
        return of(data, statistics, 0, data.history().size(), label);
    }

    /**
     * The frames from {@code newestFramesAgo} (0 = the latest recorded) back over {@code frames} frames, those of them
     * that still have their per-state values.
     *
     * @param label how reports name this range ("A", a file name)
     */
    public static RangeSummary of(ProfileData data, int newestFramesAgo, int frames, String label) {
        return of(data, null, newestFramesAgo, frames, label);
    }

    /**
     * {@link #of(ProfileData, int, int, String)} with each statistic's per-frame mean from {@code statistics}' history
     * (null: no statistics).
     */
    public static RangeSummary of(ProfileData data, FrameStatistics statistics, int newestFramesAgo, int frames,
                                  String label) {
        if (newestFramesAgo < 0 || frames < 0) {
            throw new IllegalArgumentException("hudprof: a range needs a start of 0 or more frames ago and a length"
                    + " of 0 or more, not " + newestFramesAgo + " and " + frames);
        }
        FrameHistory history = data.history();
        ZoneTotals keyed = new ZoneTotals();
        double[] self = new double[Math.max(1, data.stateCapacity())];
        double[] calls = new double[self.length];
        Map<String, double[]> zones = new LinkedHashMap<>();
        Map<Edge, double[]> edges = new LinkedHashMap<>();
        Map<String, StatisticMean> means = new java.util.TreeMap<>();
        FrameStatistics.FrameValueVisitor addValue = (stat, value) -> {
            StatisticMean m = means.computeIfAbsent(stat.name(), n -> new StatisticMean(stat.unit()));
            m.sum += value;
            m.frames++;
        };
        long[] nanos = new long[Math.min(frames, history.size())];
        int counted = 0;
        long first = -1;
        long last = -1;
        int end = Math.min(history.size(), newestFramesAgo + frames);
        // Oldest first, so the frame times read in the order they ran.
        for (int f = end - 1; f >= newestFramesAgo; f--) {
            if (!data.historyHasStates(f)) {
                continue;
            }
            if (self.length < data.stateCapacity()) {
                self = new double[data.stateCapacity()];
                calls = new double[self.length];
            }
            data.loadHistoryStates(f, self, calls);
            keyed.compute(data, self, calls);
            for (int k = 0; k < keyed.zoneCount(); k++) {
                // Other threads' roots hold their idle time, which a flat report does not list either.
                if (keyed.hasData(k) && (!Zone.byId(k).isThreadRoot() || k == data.updateThreadRootZone())) {
                    double[] sums = zones.computeIfAbsent(Zone.byId(k).name(), n -> new double[3]);
                    sums[SELF] += keyed.self(k);
                    sums[HIER] += keyed.hier(k);
                    sums[COUNT] += keyed.calls(k);
                }
            }
            int states = data.stateCount();
            for (int s = 0; s < states; s++) {
                int p = data.parent(s);
                if (p < 0 || (keyed.stateHier(s) == 0 && calls[s] == 0)) {
                    continue;
                }
                double[] sums = edges.computeIfAbsent(new Edge(Zone.byId(data.zone(p)).name(),
                        Zone.byId(data.zone(s)).name()), e -> new double[3]);
                sums[SELF] += self[s];
                sums[COUNT] += calls[s];
                if (data.outermost(s)) {
                    sums[HIER] += keyed.stateHier(s);
                }
            }
            data.clearHistoryStates(f, self, calls);
            nanos[counted++] = history.frameNanos(f);
            long number = history.frameNumber(f);
            if (statistics != null) {
                statistics.frameValues(number, addValue);
            }
            first = first < 0 ? number : first;
            last = number;
        }
        return new RangeSummary(label, first, last, Arrays.copyOf(nanos, counted), zones, edges, means);
    }

    /** How reports name this range. */
    public String label() {
        return label;
    }

    /** Frames counted. */
    public int frames() {
        return frameNanos.length;
    }

    /** The number of the oldest frame counted, or -1 when none was. */
    public long firstFrame() {
        return firstFrame;
    }

    /** The number of the newest frame counted, or -1 when none was. */
    public long lastFrame() {
        return lastFrame;
    }

    /** Each counted frame's duration in nanoseconds, oldest first (a copy). */
    public long[] frameNanos() {
        return frameNanos.clone();
    }

    /** The zone names with a value or an entry in some counted frame, in the order they were met. */
    public java.util.Set<String> zoneNames() {
        return zones.keySet();
    }

    /** The call-graph edges with a value or an entry in some counted frame. */
    public java.util.Set<Edge> edgeKeys() {
        return edges.keySet();
    }

    /** The per-frame mean of {@code value} ({@link #SELF}, {@link #HIER}, {@link #COUNT}) of a zone; 0 if absent. */
    public double zone(String name, int value) {
        double[] sums = zones.get(name);
        return sums == null || frames() == 0 ? 0 : sums[value] / frames();
    }

    /** The per-frame mean of {@code value} of an edge; 0 if absent. */
    public double edge(Edge edge, int value) {
        double[] sums = edges.get(edge);
        return sums == null || frames() == 0 ? 0 : sums[value] / frames();
    }

    /** The statistics with a frame value in some counted frame, by name. */
    public java.util.Set<String> statisticNames() {
        return statistics.keySet();
    }

    /** The mean of a statistic's frame values over the counted frames that had one; NaN if it had none. */
    public double statistic(String name) {
        StatisticMean m = statistics.get(name);
        return m == null || m.frames == 0 ? Double.NaN : m.sum / m.frames;
    }

    /** A statistic's unit, or null when it had no value in the range. */
    public ValueUnit statisticUnit(String name) {
        StatisticMean m = statistics.get(name);
        return m == null ? null : m.unit;
    }

    boolean hasStatistic(String name) {
        return statistics.containsKey(name);
    }

    boolean hasZone(String name) {
        return zones.containsKey(name);
    }

    boolean hasEdge(Edge edge) {
        return edges.containsKey(edge);
    }
}
