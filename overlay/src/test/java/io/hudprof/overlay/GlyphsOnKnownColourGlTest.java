package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Glyphs and shapes on an opaque panel are mixed with the panel's colour in the shader and written with blending off
 * ({@code DrawList.mixOverKnownBackground}, the default): the HUD must look as it did when every glyph was blended
 * over the panel, to 8-bit rounding, over a game picture that is not one colour. Anything whose background the list
 * does not know (the graph's picture, the game itself, translucent panels) stays blended.
 */
class GlyphsOnKnownColourGlTest {
    private static final int W = 1024;
    private static final int H = 600;
    private static final int HISTORY = 48;
    /** Largest channel difference allowed: GL's blend rounds in 8 bits, the shader's mix in floating point. */
    private static final int ROUNDING = 1;

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

    private static Overlay overlay(boolean opaque, boolean mix) {
        Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).helpVisible(true)
                .graphColumnWidth(6).graphHeight(160).opaquePanels(opaque).build());
        overlay.drawList().mixOverKnownBackground(mix);
        return overlay;
    }

    /** The banded scene (four colours in vertical bands) with the HUD drawn over it. */
    private static Image overScene(Overlay overlay, String screenshot) {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        return gl.screenshot(screenshot);
    }

    private static int[] differences(Image a, Image b) {
        int changed = 0;
        int largest = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                int d = Image.distance(a.rgb(x, y), b.rgb(x, y));
                if (d > 0) {
                    changed++;
                    largest = Math.max(largest, d);
                }
            }
        }
        return new int[] {changed, largest};
    }

    @Test
    void textOnOpaquePanelsIsWrittenUnblendedAndLooksAsWhenBlended() {
        try (Overlay mixed = overlay(true, true); Overlay blended = overlay(true, false)) {
            Image now = overScene(mixed, "glyphs-on-known-colour-mixed");
            Image before = overScene(blended, "glyphs-on-known-colour-blended");
            int[] diff = differences(now, before);
            System.out.printf("mixed against blended: %d pixels differ, by at most %d of 255%n", diff[0], diff[1]);
            assertTrue(diff[1] <= ROUNDING, "the HUD looks as with every glyph blended, to 8-bit rounding: "
                    + diff[0] + " pixels differ, the largest by " + diff[1]);

            DrawList list = mixed.drawList();
            int mixedQuads = 0;
            int blendedQuads = 0;
            for (int c = 0; c < list.commandCount(); c++) {
                int quads = list.commandIndexCount(c) / 6;
                if (list.commandBackground(c) != 0) {
                    assertTrue(list.commandOpaque(c), "a command mixed with its background is drawn unblended");
                    assertEquals(255, Rgba.alpha(list.commandBackground(c)), "an opaque colour");
                    mixedQuads += quads;
                } else if (!list.commandOpaque(c)) {
                    blendedQuads += quads;
                }
            }
            assertTrue(mixedQuads > 500, "the report's and the graph's text is mixed: " + mixedQuads + " quads");
            assertTrue(blendedQuads < mixedQuads / 10, "little is left blended: " + blendedQuads + " quads");
            assertTrue(mixed.lastDrawCalls() < blended.lastDrawCalls(), "fewer draw calls: " + mixed.lastDrawCalls()
                    + " against " + blended.lastDrawCalls());
        }
    }

    @Test
    void translucentPanelsKeepEveryGlyphBlended() {
        try (Overlay overlay = overlay(false, true); Overlay blended = overlay(false, false)) {
            Image now = overScene(overlay, "glyphs-on-known-colour-translucent");
            Image before = overScene(blended, "glyphs-on-known-colour-translucent-switched-off");
            DrawList list = overlay.drawList();
            for (int c = 0; c < list.commandCount(); c++) {
                assertEquals(0, list.commandBackground(c), "command " + c + " mixes with nothing: the game shows "
                        + "through a translucent panel");
            }
            assertEquals(0, differences(now, before)[0], "the switch changes nothing on translucent panels");
        }
    }

    /**
     * Text over a picture, over the game and over a translucent band stays blended; text on the panel and on an opaque
     * band is mixed with the one colour there, as is a translucent band on the panel; each comes out as blending
     * gives, to rounding.
     */
    @Test
    void aGlyphOverAPictureTheGameOrATranslucentShapeIsStillBlended() {
        try (FontAtlas font = FontAtlas.bake(FontAtlas.DEFAULT_FONT, 16);
             DrawListRenderer renderer = new DrawListRenderer(font, GlSupport.current());
             DrawList list = new DrawList(font);
             DrawList before = new DrawList(font);
             HudImage picture = new HudImage()) {
            picture.resize(64, 40);
            for (int x = 0; x < picture.width(); x++) {
                for (int y = 0; y < picture.height(); y++) {
                    picture.fill(x, x + 1, y, y + 1, Rgba.of(x * 4, 255 - y * 6, (x * y) & 0xFF, 255));
                }
            }
            list.opaquePanels(true);
            before.opaquePanels(true);
            before.mixOverKnownBackground(false);
            Image[] images = new Image[2];
            DrawList[] lists = {list, before};
            for (int i = 0; i < 2; i++) {
                DrawList l = lists[i];
                l.reset(W, H);
                l.panel(10, 10, 400, 200);
                l.text(20, 20, "on the panel", HudPalette.TEXT);
                l.image(20, 60, picture, 0, picture.width(), true);
                l.text(22, 70, "on the picture", HudPalette.TEXT);
                l.rect(200, 60, 380, 100, 0x3060C080);
                l.text(210, 70, "on a band", HudPalette.TEXT);
                l.rect(200, 120, 380, 160, 0x405060FF);
                l.text(210, 130, "on an opaque band", HudPalette.TEXT);
                l.text(420, 20, "over the game", HudPalette.TEXT);
                l.rect(420, 60, 600, 100, 0x3060C080);
                l.text(430, 70, "on a band over the game", HudPalette.TEXT);
                l.finish();
                ScriptedGame.drawScene(W, H);
                renderer.render(l);
                images[i] = gl.screenshot("glyphs-on-known-colour-drawlist-" + (i == 0 ? "mixed" : "blended"));
            }
            int[] diff = differences(images[0], images[1]);
            assertTrue(diff[1] <= ROUNDING, "same look to rounding: " + diff[0] + " pixels differ, by up to "
                    + diff[1]);
            assertEquals(HudPalette.OPAQUE_BACKGROUND, backgroundOfQuad(list, quadIndexOf(list, "on the panel")),
                    "on the panel: mixed with the panel's colour");
            assertEquals(0, backgroundOfQuad(list, quadIndexOf(list, "on the picture")), "over the picture: blended");
            assertEquals(0, backgroundOfQuad(list, quadIndexOf(list, "on a band")),
                    "on a translucent band: blended (the band's colour is known only to rounding)");
            assertEquals(HudPalette.OPAQUE_BACKGROUND, backgroundOfQuad(list, quadIndexOf(list, "on a band") - 1),
                    "the translucent band itself, on the panel, is mixed with the panel's colour");
            assertEquals(0, backgroundOfQuad(list, quadIndexOf(list, "on a band over the game")),
                    "over a translucent band over the game: blended");
            assertEquals(0, backgroundOfQuad(list, quadIndexOf(list, "over the game")), "over the game: blended");
            assertEquals(0x405060FF, backgroundOfQuad(list, quadIndexOf(list, "on an opaque band")),
                    "on an opaque band: mixed with the band's colour");
            assertFalse(list.commandOpaque(commandOfQuad(list, quadIndexOf(list, "over the game"))));
        }
    }

    /** The first glyph quad of {@code text} in the order the test above writes its strings. */
    private static int quadIndexOf(DrawList list, String text) {
        String[] order = {"", "on the panel", "", "on the picture", "", "on a band", "", "on an opaque band",
            "over the game", "", "on a band over the game"};
        // Quads in write order: one for a shape or the picture (""), one a glyph with ink for text.
        int quad = 0;
        for (String s : order) {
            if (s.equals(text)) {
                return quad;
            }
            quad += s.isEmpty() ? 1 : s.replace(" ", "").length();
        }
        throw new IllegalArgumentException(text);
    }

    private static int commandOfQuad(DrawList list, int quad) {
        for (int c = 0; c < list.commandCount(); c++) {
            int first = list.commandFirstIndex(c) / 6;
            if (quad >= first && quad < first + list.commandIndexCount(c) / 6) {
                return c;
            }
        }
        return -1;
    }

    private static int backgroundOfQuad(DrawList list, int quad) {
        return list.commandBackground(commandOfQuad(list, quad));
    }
}
