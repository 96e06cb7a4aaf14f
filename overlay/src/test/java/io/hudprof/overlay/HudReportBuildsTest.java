package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import org.junit.jupiter.api.Test;

/**
 * The HUD builds its report only when it shows it and what it shows changed, at most once a frame: a hidden HUD
 * builds nothing, a second draw of the same frame reuses the report, a paused profile is built once, and any
 * navigation rebuilds at once. Counted with the controller's build counter, never timed.
 */
class HudReportBuildsTest {

    @Test
    void aHiddenHudBuildsNoReport() {
        try (ScriptedGame game = new ScriptedGame(64, 0);
                HudFrame frame = HudFrame.create(game.profiler, OverlayConfig.defaults())) {
            ReportController controller = ReportController.of(game.profiler);
            for (int i = 0; i < 50; i++) {
                game.frame(1.0);
                assertFalse(frame.build(1280, 720));
            }
            assertEquals(0, controller.builds(), "reports built while hidden");
        }
    }

    @Test
    void aShownHudBuildsOnceAFrameHoweverOftenItIsDrawn() {
        try (ScriptedGame game = new ScriptedGame(64, 0);
                HudFrame frame = HudFrame.create(game.profiler, OverlayConfig.builder().startVisible(true).build())) {
            ReportController controller = ReportController.of(game.profiler);
            for (int i = 0; i < 20; i++) {
                game.frame(1.0 + i * 0.01);
                assertTrue(frame.build(1280, 720));
                assertTrue(frame.build(1280, 720), "a second draw of the same frame still draws");
                assertTrue(frame.build(800, 600), "and a resize draws too");
            }
            assertEquals(20, controller.builds(), "one report a frame");
        }
    }

    @Test
    void aPausedProfileIsBuiltOnceAndNavigationRebuildsAtOnce() {
        try (ScriptedGame game = new ScriptedGame(64, 0);
                HudFrame frame = HudFrame.create(game.profiler, OverlayConfig.builder().startVisible(true).build())) {
            ReportController controller = ReportController.of(game.profiler);
            for (int i = 0; i < 5; i++) {
                game.frame(1.0);
                frame.build(1280, 720);
            }
            assertEquals(5, controller.builds());
            frame.controls().togglePause();
            for (int i = 0; i < 10; i++) {
                game.frame(2.0);
                frame.build(1280, 720);
            }
            assertEquals(6, controller.builds(), "the frozen profile is built once (its title says paused)");
            assertTrue(frame.report().paused(), "the report shows the pause");

            frame.controls().cursorDown();
            frame.build(1280, 720);
            assertEquals(7, controller.builds(), "moving the cursor rebuilds");
            int cursor = frame.report().cursor();
            frame.build(1280, 720);
            assertEquals(7, controller.builds());

            controller.setMode(ReportMode.HIERARCHICAL_TIME);
            frame.build(1280, 720);
            assertEquals(8, controller.builds(), "another mode rebuilds");
            assertEquals(ReportMode.HIERARCHICAL_TIME, frame.report().mode());

            frame.controls().togglePause();
            game.frame(1.0);
            frame.build(1280, 720);
            assertEquals(9, controller.builds(), "recording again rebuilds");
            assertFalse(frame.report().paused());
            assertTrue(cursor >= 0);
        }
    }
}
