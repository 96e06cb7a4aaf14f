package io.hudprof.core.report;

/** Where a row sits in a report; call-graph reports use all three non-flat roles. */
public enum RowRole {
    /** A row of a flat (self or hierarchical) list. */
    FLAT,
    /** A caller of the call graph's focus zone; its values are time spent in the focus on its behalf. */
    PARENT,
    /** The call graph's focus zone itself. */
    FOCUS,
    /** A callee of the focus zone; its values are time spent in it on behalf of the focus. */
    CHILD,
    /**
     * Work the focus zone handed to other threads ({@code io.hudprof.core.Hudprof#wrap}): a zone the tasks entered on
     * worker threads, named {@code "[workers] name"}, its values the time (or bytes) in it inside tasks handed over
     * from the focus, and the task zone itself for the tasks' time outside their zones. The worker's own time: it is
     * not part of the focus's hierarchical time or of any sum of the other rows, which stay exact.
     */
    SPAWNED
}
