package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_X;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_CONTROL;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SHIFT;

import io.hudprof.capture.FrameTimes;
import io.hudprof.capture.TraceExporter;
import io.hudprof.capture.file.Capture;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shift+X starts a capture of the frames from here on and, pressed again, finishes it; no GL needed. */
class CaptureKeyTest {
    private static final Zone WORK = Zone.define("key:Work");

    @TempDir
    Path dir;

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    @Test
    void shiftXCapturesTheFramesBetweenTwoPresses() throws Exception {
        ManualClock clock = new ManualClock();
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().clock(clock)
                .timelineCapacity(1 << 10).build()));
        HudControls controls = new HudControls(profiler, OverlayConfig.defaults());
        assertEquals(HudAction.TOGGLE_CAPTURE, KeyBindings.defaults().actionFor(GLFW_KEY_X, GLFW_MOD_SHIFT));
        controls.perform(HudAction.TOGGLE_CAPTURE);
        assertNull(controls.capture(), "no folder given: the key does nothing");
        controls.captureKey(dir);
        Runnable frame = () -> {
            WORK.begin();
            clock.advanceMicros(1_000);
            WORK.end();
            profiler.update();
        };
        for (int i = 0; i < 5; i++) {
            frame.run();
        }
        controls.perform(HudAction.TOGGLE_CAPTURE);
        assertTrue(controls.capture() != null);
        for (int i = 0; i < 10; i++) {
            frame.run();
        }
        controls.perform(HudAction.TOGGLE_CAPTURE);
        assertNull(controls.capture());
        Path file = controls.lastCapture().get(30, TimeUnit.SECONDS);
        assertEquals(dir.resolve("hudprof-capture-5.hudprof"), file);
        Capture capture = Capture.open(file);
        // The first update after the press notes the open zones; the nine frames after it are whole.
        assertEquals(9, capture.frames().size());
        assertEquals(7, capture.frames().get(0).frameNumber());
        assertFalse(capture.title().isEmpty());
    }

    @Test
    void ctrlXCapturesTheLastFramesTheTraceExporterBounds() throws Exception {
        ManualClock clock = new ManualClock();
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().clock(clock)
                .timelineCapacity(1 << 10).build()));
        HudControls controls = new HudControls(profiler, OverlayConfig.defaults());
        assertEquals(HudAction.CAPTURE_RECENT, KeyBindings.defaults().actionFor(GLFW_KEY_X, GLFW_MOD_CONTROL));
        controls.captureKey(dir);
        controls.perform(HudAction.CAPTURE_RECENT);
        assertNull(controls.lastCapture(), "no trace exporter: no frame times, the key does nothing");
        controls.traceExport(TraceExporter.of(profiler, FrameTimes.attach(profiler, 64), null), dir, 20);
        for (int i = 0; i < 30; i++) {
            WORK.begin();
            clock.advanceMicros(1_000);
            WORK.end();
            profiler.update();
        }
        controls.perform(HudAction.CAPTURE_RECENT);
        Path file = controls.lastCapture().get(30, TimeUnit.SECONDS);
        assertEquals(dir.resolve("hudprof-capture-last-30.hudprof").toAbsolutePath(), file);
        Capture capture = Capture.open(file);
        assertEquals(20, capture.frames().size());
        assertEquals(11, capture.frames().get(0).frameNumber());
    }
}
