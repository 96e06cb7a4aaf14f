package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Problem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** Instrumentation mistakes the core counted show as a line under the panel's title, and only then. */
class ProblemCountsGlTest {
    private static final int W = 1024;
    private static final int H = 600;

    private static GlContext gl;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
    }

    @AfterAll
    static void close() {
        if (gl != null) {
            gl.close();
        }
    }

    @AfterEach
    void screenshot(TestInfo test) {
        gl.screenshotOf(test);
    }

    @Test
    void problemLineAppearsUnderTheTitleOnceAProblemIsCounted() {
        try (ScriptedGame game = new ScriptedGame(64, 0);
             // The problem line is checked on the frame right after the problem: the HUD redraws every frame.
             Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true)
                     .refreshInterval(java.time.Duration.ZERO).build())) {
            game.frames(10, 1.0);
            ScriptedGame.drawScene(W, H);
            overlay.render(W, H);
            assertFalse(overlay.report().hasProblems());
            int cleanHeight = overlay.panel().bounds().height();
            assertEquals(0, problemColoured(gl.read(), overlay.panel()));

            ScriptedGame.PHYSICS.end();
            game.frames(1, 1.0);
            ScriptedGame.drawScene(W, H);
            overlay.render(W, H);
            assertEquals(1, overlay.report().problemsTotal(Problem.EXTRA_END));
            ReportPanelView panel = overlay.panel();
            assertEquals(cleanHeight + panel.rowHeight(), panel.bounds().height(), "one line more for the counts");
            assertTrue(problemColoured(gl.read(), panel) > 50, "no problem counts drawn under the title");
        }
    }

    /** Orange text pixels in the panel's second line. */
    private static int problemColoured(Image image, ReportPanelView panel) {
        int count = 0;
        int y0 = panel.bounds().top() + Math.round(6f) + panel.rowHeight();
        for (int y = y0; y < y0 + panel.rowHeight(); y++) {
            for (int x = panel.bounds().left(); x < panel.bounds().right(); x++) {
                int rgb = image.rgb(x, y);
                int r = (rgb >> 16) & 0xFF;
                int g = (rgb >> 8) & 0xFF;
                int b = rgb & 0xFF;
                if (r > 180 && g > 110 && g < 200 && b < 110) {
                    count++;
                }
            }
        }
        return count;
    }
}
