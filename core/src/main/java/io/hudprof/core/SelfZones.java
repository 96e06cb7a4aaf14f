package io.hudprof.core;

/**
 * hudprof's own per-frame work, as zones under the {@code hudprof:} category, so its cost shows in its own report
 * like any zone (IProf: "the per-frame gathering/analysis phase is itself instrumented so the overhead due to it is
 * easy to see"). Recorded while {@link ProfilerConfig.Builder#selfProfiling(boolean)} is on (the default).
 *
 * <p>{@code update()} opens {@link #UPDATE} at the frame boundary it has just read, so the gathering that closes
 * frame N is charged to frame N+1, the frame whose time it really takes; no frame ever counts its own gathering.
 */
public final class SelfZones {
    /** {@code Profiler.update()}: draining every thread's events, attribution, history, frame listeners. */
    public static final Zone UPDATE = Zone.define("hudprof:update");
    /** Building a report (the HUD's, or any other {@code ReportController.build}). */
    public static final Zone REPORT = Zone.define("hudprof:report");
    /** Laying out the HUD and filling its draw list (the report build included). */
    public static final Zone HUD_DRAW_LIST = Zone.define("hudprof:HUD draw list");
    /** Uploading the HUD's draw list and drawing it in the game's GL context. */
    public static final Zone HUD_SUBMIT = Zone.define("hudprof:HUD GL submit");
    /** Collecting finished GPU timestamps (the overlay's GPU timer), outside {@code update()}: GL calls only here. */
    public static final Zone GPU_POLL = Zone.define("hudprof:GPU poll");

    /** {@link #UPDATE}'s id, for {@code Profiler}, which writes the zone's events itself at the frame boundary. */
    static final int UPDATE_ID = UPDATE.id();

    private SelfZones() {
    }
}
