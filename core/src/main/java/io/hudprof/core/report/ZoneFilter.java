package io.hudprof.core.report;

/**
 * Which zones the zone reports keep ({@link ReportController#setFilter}): the self-time list shows the zones that
 * match, the hierarchical and expanded lists also the rows that lead to them, and the call graph the callers and
 * callees on a call path through a match. The HUD's name search ({@code io.hudprof.overlay.ZoneSearch}) is one.
 * Called on the thread that builds reports; it must answer without allocating.
 */
public interface ZoneFilter {
    /** True while it filters anything; an inactive filter keeps every row. */
    boolean active();

    /** Whether zone {@code zoneId} matches (any answer for an id that names no zone). */
    boolean matches(int zoneId);

    /** Moves whenever what matches may have changed, so a report built before is built again. */
    long generation();
}
