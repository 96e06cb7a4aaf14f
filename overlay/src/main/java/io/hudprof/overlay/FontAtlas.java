package io.hudprof.overlay;

import static org.lwjgl.stb.STBTruetype.stbtt_GetCodepointHMetrics;
import static org.lwjgl.stb.STBTruetype.stbtt_GetFontVMetrics;
import static org.lwjgl.stb.STBTruetype.stbtt_GetPackedQuad;
import static org.lwjgl.stb.STBTruetype.stbtt_InitFont;
import static org.lwjgl.stb.STBTruetype.stbtt_PackBegin;
import static org.lwjgl.stb.STBTruetype.stbtt_PackEnd;
import static org.lwjgl.stb.STBTruetype.stbtt_PackFontRange;
import static org.lwjgl.stb.STBTruetype.stbtt_ScaleForPixelHeight;

import java.nio.ByteBuffer;

import org.lwjgl.stb.STBTTAlignedQuad;
import org.lwjgl.stb.STBTTFontinfo;
import org.lwjgl.stb.STBTTPackContext;
import org.lwjgl.stb.STBTTPackedchar;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;

/**
 * A monospace TrueType font baked with STB TrueType ({@code stbtt_PackFontRange}) into a single-channel coverage
 * bitmap for printable ASCII, plus a block of white texels that solid shapes sample, so text and boxes share one
 * texture. Glyph quads are kept relative to a pen on the baseline, already snapped to whole pixels, so text drawn
 * at integer positions maps texels to pixels one to one and stays crisp at any baking size.
 *
 * <p>Pure CPU work: no GL context is needed to bake; the renderer uploads {@link #pixels()}.
 */
final class FontAtlas implements AutoCloseable {
    /** The bundled font (Bitstream Vera licence, see fonts/LICENSE-DejaVuSansMono.txt). */
    static final String DEFAULT_FONT = "fonts/DejaVuSansMono.ttf";

    private static final int FIRST_CHAR = 32;
    private static final int LAST_CHAR = 126;
    private static final int GLYPHS = LAST_CHAR - FIRST_CHAR + 1;
    private static final int FALLBACK = '?' - FIRST_CHAR;
    /** Rows kept below the packed glyphs for the white block. */
    private static final int WHITE_ROWS = 4;
    private static final int MAX_SIDE = 4096;

    private final String file;
    private final int pixelHeight;
    private final int width;
    private final int height;
    private ByteBuffer pixels;
    private final int cellWidth;
    private final int lineHeight;
    private final int ascent;
    private final float whiteU;
    private final float whiteV;
    private final float[] quads = new float[GLYPHS * 8];
    private final int[] pixelQuads = new int[GLYPHS * 4];
    private final short[] unormQuads = new short[GLYPHS * 4];

    private FontAtlas(String file, int pixelHeight, int width, int height, ByteBuffer pixels, int cellWidth,
                      int lineHeight, int ascent) {
        this.file = file;
        this.pixelHeight = pixelHeight;
        this.width = width;
        this.height = height;
        this.pixels = pixels;
        this.cellWidth = cellWidth;
        this.lineHeight = lineHeight;
        this.ascent = ascent;
        int whiteX = 1;
        int whiteY = height - WHITE_ROWS + 1;
        for (int y = whiteY; y < whiteY + 2; y++) {
            for (int x = whiteX; x < whiteX + 2; x++) {
                pixels.put(y * width + x, (byte) 0xFF);
            }
        }
        // The centre of a 2x2 white block: exactly white under nearest or linear filtering.
        this.whiteU = (whiteX + 1f) / width;
        this.whiteV = (whiteY + 1f) / height;
    }

    /**
     * Checks the font's table directory before STB TrueType sees it: stbtt_InitFont trusts the offsets it reads, so a
     * file that is not a font (or is cut short) can crash the JVM instead of failing. Requires an sfnt header, every
     * table inside the file, and the tables STB needs.
     */
    private static void checkTableDirectory(ByteBuffer data, String path) {
        ByteBuffer ttf = data.duplicate().order(java.nio.ByteOrder.BIG_ENDIAN);
        int size = ttf.remaining();
        int base = ttf.position();
        if (size < 12) {
            throw new OverlayLoadException(path, "is not a TrueType font: " + size + " bytes is too short");
        }
        int version = ttf.getInt(base);
        if (version != 0x00010000 && version != tag("true") && version != tag("OTTO")) {
            throw new OverlayLoadException(path, "is not a TrueType font (no sfnt version at its start)");
        }
        int tables = ttf.getShort(base + 4) & 0xFFFF;
        if (12L + 16L * tables > size) {
            throw new OverlayLoadException(path, "is not a TrueType font: its table directory runs past the end");
        }
        int found = 0;
        int[] required = {tag("cmap"), tag("head"), tag("hhea"), tag("hmtx")};
        for (int t = 0; t < tables; t++) {
            int record = base + 12 + 16 * t;
            int name = ttf.getInt(record);
            long offset = ttf.getInt(record + 8) & 0xFFFFFFFFL;
            long length = ttf.getInt(record + 12) & 0xFFFFFFFFL;
            if (offset + length > size) {
                throw new OverlayLoadException(path, "is not a TrueType font: a table lies past the end of the file");
            }
            for (int r = 0; r < required.length; r++) {
                if (name == required[r]) {
                    found |= 1 << r;
                }
            }
        }
        if (found != (1 << required.length) - 1) {
            throw new OverlayLoadException(path, "is not a usable TrueType font: it lacks cmap, head, hhea or hmtx");
        }
    }

    private static int tag(String fourLetters) {
        return fourLetters.charAt(0) << 24 | fourLetters.charAt(1) << 16 | fourLetters.charAt(2) << 8
                | fourLetters.charAt(3);
    }

    /**
     * Bakes the TrueType file at classpath {@code path} at {@code pixelHeight} pixels (ascender to descender), growing
     * the bitmap until every glyph fits.
     */
    static FontAtlas bake(String path, int pixelHeight) {
        if (pixelHeight < 6 || pixelHeight > 200) {
            throw new IllegalArgumentException("font size " + pixelHeight + " px is outside 6..200");
        }
        ByteBuffer ttf = Resources.nativeBytes(path);
        checkTableDirectory(ttf, path);
        try (MemoryStack stack = MemoryStack.stackPush()) {
            STBTTFontinfo info = STBTTFontinfo.malloc(stack);
            if (!stbtt_InitFont(info, ttf)) {
                throw new OverlayLoadException(path, "is not a TrueType font that STB TrueType can read");
            }
            float scale = stbtt_ScaleForPixelHeight(info, pixelHeight);
            int[] ascender = new int[1];
            int[] descender = new int[1];
            int[] lineGap = new int[1];
            stbtt_GetFontVMetrics(info, ascender, descender, lineGap);
            int[] advance = new int[1];
            int[] bearing = new int[1];
            stbtt_GetCodepointHMetrics(info, 'M', advance, bearing);
            // Whole-pixel cells keep every column of the report on the same pixel grid.
            int cell = Math.max(1, Math.round(advance[0] * scale));
            int line = Math.round((ascender[0] - descender[0] + lineGap[0]) * scale);
            int ascentPixels = Math.round(ascender[0] * scale);

            STBTTPackedchar.Buffer packed = STBTTPackedchar.malloc(GLYPHS, stack);
            int w = 128;
            int h = 64;
            while (true) {
                ByteBuffer bitmap = MemoryUtil.memCalloc(w * h);
                if (pack(stack, ttf, pixelHeight, packed, bitmap, w, h)) {
                    FontAtlas atlas = new FontAtlas(path, pixelHeight, w, h, bitmap, cell, line, ascentPixels);
                    atlas.readQuads(packed, stack);
                    return atlas;
                }
                NativeMemory.free(bitmap);
                if (w <= h) {
                    w *= 2;
                } else {
                    h *= 2;
                }
                if (w > MAX_SIDE || h > MAX_SIDE) {
                    throw new OverlayLoadException(path, "glyphs at " + pixelHeight + " px do not fit a "
                            + MAX_SIDE + "x" + MAX_SIDE + " atlas");
                }
            }
        } finally {
            NativeMemory.free(ttf);
        }
    }

    private static boolean pack(MemoryStack stack, ByteBuffer ttf, int pixelHeight, STBTTPackedchar.Buffer packed,
                                ByteBuffer bitmap, int w, int h) {
        STBTTPackContext context = STBTTPackContext.malloc(stack);
        // Glyphs go into the top h - WHITE_ROWS rows; the stride is the full width, the rest is the white block.
        if (!stbtt_PackBegin(context, bitmap, w, h - WHITE_ROWS, w, 1)) {
            return false;
        }
        boolean fits = stbtt_PackFontRange(context, ttf, 0, pixelHeight, FIRST_CHAR, packed);
        stbtt_PackEnd(context);
        return fits;
    }

    private void readQuads(STBTTPackedchar.Buffer packed, MemoryStack stack) {
        STBTTAlignedQuad q = STBTTAlignedQuad.malloc(stack);
        float[] x = new float[1];
        float[] y = new float[1];
        for (int g = 0; g < GLYPHS; g++) {
            x[0] = 0;
            y[0] = 0;
            stbtt_GetPackedQuad(packed, width, height, g, x, y, q, true);
            int at = g * 8;
            quads[at] = q.x0();
            quads[at + 1] = q.y0();
            quads[at + 2] = q.x1();
            quads[at + 3] = q.y1();
            quads[at + 4] = q.s0();
            quads[at + 5] = q.t0();
            quads[at + 6] = q.s1();
            quads[at + 7] = q.t1();
            for (int k = 0; k < 4; k++) {
                pixelQuads[g * 4 + k] = Math.round(quads[at + k]);
                unormQuads[g * 4 + k] = DrawList.unorm(quads[at + 4 + k]);
            }
        }
    }

    /** The glyph index of a character; characters outside printable ASCII map to '?'. */
    int glyph(char c) {
        return c >= FIRST_CHAR && c <= LAST_CHAR ? c - FIRST_CHAR : FALLBACK;
    }

    /** Glyphs the atlas holds (the printable ASCII characters); {@link #glyph} returns one of {@code 0..count-1}. */
    static int glyphCount() {
        return GLYPHS;
    }

    /** False for glyphs with no ink (the space). */
    boolean hasQuad(int glyph) {
        int at = glyph * 8;
        return quads[at + 2] > quads[at] && quads[at + 3] > quads[at + 1];
    }

    /** Glyph quad edges relative to the pen position and baseline, in whole pixels (the quads are pixel-aligned). */
    int left(int glyph) {
        return pixelQuads[glyph * 4];
    }

    int top(int glyph) {
        return pixelQuads[glyph * 4 + 1];
    }

    int right(int glyph) {
        return pixelQuads[glyph * 4 + 2];
    }

    int bottom(int glyph) {
        return pixelQuads[glyph * 4 + 3];
    }

    /** Atlas coordinates of a glyph as the draw list's normalised 16-bit integers. */
    short u0(int glyph) {
        return unormQuads[glyph * 4];
    }

    short v0(int glyph) {
        return unormQuads[glyph * 4 + 1];
    }

    short u1(int glyph) {
        return unormQuads[glyph * 4 + 2];
    }

    short v1(int glyph) {
        return unormQuads[glyph * 4 + 3];
    }

    float x0(int glyph) {
        return quads[glyph * 8];
    }

    float y0(int glyph) {
        return quads[glyph * 8 + 1];
    }

    float x1(int glyph) {
        return quads[glyph * 8 + 2];
    }

    float y1(int glyph) {
        return quads[glyph * 8 + 3];
    }

    float s0(int glyph) {
        return quads[glyph * 8 + 4];
    }

    float t0(int glyph) {
        return quads[glyph * 8 + 5];
    }

    float s1(int glyph) {
        return quads[glyph * 8 + 6];
    }

    float t1(int glyph) {
        return quads[glyph * 8 + 7];
    }

    /** The classpath file the atlas was baked from. */
    String file() {
        return file;
    }

    /** The requested size in pixels, ascender to descender. */
    int pixelHeight() {
        return pixelHeight;
    }

    /** Advance of every character, in whole pixels. */
    int cellWidth() {
        return cellWidth;
    }

    /** Distance between baselines, in whole pixels. */
    int lineHeight() {
        return lineHeight;
    }

    /** Distance from the top of a line to its baseline, in whole pixels. */
    int ascent() {
        return ascent;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    /** Atlas coordinates of a texel that is fully covered, for solid shapes. */
    float whiteU() {
        return whiteU;
    }

    float whiteV() {
        return whiteV;
    }

    /** Coverage bitmap, {@code width * height} bytes, row 0 at the top. */
    ByteBuffer pixels() {
        return pixels.clear();
    }

    @Override
    public void close() {
        if (pixels != null) {
            NativeMemory.free(pixels);
            pixels = null;
        }
    }
}
