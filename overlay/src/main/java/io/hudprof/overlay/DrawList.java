package io.hudprof.overlay;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.lwjgl.system.MemoryUtil;

/**
 * One frame's worth of HUD geometry, Dear ImGui style: textured, coloured quads in a native buffer that keeps its
 * capacity from frame to frame, plus a list of draw commands. Text and boxes sample the font atlas (solid shapes use
 * its white texel); a {@link HudImage} (the history graph's columns) is its own texture. A new command starts only
 * where the clip rectangle or the texture changes.
 *
 * <p>Every primitive is a quad of 4 vertices, so the triangle indices are always the same pattern
 * ({@code 0 1 2 0 2 3}, plus 4 per quad): the renderer keeps them in a static buffer and the list writes none. A vertex
 * is 12 bytes: position as two 16-bit integers (framebuffer pixels; every HUD edge sits on a whole pixel), atlas
 * coordinates as two normalised 16-bit integers, and the colour: 48 bytes a quad, where 20-byte vertices and 32-bit
 * indices took 104.
 *
 * <p>{@link #finish()} compares the frame's quads with those of the frame {@value #RING} frames before (a renderer
 * keeps that many vertex buffers and uses them in turn, so it never writes a buffer an earlier frame may still draw
 * from) and keeps the ranges that differ: a renderer whose buffer in turn holds that frame uploads only those. A live
 * report changes a few digits per row, not its names, headers, help or the graph's furniture.
 *
 * <p>Coordinates are framebuffer pixels with the origin at the top-left. Written by the render thread only.
 */
final class DrawList implements AutoCloseable {
    /** position (2 shorts), atlas coordinates (2 normalised unsigned shorts), colour (4 unsigned bytes). */
    static final int VERTEX_BYTES = 12;
    static final int QUAD_BYTES = 4 * VERTEX_BYTES;
    static final int INDEX_BYTES = 4;
    private static final int MAX_CLIP_DEPTH = 8;
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    /** Vertex buffers a renderer uses in turn; the frame {@code RING} before is the one a buffer holds. */
    static final int RING = 3;
    /** Changed quads closer than this are uploaded as one range: fewer driver calls for a few bytes more. */
    private static final int MERGE_GAP_QUADS = 12;
    /** More changed ranges than this are merged into the last one: a driver call costs more than a copy. */
    private static final int MAX_RANGES = 64;

    private ByteBuffer vertices;
    /** The vertices' address and capacity, read once per growth rather than once per quad. */
    private long base;
    private int capacityQuads;
    private int quadCount;
    /** The vertices of the last frame finished in each ring slot. */
    private final ByteBuffer[] shadow = new ByteBuffer[RING];
    private final int[] shadowQuads = new int[RING];
    private final int[] rangeFrom = new int[MAX_RANGES];
    private final int[] rangeTo = new int[MAX_RANGES];
    private int ranges;
    /** Frames finished; the ring slot of the last one is {@code (generation - 1) % RING}. */
    private int generation;

    private int[] commandClip = new int[4 * 4];
    private int[] commandFirstQuad = new int[4];
    private int[] commandQuads = new int[4];
    private HudImage[] commandImage = new HudImage[4];
    /** Per command: drawn without blending (opaque panels and pictures), else blended over what is below. */
    private boolean[] commandOpaque = new boolean[4];
    /** Whether what is being added is drawn without blending (a new command starts where this changes). */
    private boolean opaque;
    /** The look: panels' backgrounds opaque, drawn without blending ({@code OverlayConfig.opaquePanels}). */
    private boolean opaquePanels;
    private int commandCount;
    private HudImage texture;
    /** Whether the last command has the current clip and texture (checked once per change, not once per quad). */
    private boolean commandCurrent;

    /**
     * The opaque rectangles drawn so far this frame (x0, y0, x1, y1, clipped), in draw order: where the HUD's pixels
     * do not depend on the game under it, so a copy of them can be put back over a later frame ({@link #selfContained}).
     */
    private int[] covers = new int[4 * 16];
    private int coverCount;
    /** Whether something blended was drawn where no opaque rectangle drawn before it covers every pixel. */
    private boolean overGame;
    /** Glyph quads' extent about the pen and baseline, over every glyph of the atlas: a string's bounds. */
    private int inkLeft;
    private int inkRight;
    private int inkTop;
    private int inkBottom;

    private final int[] clipStack = new int[4 * MAX_CLIP_DEPTH];
    private int clipDepth;
    private int framebufferWidth;
    private int framebufferHeight;

    private FontAtlas font;
    private short whiteU;
    private short whiteV;
    /**
     * Per glyph, what {@link #text} writes, prepared once per atlas: the quad's edges relative to the pen and
     * baseline (left, top, right, bottom) and its four corners' atlas coordinates already packed as the vertex's
     * second int (top-left, top-right, bottom-right, bottom-left); a glyph with no ink has {@code glyphInk} false.
     */
    private final int[] glyphEdges = new int[FontAtlas.glyphCount() * 4];
    private final int[] glyphCorners = new int[FontAtlas.glyphCount() * 4];
    private final boolean[] glyphInk = new boolean[FontAtlas.glyphCount()];

    DrawList(FontAtlas font) {
        font(font);
        vertices = MemoryUtil.memAlloc(1024 * QUAD_BYTES);
        base = NativeMemory.address(vertices);
        capacityQuads = 1024;
        for (int i = 0; i < RING; i++) {
            shadow[i] = MemoryUtil.memAlloc(1024 * QUAD_BYTES);
        }
    }

    /** Switches to a rebaked atlas (a new content scale); only between frames. */
    void font(FontAtlas font) {
        this.font = font;
        whiteU = unorm(font.whiteU());
        whiteV = unorm(font.whiteV());
        inkLeft = 0;
        inkRight = font.cellWidth();
        inkTop = -font.ascent();
        inkBottom = 0;
        for (int g = 0; g < glyphInk.length; g++) {
            if (font.hasQuad(g)) {
                inkLeft = Math.min(inkLeft, font.left(g));
                inkRight = Math.max(inkRight, font.right(g));
                inkTop = Math.min(inkTop, font.top(g));
                inkBottom = Math.max(inkBottom, font.bottom(g));
            }
        }
        for (int g = 0; g < glyphInk.length; g++) {
            glyphInk[g] = font.hasQuad(g);
            glyphEdges[g * 4] = font.left(g);
            glyphEdges[g * 4 + 1] = font.top(g);
            glyphEdges[g * 4 + 2] = font.right(g);
            glyphEdges[g * 4 + 3] = font.bottom(g);
            glyphCorners[g * 4] = pack(font.u0(g), font.v0(g));
            glyphCorners[g * 4 + 1] = pack(font.u1(g), font.v0(g));
            glyphCorners[g * 4 + 2] = pack(font.u1(g), font.v1(g));
            glyphCorners[g * 4 + 3] = pack(font.u0(g), font.v1(g));
        }
    }

    FontAtlas font() {
        return font;
    }

    /** Starts a new frame for a framebuffer of the given size; the clip is the whole framebuffer. */
    void reset(int width, int height) {
        framebufferWidth = width;
        framebufferHeight = height;
        quadCount = 0;
        commandCount = 0;
        texture = null;
        opaque = false;
        commandCurrent = false;
        coverCount = 0;
        overGame = false;
        clipDepth = 1;
        clipStack[0] = 0;
        clipStack[1] = 0;
        clipStack[2] = width;
        clipStack[3] = height;
    }

    int framebufferWidth() {
        return framebufferWidth;
    }

    int framebufferHeight() {
        return framebufferHeight;
    }

    /** Restricts what follows to a rectangle (intersected with the current clip) until {@link #popClip()}. */
    void pushClip(int x0, int y0, int x1, int y1) {
        if (clipDepth == MAX_CLIP_DEPTH) {
            throw new IllegalStateException("clip rectangles nested deeper than " + MAX_CLIP_DEPTH);
        }
        int parent = (clipDepth - 1) * 4;
        int at = clipDepth * 4;
        clipStack[at] = Math.max(x0, clipStack[parent]);
        clipStack[at + 1] = Math.max(y0, clipStack[parent + 1]);
        clipStack[at + 2] = Math.max(clipStack[at], Math.min(x1, clipStack[parent + 2]));
        clipStack[at + 3] = Math.max(clipStack[at + 1], Math.min(y1, clipStack[parent + 3]));
        clipDepth++;
        commandCurrent = false;
    }

    void popClip() {
        if (clipDepth == 1) {
            throw new IllegalStateException("popClip without pushClip");
        }
        clipDepth--;
        commandCurrent = false;
    }

    /** Whether panels are drawn opaque ({@link #panel}); set from the overlay's configuration. */
    void opaquePanels(boolean on) {
        opaquePanels = on;
    }

    boolean opaquePanels() {
        return opaquePanels;
    }

    /**
     * A view's background: {@link HudPalette#BACKGROUND}, translucent over the game, or with {@link #opaquePanels}
     * {@link HudPalette#OPAQUE_BACKGROUND} drawn without blending (a software rasteriser then writes its pixels
     * instead of reading, blending and writing them).
     */
    void panel(float x0, float y0, float x1, float y1) {
        if (opaquePanels) {
            opaqueRect(x0, y0, x1, y1, HudPalette.OPAQUE_BACKGROUND);
        } else {
            rect(x0, y0, x1, y1, HudPalette.BACKGROUND);
        }
    }

    /**
     * A plot's darker ground, on a {@link #panel}: {@link HudPalette#PLOT} blended over it, or with
     * {@link #opaquePanels} the same colour already blended over the opaque background, drawn without blending.
     */
    void plotGround(float x0, float y0, float x1, float y1) {
        if (opaquePanels) {
            opaqueRect(x0, y0, x1, y1, GraphColumns.OPAQUE_GROUND);
        } else {
            rect(x0, y0, x1, y1, HudPalette.PLOT);
        }
    }

    /** An opaque rectangle drawn without blending: {@code rgba}'s alpha must be 255. */
    private void opaqueRect(float x0, float y0, float x1, float y1, int rgba) {
        if (x1 <= x0 || y1 <= y0) {
            return;
        }
        atlas();
        if (!opaque) {
            opaque = true;
            commandCurrent = false;
        }
        quad(pixel(x0), pixel(y0), pixel(x1), pixel(y1), whiteU, whiteV, whiteU, whiteV, rgba);
        addCover(pixel(x0), pixel(y0), pixel(x1), pixel(y1));
    }

    /** What follows is blended. */
    private void blended() {
        if (opaque) {
            opaque = false;
            commandCurrent = false;
        }
    }

    /** A solid axis-aligned rectangle. */
    void rect(float x0, float y0, float x1, float y1, int rgba) {
        if (x1 <= x0 || y1 <= y0 || Rgba.alpha(rgba) == 0) {
            return;
        }
        atlas();
        blended();
        int left = pixel(x0);
        int top = pixel(y0);
        int right = pixel(x1);
        int bottom = pixel(y1);
        quad(left, top, right, bottom, whiteU, whiteV, whiteU, whiteV, rgba);
        if (!overGame) {
            checkCovered(left, top, right, bottom);
        }
    }

    /** The outline of a rectangle, {@code thickness} pixels wide, inside its bounds. */
    void frame(float x0, float y0, float x1, float y1, float thickness, int rgba) {
        rect(x0, y0, x1, y0 + thickness, rgba);
        rect(x0, y1 - thickness, x1, y1, rgba);
        rect(x0, y0 + thickness, x0 + thickness, y1 - thickness, rgba);
        rect(x1 - thickness, y0 + thickness, x1, y1 - thickness, rgba);
    }

    /**
     * Columns {@code [u0, u1)} of {@code image} (all its rows), drawn one texel per pixel with its left edge at
     * {@code x} and its top at {@code y}. It gets a draw command of its own (another texture).
     */
    void image(int x, int y, HudImage image, int u0, int u1) {
        image(x, y, image, u0, u1, false);
    }

    /** {@link #image(int, int, HudImage, int, int)}, drawn without blending when {@code opaque} (every pixel opaque). */
    void image(int x, int y, HudImage image, int u0, int u1, boolean opaque) {
        if (u1 <= u0 || image.height() <= 0) {
            return;
        }
        if (texture != image || this.opaque != opaque) {
            texture = image;
            this.opaque = opaque;
            commandCurrent = false;
        }
        float w = image.width();
        quad(x, y, x + (u1 - u0), y + image.height(), unorm(u0 / w), (short) 0, unorm(u1 / w), (short) -1,
                0xFFFFFFFF);
        if (opaque) {
            addCover(x, y, x + (u1 - u0), y + image.height());
        } else if (!overGame) {
            checkCovered(x, y, x + (u1 - u0), y + image.height());
        }
    }

    /** What follows samples the font atlas. */
    private void atlas() {
        if (texture != null) {
            texture = null;
            commandCurrent = false;
        }
    }

    /**
     * Text from {@code chars[start, end)} in the monospace font, its top-left cell corner at (x, y). Characters the
     * atlas lacks draw as '?'. Returns the x just after the last cell.
     */
    float text(float x, float y, CharSequence chars, int start, int end, int rgba) {
        FontAtlas f = font;
        int penX = pixel(x);
        int baseline = pixel(y) + f.ascent();
        int cell = f.cellWidth();
        if (end <= start) {
            return penX;
        }
        atlas();
        blended();
        if (!commandCurrent) {
            ensureCommand();
            commandCurrent = true;
        }
        // Room for every character up front, so the loop below only stores: text is most of the HUD's quads, and
        // the per-quad checks, command count and field updates of quad() were most of its time.
        while (capacityQuads - quadCount < end - start) {
            grow(end - start);
        }
        int color = LITTLE_ENDIAN ? Integer.reverseBytes(rgba) : rgba;
        int[] edges = glyphEdges;
        int[] corners = glyphCorners;
        boolean[] ink = glyphInk;
        long at = base + (long) quadCount * QUAD_BYTES;
        long first = at;
        for (int i = start; i < end; i++) {
            int glyph = f.glyph(chars.charAt(i));
            if (ink[glyph]) {
                int e = glyph * 4;
                int left = penX + edges[e];
                int top = baseline + edges[e + 1];
                int right = penX + edges[e + 2];
                int bottom = baseline + edges[e + 3];
                MemoryUtil.memPutInt(at, pack(left, top));
                MemoryUtil.memPutInt(at + 4, corners[e]);
                MemoryUtil.memPutInt(at + 8, color);
                MemoryUtil.memPutInt(at + 12, pack(right, top));
                MemoryUtil.memPutInt(at + 16, corners[e + 1]);
                MemoryUtil.memPutInt(at + 20, color);
                MemoryUtil.memPutInt(at + 24, pack(right, bottom));
                MemoryUtil.memPutInt(at + 28, corners[e + 2]);
                MemoryUtil.memPutInt(at + 32, color);
                MemoryUtil.memPutInt(at + 36, pack(left, bottom));
                MemoryUtil.memPutInt(at + 40, corners[e + 3]);
                MemoryUtil.memPutInt(at + 44, color);
                at += QUAD_BYTES;
            }
            penX += cell;
        }
        int written = (int) ((at - first) / QUAD_BYTES);
        quadCount += written;
        commandQuads[commandCount - 1] += written;
        if (written > 0 && !overGame) {
            // The string's bounds, from any glyph's reach: a conservative box around the quads just written.
            int startX = pixel(x);
            checkCovered(startX + inkLeft, baseline + inkTop, penX - cell + inkRight, baseline + inkBottom);
        }
        return penX;
    }

    /** Text of a whole sequence; see {@link #text(float, float, CharSequence, int, int, int)}. */
    float text(float x, float y, CharSequence chars, int rgba) {
        return text(x, y, chars, 0, chars.length(), rgba);
    }

    /** Records an opaque rectangle, clipped to the current clip, as a cover ({@link #coverCount}). */
    private void addCover(int x0, int y0, int x1, int y1) {
        int clip = (clipDepth - 1) * 4;
        int left = Math.max(x0, clipStack[clip]);
        int top = Math.max(y0, clipStack[clip + 1]);
        int right = Math.min(x1, clipStack[clip + 2]);
        int bottom = Math.min(y1, clipStack[clip + 3]);
        if (right <= left || bottom <= top) {
            return;
        }
        for (int c = 0; c < coverCount; c++) {
            int at = c * 4;
            if (covers[at] <= left && covers[at + 1] <= top && covers[at + 2] >= right && covers[at + 3] >= bottom) {
                return;
            }
        }
        if (coverCount * 4 == covers.length) {
            covers = java.util.Arrays.copyOf(covers, covers.length * 2);
        }
        int at = coverCount * 4;
        covers[at] = left;
        covers[at + 1] = top;
        covers[at + 2] = right;
        covers[at + 3] = bottom;
        coverCount++;
    }

    /** Notes a blended quad (its bounds, clipped) that the covers drawn before it leave partly over the game. */
    private void checkCovered(int x0, int y0, int x1, int y1) {
        int clip = (clipDepth - 1) * 4;
        int left = Math.max(x0, clipStack[clip]);
        int top = Math.max(y0, clipStack[clip + 1]);
        int right = Math.min(x1, clipStack[clip + 2]);
        int bottom = Math.min(y1, clipStack[clip + 3]);
        if (!covered(left, top, right, bottom, 0, 0)) {
            overGame = true;
        }
    }

    /**
     * Whether the union of covers {@code from..} holds every pixel of the box: the first cover that meets the box
     * either holds it or leaves up to four pieces, each checked against the covers after it. Deeper than a few splits
     * it answers no (a conservative answer: the HUD is then drawn as a whole, see {@link #selfContained}).
     */
    private boolean covered(int x0, int y0, int x1, int y1, int from, int depth) {
        if (x1 <= x0 || y1 <= y0) {
            return true;
        }
        for (int c = from; c < coverCount; c++) {
            int at = c * 4;
            int cx0 = covers[at];
            int cy0 = covers[at + 1];
            int cx1 = covers[at + 2];
            int cy1 = covers[at + 3];
            if (cx1 <= x0 || cx0 >= x1 || cy1 <= y0 || cy0 >= y1) {
                continue;
            }
            if (cx0 <= x0 && cy0 <= y0 && cx1 >= x1 && cy1 >= y1) {
                return true;
            }
            if (depth == 6) {
                return false;
            }
            int midTop = Math.max(y0, cy0);
            int midBottom = Math.min(y1, cy1);
            return covered(x0, y0, x1, midTop, c + 1, depth + 1)
                    && covered(x0, midBottom, x1, y1, c + 1, depth + 1)
                    && covered(x0, midTop, Math.max(x0, cx0), midBottom, c + 1, depth + 1)
                    && covered(Math.min(x1, cx1), midTop, x1, midBottom, c + 1, depth + 1);
        }
        return false;
    }

    /**
     * Whether every pixel this frame draws lies in an opaque rectangle drawn no later than what covers it: then the
     * frame's pixels inside its {@linkplain #coverCount covers} are the same over any game, and a copy of them is the
     * whole HUD. False with translucent panels, or when anything blended reaches past the opaque panels.
     */
    boolean selfContained() {
        return !overGame && coverCount > 0;
    }

    /** Opaque rectangles this frame drew (clipped, none inside another drawn before it). */
    int coverCount() {
        return coverCount;
    }

    /** Cover {@code c}'s edge: {@code which} 0..3 is x0, y0, x1, y1 in top-left pixel coordinates. */
    int cover(int c, int which) {
        return covers[c * 4 + which];
    }

    /** A texture coordinate in 0..1 as a normalised unsigned short (its bits, in a signed Java short). */
    static short unorm(float coordinate) {
        return (short) Math.round(Math.max(0f, Math.min(1f, coordinate)) * 65535f);
    }

    /**
     * A pixel coordinate rounded to the nearest whole pixel, in the 16-bit range: a quad whose edges are rounded
     * covers the same pixel centres. (Math.round(float) was most of the list's cost; this is a cast.)
     */
    private static int pixel(float coordinate) {
        float clamped = Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, coordinate));
        return (int) (clamped + 32768.5f) - 32768;
    }

    private void quad(int left, int top, int right, int bottom, short s0, short t0, short s1, short t1, int rgba) {
        if (!commandCurrent) {
            ensureCommand();
            commandCurrent = true;
        }
        if (quadCount == capacityQuads) {
            grow(1);
        }
        // Raw stores: grow() already guaranteed the room, so ByteBuffer's per-put bounds checks are redundant (they
        // were most of the draw list's cost).
        putQuad(base + (long) quadCount * QUAD_BYTES, left, top, right, bottom, s0, t0, s1, t1, rgba);
        quadCount++;
        commandQuads[commandCount - 1]++;
    }

    /** Writes one quad's four vertices at native address {@code at} in this list's vertex format. */
    static void putQuad(long at, int left, int top, int right, int bottom, short s0, short t0, short s1, short t1,
                        int rgba) {
        int color = LITTLE_ENDIAN ? Integer.reverseBytes(rgba) : rgba;
        putVertex(at, left, top, s0, t0, color);
        putVertex(at + VERTEX_BYTES, right, top, s1, t0, color);
        putVertex(at + 2 * VERTEX_BYTES, right, bottom, s1, t1, color);
        putVertex(at + 3 * VERTEX_BYTES, left, bottom, s0, t1, color);
    }

    private static void putVertex(long at, int x, int y, short s, short t, int color) {
        // Two shorts as one int store each, in memory order x then y (s then t) whatever the byte order.
        MemoryUtil.memPutInt(at, pack(x, y));
        MemoryUtil.memPutInt(at + 4, pack(s, t));
        // R, G, B, A in memory order: one int store, byte-reversed on little-endian machines by the caller.
        MemoryUtil.memPutInt(at + 8, color);
    }

    private static int pack(int first, int second) {
        return LITTLE_ENDIAN ? (first & 0xFFFF) | (second << 16) : (first << 16) | (second & 0xFFFF);
    }

    /** Continues the last command if its clip and texture are the current ones; otherwise opens a new command. */
    private void ensureCommand() {
        int clip = (clipDepth - 1) * 4;
        if (commandCount > 0) {
            int last = (commandCount - 1) * 4;
            if (commandImage[commandCount - 1] == texture && commandOpaque[commandCount - 1] == opaque
                    && commandClip[last] == clipStack[clip]
                    && commandClip[last + 1] == clipStack[clip + 1] && commandClip[last + 2] == clipStack[clip + 2]
                    && commandClip[last + 3] == clipStack[clip + 3]) {
                return;
            }
        }
        if (commandCount == commandFirstQuad.length) {
            int grown = commandCount * 2;
            commandClip = java.util.Arrays.copyOf(commandClip, grown * 4);
            commandFirstQuad = java.util.Arrays.copyOf(commandFirstQuad, grown);
            commandQuads = java.util.Arrays.copyOf(commandQuads, grown);
            commandImage = java.util.Arrays.copyOf(commandImage, grown);
            commandOpaque = java.util.Arrays.copyOf(commandOpaque, grown);
        }
        System.arraycopy(clipStack, clip, commandClip, commandCount * 4, 4);
        commandFirstQuad[commandCount] = quadCount;
        commandQuads[commandCount] = 0;
        commandImage[commandCount] = texture;
        commandOpaque[commandCount] = opaque;
        commandCount++;
    }

    /** Doubles the native buffers (so only during warm-up) to hold {@code more} quads after the current ones. */
    private void grow(int more) {
        int bytes = (quadCount + more) * QUAD_BYTES;
        if (bytes > vertices.capacity()) {
            int grown = Math.max(bytes, vertices.capacity() * 2);
            vertices = MemoryUtil.memRealloc(vertices, grown).clear();
            base = NativeMemory.address(vertices);
            capacityQuads = vertices.capacity() / QUAD_BYTES;
            for (int i = 0; i < RING; i++) {
                shadow[i] = MemoryUtil.memRealloc(shadow[i], grown).clear();
            }
        }
    }

    /**
     * Ends the frame: finds the quads that differ from the last frame finished in this frame's ring slot (ranges of
     * whole quads, near ones merged) and keeps this frame's quads there for the next comparison.
     */
    void finish() {
        int slot = generation % RING;
        long now = NativeMemory.address(vertices);
        long before = NativeMemory.address(shadow[slot]);
        int common = Math.min(quadCount, shadowQuads[slot]);
        ranges = 0;
        int runStart = -1;
        int runEnd = -1;
        ByteBuffer previous = shadow[slot];
        for (int q = nextDifference(previous, 0, common); q < common; q = nextDifference(previous, q + 1, common)) {
            if (runStart >= 0 && q - runEnd <= MERGE_GAP_QUADS) {
                runEnd = q + 1;
                continue;
            }
            if (runStart >= 0) {
                addRange(runStart, runEnd);
            }
            runStart = q;
            runEnd = q + 1;
        }
        if (quadCount > common) {
            if (runStart >= 0 && common - runEnd <= MERGE_GAP_QUADS) {
                runEnd = quadCount;
            } else {
                if (runStart >= 0) {
                    addRange(runStart, runEnd);
                }
                runStart = common;
                runEnd = quadCount;
            }
        }
        if (runStart >= 0) {
            addRange(runStart, runEnd);
        }
        for (int r = 0; r < ranges; r++) {
            long offset = (long) rangeFrom[r] * QUAD_BYTES;
            MemoryUtil.memCopy(now + offset, before + offset, (long) (rangeTo[r] - rangeFrom[r]) * QUAD_BYTES);
        }
        shadowQuads[slot] = quadCount;
        generation++;
    }

    /**
     * The first quad in {@code [from, to)} that differs between this frame's vertices and {@code previous}, or
     * {@code to}. {@code ByteBuffer.mismatch} compares with the JDK's vectorised intrinsic: most of a frame's quads
     * are unchanged, and comparing them a long at a time was a sixth of the draw list's time.
     */
    private int nextDifference(ByteBuffer previous, int from, int to) {
        if (from >= to) {
            return to;
        }
        vertices.limit(to * QUAD_BYTES).position(from * QUAD_BYTES);
        previous.limit(to * QUAD_BYTES).position(from * QUAD_BYTES);
        int at = vertices.mismatch(previous);
        return at < 0 ? to : from + at / QUAD_BYTES;
    }

    private void addRange(int from, int to) {
        if (ranges == MAX_RANGES) {
            rangeTo[ranges - 1] = to;
            return;
        }
        rangeFrom[ranges] = from;
        rangeTo[ranges] = to;
        ranges++;
    }

    /** Frames finished so far. */
    int generation() {
        return generation;
    }

    /** Ranges of quads the last {@link #finish()} found changed against the frame {@link #RING} before. */
    int changedRanges() {
        return ranges;
    }

    int changedFrom(int r) {
        return rangeFrom[r];
    }

    int changedTo(int r) {
        return rangeTo[r];
    }

    /** Vertex bytes in the changed ranges: what a renderer holding the frame {@link #RING} before uploads. */
    int changedBytes() {
        int quads = 0;
        for (int r = 0; r < ranges; r++) {
            quads += rangeTo[r] - rangeFrom[r];
        }
        return quads * QUAD_BYTES;
    }

    /** Quads {@code [from, to)} of this frame's vertices, as a view for a partial upload. */
    ByteBuffer vertexBytes(int from, int to) {
        vertices.clear().position(from * QUAD_BYTES).limit(to * QUAD_BYTES);
        return vertices;
    }

    int quadCount() {
        return quadCount;
    }

    int vertexCount() {
        return quadCount * 4;
    }

    /** Triangle indices the frame draws (6 per quad; the renderer's static index buffer holds them). */
    int indexCount() {
        return quadCount * 6;
    }

    int commandCount() {
        return commandCount;
    }

    int commandFirstIndex(int command) {
        return commandFirstQuad[command] * 6;
    }

    int commandIndexCount(int command) {
        return commandQuads[command] * 6;
    }

    /** The image a command draws, or null for the font atlas. */
    HudImage commandImage(int command) {
        return commandImage[command];
    }

    /** Whether a command is drawn without blending (its quads are opaque). */
    boolean commandOpaque(int command) {
        return commandOpaque[command];
    }

    /** Clip rectangle of a command: {@code which} 0..3 is x0, y0, x1, y1 in top-left pixel coordinates. */
    int commandClip(int command, int which) {
        return commandClip[command * 4 + which];
    }

    /** The vertex bytes written this frame, as a view for upload (position 0, limit at the end). */
    ByteBuffer vertexBytes() {
        vertices.clear().limit(quadCount * QUAD_BYTES);
        return vertices;
    }

    @Override
    public void close() {
        if (vertices != null) {
            NativeMemory.free(vertices);
            vertices = null;
            for (int i = 0; i < RING; i++) {
                NativeMemory.free(shadow[i]);
                shadow[i] = null;
            }
        }
    }
}
