package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11.GL_NO_ERROR;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** The whole HUD over a scripted profile: placement, text in rows, draw calls, hiding, resizing, content scale. */
class OverlayRenderingGlTest {
    private static final int W = 1280;
    private static final int H = 720;

    private static GlContext gl;
    private static ScriptedGame game;
    private Image scene;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
        game = new ScriptedGame(256, 30);
        game.frames(200, 1.0);
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
    void drawScene() {
        if (gl.width() != W) {
            gl.resize(W, H);
        }
        game.resetNavigation();
        redraw();
    }

    /** The game draws its next frame; the HUD of the previous one is gone. */
    private void redraw() {
        ScriptedGame.drawScene(gl.width(), gl.height());
        scene = gl.read();
    }

    /**
     * Every test here pins what one frame draws (its draw calls, its pixels right after a change), so the HUD redraws
     * every frame, straight over the game, as before the refresh interval existed; HudRefreshGlTest covers the
     * interval and the copy kept between refreshes.
     */
    private static OverlayConfig.Builder visible() {
        return OverlayConfig.builder().startVisible(true).refreshInterval(java.time.Duration.ZERO);
    }

    @AfterEach
    void screenshot(TestInfo test) {
        gl.screenshotOf(test);
    }

    @Test
    void panelAndGraphAppearWhereConfigured() {
        try (Overlay overlay = Overlay.create(game.profiler,
                visible().panel(Anchor.TOP_RIGHT, 20, 30).graph(Anchor.BOTTOM_LEFT, 10, 12).build())) {
            overlay.render(W, H);
            Image hud = gl.screenshot("hud-placement");
            // Panel: its top-right corner is 20 px in from the right and 30 px down.
            assertTrue(changed(hud, W - 21, 30), "panel's top-right pixel not drawn");
            assertTrue(!changed(hud, W - 20, 30) && !changed(hud, W - 21, 29), "panel drawn outside its corner");
            assertEquals(0, hud.countChanged(scene, W - 20, 0, W, H / 2), "panel drawn right of its edge");
            // Graph: its bottom-left corner is 10 px in and 12 px up.
            assertTrue(changed(hud, 10, H - 13), "graph's bottom-left pixel not drawn");
            assertTrue(!changed(hud, 9, H - 13) && !changed(hud, 10, H - 12), "graph drawn outside its corner");
            assertEquals(0, hud.countChanged(scene, 0, H - 12, W, H), "graph drawn below its edge");
        }
    }

    private boolean changed(Image hud, int x, int y) {
        return hud.rgb(x, y) != scene.rgb(x, y);
    }

    @Test
    void everyShownRowHasTextPixels() {
        try (Overlay overlay = Overlay.create(game.profiler, visible().build())) {
            overlay.render(W, H);
            Image hud = gl.screenshot("hud-default");
            ReportPanelView panel = overlay.panel();
            assertEquals(Math.min(20, overlay.report().rowCount()), panel.shownRows());
            int x0 = panel.bounds().left();
            int x1 = panel.bounds().right();
            for (int i = 0; i < panel.shownRows(); i++) {
                int y = panel.rowsTop() + i * panel.rowHeight();
                int ink = HudProbe.brightPixels(hud, x0, x1, y, y + panel.rowHeight());
                assertTrue(ink > 40, "row " + i + " has only " + ink + " text pixels");
            }
            int top = panel.bounds().top();
            int title = HudProbe.brightPixels(hud, x0, x1, top, top + panel.rowHeight());
            assertTrue(title > 100, "title line has only " + title + " text pixels");
        }
    }

    @Test
    void wholeHudIsAtMostThreeDrawCalls() {
        try (Overlay overlay = Overlay.create(game.profiler, visible().helpVisible(true).opaquePanels(false)
                .build())) {
            overlay.render(W, H);
            assertEquals(3, overlay.lastDrawCalls(),
                    "panel and graph furniture, the graph's column picture, then the guide lines over it");
            overlay.controls().toggleGraph();
            overlay.render(W, H);
            assertEquals(1, overlay.lastDrawCalls());
        }
    }

    @Test
    void withOpaquePanelsTheWholeHudIsSixDrawCalls() {
        try (Overlay overlay = Overlay.create(game.profiler, visible().helpVisible(true).build())) {
            overlay.render(W, H);
            assertEquals(OPAQUE_HUD_DRAW_CALLS, overlay.lastDrawCalls(), "per view, its opaque background, then its "
                    + "blended text and furniture; the graph's opaque column picture, then the guide lines over it");
            overlay.controls().toggleGraph();
            overlay.render(W, H);
            assertEquals(2, overlay.lastDrawCalls(), "the panel's background, then its text");
        }
    }

    /** The report panel and the graph with the default opaque panels ({@link #withOpaquePanelsTheWholeHudIsSixDrawCalls}). */
    private static final int OPAQUE_HUD_DRAW_CALLS = 6;

    @Test
    void hiddenOverlayDrawsNothing() {
        try (Overlay overlay = Overlay.create(game.profiler, OverlayConfig.defaults())) {
            overlay.render(W, H);
            assertEquals(0, overlay.lastDrawCalls());
            assertEquals(0, gl.read().countChanged(scene, 0, 0, W, H));
        }
    }

    @Test
    void zeroSizedFramebufferIsSkipped() {
        try (Overlay overlay = Overlay.create(game.profiler, visible().build())) {
            overlay.render(0, 0);
            overlay.render(W, 0);
            assertEquals(0, overlay.lastDrawCalls());
            assertEquals(GL_NO_ERROR, GlDebugLog.drainGlErrors());
            assertEquals(0, gl.read().countChanged(scene, 0, 0, W, H));
        }
    }

    @Test
    void followsAResizeKeepingItsAnchors() {
        try (Overlay overlay = Overlay.create(game.profiler, visible().panel(Anchor.TOP_RIGHT, 8, 8).build())) {
            overlay.render(W, H);
            int w = 800;
            int h = 450;
            gl.resize(w, h);
            ScriptedGame.drawScene(w, h);
            Image small = gl.read();
            overlay.render(w, h);
            Image hud = gl.screenshot("hud-resized-800x450");
            assertTrue(hud.rgb(w - 9, 8) != small.rgb(w - 9, 8), "panel did not follow the right edge");
            assertEquals(0, hud.countChanged(small, w - 8, 0, w, h / 2));
            HistoryGraphView graph = overlay.graph();
            assertTrue(graph.strip().bounds().right() <= w, "graph wider than the resized framebuffer");
            assertTrue(overlay.panel().bounds().bottom() <= graph.strip().bounds().top(),
                    "panel runs into the graph after the resize");
            assertTrue(overlay.panel().shownRows() < 20, "a short window shows fewer rows");
        }
    }

    @Test
    void contentScaleTwoDoublesTheTextCrisply() {
        int inkHeight1x;
        try (Overlay overlay = Overlay.create(game.profiler, visible().build())) {
            overlay.render(W, H);
            inkHeight1x = titleInkHeight(gl.read(), overlay.panel());
        }
        int w = 2 * W;
        int h = 2 * H;
        gl.resize(w, h);
        ScriptedGame.drawScene(w, h);
        try (Overlay overlay = Overlay.create(game.profiler, visible().contentScale(2f).build())) {
            assertEquals(30, overlay.font().pixelHeight());
            overlay.render(w, h);
            Image hud = gl.screenshot("hud-contentscale-2x");
            int inkHeight2x = titleInkHeight(hud, overlay.panel());
            assertTrue(Math.abs(inkHeight2x - 2 * inkHeight1x) <= 2, inkHeight1x + " px at 1x, " + inkHeight2x
                    + " px at 2x");
            assertEquals(OPAQUE_HUD_DRAW_CALLS, overlay.lastDrawCalls());
        }
    }

    @Test
    void contentScaleChangeRebakesTheFontAndKeepsDrawing() {
        try (Overlay overlay = Overlay.create(game.profiler, visible().build())) {
            overlay.render(W, H);
            int width1x = overlay.panel().bounds().width();
            overlay.setContentScale(2f);
            assertEquals(30, overlay.font().pixelHeight());
            redraw();
            overlay.render(W, H);
            assertEquals(OPAQUE_HUD_DRAW_CALLS, overlay.lastDrawCalls());
            assertTrue(Math.abs(overlay.panel().bounds().width() - 2 * width1x) <= 4, width1x + " -> "
                    + overlay.panel().bounds().width());
            assertEquals(GL_NO_ERROR, GlDebugLog.drainGlErrors());
        }
    }

    /** Height of the bright pixels in the panel's title line. */
    private static int titleInkHeight(Image image, ReportPanelView panel) {
        int top = -1;
        int bottom = -1;
        Box box = panel.bounds();
        for (int y = box.top(); y < box.top() + panel.rowHeight() + Math.round(6 * panel.rowHeight() / 18f); y++) {
            if (HudProbe.brightPixels(image, panel.bounds().left(), panel.bounds().right(), y, y + 1) > 0) {
                top = top < 0 ? y : top;
                bottom = y;
            }
        }
        return bottom - top + 1;
    }

    @Test
    void longReportScrollsWithTheCursor() {
        try (Overlay overlay = Overlay.create(game.profiler, visible().visibleRows(10).build())) {
            overlay.render(W, H);
            int rows = overlay.report().rowCount();
            assertTrue(rows > 30, "the scripted profile should have more rows than fit: " + rows);
            for (int i = 0; i < 25; i++) {
                overlay.controls().cursorDown();
            }
            redraw();
            overlay.render(W, H);
            Image hud = gl.screenshot("hud-scrolled");
            ReportPanelView panel = overlay.panel();
            assertEquals(25, overlay.report().cursor());
            assertEquals(16, panel.firstRow(), "the window moves just enough to show the cursor");
            assertEquals(9, HudProbe.highlightedRow(hud, panel), "the cursor is on the last shown row");
            overlay.controls().pageUp();
            overlay.render(W, H);
            assertEquals(15, overlay.report().cursor());
            assertEquals(15, panel.firstRow());
        }
    }

    @Test
    void helpKeyListsTheBindingsInThePanel() {
        try (Overlay overlay = Overlay.create(game.profiler, visible().build())) {
            overlay.render(W, H);
            int withHint = overlay.panel().bounds().height();
            overlay.controls().toggleHelp();
            redraw();
            overlay.render(W, H);
            gl.screenshot("hud-help");
            assertTrue(overlay.panel().bounds().height() > withHint + overlay.panel().rowHeight(),
                    "help should add lines: " + withHint + " -> " + overlay.panel().bounds().height());
        }
    }
}
