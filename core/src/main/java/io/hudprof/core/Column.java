package io.hudprof.core;

/** The values a {@link ReportRow} carries; {@link Report#columns()} says which are shown, in which order. */
public enum Column {
    /** Self time in nanoseconds. */
    SELF("self"),
    /** Hierarchical time (self plus zoned and unzoned callees) in nanoseconds. */
    HIER("hier"),
    /** Number of entries (fractional when averaged). */
    COUNT("count"),
    /** Self time as a percentage of the frame time. */
    SELF_PERCENT("self%"),
    /** Hierarchical time as a percentage of the frame time. */
    HIER_PERCENT("hier%");

    private final String header;

    Column(String header) {
        this.header = header;
    }

    /** The column header text. */
    public String header() {
        return header;
    }
}
