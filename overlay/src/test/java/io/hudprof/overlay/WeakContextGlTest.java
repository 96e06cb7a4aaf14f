package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11.GL_NO_ERROR;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;
import org.lwjgl.opengl.GLCapabilities;

/**
 * Below OpenGL 2.1 the overlay cannot draw, and must not take the game down: the build runs this class in its own JVM
 * with {@code MESA_GL_VERSION_OVERRIDE=1.4}. {@code Overlay.create} returns an overlay that draws nothing, one warning
 * says what is missing and how to get it, and the profiler, the controls and the game's pixels carry on untouched.
 */
class WeakContextGlTest {
    private static final int W = 640;
    private static final int H = 360;

    static boolean isOpenGl14(GLCapabilities caps) {
        return caps.OpenGL14 && !caps.OpenGL15;
    }

    @Test
    void belowGl21CreateLogsOneLineAndReturnsAnOverlayThatDrawsNothing() {
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
        try (GlContext gl = GlContext.openDefault(W, H, WeakContextGlTest::isOpenGl14);
             ScriptedGame game = new ScriptedGame(64, 2)) {
            assertEquals(GlSupport.Path.NONE, GlSupport.current().path);
            game.frames(10, 1.0);
            ScriptedGame.drawScene(W, H);
            Image scene = gl.read();

            Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).build());
            assertEquals(1, records.size(), "log records: " + records.size());
            LogRecord line = records.get(0);
            assertEquals(Level.WARNING, line.getLevel());
            String message = line.getMessage();
            assertTrue(!message.contains("\n"), "not one line: " + message);
            assertTrue(message.contains("1.4") && message.contains("profiling continues")
                    && message.contains("setOpenGLEmulation(Lwjgl3ApplicationConfiguration.GLEmulation.GL30, 3, 2)"),
                    message);

            overlay.render(W, H);
            assertEquals(0, overlay.lastDrawCalls());
            overlay.controls().toggleGraph();
            overlay.controls().cursorDown();
            long committed = game.profiler.history().frameNumber(0);
            game.frames(5, 1.0);
            overlay.render(W, H);
            assertEquals(committed + 5, game.profiler.history().frameNumber(0), "the profiler stopped committing");
            assertEquals(GL_NO_ERROR, GlDebugLog.drainGlErrors(), "the disabled overlay touched GL");
            Image after = gl.screenshot("weak-context-1.4");
            assertEquals(0, after.countChanged(scene, 0, 0, W, H), "the disabled overlay drew");
            overlay.setContentScale(2f);
            overlay.close();
            assertEquals(1, records.size(), "more than one line was logged");
        } finally {
            logger.removeHandler(capture);
        }
    }
}
