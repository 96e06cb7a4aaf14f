package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11.glClear;
import static org.lwjgl.opengl.GL11.glClearColor;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** The draw list and its renderer on a real context: shapes, text and clipping land on the right pixels. */
class DrawListRendererGlTest {
    private static final int W = 320;
    private static final int H = 200;
    private static final int BACKGROUND = 0x2050A0;

    private static GlContext gl;
    private static FontAtlas font;
    private static DrawListRenderer renderer;
    private static DrawList list;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
        font = FontAtlas.bake(FontAtlas.DEFAULT_FONT, 16);
        renderer = new DrawListRenderer(font, GlSupport.current());
        list = new DrawList(font);
    }

    @AfterAll
    static void close() {
        if (list != null) {
            list.close();
        }
        if (renderer != null) {
            renderer.close();
        }
        if (font != null) {
            font.close();
        }
        if (gl != null) {
            gl.close();
        }
    }

    @BeforeEach
    void clearToBackground() {
        glClearColor(0x20 / 255f, 0x50 / 255f, 0xA0 / 255f, 1f);
        glClear(GL_COLOR_BUFFER_BIT);
        list.reset(W, H);
    }

    @AfterEach
    void screenshot(TestInfo test) {
        gl.screenshotOf(test);
    }

    @Test
    void solidRectangleCoversExactlyItsPixels() {
        list.rect(10, 20, 50, 40, 0xFF0000FF);
        assertEquals(1, renderer.render(list));
        Image image = gl.screenshot("drawlist-rectangle");
        assertEquals(0xFF0000, image.rgb(10, 20));
        assertEquals(0xFF0000, image.rgb(49, 39));
        assertEquals(BACKGROUND, image.rgb(9, 20));
        assertEquals(BACKGROUND, image.rgb(50, 39));
        assertEquals(BACKGROUND, image.rgb(10, 19));
        assertEquals(BACKGROUND, image.rgb(10, 40));
        assertEquals(40 * 20, image.countNear(0, 0, W, H, 0xFF0000, 0));
    }

    @Test
    void translucentRectangleBlendsOverTheGame() {
        list.rect(0, 0, 20, 20, 0x00000080);
        renderer.render(list);
        int blended = gl.read().rgb(5, 5);
        // Half black over 0x2050A0 gives about half of each channel.
        assertTrue(Image.distance(blended, 0x102850) <= 2, Integer.toHexString(blended));
    }

    @Test
    void textInkStaysInsideItsCells() {
        String text = "HUD 123 +-";
        float end = list.text(12, 60, text, 0xFFFFFFFF);
        renderer.render(list);
        Image image = gl.screenshot("drawlist-text");
        int x1 = 12 + text.length() * font.cellWidth();
        assertEquals(x1, (int) end);
        int inside = image.countDifferent(12, 60, x1, 60 + font.lineHeight(), BACKGROUND, 40);
        int outside = image.countDifferent(0, 0, W, H, BACKGROUND, 40) - inside;
        assertTrue(inside > 100, "expected ink in the text's cells, found " + inside + " pixels");
        assertEquals(0, outside, "ink outside the text's cells");
        // The space cell (the 4th character) has no ink.
        int spaceX = 12 + 3 * font.cellWidth();
        assertEquals(0, image.countDifferent(spaceX + 1, 60, spaceX + font.cellWidth() - 1, 60 + font.lineHeight(),
                BACKGROUND, 40));
    }

    @Test
    void clipChangeOpensASecondCommandAndCutsGeometry() {
        list.rect(0, 0, 40, 40, 0x00FF00FF);
        list.pushClip(100, 100, 150, 150);
        list.rect(80, 80, 200, 200, 0xFFFF00FF);
        list.popClip();
        assertEquals(2, list.commandCount());
        assertEquals(2, renderer.render(list));
        Image image = gl.screenshot("drawlist-clip");
        assertEquals(0xFFFF00, image.rgb(100, 100));
        assertEquals(0xFFFF00, image.rgb(149, 149));
        assertEquals(BACKGROUND, image.rgb(99, 120));
        assertEquals(BACKGROUND, image.rgb(150, 120));
        assertEquals(BACKGROUND, image.rgb(120, 150));
        assertEquals(50 * 50, image.countNear(0, 0, W, H, 0xFFFF00, 0));
    }

    @Test
    void sameClipTwiceKeepsOneCommand() {
        list.rect(0, 0, 10, 10, 0xFFFFFFFF);
        list.pushClip(0, 0, W, H);
        list.rect(20, 0, 30, 10, 0xFFFFFFFF);
        list.popClip();
        list.text(0, 20, "abc", 0xFFFFFFFF);
        assertEquals(1, list.commandCount());
    }

    @Test
    void zeroSizedFramebufferDrawsNothing() {
        list.reset(0, 0);
        list.rect(0, 0, 10, 10, 0xFFFFFFFF);
        assertEquals(0, renderer.render(list));
        assertEquals(0, gl.read().countDifferent(0, 0, W, H, BACKGROUND, 0));
    }
}
