package io.hudprof.capture.compare;

import io.hudprof.core.report.Column;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A comparison of two {@link RangeSummary}s, A (before) and B (after): what got slower, where, by how much. Per zone
 * and per call-graph edge, matched by name (zone ids differ between runs), the per-frame means of self time,
 * hierarchical time and entries in A and in B, their difference B − A and ratio B / A; rows are sorted by the largest
 * absolute change of self time (then of hierarchical time, then by name), so the zone whose own work changed most
 * leads, rather than every ancestor whose hierarchical time carries the change. A zone only in A is
 * {@link Change#REMOVED}, only in B {@link Change#ADDED}. Both ranges' frame-time distributions
 * ({@link FrameTimeStats}) come with it, their histograms over one shared range of bins.
 *
 * <p>Comparing a range with itself gives all-zero differences and ratios of 1 (0 where both are 0).
 */
public final class DiffReport {
    /** Bins of the side-by-side frame-time histograms. */
    public static final int HISTOGRAM_BINS = 16;

    /** How a row's zone or edge appears in the two ranges. */
    public enum Change {
        /** In both ranges. */
        BOTH,
        /** Only in B. */
        ADDED,
        /** Only in A. */
        REMOVED
    }

    /** One zone or edge: A's and B's per-frame means of self, hierarchical time (ns) and entries. */
    public static final class Row {
        private final String name;
        private final RangeSummary.Edge edge;
        private final Change change;
        private final double[] a;
        private final double[] b;

        Row(String name, RangeSummary.Edge edge, Change change, double[] a, double[] b) {
            this.name = name;
            this.edge = edge;
            this.change = change;
            this.a = a;
            this.b = b;
        }

        /** The zone's name, or the edge as {@code "caller -> callee"}. */
        public String name() {
            return name;
        }

        /** The edge this row is about, or null for a zone row. */
        public RangeSummary.Edge edge() {
            return edge;
        }

        public Change change() {
            return change;
        }

        /** A's per-frame mean of {@code value} ({@link RangeSummary#SELF}, {@code HIER}, {@code COUNT}). */
        public double a(int value) {
            return a[value];
        }

        /** B's per-frame mean of {@code value}. */
        public double b(int value) {
            return b[value];
        }

        /** B − A. */
        public double delta(int value) {
            return b[value] - a[value];
        }

        /** B / A: 1 when both are 0, infinite when only A is 0. */
        public double ratio(int value) {
            if (a[value] == 0) {
                return b[value] == 0 ? 1 : Double.POSITIVE_INFINITY;
            }
            return b[value] / a[value];
        }

        @Override
        public String toString() {
            return name + " " + change + " self " + a[0] + " -> " + b[0];
        }
    }

    /**
     * One statistic: A's and B's per-frame means (of its frame values, in its unit); NaN where a range had no value.
     */
    public static final class StatisticRow {
        private final String name;
        private final io.hudprof.core.ValueUnit unit;
        private final Change change;
        private final double a;
        private final double b;

        StatisticRow(String name, io.hudprof.core.ValueUnit unit, Change change, double a, double b) {
            this.name = name;
            this.unit = unit;
            this.change = change;
            this.a = a;
            this.b = b;
        }

        /** The statistic's name ({@code Category/Name}). */
        public String name() {
            return name;
        }

        /** The unit of its values. */
        public io.hudprof.core.ValueUnit unit() {
            return unit;
        }

        public Change change() {
            return change;
        }

        /** A's per-frame mean; NaN when A had no value. */
        public double a() {
            return a;
        }

        /** B's per-frame mean; NaN when B had no value. */
        public double b() {
            return b;
        }

        /** B − A (a missing side counts 0). */
        public double delta() {
            return orZero(b) - orZero(a);
        }

        /** B / A: 1 when both are 0, infinite when only A is 0 (a missing side counts 0). */
        public double ratio() {
            double x = orZero(a);
            double y = orZero(b);
            if (x == 0) {
                return y == 0 ? 1 : Double.POSITIVE_INFINITY;
            }
            return y / x;
        }

        /** |B − A| over the larger of |A| and |B|: 0 (no change) to 2 (the sign flipped); the rows' order. */
        public double relativeChange() {
            double scale = Math.max(Math.abs(orZero(a)), Math.abs(orZero(b)));
            return scale == 0 ? 0 : Math.abs(delta()) / scale;
        }

        private static double orZero(double v) {
            return Double.isNaN(v) ? 0 : v;
        }

        @Override
        public String toString() {
            return name + " " + change + " " + a + " -> " + b;
        }
    }

    private final RangeSummary a;
    private final RangeSummary b;
    private final List<Row> zones;
    private final List<Row> edges;
    private final List<StatisticRow> statistics;
    private final FrameTimeStats aFrames;
    private final FrameTimeStats bFrames;

    private DiffReport(RangeSummary a, RangeSummary b, List<Row> zones, List<Row> edges,
                       List<StatisticRow> statistics) {
        this.a = a;
        this.b = b;
        this.statistics = Collections.unmodifiableList(statistics);
        this.zones = Collections.unmodifiableList(zones);
        this.edges = Collections.unmodifiableList(edges);
        long[] aNanos = a.frameNanos();
        long[] bNanos = b.frameNanos();
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        for (long[] nanos : new long[][] {aNanos, bNanos}) {
            for (long n : nanos) {
                low = Math.min(low, n);
                high = Math.max(high, n);
            }
        }
        this.aFrames = new FrameTimeStats(aNanos, low, high, HISTOGRAM_BINS);
        this.bFrames = new FrameTimeStats(bNanos, low, high, HISTOGRAM_BINS);
    }

    /** Compares {@code a} (before) with {@code b} (after). */
    public static DiffReport between(RangeSummary a, RangeSummary b) {
        Set<String> names = new LinkedHashSet<>(a.zoneNames());
        names.addAll(b.zoneNames());
        List<Row> zones = new ArrayList<>();
        for (String name : names) {
            zones.add(new Row(name, null, change(a.hasZone(name), b.hasZone(name)), means(a, name), means(b, name)));
        }
        Set<RangeSummary.Edge> keys = new LinkedHashSet<>(a.edgeKeys());
        keys.addAll(b.edgeKeys());
        List<Row> edges = new ArrayList<>();
        for (RangeSummary.Edge edge : keys) {
            edges.add(new Row(edge.toString(), edge, change(a.hasEdge(edge), b.hasEdge(edge)), means(a, edge),
                    means(b, edge)));
        }
        Comparator<Row> order = Comparator.<Row>comparingDouble(r -> -Math.abs(r.delta(RangeSummary.SELF)))
                .thenComparingDouble(r -> -Math.abs(r.delta(RangeSummary.HIER)))
                .thenComparing(Row::name);
        zones.sort(order);
        edges.sort(order);
        Set<String> stats = new LinkedHashSet<>(a.statisticNames());
        stats.addAll(b.statisticNames());
        List<StatisticRow> statistics = new ArrayList<>();
        for (String name : stats) {
            io.hudprof.core.ValueUnit unit = a.hasStatistic(name) ? a.statisticUnit(name) : b.statisticUnit(name);
            statistics.add(new StatisticRow(name, unit, change(a.hasStatistic(name), b.hasStatistic(name)),
                    a.statistic(name), b.statistic(name)));
        }
        statistics.sort(Comparator.<StatisticRow>comparingDouble(r -> -r.relativeChange())
                .thenComparingDouble(r -> -Math.abs(r.delta())).thenComparing(StatisticRow::name));
        return new DiffReport(a, b, zones, edges, statistics);
    }

    /**
     * The statistics either range had a frame value of, the largest relative change of per-frame mean first
     * ({@link StatisticRow#relativeChange()}: statistics of different units compare by how much they moved).
     */
    public List<StatisticRow> statistics() {
        return statistics;
    }

    private static Change change(boolean inA, boolean inB) {
        return inA && inB ? Change.BOTH : inB ? Change.ADDED : Change.REMOVED;
    }

    private static double[] means(RangeSummary range, String zone) {
        return new double[] {range.zone(zone, RangeSummary.SELF), range.zone(zone, RangeSummary.HIER),
            range.zone(zone, RangeSummary.COUNT)};
    }

    private static double[] means(RangeSummary range, RangeSummary.Edge edge) {
        return new double[] {range.edge(edge, RangeSummary.SELF), range.edge(edge, RangeSummary.HIER),
            range.edge(edge, RangeSummary.COUNT)};
    }

    public RangeSummary a() {
        return a;
    }

    public RangeSummary b() {
        return b;
    }

    /** Zone rows, the largest change of self time first. */
    public List<Row> zones() {
        return zones;
    }

    /** Call-graph edge rows, the largest change of self time first. */
    public List<Row> edges() {
        return edges;
    }

    /** A's frame-time distribution, its histogram over the bins both share. */
    public FrameTimeStats aFrames() {
        return aFrames;
    }

    /** B's frame-time distribution. */
    public FrameTimeStats bFrames() {
        return bFrames;
    }

    /**
     * The distribution of a range's frame times: min, nearest-rank median, p95, p99 and max (the rule of
     * {@link Column#DIST_MIN}), and a histogram of {@code bins} equal bins over a given range.
     */
    public static final class FrameTimeStats {
        private final int frames;
        private final double[] stats = new double[5];
        private final int[] histogram;
        private final long low;
        private final long high;

        FrameTimeStats(long[] nanos, long low, long high, int bins) {
            this.frames = nanos.length;
            this.histogram = new int[bins];
            this.low = low;
            this.high = high;
            if (frames == 0) {
                return;
            }
            long[] sorted = nanos.clone();
            Arrays.sort(sorted);
            stats[0] = sorted[0];
            stats[1] = sorted[ZoneDistributions.rankIndex(50, frames)];
            stats[2] = sorted[ZoneDistributions.rankIndex(95, frames)];
            stats[3] = sorted[ZoneDistributions.rankIndex(99, frames)];
            stats[4] = sorted[frames - 1];
            for (long n : nanos) {
                int bin = high > low ? (int) ((n - low) * bins / (high - low + 1)) : 0;
                histogram[Math.max(0, Math.min(bins - 1, bin))]++;
            }
        }

        public int frames() {
            return frames;
        }

        public double min() {
            return stats[0];
        }

        public double median() {
            return stats[1];
        }

        public double p95() {
            return stats[2];
        }

        public double p99() {
            return stats[3];
        }

        public double max() {
            return stats[4];
        }

        /** Frames in histogram bin {@code bin} (0 to {@link #bins()} − 1). */
        public int histogram(int bin) {
            return histogram[bin];
        }

        public int bins() {
            return histogram.length;
        }

        /** The histogram's lower edge (ns), shared with the other range. */
        public long low() {
            return low;
        }

        /** The histogram's upper edge (ns), shared with the other range. */
        public long high() {
            return high;
        }
    }
}
