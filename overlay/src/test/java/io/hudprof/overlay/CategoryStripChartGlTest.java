package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_B;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_BACKSPACE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_DOWN;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ENTER;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_K;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SHIFT;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;

import io.hudprof.stats.category.Category;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The PStats category strip chart in the HUD: bands per category with the Frame band on top, drill-down and back,
 * the windowed header average, user guide bars, the manual scale and folding into "other".
 */
class CategoryStripChartGlTest {
    private static final int W = 1024;
    private static final int H = 600;
    private static final int HISTORY = 48;

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

    private void start(int extraZones) {
        game = new ScriptedGame(HISTORY, extraZones);
        overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).graphColumnWidth(6)
                .graphHeight(160).build());
        overlay.controls().toggleCategories();
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

    private Image frame(String screenshot) {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        return screenshot == null ? gl.read() : gl.screenshot(screenshot);
    }

    private StripChartView chart() {
        return overlay.frame().categoryChart();
    }

    private int yOf(double nanos) {
        Box plot = chart().strip().plot();
        return plot.bottom() - (int) Math.round(nanos / overlay.controls().categoryChart().range() * plot.height());
    }

    @Test
    void topLevelColumnsStackCategoriesWithTheFrameBandOnTop() {
        start(0);
        game.frames(HISTORY, 1.0);
        Image image = frame("categories-top-level");
        StripChartView chart = chart();
        assertEquals(-1, overlay.controls().view().categoryFocus());
        // Render (Cull 1.5 + Draw 3.5 ms) is the largest top-level category: it is listed first, drawn at the bottom.
        assertEquals(Category.of("Render").id(), chart.listedChild(0));
        Box plot = chart.strip().plot();
        int x = plot.right() - 3;
        int renderColour = image.rgb(x, plot.bottom() - 1);
        assertTrue(HudProbe.isBarColor(renderColour));
        int renderTop = yOf(5_000_000);
        assertEquals(renderColour, image.rgb(x, renderTop + 2), "Render's band reaches 5 ms");
        // The frame's uncredited 0.5 ms sits on top in grey: PStats' "Frame" band.
        long frameNanos = game.profiler.history().frameNanos(0);
        int frameTop = yOf(frameNanos);
        assertEquals(HudPalette.OTHER >>> 8, image.rgb(x, frameTop + 1), "Frame band on top");
        assertFalse(HudProbe.isBarColor(image.rgb(x, frameTop - 2)), "nothing above the frame time");
        assertEquals(Category.of("Render").id(), chart.listedChild(0));
        assertEquals(0, chart.foldedChildren());
        assertTrue(overlay.controls().categoryChart().autoScale());
        assertEquals(20_000_000, overlay.controls().categoryChart().range(), "a nice number above 11.3 ms");
    }

    @Test
    void drillDownShowsOnlyTheChildrenAndTheHeaderFollowsTheFocus() {
        start(0);
        game.frames(HISTORY, 1.0);
        frame(null);
        HudControls controls = overlay.controls();
        controls.categoryCursorDown();            // row 1: Render, the largest child
        controls.drillDown();
        Image image = frame("categories-render");
        int render = Category.of("Render").id();
        assertEquals(render, controls.view().categoryFocus());
        assertEquals(2, chart().listedChildren());
        assertEquals(Category.of("Render:Draw").id(), chart().listedChild(0));
        assertEquals(Category.of("Render:Cull").id(), chart().listedChild(1));
        assertEquals(5_000_000.0, overlay.frame().categories().average(render, 0, 3_000_000_000L));
        assertEquals(10_000_000, controls.categoryChart().range(), "the scale follows the focus: 5 ms -> 10 ms");
        // Draw at the bottom up to 3.5 ms, Cull above it up to 5 ms, nothing above (Render has no own time).
        Box plot = chart().strip().plot();
        int x = plot.right() - 3;
        int draw = image.rgb(x, plot.bottom() - 1);
        int cull = image.rgb(x, yOf(5_000_000) + 2);
        assertTrue(HudProbe.isBarColor(draw) && HudProbe.isBarColor(cull) && draw != cull);
        assertEquals(draw, image.rgb(x, yOf(3_500_000) + 2));
        assertFalse(HudProbe.isBarColor(image.rgb(x, yOf(5_000_000) - 2)));

        controls.drillUp();
        frame(null);
        assertEquals(-1, controls.view().categoryFocus());
        assertEquals(1, controls.categoryChart().cursor(), "the cursor comes back to Render");
        controls.drillDown();
        frame(null);
        controls.drillDown();                     // on the top row: back up
        frame(null);
        assertEquals(-1, controls.view().categoryFocus());
    }

    @Test
    void keysDrillDownAndUp() {
        start(0);
        game.frames(HISTORY, 1.0);
        overlay.controls().toggleCategories();
        frame(null);
        KeyRouter keys = new KeyRouter(KeyBindings.defaults(), overlay.controls());
        press(keys, GLFW_KEY_K, 0);
        frame(null);
        assertTrue(overlay.controls().view().categoriesShown());
        press(keys, GLFW_KEY_DOWN, GLFW_MOD_SHIFT);
        press(keys, GLFW_KEY_ENTER, GLFW_MOD_SHIFT);
        frame(null);
        assertEquals(Category.of("Render").id(), overlay.controls().view().categoryFocus());
        press(keys, GLFW_KEY_B, 0);
        assertEquals(1, overlay.controls().categoryChart().userGuideCount());
        press(keys, GLFW_KEY_B, GLFW_MOD_SHIFT);
        assertEquals(0, overlay.controls().categoryChart().userGuideCount());
        press(keys, GLFW_KEY_BACKSPACE, GLFW_MOD_SHIFT);
        assertEquals(-1, overlay.controls().view().categoryFocus());
    }

    private static void press(KeyRouter keys, int key, int mods) {
        keys.onKey(key, GLFW_PRESS, mods);
        keys.onKey(key, GLFW_RELEASE, mods);
    }

    @Test
    void headerAveragesTheFocusOverTheLastThreeSeconds() {
        start(0);
        game.frames(HISTORY, 1.0);
        frame(null);
        long window = 3_000_000_000L;
        // 48 frames of 11.3 ms are 0.54 s: all fit the window, so the average is the mean frame time.
        double sum = 0;
        for (int i = 0; i < HISTORY; i++) {
            sum += game.profiler.history().frameNanos(i);
        }
        assertEquals(HISTORY, overlay.frame().categories().averagedFrames(0, window));
        assertEquals(sum / HISTORY, overlay.frame().categories().average(-1, 0, window), 1e-6);
    }

    @Test
    void userGuideBarsAreDashedAndKeptUntilRemoved() {
        start(0);
        game.frames(HISTORY, 1.0);
        frame(null);
        HudControls controls = overlay.controls();
        controls.categoryCursorDown();
        controls.drillDown();                     // Render: 5 ms every frame, on a 10 ms scale
        frame(null);
        controls.addGuideBar();
        Image image = frame("categories-user-guide");
        Box plot = chart().strip().plot();
        int y = yOf(5_000_000);
        int blue = 0;
        int other = 0;
        for (int x = plot.left(); x < plot.left() + 60; x++) {
            if (image.rgb(x, y) == (HudPalette.USER_GUIDE >>> 8)) {
                blue++;
            } else {
                other++;
            }
        }
        assertTrue(blue > 20 && other > 10, "dashed: " + blue + " blue and " + other + " gap pixels");
        controls.drillUp();
        frame(null);
        assertEquals(1, controls.categoryChart().userGuideCount(), "kept across drill-down");
        controls.removeGuideBar();
        assertEquals(0, controls.categoryChart().userGuideCount());
    }

    @Test
    void zoomKeysSetAManualScaleAndAutoScaleReturns() {
        start(0);
        game.frames(HISTORY, 1.0);
        frame(null);
        HudControls controls = overlay.controls();
        double graphRange = controls.view().graphRangeNanos();
        controls.graphZoomIn();
        frame("categories-zoomed");
        assertFalse(controls.categoryChart().autoScale());
        assertEquals(10_000_000, controls.categoryChart().range());
        assertEquals(graphRange, controls.view().graphRangeNanos(), "the zone graph's scale is its own");
        controls.autoScale();
        frame(null);
        assertEquals(20_000_000, controls.categoryChart().range());
    }

    @Test
    void manyCategoriesShowTheLargestAndFoldTheRestIntoOther() {
        start(40);
        game.frames(HISTORY, 1.0);
        Image image = frame("categories-folded");
        StripChartView chart = chart();
        int shown = chart.listedChildren();
        assertEquals(7, shown, "graphZones 8: seven children, the focus and 'other'");
        // Physics, Raycast, AI, Render, Audio and the 40 entity systems have time (Update has none of its own).
        assertEquals(45 - shown, chart.foldedChildren());
        Box plot = chart.strip().plot();
        int x = plot.right() - 3;
        boolean folded = false;
        for (int y = plot.top(); y < plot.bottom(); y++) {
            folded |= image.rgb(x, y) == (HudPalette.FOLDED >>> 8);
        }
        assertTrue(folded, "an 'other' band in the column");
    }
}
