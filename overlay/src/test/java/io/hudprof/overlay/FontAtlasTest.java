package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Baking the bundled font with STB TrueType; CPU only. */
class FontAtlasTest {
    @Test
    void bundledFontAndLicenceAreOnTheClasspath() {
        assertTrue(Resources.bytes(FontAtlas.DEFAULT_FONT).length > 100_000);
        assertTrue(Resources.text("fonts/LICENSE-DejaVuSansMono.txt").contains("Bitstream"));
    }

    @Test
    void sixteenPixelAsciiFitsA256By128Atlas() {
        try (FontAtlas atlas = FontAtlas.bake(FontAtlas.DEFAULT_FONT, 16)) {
            assertTrue(atlas.width() * atlas.height() <= 256 * 128, atlas.width() + "x" + atlas.height());
            assertEquals(16, atlas.lineHeight());
        }
    }

    @Test
    void doubleSizeBakeHasDoubleSizeCellsAndGlyphs() {
        try (FontAtlas small = FontAtlas.bake(FontAtlas.DEFAULT_FONT, 15);
             FontAtlas large = FontAtlas.bake(FontAtlas.DEFAULT_FONT, 30)) {
            assertEquals(2 * small.lineHeight(), large.lineHeight());
            assertTrue(Math.abs(2 * small.cellWidth() - large.cellWidth()) <= 1);
            int m = small.glyph('M');
            float smallHeight = small.y1(m) - small.y0(m);
            float largeHeight = large.y1(m) - large.y0(m);
            assertTrue(Math.abs(2 * smallHeight - largeHeight) <= 2, smallHeight + " vs " + largeHeight);
        }
    }

    @Test
    void whiteTexelIsFullyCovered() {
        try (FontAtlas atlas = FontAtlas.bake(FontAtlas.DEFAULT_FONT, 15)) {
            int x = (int) (atlas.whiteU() * atlas.width());
            int y = (int) (atlas.whiteV() * atlas.height());
            for (int dy = -1; dy <= 0; dy++) {
                for (int dx = -1; dx <= 0; dx++) {
                    assertEquals(0xFF, atlas.pixels().get((y + dy) * atlas.width() + x + dx) & 0xFF);
                }
            }
        }
    }

    @Test
    void glyphQuadsSitOnWholePixelsWithOneTexelPerPixel() {
        try (FontAtlas atlas = FontAtlas.bake(FontAtlas.DEFAULT_FONT, 15)) {
            for (char c = '!'; c <= '~'; c++) {
                int g = atlas.glyph(c);
                assertTrue(atlas.hasQuad(g), "no ink for " + c);
                assertEquals(Math.rint(atlas.x0(g)), atlas.x0(g), 0.0, "x0 of " + c);
                assertEquals(Math.rint(atlas.y0(g)), atlas.y0(g), 0.0, "y0 of " + c);
                float texelsWide = (atlas.s1(g) - atlas.s0(g)) * atlas.width();
                assertEquals(atlas.x1(g) - atlas.x0(g), texelsWide, 1e-3, "width of " + c);
            }
            assertFalse(atlas.hasQuad(atlas.glyph(' ')));
        }
    }

    @Test
    void charactersOutsideAsciiDrawAsQuestionMark() {
        try (FontAtlas atlas = FontAtlas.bake(FontAtlas.DEFAULT_FONT, 15)) {
            assertEquals(atlas.glyph('?'), atlas.glyph('\u00e9'));
        }
    }

    @Test
    void missingFontFailsNamingTheFile() {
        OverlayLoadException e = assertThrows(OverlayLoadException.class,
                () -> FontAtlas.bake("fonts/NoSuchFont.ttf", 15));
        assertEquals("fonts/NoSuchFont.ttf", e.file());
        assertTrue(e.getMessage().contains("fonts/NoSuchFont.ttf"));
    }

    @Test
    void truncatedFontFailsNamingTheFileInsteadOfCrashing() throws Exception {
        byte[] whole;
        try (java.io.InputStream in = FontAtlasTest.class.getClassLoader()
                .getResourceAsStream("fonts/DejaVuSansMono.ttf")) {
            whole = in.readAllBytes();
        }
        // A font cut short: its table directory points past the end. Written into the test classpath so the
        // overlay's own resource loading finds it.
        java.nio.file.Path classes = java.nio.file.Path.of(
                FontAtlasTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        java.nio.file.Path cut = classes.resolve("fonts/Cut.ttf");
        java.nio.file.Files.createDirectories(cut.getParent());
        java.nio.file.Files.write(cut, java.util.Arrays.copyOf(whole, 4096));
        OverlayLoadException e = assertThrows(OverlayLoadException.class, () -> FontAtlas.bake("fonts/Cut.ttf", 15));
        assertTrue(e.getMessage().contains("Cut.ttf") && e.getMessage().contains("past the end"), e.getMessage());
    }

    @Test
    void fileThatIsNotAFontFailsNamingTheFile() {
        OverlayLoadException e = assertThrows(OverlayLoadException.class,
                () -> FontAtlas.bake("fonts/LICENSE-DejaVuSansMono.txt", 15));
        assertTrue(e.getMessage().contains("LICENSE-DejaVuSansMono.txt"), e.getMessage());
    }
}
