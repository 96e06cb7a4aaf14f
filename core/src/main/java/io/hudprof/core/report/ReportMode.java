package io.hudprof.core.report;

/** What a {@link Report} lists (IProf's report modes). */
public enum ReportMode {
    /** Every zone once, sorted by self time (time in the zone itself, not in zoned callees). */
    SELF_TIME("self time"),
    /** Every zone once, sorted by hierarchical time (self plus everything called beneath it). */
    HIERARCHICAL_TIME("hier time"),
    /** One zone with its callers above it and its callees below it, as IProf's CALL GRAPH table. */
    CALL_GRAPH("call graph"),
    /**
     * Statistics (counters, memory, distributions, percentages, ratios, timers, sensors) grouped by category,
     * with per-frame and run values; rows come from the {@link ValueTable} an annex plugs
     * in ({@link ReportAnnex#statistics()}).
     */
    STATISTICS("statistics");

    private final String label;

    ReportMode(String label) {
        this.label = label;
    }

    /** Short human-readable label used in report titles. */
    public String label() {
        return label;
    }

    /** The mode after this one, wrapping around; for a "cycle modes" key. */
    public ReportMode next() {
        ReportMode[] all = values();
        return all[(ordinal() + 1) % all.length];
    }
}
