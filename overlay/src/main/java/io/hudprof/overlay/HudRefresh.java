package io.hudprof.overlay;

import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.core.report.ReportController;

/**
 * When a shown HUD redraws its content ({@link OverlayConfig.Builder#refreshInterval}): once the interval has passed
 * on the profiler's clock since the last refresh, and at once (on the next frame) when it was just shown, the
 * framebuffer changed size, the HUD used an input event, or what it shows changed by other means (a game calling
 * {@link HudControls} or the shared report navigation, a pause). Times are the profiler's frame boundaries
 * ({@link Profiler#frameStartNanos()}), so tests on a {@code ManualClock} refresh exactly where they advance it.
 * Once first shown it refreshes every frame for a warm-up ({@link OverlayConfig.Builder#refreshWarmUp}), so the JIT
 * compiles the refresh's code before refreshes become rare.
 * Render thread only; allocation-free.
 */
final class HudRefresh {
    /** The longest warm-up on the profiler's clock ({@link OverlayConfig.Builder#refreshWarmUp}). */
    static final long WARM_UP_NANOS = 2_000_000_000L;
    private final long intervalNanos;
    private final int warmUpFrames;
    /** The profiler's clock at the first frame shown, or -1 before. */
    private long firstShownAt = -1;
    private final Profiler profiler;
    private final HudControls controls;
    private boolean held;
    private long refreshedAt;
    private long signature;
    private int width;
    private int height;
    private long refreshes;
    private long replays;
    private boolean lastRefreshed;

    HudRefresh(long intervalNanos, int warmUpFrames, Profiler profiler, HudControls controls) {
        this.intervalNanos = intervalNanos;
        this.warmUpFrames = warmUpFrames;
        this.profiler = profiler;
        this.controls = controls;
    }

    /**
     * Whether this frame redraws the HUD rather than showing the last one again; when it does, it is remembered as
     * the last refresh. Call once a frame while the HUD is shown.
     */
    boolean due(int framebufferWidth, int framebufferHeight) {
        long now = profiler.frameStartNanos();
        if (firstShownAt < 0) {
            firstShownAt = now;
        }
        boolean warming = refreshes < warmUpFrames && now - firstShownAt < WARM_UP_NANOS && now >= firstShownAt;
        long shows = signature();
        boolean due = intervalNanos == 0 || warming || !held || framebufferWidth != width || framebufferHeight != height
                || shows != signature || now - refreshedAt >= intervalNanos || now < refreshedAt;
        if (due) {
            held = true;
            refreshedAt = now;
            signature = shows;
            width = framebufferWidth;
            height = framebufferHeight;
            refreshes++;
        } else {
            replays++;
        }
        lastRefreshed = due;
        return due;
    }

    /**
     * Takes what the HUD shows again after the refresh built its report: the build moves the cursor's row to follow
     * its zone when rows reorder, which is not a change to refresh for (else every refresh would ask for the next).
     */
    void built() {
        signature = signature();
    }

    /** Forgets the last refresh: the HUD was hidden, or its look changed (a new font), so the next frame redraws. */
    void forget() {
        held = false;
    }

    /** Whether the last frame {@link #due} was asked about redrew the HUD. */
    boolean lastRefreshed() {
        return lastRefreshed;
    }

    /** Frames that redrew the HUD. */
    long refreshes() {
        return refreshes;
    }

    /** Frames that showed the last refresh again. */
    long replays() {
        return replays;
    }

    /**
     * What the HUD shows, as one number: the input events it used, the saved view state ({@link HudStateFile}'s
     * signature: layout, mode, averaging, units, scale, focus, search), the rest of the report's navigation, the
     * panels shown, the timeline's zoom, pan and cursor, the diff panel's marks, the charted statistic and whether the
     * profile is paused.
     */
    private long signature() {
        HudView view = controls.view();
        ReportController report = view.controller();
        long h = mix(controls.inputs(), HudStateFile.signature(view));
        h = mix(h, report.metric().ordinal());
        h = mix(h, report.distribution().ordinal());
        h = mix(h, report.recursion().ordinal());
        h = mix(h, report.frameOffset());
        h = mix(h, report.cursor());
        h = mix(h, report.thread());
        h = mix(h, System.identityHashCode(report.shownSpike()));
        Zone focus = report.focus();
        h = mix(h, focus == null ? -1 : focus.id());
        h = mix(h, (view.timelineShown() ? 1 : 0) | (view.timelineFocused() ? 2 : 0) | (view.threadListShown() ? 4 : 0)
                | (view.histogramShown() ? 8 : 0) | (controls.spikeListVisible() ? 16 : 0)
                | (view.searchTyping() ? 32 : 0) | (controls.diffShown() ? 64 : 0) | (profiler.paused() ? 128 : 0)
                | (view.chartCategoryLevel() ? 256 : 0));
        h = mix(h, view.selectedSpike());
        h = mix(h, view.categoryFocus());
        h = mix(h, Double.hashCode(controls.timeline().zoom()));
        h = mix(h, Double.hashCode(controls.timeline().pan()));
        h = mix(h, controls.timeline().cursor());
        h = mix(h, view.diff.version());
        return mix(h, controls.valueChart().charted());
    }

    private static long mix(long h, long v) {
        long x = (h ^ v) * 0x9E3779B97F4A7C15L + v;
        x ^= x >>> 31;
        x *= 0xBF58476D1CE4E5B9L;
        return x ^ (x >>> 29);
    }
}
