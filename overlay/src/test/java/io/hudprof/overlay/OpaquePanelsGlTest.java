package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11.GL_BLEND;
import static org.lwjgl.opengl.GL11.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11.glClear;
import static org.lwjgl.opengl.GL11.glClearColor;
import static org.lwjgl.opengl.GL11.glDisable;
import static org.lwjgl.opengl.GL11.glEnable;
import static org.lwjgl.opengl.GL11.glIsEnabled;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * {@code OverlayConfig.opaquePanels} (the default): the report panel and the graph are drawn opaque, without blending,
 * so nothing of the game shows through them, while the game shows unchanged everywhere else; translucent panels let
 * it through. Each HUD is drawn over two different scenes and the two pictures compared pixel by pixel.
 */
class OpaquePanelsGlTest {
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

    private void start(boolean opaque) {
        game = new ScriptedGame(HISTORY, 0);
        overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).graphColumnWidth(6)
                .graphHeight(160).opaquePanels(opaque).build());
        game.frames(HISTORY, 1.0);
    }

    /** The banded test scene with the HUD over it. */
    private Image overScene(String screenshot) {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        return gl.screenshot(screenshot);
    }

    /** A plain clear of another colour with the same HUD over it. */
    private Image overPlain() {
        glClearColor(0.9f, 0.1f, 0.6f, 1f);
        glClear(GL_COLOR_BUFFER_BIT);
        overlay.render(W, H);
        return gl.read();
    }

    private static Image scene() {
        ScriptedGame.drawScene(W, H);
        return gl.read();
    }

    @Test
    void opaquePanelsHideTheGameBehindThemAndLeaveItEverywhereElse() {
        assertTrue(OverlayConfig.defaults().opaquePanels, "opaque panels are the default look");
        start(true);
        Image scene = scene();
        Image overScene = overScene("opaque-panels");
        Image overPlain = overPlain();
        Box panel = overlay.panel().bounds();
        Box graph = overlay.graph().strip().bounds();
        assertTrue(panel.width() > 100 && graph.width() > 100, "both views drawn: " + panel + ", " + graph);
        assertEquals(0, overScene.countChanged(overPlain, panel.left(), panel.top(), panel.right(), panel.bottom()),
                "nothing of the game shows through the report panel");
        assertEquals(0, overScene.countChanged(overPlain, graph.left(), graph.top(), graph.right(), graph.bottom()),
                "nothing of the game shows through the graph, its plot included");
        // The panel's own colour where nothing is drawn on it: its bottom-left corner, under the last text line.
        assertEquals(HudPalette.OPAQUE_BACKGROUND >>> 8, overScene.rgb(panel.left() + 1, panel.bottom() - 2));
        Box plot = overlay.graph().strip().plot();
        // Above every column (frames of 1 ms in a 33 ms plot), clear of the guide lines near the top.
        assertEquals(GraphColumns.OPAQUE_GROUND >>> 8, overScene.rgb(plot.left() + plot.width() / 3, plot.top() + 3));
        int outside = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                if (!panel.contains(x, y) && !graph.contains(x, y) && overScene.rgb(x, y) != scene.rgb(x, y)) {
                    outside++;
                }
            }
        }
        assertEquals(0, outside, "the game is untouched outside the HUD's views");
    }

    @Test
    void translucentPanelsLetTheGameThrough() {
        start(false);
        Image overScene = overScene("translucent-panels");
        Image overPlain = overPlain();
        Box panel = overlay.panel().bounds();
        int x = panel.left() + 1;
        int y = panel.bottom() - 2;
        assertTrue(Image.distance(overScene.rgb(x, y), overPlain.rgb(x, y)) > 10, String.format(
                "the game shows through a translucent panel: %06x over the scene, %06x over the plain clear",
                overScene.rgb(x, y), overPlain.rgb(x, y)));
    }

    @Test
    void opaquePanelsLeaveTheGamesBlendStateAsItWas() {
        start(true);
        assertTrue(overlay.drawList().opaquePanels());
        for (boolean gameBlends : new boolean[] {true, false}) {
            if (gameBlends) {
                glEnable(GL_BLEND);
            } else {
                glDisable(GL_BLEND);
            }
            overScene("opaque-panels-blend-" + gameBlends);
            assertEquals(gameBlends, glIsEnabled(GL_BLEND), "the game's blend switch is restored");
        }
        DrawList list = overlay.drawList();
        int opaque = 0;
        for (int c = 0; c < list.commandCount(); c++) {
            if (list.commandOpaque(c)) {
                opaque++;
            }
        }
        assertTrue(opaque >= 2, "the panel and the plot are drawn without blending: " + opaque + " of "
                + list.commandCount() + " commands");
        assertFalse(list.commandOpaque(list.commandCount() - 1), "text, drawn last, is blended");
        glDisable(GL_BLEND);
    }
}
