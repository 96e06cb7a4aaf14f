package io.hudprof.core.report;

/**
 * Which per-frame value the distribution columns of a zone report show ({@link ReportController#setDistribution}):
 * none, each zone's self time or its hierarchical time per frame (or allocated bytes, in a report of that metric),
 * over the frames history holds. See {@link Column#DIST_MIN} for the percentile rule.
 */
public enum Distribution {
    /** No distribution columns (the default): nothing is computed. */
    OFF("off"),
    /** Distributions of each zone's self value per frame. */
    SELF("self"),
    /** Distributions of each zone's hierarchical value per frame. */
    HIER("hier");

    private final String label;

    Distribution(String label) {
        this.label = label;
    }

    /** A short name for titles and help ("self"). */
    public String label() {
        return label;
    }

    /** The next one in the order off, self, hier, off. */
    public Distribution next() {
        return values()[(ordinal() + 1) % values().length];
    }
}
