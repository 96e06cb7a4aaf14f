package io.hudprof.jme;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

import com.jme3.profile.AppProfiler;
import com.jme3.profile.AppStep;
import com.jme3.profile.SpStep;
import com.jme3.profile.VpStep;
import com.jme3.renderer.ViewPort;
import com.jme3.renderer.queue.RenderQueue;

import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;

/**
 * jMonkeyEngine's profiler hook turned into hudprof zones: jME reports its frame as <em>marks</em> (each step ends
 * the one before), and this profiler nests them as {@code jME:<AppStep>} zones, each with the app-state sub-steps
 * ({@code appSubStep}) or viewports ({@code jME:viewport <name>}) under it, and the viewport steps (render scene, each
 * bucket, flush, end) under those; scene-processor steps nest under the viewport step they happen in. The frame
 * ends at {@code BeginFrame}: every zone is closed, {@link Profiler#update()} runs, and the new frame begins, so
 * {@code jME:EndFrame} holds the buffer swap, vsync and idle time up to the next frame.
 *
 * <p>It wraps the profiler that was installed before it (jME holds only one): every call goes on to it, first.
 * Names are resolved to zones once; after that a step allocates nothing. Use on jME's render thread.
 *
 * <p>When it leaves jME's slot (the state detaches, or wraps whatever replaced it) it is {@link #retire() retired}: a
 * game profiler that wrapped it may go on calling it, so it stays a pure pass-through to the profiler it wrapped,
 * records nothing (a second hudprof wrapper further out records the frame once) and holds no zone, map or profiler
 * of hudprof's.
 */
final class JmeStepProfiler implements AppProfiler {
    private static final Zone[] APP_STEPS = new Zone[AppStep.values().length];
    private static final Zone[] VP_STEPS = new Zone[VpStep.values().length];
    private static final Zone[] BUCKETS = new Zone[RenderQueue.Bucket.values().length];
    private static final Zone[] SP_STEPS = new Zone[SpStep.values().length];

    static {
        for (AppStep step : AppStep.values()) {
            APP_STEPS[step.ordinal()] = Zone.define(step == AppStep.EndFrame
                    ? "jME:EndFrame (swap, vsync, idle)" : "jME:" + step.name());
        }
        for (VpStep step : VpStep.values()) {
            VP_STEPS[step.ordinal()] = Zone.define("jME:" + step.name());
        }
        for (RenderQueue.Bucket bucket : RenderQueue.Bucket.values()) {
            BUCKETS[bucket.ordinal()] = Zone.define("jME:RenderBucket " + bucket.name());
        }
        for (SpStep step : SpStep.values()) {
            SP_STEPS[step.ordinal()] = Zone.define("jME:" + step.name());
        }
    }

    private final AppProfiler previous;
    /** {@code null} once retired, with the maps: the retired wrapper only passes calls on. */
    private Profiler profiler;
    private Map<String, Zone> subSteps = new HashMap<>();
    private Map<ViewPort, Zone> viewports = new IdentityHashMap<>();
    /** Open zones by level: 0 app step, 1 sub-step or viewport, 2 viewport step, 3 scene-processor step. */
    private final Zone[] open = new Zone[4];
    private ViewPort openViewport;

    JmeStepProfiler(Profiler profiler, AppProfiler previous) {
        this.profiler = profiler;
        this.previous = previous;
    }

    /** The profiler this one passes every call on to, or {@code null}. */
    AppProfiler previous() {
        return previous;
    }

    @Override
    public void appStep(AppStep step) {
        if (previous != null) {
            previous.appStep(step);
        }
        if (profiler == null) {
            return;
        }
        closeFrom(0);
        if (step == AppStep.BeginFrame) {
            profiler.update();
        }
        begin(0, APP_STEPS[step.ordinal()]);
    }

    @Override
    public void appSubStep(String... additionalInfo) {
        if (previous != null) {
            previous.appSubStep(additionalInfo);
        }
        if (profiler == null || additionalInfo == null || additionalInfo.length == 0 || additionalInfo[0] == null) {
            return;
        }
        Zone zone = subSteps.get(additionalInfo[0]);
        if (zone == null) {
            zone = Zone.define("jME:" + additionalInfo[0]);
            subSteps.put(additionalInfo[0], zone);
        }
        closeFrom(1);
        begin(1, zone);
    }

    @Override
    public void vpStep(VpStep step, ViewPort vp, RenderQueue.Bucket bucket) {
        if (previous != null) {
            previous.vpStep(step, vp, bucket);
        }
        if (profiler == null) {
            return;
        }
        if (vp != openViewport || open[1] == null) {
            Zone zone = viewports.get(vp);
            if (zone == null) {
                zone = Zone.define("jME:viewport " + (vp == null ? "?" : vp.getName()));
                viewports.put(vp, zone);
            }
            closeFrom(1);
            begin(1, zone);
            openViewport = vp;
        }
        closeFrom(2);
        begin(2, step == VpStep.RenderBucket && bucket != null ? BUCKETS[bucket.ordinal()] : VP_STEPS[step.ordinal()]);
    }

    @Override
    public void spStep(SpStep step, String... additionalInfo) {
        if (previous != null) {
            previous.spStep(step, additionalInfo);
        }
        if (profiler == null) {
            return;
        }
        closeFrom(3);
        begin(3, SP_STEPS[step.ordinal()]);
    }

    /**
     * Closes every zone this profiler opened and lets go of the profiler and its zone maps: from now on every call
     * only goes on to the wrapped profiler. Call on the render thread when this wrapper leaves jME's slot.
     */
    void retire() {
        if (profiler == null) {
            return;
        }
        closeFrom(0);
        profiler = null;
        subSteps = null;
        viewports = null;
    }

    /** Whether this wrapper still records (it has not been {@link #retire() retired}). */
    boolean recording() {
        return profiler != null;
    }

    private void begin(int level, Zone zone) {
        zone.begin();
        open[level] = zone;
    }

    private void closeFrom(int level) {
        for (int i = open.length - 1; i >= level; i--) {
            if (open[i] != null) {
                open[i].end();
                open[i] = null;
            }
        }
        if (level <= 1) {
            openViewport = null;
        }
    }
}
