package io.hudprof.gdx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

import com.badlogic.gdx.ApplicationAdapter;
import com.badlogic.gdx.ApplicationListener;
import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.backends.lwjgl3.Lwjgl3Application;
import com.badlogic.gdx.backends.lwjgl3.Lwjgl3ApplicationConfiguration;
import com.badlogic.gdx.utils.ScreenUtils;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.overlay.OverlayConfig;
import io.hudprof.overlay.testing.XvfbDisplay;

import org.junit.jupiter.api.Test;

/**
 * A game that creates and disposes its libGDX application three times in one JVM (a launcher that restarts the game,
 * an editor that opens it again). libGDX keeps the ended application reachable (its statics point to the last one,
 * and through it to the listener), so everything {@code HudprofGdx.wrap}'s listener and its {@link GdxHud} made must be
 * let go on {@code dispose()}: each application's profiler is collectable once it has ended, and the heap after GC
 * is the same after the third application as after the first, within a few MiB (a kept profiler, with its history,
 * is tens of MiB).
 */
class RecreatedApplicationsGdxTest {
    private static final int APPS = 3;
    private static final int FRAMES = 40;
    private static final long FLAT_BYTES = 4L << 20;

    /** Runs one application with the HUD shown until it has drawn {@link #FRAMES} frames, then exits. */
    private static final class Run extends ApplicationAdapter {
        final ApplicationListener wrapped;
        WeakReference<Profiler> profiler;
        int frames;
        int hudDrawCalls;

        Run() {
            wrapped = HudprofGdx.wrap(new ApplicationAdapter() {
                @Override
                public void render() {
                    ScreenUtils.clear(0.1f, 0.12f, 0.16f, 1f);
                }
            }, OverlayConfig.builder().startVisible(true).build(), GdxHud.KeyPath.AUTO);
        }

        @Override
        public void create() {
            wrapped.create();
            profiler = new WeakReference<>(HudprofGdx.hudOf(wrapped).profiler());
        }

        @Override
        public void render() {
            wrapped.render();
            frames++;
            if (frames == FRAMES) {
                hudDrawCalls = HudprofGdx.hudOf(wrapped).overlay().lastDrawCalls();
                Gdx.app.exit();
            }
        }

        @Override
        public void resize(int width, int height) {
            wrapped.resize(width, height);
        }

        @Override
        public void dispose() {
            wrapped.dispose();
        }
    }

    @Test
    void threeApplicationsInOneJvmLeaveNoProfilerBehindAndTheHeapFlat() {
        XvfbDisplay.ensure();
        List<WeakReference<Profiler>> profilers = new ArrayList<>();
        long[] heapAfter = new long[APPS];
        for (int app = 0; app < APPS; app++) {
            Run run = new Run();
            Lwjgl3ApplicationConfiguration config = new Lwjgl3ApplicationConfiguration();
            config.setTitle("hudprof-gdx recreated " + app);
            config.setWindowedMode(640, 360);
            config.useVsync(false);
            config.disableAudio(true);
            config.setOpenGLEmulation(Lwjgl3ApplicationConfiguration.GLEmulation.GL30, 3, 2);
            new Lwjgl3Application(run, config);
            assertEquals(FRAMES, run.frames, "application " + app + " stopped early");
            assertTrue(run.hudDrawCalls >= 1, "application " + app + " drew no HUD");
            assertNull(HudprofGdx.hudOf(run.wrapped), "the listener still holds its HUD after dispose()");
            assertNull(Hudprof.profiler(), "the profiler the listener installed is still installed");
            assertNotNull(run.profiler);
            profilers.add(run.profiler);
            heapAfter[app] = heapAfterGc(profilers);
        }
        System.out.println("[hudprof] libGDX recreated " + APPS + " times: heap after GC after each application "
                + mib(heapAfter[0]) + " -> " + mib(heapAfter[1]) + " -> " + mib(heapAfter[2]) + " MiB");
        for (int app = 0; app < APPS; app++) {
            assertNull(profilers.get(app).get(), "application " + app + "'s profiler is still reachable after it "
                    + "ended");
        }
        assertTrue(heapAfter[APPS - 1] - heapAfter[0] < FLAT_BYTES, "the heap after GC grew from "
                + mib(heapAfter[0]) + " to " + mib(heapAfter[APPS - 1]) + " MiB over " + APPS + " applications");
    }

    /** Heap in use after full collections, once the ended applications' profilers are gone (or after 10 tries). */
    private static long heapAfterGc(List<WeakReference<Profiler>> profilers) {
        for (int i = 0; i < 10 && profilers.stream().anyMatch(p -> p.get() != null); i++) {
            System.gc();
            sleep();
        }
        System.gc();
        sleep();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String mib(long bytes) {
        return String.format("%.1f", bytes / (1024.0 * 1024.0));
    }
}
