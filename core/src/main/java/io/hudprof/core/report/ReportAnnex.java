package io.hudprof.core.report;


/**
 * What a module above core adds to a profiler's reports: the rows of the statistics report, notes pinned to frames,
 * a status line, the per-frame values behind the distribution columns. It plugs in with
 * {@code Annexes.of(profiler).add(annex)} and leaves with {@code remove}; for each part the report asks the annexes,
 * the most recently added first, and takes the first that has one. Every part defaults to none, so an annex
 * implements only what it adds. The report calls these on its own thread every frame it builds: they must answer
 * without allocating.
 */
public interface ReportAnnex {
    /** The rows of the {@link ReportMode#STATISTICS} report, or {@code null}. */
    default ValueTable statistics() {
        return null;
    }

    /** Notes pinned to frames, added to the report of the frame they touch, or {@code null}. */
    default PinnedNotes notes() {
        return null;
    }

    /** A status a HUD shows after its title (unless it was given its own), or {@code null}. */
    default StatusSource status() {
        return null;
    }

    /**
     * The per-frame values of the profiler's report keys behind the distribution columns, or {@code null}. It must
     * be over the same profiler's data as the report that asks.
     */
    default DistributionSource distributions() {
        return null;
    }
}
