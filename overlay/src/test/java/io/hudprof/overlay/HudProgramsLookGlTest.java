package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The HUD's two small programs with a flat vertex colour (hud.frag, hud-image.frag) draw exactly what the single
 * program they replaced drew (kept as a test reference in {@code shaders/test/hud-reference*}: the colour
 * interpolated, the atlas or picture path chosen per pixel): the same draw list, rendered both ways over a game picture
 * that is not one colour, pixel for pixel. Opaque and translucent panels, the graph's picture, text, bands and lines.
 */
class HudProgramsLookGlTest {
    private static final int W = 1024;
    private static final int H = 600;
    private static final int HISTORY = 48;
    private static final String[] REFERENCE = {"shaders/test/hud-reference.vert",
        "shaders/test/hud-reference-atlas.frag", "shaders/test/hud-reference-image.frag"};

    private static GlContext gl;
    private static ScriptedGame game;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
        game = new ScriptedGame(HISTORY, 0);
        game.frames(HISTORY, 1.0);
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

    @Test
    void opaquePanelsLookTheSameAsWithTheSingleProgram() {
        assertSameLook(true, "hud-programs-opaque");
    }

    @Test
    void translucentPanelsLookTheSameAsWithTheSingleProgram() {
        assertSameLook(false, "hud-programs-translucent");
    }

    private static void assertSameLook(boolean opaque, String screenshot) {
        try (Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true)
                .helpVisible(true).graphColumnWidth(6).graphHeight(160).opaquePanels(opaque)
                .refreshInterval(java.time.Duration.ZERO).build());
             DrawListRenderer reference = new DrawListRenderer(overlay.font(), GlSupport.current(), REFERENCE)) {
            ScriptedGame.drawScene(W, H);
            overlay.render(W, H);
            Image now = gl.screenshot(screenshot);
            DrawList list = overlay.drawList();
            assertTrue(list.quadCount() > 500, "a whole HUD: " + list.quadCount() + " quads");
            boolean picture = false;
            for (int c = 0; c < list.commandCount(); c++) {
                picture |= list.commandImage(c) != null;
            }
            assertTrue(picture, "the graph's picture is drawn");

            ScriptedGame.drawScene(W, H);
            reference.render(list);
            Image before = gl.screenshot(screenshot + "-reference");
            int changed = now.countChanged(before, 0, 0, W, H);
            assertEquals(0, changed, "pixels that differ from the single program's");
            // Not trivially equal: the HUD is drawn, over a scene of several colours.
            Box panel = overlay.panel().bounds();
            if (opaque) {
                assertTrue(now.countNear(panel.left(), panel.top(), panel.right(), panel.bottom(),
                        HudPalette.OPAQUE_BACKGROUND >>> 8, 0) > 0, "the panel is drawn");
            }
            assertTrue(HudProbe.brightPixels(now, panel.left(), panel.right(), panel.top(), panel.bottom()) > 500,
                    "its text is drawn");
        }
    }
}
