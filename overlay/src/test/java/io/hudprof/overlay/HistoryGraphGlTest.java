package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** The history graph: one column per recorded frame, heights that follow frame time, guides, clipping, colours. */
class HistoryGraphGlTest {
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

    @BeforeEach
    void start() {
        game = new ScriptedGame(HISTORY, 0);
        // The graph is checked frame by frame (columns painted, bytes uploaded): the HUD redraws every frame.
        overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).graphColumnWidth(6)
                .graphHeight(160).refreshInterval(java.time.Duration.ZERO).build());
    }

    @AfterEach
    void stop() {
        overlay.close();
        game.close();
    }

    private Image frame(String screenshot) {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        return screenshot == null ? gl.read() : gl.screenshot(screenshot);
    }

    @AfterEach
    void screenshot(TestInfo test) {
        gl.screenshotOf(test);
    }

    @Test
    void graphHasOneColumnPerRecordedFrameUpToTheHistorySize() {
        game.frames(20, 1.0);
        Image partial = frame("graph-20-frames");
        assertEquals(HISTORY, overlay.graph().strip().columns(), "room for the whole history");
        assertEquals(20, HudProbe.columnCount(partial, overlay.graph()));
        game.frames(100, 1.0);
        assertEquals(HISTORY, HudProbe.columnCount(frame(null), overlay.graph()));
    }

    @Test
    void framesGivenMoreTimeHaveTallerColumns() {
        for (int i = 0; i < HISTORY; i++) {
            game.frame(1 + i % 4);
        }
        Image image = frame("graph-varying-load");
        HistoryGraphView graph = overlay.graph();
        double pixelsPerNano = (graph.strip().plot().height()) / overlay.controls().view().graphRangeNanos();
        for (int ago = 0; ago < HISTORY; ago++) {
            long nanos = game.profiler.history().frameNanos(ago);
            int expected = (int) Math.min(graph.strip().plot().height(), Math.round(nanos * pixelsPerNano));
            int height = HudProbe.columnHeight(image, graph, ago);
            assertTrue(Math.abs(height - expected) <= 1, "frame " + ago + " back: " + nanos + " ns should be "
                    + expected + " px tall, is " + height);
        }
        int light = HudProbe.columnHeight(image, graph, HISTORY - 1);
        int heavy = HudProbe.columnHeight(image, graph, HISTORY - 2);
        assertTrue(heavy > light, "a frame with more work has a taller column");
    }

    @Test
    void columnsStackTheTopZoneAtTheBottomInOneStableColour() {
        game.frames(HISTORY, 1.0);
        Image image = frame(null);
        HistoryGraphView graph = overlay.graph();
        int bottom = image.rgb(graph.strip().plot().right() - 3, graph.strip().plot().bottom() - 1);
        for (int ago = 0; ago < HISTORY; ago++) {
            int x = graph.strip().plot().right() - ago * graph.strip().columnWidth() - 3;
            assertEquals(bottom, image.rgb(x, graph.strip().plot().bottom() - 1), "column " + ago);
        }
        int[] top = new int[1];
        new io.hudprof.stats.ZoneRanking(game.profiler.data()).topZones(top);
        assertEquals("Render:Draw", io.hudprof.core.Zone.byId(top[0]).name());
        assertTrue(HudProbe.isBarColor(bottom));
        // The legend's first swatch is that colour too.
        Box plot = graph.strip().plot();
        int swatches = image.countNear(plot.right(), plot.top(), W, plot.top() + 20, bottom, 0);
        assertTrue(swatches > 20, "legend swatch for the top zone missing");
    }

    @Test
    void guideLineMarksTheTargetFrameTime() {
        game.frames(5, 1.0);
        Image image = frame("graph-guides");
        HistoryGraphView graph = overlay.graph();
        double target = 1e9 / 60;
        int y = graph.strip().plot().bottom() - (int) Math.round(target / overlay.controls().view().graphRangeNanos()
                * (graph.strip().plot().height()));
        int x = graph.strip().plot().left() + 4;
        assertTrue(Image.luminance(image.rgb(x, y)) > Image.luminance(image.rgb(x, y + 3)) + 100,
                "no bright target line at y=" + y);
        int labelX = graph.strip().plot().right();
        assertTrue(HudProbe.brightPixels(image, labelX, labelX + 70, y - 8, y + 8) > 20,
                "target line has no label");
    }

    @Test
    void thePlotIsOneBlendedLayerThatLooksLikeThePanelThenThePlotOverTheGame() {
        overlay.close();
        overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).graphColumnWidth(6)
                .graphHeight(160).opaquePanels(false).refreshInterval(java.time.Duration.ZERO).build());
        game.frames(HISTORY, 1.0);
        ScriptedGame.drawScene(W, H);
        Image scene = gl.read();
        Image image = frame("graph-one-layer");
        Box plot = overlay.graph().strip().plot();
        // Above every column (frames of 1 ms in a 33 ms plot), clear of the guide lines near the top.
        int x = plot.left() + plot.width() / 3;
        int y = plot.top() + 3;
        int expected = blend(HudPalette.PLOT, blend(HudPalette.BACKGROUND, scene.rgb(x, y)));
        assertTrue(Image.distance(expected, image.rgb(x, y)) <= 2, String.format(
                "plot background %06x, blending the panel then the plot over the game gives %06x",
                image.rgb(x, y), expected));
        assertEquals(3, overlay.lastDrawCalls(), "still three draw calls");
    }

    @Test
    void theSelectedFramesBandLightsThePlotAboveItsColumnAndLeavesTheColumnsColours() {
        game.frames(HISTORY, 1.0);
        overlay.controls().perform(HudAction.TOGGLE_PAUSE);
        for (int i = 0; i < 10; i++) {
            overlay.controls().perform(HudAction.FRAME_OLDER);
        }
        Image image = frame("graph-selected-band");
        HistoryGraphView graph = overlay.graph();
        Box plot = graph.strip().plot();
        int selected = graph.strip().columnLeft(10) + 1;
        int neighbour = graph.strip().columnLeft(12) + 1;
        int y = plot.top() + plot.height() / 3;
        assertTrue(Image.luminance(image.rgb(selected, y)) > Image.luminance(image.rgb(neighbour, y)) + 20,
                "the band lights the plot above the selected column");
        int bar = plot.bottom() - 2;
        assertEquals(image.rgb(neighbour, bar), image.rgb(selected, bar), "the selected column keeps its colour");
    }

    /** What GL's SRC_ALPHA, ONE_MINUS_SRC_ALPHA blend of an 0xRRGGBBAA colour over an opaque 0xRRGGBB pixel gives. */
    private static int blend(int rgba, int under) {
        double a = Rgba.alpha(rgba) / 255.0;
        int r = (int) Math.round(Rgba.red(rgba) * a + ((under >> 16) & 0xFF) * (1 - a));
        int g = (int) Math.round(Rgba.green(rgba) * a + ((under >> 8) & 0xFF) * (1 - a));
        int b = (int) Math.round(Rgba.blue(rgba) * a + (under & 0xFF) * (1 - a));
        return r << 16 | g << 8 | b;
    }

    @Test
    void aGraphUpdatedColumnByColumnLooksExactlyLikeOneDrawnAfresh() {
        // The overlay under test uploads only changed quads and new columns frame after frame (the ring wraps
        // several times); a second overlay created at the end uploads everything once. Same pixels, everywhere.
        for (int i = 0; i < 3 * HISTORY + 7; i++) {
            game.frame(1 + (i % 5) * 0.4);
            frame(null);
        }
        overlay.controls().graphZoomIn();
        game.frame(2.0);
        frame(null);
        game.frame(1.5);
        Image incremental = frame("graph-incremental");
        assertEquals(2, overlay.graph().columns().repaints(), "the first frame and the zoom repaint, nothing else");
        try (Overlay fresh = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true)
                .graphColumnWidth(6).graphHeight(160).refreshInterval(java.time.Duration.ZERO).build())) {
            fresh.controls().graphZoomIn();
            ScriptedGame.drawScene(W, H);
            fresh.render(W, H);
            Image whole = gl.read();
            assertEquals(0, incremental.countChanged(whole, 0, 0, W, H), "pixels that differ");
        }
    }

    @Test
    void aNewFrameUploadsOnlyChangedQuadsAndTheColumnsItsTextureMissed() {
        game.frames(HISTORY, 1.0);
        for (int i = 0; i < 10; i++) {
            game.frame(1.0);
            frame(null);
        }
        StripPlot strip = overlay.graph().strip();
        long column = (long) strip.columnWidth() * strip.plot().height() * 4;
        for (int i = 0; i < 6; i++) {
            game.frame(1.0 + i * 0.1);
            frame(null);
            long vertices = overlay.drawList().changedBytes();
            assertTrue(vertices < (long) overlay.drawList().vertexCount() * DrawList.VERTEX_BYTES * 3 / 4,
                    "changed vertices " + vertices + " of " + overlay.drawList().vertexCount() * DrawList.VERTEX_BYTES);
            // Three textures in turn: the one drawn this frame last saw the picture three frames ago.
            assertEquals(vertices + HudImage.TEXTURES * column, overlay.lastUploadBytes(), "frame " + i);
        }
        frame(null);
        assertEquals(overlay.drawList().changedBytes() + 2 * column, overlay.lastUploadBytes(),
                "no new frame: only what this texture missed of the last two");
    }

    @Test
    void columnsTallerThanTheRangeAreClippedAtTheTop() {
        game.frames(10, 1.0);
        game.frame(10.0);
        Image image = frame("graph-clipped");
        HistoryGraphView graph = overlay.graph();
        int x = graph.strip().plot().right() - 3;
        assertEquals(graph.strip().plot().height(), HudProbe.columnHeight(image, graph, 0));
        for (int y = graph.strip().bounds().top(); y < graph.strip().plot().top(); y++) {
            assertTrue(!HudProbe.isBarColor(image.rgb(x, y)), "column drawn above the plot at y=" + y);
        }
    }
}
