package io.hudprof.core.report;

/** The values a {@link ReportRow} carries; {@link Report#columns()} says which are shown, in which order. */
public enum Column {
    /** Self time in nanoseconds. */
    SELF("self"),
    /** Hierarchical time (self plus zoned and unzoned callees) in nanoseconds. */
    HIER("hier"),
    /**
     * Number of entries (fractional when averaged). In {@link ReportMode#STATISTICS} reports: how many values
     * the run value is made of (values reported to a distribution, the denominator of a percentage or ratio,
     * timings of a timer).
     */
    COUNT("count"),
    /** Self time as a percentage of the frame time. */
    SELF_PERCENT("self%"),
    /** Hierarchical time as a percentage of the frame time. */
    HIER_PERCENT("hier%"),
    /** A statistic's value in the shown frame (or its average), in the row's {@link ReportRow#unit()}. */
    FRAME("frame"),
    /** A statistic's value over the whole run so far, in the row's unit. */
    RUN("run"),
    /** The smallest value reported to a distribution in the run, in the row's unit. */
    MIN("min"),
    /** The largest value reported to a distribution in the run, in the row's unit. */
    MAX("max"),
    /**
     * The smallest per-frame value of the zone over the frames history holds ({@link Distribution}: self or
     * hierarchical, in the report's metric). A frame in which the zone did not run counts as 0.
     *
     * <p>The percentile columns use the nearest-rank rule: of the {@code n} frames' values sorted ascending, the
     * p-th percentile is the one at rank {@code ceil(p * n / 100)} (1-based), always a value some frame had. The
     * median is the 50th percentile, so for an even {@code n} it is the lower of the two middle values.
     */
    DIST_MIN("min"),
    /** The median (nearest-rank 50th percentile) per-frame value over the frames history holds; see {@link #DIST_MIN}. */
    DIST_MEDIAN("med"),
    /** The nearest-rank 95th percentile of the per-frame values; see {@link #DIST_MIN}. */
    DIST_P95("p95"),
    /** The nearest-rank 99th percentile of the per-frame values; see {@link #DIST_MIN}. */
    DIST_P99("p99"),
    /** The largest per-frame value over the frames history holds; see {@link #DIST_MIN}. */
    DIST_MAX("max");

    private final String header;

    Column(String header) {
        this.header = header;
    }

    /** Whether this is one of the per-zone distribution columns ({@link #DIST_MIN} to {@link #DIST_MAX}). */
    public boolean distribution() {
        return ordinal() >= DIST_MIN.ordinal();
    }

    /** The column header text. */
    public String header() {
        return header;
    }
}
