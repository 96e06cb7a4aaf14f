package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every panel fits inside the framebuffer at any size and content scale: the report narrows its name column and
 * drops value columns, shows fewer rows (the rest scroll), the graph drops its legend and narrows its plot, and a
 * resize lays everything out again. Screenshots: {@code fit-<width>x<height>-<scale>x.png}.
 */
class HudFitGlTest {
    private static GlContext gl;
    private static ScriptedGame game;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, 640, 360);
        game = new ScriptedGame(256, 12);
        game.frames(120, 1.0);
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

    static List<Arguments> sizesAndScales() {
        List<Arguments> cases = new ArrayList<>();
        for (int[] size : new int[][]{{640, 360}, {1920, 1080}}) {
            for (float scale : new float[]{1f, 1.5f, 2f, 3f}) {
                cases.add(Arguments.of(size[0], size[1], scale));
            }
        }
        return cases;
    }

    @ParameterizedTest(name = "{0}x{1} at content scale {2}")
    @MethodSource("sizesAndScales")
    void panelsStayInsideTheFramebufferAndShowTheirContent(int w, int h, float scale) {
        gl.resize(w, h);
        ScriptedGame.drawScene(w, h);
        try (Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true)
                .contentScale(scale).build())) {
            overlay.render(w, h);
            Image image = gl.screenshot("fit-" + w + "x" + h + "-" + scale + "x");
            ReportPanelView panel = overlay.panel();
            assertInside(panel.bounds(), w, h, "report panel");
            assertInside(overlay.graph().strip().bounds(), w, h, "graph");
            assertTrue(panel.shownRows() >= 1);
            assertTrue(panel.shownColumns() >= 1);
            // The last row shown carries text up to its last value column: nothing is cut at the right edge.
            int lastRowY = panel.rowsTop() + (panel.shownRows() - 1) * panel.rowHeight();
            Box box = panel.bounds();
            int valueInk = HudProbe.brightPixels(image, box.right() - box.width() / 6, box.right(), panel.rowsTop(),
                    lastRowY + panel.rowHeight());
            assertTrue(valueInk > 0, "no value text at the panel's right side");
            if (w == 1920 && scale <= 2f) {
                assertEquals(4, panel.shownColumns(), "room for every column on a large framebuffer");
            }
        }
    }

    @Test
    void resizingTheFramebufferLaysThePanelsOutAgain() {
        gl.resize(1920, 1080);
        try (Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true)
                .contentScale(2f).build())) {
            overlay.render(1920, 1080);
            int rows = overlay.panel().shownRows();
            assertEquals(4, overlay.panel().shownColumns());
            gl.resize(640, 360);
            ScriptedGame.drawScene(640, 360);
            overlay.render(640, 360);
            gl.screenshot("fit-resized-to-640x360-2x");
            assertInside(overlay.panel().bounds(), 640, 360, "report panel after the resize");
            assertInside(overlay.graph().strip().bounds(), 640, 360, "graph after the resize");
            assertTrue(overlay.panel().shownColumns() < 4, "fewer value columns on the small framebuffer");
            assertTrue(overlay.panel().shownRows() < rows);
            gl.resize(1920, 1080);
            overlay.render(1920, 1080);
            assertEquals(rows, overlay.panel().shownRows(), "back to the large layout");
            assertEquals(4, overlay.panel().shownColumns());
        }
    }

    @Test
    void aPanelDraggedOffScreenIsKeptInside() {
        gl.resize(640, 360);
        try (Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).build())) {
            overlay.controls().layout().drag(HudLayout.Panel.REPORT, 5000, 5000, 1f);
            overlay.controls().layout().drag(HudLayout.Panel.GRAPH, -5000, -5000, 1f);
            ScriptedGame.drawScene(640, 360);
            overlay.render(640, 360);
            gl.screenshot("fit-dragged-off-screen");
            Box report = overlay.panel().bounds();
            assertEquals(640, report.right());
            assertEquals(360, report.bottom());
            assertEquals(0, overlay.graph().strip().bounds().left());
            assertEquals(0, overlay.graph().strip().bounds().top());
        }
    }

    private static void assertInside(Box box, int w, int h, String what) {
        assertTrue(box.left() >= 0 && box.top() >= 0 && box.right() <= w && box.bottom() <= h,
                what + " at " + box.left() + "," + box.top() + ".." + box.right() + "," + box.bottom()
                        + " leaves the " + w + "x" + h + " framebuffer");
    }
}
