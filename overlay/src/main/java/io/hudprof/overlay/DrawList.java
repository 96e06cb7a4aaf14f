package io.hudprof.overlay;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.lwjgl.system.MemoryUtil;

/**
 * One frame's worth of HUD geometry, Dear ImGui style: textured, coloured vertices and triangle indices in native
 * buffers that keep their capacity from frame to frame, plus a list of draw commands. Everything samples the font
 * atlas (solid shapes use its white texel), so a new command is started only when the clip rectangle changes.
 *
 * <p>Coordinates are framebuffer pixels with the origin at the top-left. Written by the render thread only.
 */
final class DrawList implements AutoCloseable {
    /** position (2 floats), atlas coordinates (2 floats), colour (4 unsigned bytes). */
    static final int VERTEX_BYTES = 20;
    static final int INDEX_BYTES = 4;
    private static final int MAX_CLIP_DEPTH = 8;
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private ByteBuffer vertices;
    private ByteBuffer indices;
    private int vertexCount;
    private int indexCount;

    private int[] commandClip = new int[4 * 4];
    private int[] commandFirstIndex = new int[4];
    private int[] commandIndexCount = new int[4];
    private int commandCount;

    private final int[] clipStack = new int[4 * MAX_CLIP_DEPTH];
    private int clipDepth;
    private int framebufferWidth;
    private int framebufferHeight;

    private FontAtlas font;

    DrawList(FontAtlas font) {
        this.font = font;
        vertices = MemoryUtil.memAlloc(4096 * VERTEX_BYTES);
        indices = MemoryUtil.memAlloc(6144 * INDEX_BYTES);
    }

    /** Switches to a rebaked atlas (a new content scale); only between frames. */
    void font(FontAtlas font) {
        this.font = font;
    }

    FontAtlas font() {
        return font;
    }

    /** Starts a new frame for a framebuffer of the given size; the clip is the whole framebuffer. */
    void reset(int width, int height) {
        framebufferWidth = width;
        framebufferHeight = height;
        vertexCount = 0;
        indexCount = 0;
        commandCount = 0;
        // Uploading narrowed the limits; absolute writes are checked against them.
        vertices.clear();
        indices.clear();
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
    }

    void popClip() {
        if (clipDepth == 1) {
            throw new IllegalStateException("popClip without pushClip");
        }
        clipDepth--;
    }

    /** A solid axis-aligned rectangle. */
    void rect(float x0, float y0, float x1, float y1, int rgba) {
        if (x1 <= x0 || y1 <= y0 || Rgba.alpha(rgba) == 0) {
            return;
        }
        float u = font.whiteU();
        float v = font.whiteV();
        quad(x0, y0, x1, y1, u, v, u, v, rgba);
    }

    /** The outline of a rectangle, {@code thickness} pixels wide, inside its bounds. */
    void frame(float x0, float y0, float x1, float y1, float thickness, int rgba) {
        rect(x0, y0, x1, y0 + thickness, rgba);
        rect(x0, y1 - thickness, x1, y1, rgba);
        rect(x0, y0 + thickness, x0 + thickness, y1 - thickness, rgba);
        rect(x1 - thickness, y0 + thickness, x1, y1 - thickness, rgba);
    }

    /**
     * Text from {@code chars[start, end)} in the monospace font, its top-left cell corner at (x, y). Characters the
     * atlas lacks draw as '?'. Returns the x just after the last cell.
     */
    float text(float x, float y, CharSequence chars, int start, int end, int rgba) {
        FontAtlas f = font;
        float penX = Math.round(x);
        float baseline = Math.round(y) + f.ascent();
        int cell = f.cellWidth();
        for (int i = start; i < end; i++) {
            int glyph = f.glyph(chars.charAt(i));
            if (f.hasQuad(glyph)) {
                quad(penX + f.x0(glyph), baseline + f.y0(glyph), penX + f.x1(glyph), baseline + f.y1(glyph),
                        f.s0(glyph), f.t0(glyph), f.s1(glyph), f.t1(glyph), rgba);
            }
            penX += cell;
        }
        return penX;
    }

    /** Text of a whole sequence; see {@link #text(float, float, CharSequence, int, int, int)}. */
    float text(float x, float y, CharSequence chars, int rgba) {
        return text(x, y, chars, 0, chars.length(), rgba);
    }

    private void quad(float x0, float y0, float x1, float y1, float s0, float t0, float s1, float t1, int rgba) {
        ensureCommand();
        reserve(4, 6);
        int base = vertexCount;
        putVertex(x0, y0, s0, t0, rgba);
        putVertex(x1, y0, s1, t0, rgba);
        putVertex(x1, y1, s1, t1, rgba);
        putVertex(x0, y1, s0, t1, rgba);
        // Raw stores: reserve() already guaranteed the room, so ByteBuffer's per-put bounds checks are redundant
        // (they were most of the draw list's cost).
        long at = NativeMemory.address(indices) + (long) indexCount * INDEX_BYTES;
        MemoryUtil.memPutInt(at, base);
        MemoryUtil.memPutInt(at + 4, base + 1);
        MemoryUtil.memPutInt(at + 8, base + 2);
        MemoryUtil.memPutInt(at + 12, base);
        MemoryUtil.memPutInt(at + 16, base + 2);
        MemoryUtil.memPutInt(at + 20, base + 3);
        indexCount += 6;
        commandIndexCount[commandCount - 1] += 6;
    }

    private void putVertex(float x, float y, float s, float t, int rgba) {
        long at = NativeMemory.address(vertices) + (long) vertexCount * VERTEX_BYTES;
        MemoryUtil.memPutFloat(at, x);
        MemoryUtil.memPutFloat(at + 4, y);
        MemoryUtil.memPutFloat(at + 8, s);
        MemoryUtil.memPutFloat(at + 12, t);
        // R, G, B, A in memory order whatever the platform's byte order: one int store, byte-reversed on
        // little-endian machines.
        MemoryUtil.memPutInt(at + 16, LITTLE_ENDIAN ? Integer.reverseBytes(rgba) : rgba);
        vertexCount++;
    }

    /** Continues the last command if its clip is the current one; otherwise opens a new command. */
    private void ensureCommand() {
        int clip = (clipDepth - 1) * 4;
        if (commandCount > 0) {
            int last = (commandCount - 1) * 4;
            if (commandClip[last] == clipStack[clip] && commandClip[last + 1] == clipStack[clip + 1]
                    && commandClip[last + 2] == clipStack[clip + 2] && commandClip[last + 3] == clipStack[clip + 3]) {
                return;
            }
        }
        if (commandCount == commandFirstIndex.length) {
            int grown = commandCount * 2;
            commandClip = java.util.Arrays.copyOf(commandClip, grown * 4);
            commandFirstIndex = java.util.Arrays.copyOf(commandFirstIndex, grown);
            commandIndexCount = java.util.Arrays.copyOf(commandIndexCount, grown);
        }
        System.arraycopy(clipStack, clip, commandClip, commandCount * 4, 4);
        commandFirstIndex[commandCount] = indexCount;
        commandIndexCount[commandCount] = 0;
        commandCount++;
    }

    /** Grows the native buffers (doubling, so only during warm-up) to hold this many more vertices and indices. */
    private void reserve(int moreVertices, int moreIndices) {
        int vertexBytes = (vertexCount + moreVertices) * VERTEX_BYTES;
        if (vertexBytes > vertices.capacity()) {
            vertices = MemoryUtil.memRealloc(vertices, Math.max(vertexBytes, vertices.capacity() * 2)).clear();
        }
        int indexBytes = (indexCount + moreIndices) * INDEX_BYTES;
        if (indexBytes > indices.capacity()) {
            indices = MemoryUtil.memRealloc(indices, Math.max(indexBytes, indices.capacity() * 2)).clear();
        }
    }

    int vertexCount() {
        return vertexCount;
    }

    int indexCount() {
        return indexCount;
    }

    int commandCount() {
        return commandCount;
    }

    int commandFirstIndex(int command) {
        return commandFirstIndex[command];
    }

    int commandIndexCount(int command) {
        return commandIndexCount[command];
    }

    /** Clip rectangle of a command: {@code which} 0..3 is x0, y0, x1, y1 in top-left pixel coordinates. */
    int commandClip(int command, int which) {
        return commandClip[command * 4 + which];
    }

    /** The vertex bytes written this frame, as a view for upload (position 0, limit at the end). */
    ByteBuffer vertexBytes() {
        vertices.clear().limit(vertexCount * VERTEX_BYTES);
        return vertices;
    }

    /** The index bytes written this frame. */
    ByteBuffer indexBytes() {
        indices.clear().limit(indexCount * INDEX_BYTES);
        return indices;
    }

    @Override
    public void close() {
        if (vertices != null) {
            NativeMemory.free(vertices);
            NativeMemory.free(indices);
            vertices = null;
            indices = null;
        }
    }
}
