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
    CHILD
}
