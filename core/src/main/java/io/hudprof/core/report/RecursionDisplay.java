package io.hudprof.core.report;

/** How a report shows a zone that is active more than once on the same zone stack. */
public enum RecursionDisplay {
    /** All depths of a recursive zone are one row; hierarchical time counts only the outermost entry. */
    COLLAPSED,
    /** Each recursion depth is its own row, named {@code zone[2]}, {@code zone[3]}, ... */
    EXPANDED
}
