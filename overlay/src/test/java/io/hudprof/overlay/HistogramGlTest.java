package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_O;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SHIFT;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Distribution;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The distribution columns (O) and the histogram of the cursor zone's per-frame time (Shift+O) in the HUD, on a
 * scripted game whose load steps through ten levels with a few heavy frames: the bins hold every history frame, the
 * shown frame's bin is the one its value falls in (live and scrubbed back), and it is drawn in the marker colour.
 */
class HistogramGlTest {
    private static final int W = 1100;
    private static final int H = 640;
    private static final int HISTORY = 200;

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

    private Image frame() {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        return gl.read();
    }

    @Test
    void histogramBinsEveryHistoryFrameAndMarksTheShownFramesBin() {
        game = new ScriptedGame(HISTORY, 0);
        overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).build());
        for (int i = 0; i < HISTORY; i++) {
            game.frame(i % 17 == 0 ? 2.5 : 1 + (i % 10) * 0.1);
        }
        KeyRouter keys = overlay.keys();
        assertTrue(keys.onKey(GLFW_KEY_O, GLFW_PRESS, 0));
        assertTrue(keys.onKey(GLFW_KEY_O, GLFW_PRESS, GLFW_MOD_SHIFT));
        assertEquals(Distribution.SELF, ReportController.of(game.profiler).distribution());
        assertTrue(overlay.controls().view().histogramShown());
        frame();
        Report report = overlay.frame().report();
        assertTrue(Arrays.asList(report.columns()).contains(Column.DIST_P95), Arrays.toString(report.columns()));
        // Put the cursor on Render:Draw (3.5 ms × load): its values spread over the bins.
        ReportController.of(game.profiler).setCursor(rowOf(report, ScriptedGame.DRAW.id()));
        frame();
        HistogramView histogram = overlay.frame().histogramView();
        assertEquals(ScriptedGame.DRAW.id(), histogram.zone());
        assertEquals(HISTORY, histogram.frames());
        int sum = 0;
        int nonEmpty = 0;
        for (int b = 0; b < HistogramView.BINS; b++) {
            sum += histogram.count(b);
            nonEmpty += histogram.count(b) > 0 ? 1 : 0;
        }
        assertEquals(HISTORY, sum, "every frame in one bin");
        assertEquals(11, nonEmpty, "ten load levels and the heavy frames");
        // The live frame was frame 199: load 1.9, the top of the ten levels, one bin below the heavy frames'.
        double[] values = new double[HISTORY];
        ReportController.of(game.profiler).zoneFrameValues(ScriptedGame.DRAW.id(), Distribution.SELF, values);
        double min = Arrays.stream(values).min().orElseThrow();
        double max = Arrays.stream(values).max().orElseThrow();
        assertEquals(HistogramView.bin(values[0], min, max), histogram.shownBin());
        assertEquals(3_500_000 * 1.9, values[0], 1);

        // Paused and scrubbed back to a heavy frame (frame 187 = 17 × 11): the last bin is marked.
        game.profiler.setPaused(true);
        ReportController.of(game.profiler).setFrame(HISTORY - 1 - 187);
        Image image = frame();
        assertEquals(HistogramView.BINS - 1, histogram.shownBin());
        Box box = histogram.bounds();
        int marked = image.countNear(box.left(), box.top(), box.right(), box.bottom(), 0xFFFFFF, 8);
        assertTrue(marked > 20, "the shown frame's bar in the marker colour: " + marked + " pixels");
        int bars = image.countNear(box.left(), box.top(), box.right(), box.bottom(), HudPalette.CHART_BAR >>> 8, 40);
        assertTrue(bars > 200, "the other bins' bars: " + bars + " pixels");
        gl.screenshot("HistogramGlTest.scrubbedToAHeavyFrame");
    }

    private static int rowOf(Report report, int zone) {
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).zoneId() == zone) {
                return i;
            }
        }
        throw new AssertionError("no row for zone " + zone);
    }
}
