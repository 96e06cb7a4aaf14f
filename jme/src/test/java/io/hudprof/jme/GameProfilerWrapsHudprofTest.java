package io.hudprof.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.jme3.app.SimpleApplication;
import com.jme3.profile.AppProfiler;
import com.jme3.profile.AppStep;
import com.jme3.profile.SpStep;
import com.jme3.profile.VpStep;
import com.jme3.renderer.ViewPort;
import com.jme3.renderer.queue.RenderQueue;
import com.jme3.system.AppSettings;
import com.jme3.system.JmeContext;

import io.hudprof.core.Problem;
import io.hudprof.core.Profiler;
import io.hudprof.overlay.OverlayConfig;
import io.hudprof.overlay.testing.XvfbDisplay;
import io.hudprof.testkit.AllocationCheck;

import org.junit.jupiter.api.Test;

/**
 * A game that installs its own {@code AppProfiler} wrapping whatever is in jME's slot, hudprof's wrapper included, in
 * a real jME application: hudprof wraps the game's profiler in turn, but the wrapper the game now calls only passes
 * calls on, so each frame is recorded once, with no missing or extra zone ends, and the game's profiler still gets
 * every call once. When hudprof's state detaches, the game's profiler stays in the slot, and the hudprof wrapper it
 * still calls holds nothing of hudprof's: the profiler becomes collectable.
 */
class GameProfilerWrapsHudprofTest {
    private static final int WRAP_AT = 10;
    private static final int COUNT_FROM = 20;
    private static final int COUNT_TO = 40;
    private static final int DETACH_AT = 41;
    private static final int STOP_AT = 45;

    /** A game's profiler that wraps what it found in the slot and passes every call on. */
    static final class WrappingProfiler implements AppProfiler {
        final AppProfiler inner;
        int beginFrames;

        WrappingProfiler(AppProfiler inner) {
            this.inner = inner;
        }

        @Override
        public void appStep(AppStep step) {
            if (step == AppStep.BeginFrame) {
                beginFrames++;
            }
            if (inner != null) {
                inner.appStep(step);
            }
        }

        @Override
        public void appSubStep(String... additionalInfo) {
            if (inner != null) {
                inner.appSubStep(additionalInfo);
            }
        }

        @Override
        public void vpStep(VpStep step, ViewPort vp, RenderQueue.Bucket bucket) {
            if (inner != null) {
                inner.vpStep(step, vp, bucket);
            }
        }

        @Override
        public void spStep(SpStep step, String... additionalInfo) {
            if (inner != null) {
                inner.spStep(step, additionalInfo);
            }
        }
    }

    static final class Game extends SimpleApplication {
        final CountDownLatch stopped = new CountDownLatch(1);
        HudprofJme hud;
        WrappingProfiler wrapper;
        int frame;
        long recordedFrom;
        long recordedFrames = -1;
        long problemsFrom;
        long problems = -1;
        int wrapperFramesFrom;
        int wrapperFrames = -1;
        AppProfiler slotWhileCounting;
        boolean slotRecording;
        boolean innerRecording = true;
        AppProfiler slotAfterDetach;
        WeakReference<Profiler> profiler;
        Throwable failure;

        Game() {
            super((com.jme3.app.state.AppState[]) null);
        }

        @Override
        public void simpleInitApp() {
            hud = new HudprofJme(OverlayConfig.builder().startVisible(true).build());
            stateManager.attach(hud);
        }

        @Override
        public void simpleUpdate(float tpf) {
            try {
                script();
            } catch (Throwable t) {
                failure = t;
                stop();
            }
            frame++;
        }

        private void script() {
            switch (frame) {
                case WRAP_AT -> {
                    wrapper = new WrappingProfiler(getAppProfiler());
                    setAppProfiler(wrapper);
                }
                case COUNT_FROM -> {
                    recordedFrom = hud.profiler().recordedFrames();
                    problemsFrom = problems(hud.profiler());
                    wrapperFramesFrom = wrapper.beginFrames;
                }
                case COUNT_TO -> {
                    recordedFrames = hud.profiler().recordedFrames() - recordedFrom;
                    problems = problems(hud.profiler()) - problemsFrom;
                    wrapperFrames = wrapper.beginFrames - wrapperFramesFrom;
                    slotWhileCounting = getAppProfiler();
                    slotRecording = slotWhileCounting instanceof JmeStepProfiler s && s.recording();
                    innerRecording = !(wrapper.inner instanceof JmeStepProfiler s) || s.recording();
                }
                case DETACH_AT -> {
                    profiler = new WeakReference<>(hud.profiler());
                    stateManager.detach(hud);
                }
                case STOP_AT -> {
                    slotAfterDetach = getAppProfiler();
                    stop();
                }
                default -> {
                }
            }
        }

        private static long problems(Profiler profiler) {
            return profiler.problemsTotal(Problem.MISSING_END) + profiler.problemsTotal(Problem.EXTRA_END);
        }

        @Override
        public void destroy() {
            super.destroy();
            stopped.countDown();
        }
    }

    @Test
    void aGameProfilerWrappingHudprofsGetsEachFrameRecordedOnceAndKeepsNothingAfterDetach() throws Exception {
        XvfbDisplay.ensure();
        Game game = new Game();
        AppSettings settings = new AppSettings(true);
        settings.setRenderer(AppSettings.LWJGL_OPENGL32);
        settings.setResolution(640, 360);
        settings.setAudioRenderer(null);
        settings.setVSync(false);
        settings.setFrameRate(-1);
        game.setSettings(settings);
        game.setShowSettings(false);
        game.setPauseOnLostFocus(false);
        game.start(JmeContext.Type.Display);
        assertTrue(game.stopped.await(120, TimeUnit.SECONDS), "the jME application did not finish");
        if (game.failure != null) {
            throw new AssertionError("the script failed on jME's thread", game.failure);
        }
        assertEquals(STOP_AT + 1, game.frame, "the run ended early");

        int frames = COUNT_TO - COUNT_FROM;
        assertEquals(frames, game.wrapperFrames, "frames the game's profiler saw");
        assertEquals(frames, game.recordedFrames, "frames hudprof recorded in " + frames + " frames");
        assertEquals(0, game.problems, "missing and extra zone ends in " + frames + " frames");
        assertTrue(game.slotRecording && ((JmeStepProfiler) game.slotWhileCounting).previous() == game.wrapper,
                "hudprof does not wrap the game's profiler: " + game.slotWhileCounting);
        assertTrue(game.wrapper.inner instanceof JmeStepProfiler && !game.innerRecording,
                "the hudprof wrapper the game's profiler calls still records");

        assertSame(game.wrapper, game.slotAfterDetach, "the detach did not leave the game's profiler in the slot");
        assertNull(game.hud.profiler(), "the detached state still holds its profiler");
        for (int i = 0; i < 10 && game.profiler.get() != null; i++) {
            System.gc();
            Thread.sleep(50);
        }
        assertNull(game.profiler.get(), "hudprof's profiler is still reachable after the state detached");
    }
}
