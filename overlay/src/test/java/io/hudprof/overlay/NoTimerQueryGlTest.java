package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11.GL_NO_ERROR;

import io.hudprof.core.GpuZone;
import io.hudprof.core.GpuZoneScope;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;
import org.lwjgl.opengl.GLCapabilities;

/**
 * A context without timer queries: OpenGL 3.2 with ARB_timer_query taken away ({@code MESA_GL_VERSION_OVERRIDE=3.2},
 * {@code MESA_EXTENSION_OVERRIDE=-GL_ARB_timer_query}; the build runs this class in its own JVM). The overlay draws,
 * its GPU timer logs one line, GPU zones are no-ops, no GL error is raised and the HUD says "GPU timing unavailable".
 */
class NoTimerQueryGlTest {
    private static final int W = 1024;
    private static final int H = 600;
    private static final GpuZone PASS = GpuZone.local("no-timer pass");

    static boolean withoutTimerQueries(GLCapabilities caps) {
        return caps.OpenGL32 && !caps.OpenGL33 && !caps.GL_ARB_timer_query;
    }

    @Test
    void withoutTimerQueriesGpuZonesAreNoOpsAndTheHudSaysUnavailable() {
        Logger logger = Logger.getLogger("io.hudprof.overlay");
        List<LogRecord> records = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logger.addHandler(capture);
        try (GlContext gl = GlContext.openDefault(W, H, NoTimerQueryGlTest::withoutTimerQueries);
             ScriptedGame game = new ScriptedGame(64, 2);
             GlDebugLog debug = new GlDebugLog()) {
            Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).build());
            assertEquals(1, records.size(), "one log line: " + records.size());
            String message = records.get(0).getMessage();
            assertTrue(message.startsWith("GPU timing unavailable") && message.contains("ARB_timer_query")
                    && !message.contains("\n"), message);
            assertFalse(overlay.gpuTimer().available(), "the overlay's timer found no timer queries");
            assertFalse(game.profiler.data().gpuTiming());
            for (int i = 0; i < 10; i++) {
                try (GpuZoneScope pass = PASS.enter()) {
                    assertSame(GpuZoneScope.NONE, pass);
                }
                game.frame(1.0);
                ScriptedGame.drawScene(W, H);
                overlay.render(W, H);
            }
            String gpuLine = overlay.panel().gpuText(overlay.report()).toString();
            assertTrue(gpuLine.startsWith("GPU timing unavailable"), gpuLine);
            assertTrue(overlay.lastDrawCalls() > 0, "the HUD still draws");
            gl.screenshot("no-timer-query-hud");
            assertEquals(GL_NO_ERROR, GlDebugLog.drainGlErrors());
            assertEquals(List.of(), debug.errors());
            overlay.close();
            assertEquals(1, records.size(), "more than one line was logged");
        } finally {
            logger.removeHandler(capture);
        }
    }
}
