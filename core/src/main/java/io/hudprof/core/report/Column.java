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
    MAX("max");

    private final String header;

    Column(String header) {
        this.header = header;
    }

    /** The column header text. */
    public String header() {
        return header;
    }
}
