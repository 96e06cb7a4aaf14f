package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_1;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_2;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SHIFT;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;

import io.hudprof.capture.compare.DiffReport;
import io.hudprof.capture.compare.RangeSummary;
import io.hudprof.core.report.ReportController;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The HUD's diff mode on a scripted game that runs 100 frames at one load and 100 at 1.4 times it: paused, range A
 * marked with 1 over the first part and range B with 2 over the second, the panel lists Render:Draw (the largest
 * zone, so the largest change) first with its exact per-frame means; Shift+1 clears it.
 */
class DiffHudGlTest {
    private static final int W = 1280;
    private static final int H = 720;

    private static final io.hudprof.stats.Counter SPAWNED = io.hudprof.stats.Counter.define("DiffHud/Spawned");
    private static GlContext gl;
    private ScriptedGame game;
    private Overlay overlay;

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
    void stop(TestInfo test) {
        gl.screenshotOf(test);
        if (overlay != null) {
            overlay.close();
        }
        if (game != null) {
            game.close();
        }
    }

    private void frame() {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
    }

    private void showFrame(long number) {
        ReportController.of(game.profiler).setFrame((int) (game.profiler.history().frameNumber(0) - number));
        frame();
        assertEquals(number, overlay.frame().report().frameNumber());
    }

    @Test
    void markedRangesShowTheirDiffLargestChangeFirst() {
        game = new ScriptedGame(240, 0);
        overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).build());
        // A statistic that moves between the ranges: 2 a frame, then 5 (counted in the update after it is added).
        io.hudprof.stats.FrameStatistics.builder().sensors(java.util.EnumSet.noneOf(io.hudprof.stats.Sensor.class))
                .attach(game.profiler);
        game.profiler.addFrameListener((nanos, recorded) -> SPAWNED.add(game.profiler.recordedFrames() < 100 ? 2 : 5));
        game.frames(100, 1.0);
        game.frames(100, 1.4);
        game.profiler.setPaused(true);
        KeyRouter keys = overlay.keys();
        frame();
        showFrame(11);
        assertTrue(keys.onKey(GLFW_KEY_1, GLFW_PRESS, 0));
        showFrame(90);
        assertTrue(keys.onKey(GLFW_KEY_1, GLFW_PRESS, 0));
        assertTrue(overlay.controls().diffShown());
        showFrame(190);
        assertTrue(keys.onKey(GLFW_KEY_2, GLFW_PRESS, 0));
        showFrame(111);
        assertTrue(keys.onKey(GLFW_KEY_2, GLFW_PRESS, 0));
        frame();
        DiffPanelView panel = overlay.frame().controls().diffPanel(null);
        DiffReport diff = panel.diff();
        assertNotNull(diff, String.valueOf(panel.lines()));
        assertEquals(80, diff.a().frames());
        assertEquals(11, diff.a().firstFrame());
        assertEquals(111, diff.b().firstFrame());
        assertEquals(80, diff.b().frames());
        DiffReport.Row first = diff.zones().get(0);
        assertEquals("Render:Draw", first.name(), diff.zones().toString());
        assertEquals(3_500_000, first.a(RangeSummary.SELF), 1);
        assertEquals(4_900_000, first.b(RangeSummary.SELF), 1);
        assertTrue(panel.lines().get(2).startsWith("Render:Draw"), panel.lines().toString());
        assertTrue(panel.lines().get(2).contains("+1.400"), panel.lines().toString());
        DiffReport.StatisticRow spawned = diff.statistics().get(0);
        assertEquals(SPAWNED.name(), spawned.name(), diff.statistics().toString());
        assertEquals(2, spawned.a(), 1e-9);
        assertEquals(5, spawned.b(), 1e-9);
        int statistics = panel.lines().indexOf(panel.lines().stream()
                .filter(l -> l.startsWith("statistic (per-frame mean)")).findFirst().orElseThrow());
        assertTrue(panel.lines().get(statistics + 1).startsWith(SPAWNED.name())
                && panel.lines().get(statistics + 1).contains("2.50x"), panel.lines().toString());
        Box box = panel.bounds();
        Image image = gl.screenshot("DiffHudGlTest.diffOfTwoMarkedRanges");
        int text = image.countNear(box.left(), box.top(), box.right(), box.bottom(), HudPalette.HOT >>> 8, 60);
        assertTrue(text > 100, "the grown zones' lines in the heat colour: " + text + " pixels");

        assertTrue(keys.onKey(GLFW_KEY_1, GLFW_PRESS, GLFW_MOD_SHIFT));
        assertFalse(overlay.controls().diffShown());
        frame();
    }
}
