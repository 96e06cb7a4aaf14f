package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_BACKSPACE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_DOWN;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_END;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ENTER;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_EQUAL;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F3;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_G;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_LEFT;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_M;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_P;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_RIGHT;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_U;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_UP;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_V;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SHIFT;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;

import io.hudprof.core.Averaging;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.RowRole;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** Simulated key presses drive the HUD, and what is drawn follows. */
class OverlayKeysGlTest {
    private static final int W = 1280;
    private static final int H = 720;

    private static GlContext gl;
    private static ScriptedGame game;
    private Overlay overlay;
    private Image scene;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
        game = new ScriptedGame(128, 4);
        game.frames(150, 1.0);
    }

    @AfterAll
    static void close() {
        if (game != null) {
            game.close();
        }
        if (gl != null) {
            gl.close();
        }
    }

    @BeforeEach
    void createOverlay() {
        game.resetNavigation();
        overlay = Overlay.create(game.profiler, OverlayConfig.builder().graphColumnWidth(3).build());
        press(GLFW_KEY_F3, 0);
    }

    @AfterEach
    void closeOverlay() {
        overlay.close();
    }

    private void press(int key, int mods) {
        overlay.keys().onKey(key, GLFW_PRESS, mods);
        overlay.keys().onKey(key, GLFW_RELEASE, mods);
    }

    private Image frame() {
        ScriptedGame.drawScene(W, H);
        scene = gl.read();
        overlay.render(W, H);
        return gl.read();
    }

    private Report report() {
        return overlay.report();
    }

    @AfterEach
    void screenshot(TestInfo test) {
        gl.screenshotOf(test);
    }

    @Test
    void downAndUpMoveTheHighlightedRow() {
        assertEquals(0, HudProbe.highlightedRow(frame(), overlay.panel()));
        press(GLFW_KEY_DOWN, 0);
        press(GLFW_KEY_DOWN, 0);
        press(GLFW_KEY_DOWN, 0);
        frame();
        assertEquals(3, HudProbe.highlightedRow(gl.screenshot("keys-cursor-row-3"), overlay.panel()));
        press(GLFW_KEY_UP, 0);
        assertEquals(2, HudProbe.highlightedRow(frame(), overlay.panel()));
    }

    @Test
    void modeKeyCyclesReportModesAndRedrawsTheTitle() {
        Image selfTime = frame();
        assertEquals(ReportMode.SELF_TIME, report().mode());
        press(GLFW_KEY_M, 0);
        Image hierTime = frame();
        assertEquals(ReportMode.HIERARCHICAL_TIME, report().mode());
        ReportPanelView panel = overlay.panel();
        assertTrue(hierTime.countChanged(selfTime, panel.bounds().left(), panel.bounds().top(), panel.bounds().right(),
                panel.bounds().top() + panel.rowHeight()) > 50, "the title did not change with the mode");
        press(GLFW_KEY_M, 0);
        frame();
        assertEquals(ReportMode.CALL_GRAPH, report().mode());
    }

    @Test
    void enterShowsTheCallGraphOfTheCursorRowAndBackspaceItsBiggestParent() {
        frame();
        int raycast = rowOf("Raycast");
        for (int i = 0; i < raycast; i++) {
            press(GLFW_KEY_DOWN, 0);
        }
        press(GLFW_KEY_ENTER, 0);
        frame();
        gl.screenshot("keys-call-graph-raycast");
        assertEquals(ReportMode.CALL_GRAPH, report().mode());
        assertEquals("Raycast", report().focusName());
        assertEquals(RowRole.PARENT, report().row(rowOf("AI")).role());
        assertEquals(RowRole.PARENT, report().row(rowOf("Physics")).role());
        press(GLFW_KEY_BACKSPACE, 0);
        frame();
        assertEquals("AI", report().focusName(), "AI spends 1.2 ms in Raycast, Physics 0.8 ms");
    }

    private int rowOf(String name) {
        for (int i = 0; i < report().rowCount(); i++) {
            if (report().row(i).name().equals(name)) {
                return i;
            }
        }
        throw new AssertionError(name + " is not in the report");
    }

    @Test
    void pauseKeyFreezesTheProfileAndShowsPaused() {
        frame();
        long live = report().frameNumber();
        press(GLFW_KEY_P, 0);
        game.frames(5, 2.0);
        Image paused = frame();
        gl.screenshot("keys-paused");
        assertTrue(game.profiler.paused());
        assertTrue(report().paused());
        assertEquals(live, report().frameNumber(), "frames recorded while paused");
        ReportPanelView panel = overlay.panel();
        assertTrue(redPixels(paused, panel) > 100, "no PAUSED badge in the title line");
        press(GLFW_KEY_P, 0);
        game.frames(1, 1.0);
        Image resumed = frame();
        assertEquals(live + 1, report().frameNumber());
        assertEquals(0, redPixels(resumed, panel));
    }

    private static int redPixels(Image image, ReportPanelView panel) {
        int count = 0;
        for (int y = panel.bounds().top(); y < panel.bounds().top() + panel.rowHeight() + 6; y++) {
            for (int x = panel.bounds().left(); x < panel.bounds().right(); x++) {
                int rgb = image.rgb(x, y);
                if (((rgb >> 16) & 0xFF) > 170 && ((rgb >> 8) & 0xFF) < 80) {
                    count++;
                }
            }
        }
        return count;
    }

    @Test
    void leftAndRightScrubHistoryAndMoveTheGraphMarker() {
        int live = HudProbe.markerX(frame(), overlay.graph());
        int step = overlay.graph().strip().columnWidth();
        assertEquals(overlay.graph().strip().plot().right() - step - Math.round(2f), live,
                "live frame marks the newest column");
        press(GLFW_KEY_LEFT, 0);
        assertEquals(live - step, HudProbe.markerX(frame(), overlay.graph()));
        assertEquals(1, report().frameOffset());
        press(GLFW_KEY_LEFT, GLFW_MOD_SHIFT);
        frame();
        assertEquals(live - 11 * step, HudProbe.markerX(gl.screenshot("keys-scrubbed-11-back"), overlay.graph()));
        assertEquals(11, report().frameOffset());
        press(GLFW_KEY_RIGHT, 0);
        assertEquals(live - 10 * step, HudProbe.markerX(frame(), overlay.graph()));
        press(GLFW_KEY_END, 0);
        assertEquals(live, HudProbe.markerX(frame(), overlay.graph()));
        assertEquals(0, report().frameOffset());
    }

    @Test
    void graphKeyHidesAndShowsTheGraph() {
        frame();
        HistoryGraphView graph = overlay.graph();
        int x0 = graph.strip().bounds().left();
        int y0 = graph.strip().bounds().top();
        int x1 = x0 + graph.strip().bounds().width();
        int y1 = y0 + graph.strip().bounds().height();
        press(GLFW_KEY_G, 0);
        Image hidden = frame();
        assertEquals(0, hidden.countChanged(scene, x0, y0, x1, y1));
        press(GLFW_KEY_G, 0);
        assertTrue(frame().countChanged(scene, x0, y0, x1, y1) > (x1 - x0) * (y1 - y0) / 2);
    }

    @Test
    void unitsKeySwitchesGuideLabelsBetweenMsAndHz() {
        Image ms = frame();
        HistoryGraphView graph = overlay.graph();
        press(GLFW_KEY_U, 0);
        Image hz = frame();
        gl.screenshot("keys-guides-in-hz");
        assertTrue(overlay.controls().view().unitsHz());
        Box plot = graph.strip().plot();
        int labelsChanged = hz.countChanged(ms, plot.right(), plot.top(), plot.right() + 80,
                graph.strip().plot().bottom());
        assertTrue(labelsChanged > 30, "guide labels did not change: " + labelsChanged);
    }

    @Test
    void zoomKeyHalvesTheRangeAndDoublesColumnHeights() {
        int before = HudProbe.columnHeight(frame(), overlay.graph(), 3);
        double range = overlay.controls().view().graphRangeNanos();
        press(GLFW_KEY_EQUAL, 0);
        int after = HudProbe.columnHeight(frame(), overlay.graph(), 3);
        assertEquals(range / 2, overlay.controls().view().graphRangeNanos(), 1e-6);
        assertTrue(Math.abs(after - 2 * before) <= 2, before + " px before zooming in, " + after + " after");
    }

    @Test
    void averagingKeyCyclesAveraging() {
        frame();
        Averaging first = report().averaging();
        press(GLFW_KEY_V, 0);
        frame();
        assertEquals(first.next(), report().averaging());
    }

    @Test
    void keysDoNothingWhileHidden() {
        press(GLFW_KEY_F3, 0);
        assertFalse(overlay.controls().view().visible());
        press(GLFW_KEY_DOWN, 0);
        press(GLFW_KEY_M, 0);
        assertEquals(0, frame().countChanged(scene, 0, 0, W, H));
        press(GLFW_KEY_F3, 0);
        frame();
        assertEquals(0, report().cursor());
        assertNotEquals(ReportMode.HIERARCHICAL_TIME, report().mode());
    }
}
