package io.hudprof.core;


/**
 * Kinds of instrumentation mistakes and limits that hudprof detects, repairs and counts instead of throwing
 * into the game. Each count is visible in every report.
 */
public enum Problem {
    /** Events dropped because a thread's event buffer was full; that thread's numbers are approximate. */
    DROPPED_EVENTS("dropped events"),
    /** A zone was closed implicitly because an enclosing zone ended first (a missing end). */
    MISSING_END("missing end"),
    /** An end with no matching open zone (extra end, or end of a zone that is not open). */
    EXTRA_END("extra end"),
    /** Zones still open on the updating thread when {@code update()} ran; they were closed there. */
    OPEN_AT_UPDATE("open at update"),
    /** Zones entered deeper than the configured maximum stack depth; they were not recorded. */
    DEPTH_LIMIT("too deep"),
    /** Zone definitions beyond the zone limit; they were folded into one overflow zone. */
    ZONE_LIMIT("zone limit"),
    /** Zone-stack states beyond the state limit; their time went to one overflow state. */
    STATE_LIMIT("state limit"),
    /** A thread ended while zones were open on it; they were closed at its last event. */
    THREAD_DIED_IN_ZONE("thread died in zone"),
    /** {@code update()} was entered while another thread was inside it; the second call did nothing. */
    CONCURRENT_UPDATE("concurrent update"),
    /** A {@link FrameListener} threw; the exception was caught so the game never sees it. */
    FRAME_LISTENER_FAILED("listener failed"),
    /**
     * A scope from {@link Zone#enter()} was closed on a thread other than the one that entered it (an async
     * callback, a scope handed to a task); it was ignored, so the zone stays open on its own thread until repaired.
     */
    FOREIGN_THREAD_CLOSE("closed on another thread"),
    /**
     * A frame's GPU zones were dropped: every query set of the GPU timer's ring was still waiting for the GPU, or
     * the frame entered more GPU zones than a query set holds. The frame has no GPU numbers.
     */
    GPU_FRAME_DROPPED("gpu frames dropped"),
    /** A GPU zone end that did not match (a missing or extra end, or a GPU zone still open when the frame ended). */
    GPU_UNBALANCED("gpu zone unbalanced"),
    /** A GPU zone entered on a thread without the timer's GL context, or with no context current; ignored. */
    GPU_NO_CONTEXT("gpu zone without its context");

    private final String label;

    Problem(String label) {
        this.label = label;
    }

    /** Short human-readable label used in report titles. */
    public String label() {
        return label;
    }
}
