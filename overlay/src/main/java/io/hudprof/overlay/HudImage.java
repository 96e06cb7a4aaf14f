package io.hudprof.overlay;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.lwjgl.system.MemoryUtil;

/**
 * An RGBA picture the HUD draws as a texture, kept on the CPU in native memory that keeps its capacity, with a version
 * stamp per pixel column saying when it was last written. A view that owns one writes only what changed (the history
 * graph: one new frame's column), and the renderer uploads to each of its textures only the columns written since
 * that texture was last brought up to date ({@code glTexSubImage2D}); a new size means one full upload per texture.
 * GL-free: a {@link HudFrame} without a renderer fills it all the same.
 *
 * <p>Pixels are {@code 0xRRGGBBAA} ints as the rest of the HUD uses, stored R, G, B, A in memory order. Row 0 is the
 * top. Render thread only.
 */
final class HudImage implements AutoCloseable {
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    /**
     * Textures a renderer keeps per image and uses in turn, so a column is never written into a texture the GPU may
     * still be reading for an earlier frame (a driver would wait for it: llvmpipe measured a whole frame's stall).
     */
    static final int TEXTURES = 3;

    private ByteBuffer pixels;
    private int width;
    private int height;
    /** Bumped whenever the size changes, so a renderer knows to respecify its textures. */
    private int sizeVersion;
    /** Bumped on every write; {@link #columnVersion} says which write last touched a column. */
    private int version;
    private int[] columnVersion = new int[0];

    /** The renderer's textures for this image (0 before first use); only the renderer touches these. */
    final int[] textures = new int[TEXTURES];
    /** The size version each texture was last specified at (-1: never). */
    final int[] textureSizeVersion = {-1, -1, -1};
    /** The write version each texture holds. */
    final int[] textureVersion = new int[TEXTURES];

    HudImage() {
        pixels = MemoryUtil.memAlloc(4);
    }

    /**
     * Makes the image {@code width × height}, all transparent; keeps the contents when the size is unchanged.
     *
     * @return whether the size changed (and the contents were cleared)
     */
    boolean resize(int width, int height) {
        if (width == this.width && height == this.height) {
            return false;
        }
        int bytes = Math.max(4, width * height * 4);
        if (bytes > pixels.capacity()) {
            pixels = MemoryUtil.memRealloc(pixels, bytes);
        }
        if (columnVersion.length < width) {
            columnVersion = new int[width];
        }
        this.width = width;
        this.height = height;
        sizeVersion++;
        clear(0, width);
        return true;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    int sizeVersion() {
        return sizeVersion;
    }

    /** The latest write's version. */
    int version() {
        return version;
    }

    /** The version of the write that last touched column {@code x}. */
    int columnVersion(int x) {
        return columnVersion[x];
    }

    /** Makes columns {@code [x0, x1)} transparent. */
    void clear(int x0, int x1) {
        fill(x0, x1, 0, height, 0);
    }

    /** Fills the rectangle {@code [x0, x1) × [y0, y1)} (clamped to the image) with one colour. */
    void fill(int x0, int x1, int y0, int y1, int rgba) {
        int left = Math.max(0, x0);
        int right = Math.min(width, x1);
        int top = Math.max(0, y0);
        int bottom = Math.min(height, y1);
        if (left >= right || top >= bottom) {
            return;
        }
        int stored = LITTLE_ENDIAN ? Integer.reverseBytes(rgba) : rgba;
        long base = NativeMemory.address(pixels);
        for (int y = top; y < bottom; y++) {
            long row = base + ((long) y * width + left) * 4;
            for (int x = left; x < right; x++, row += 4) {
                MemoryUtil.memPutInt(row, stored);
            }
        }
        version++;
        for (int x = left; x < right; x++) {
            columnVersion[x] = version;
        }
    }

    /** Pixel {@code (x, y)} as {@code 0xRRGGBBAA}, for tests. */
    int pixel(int x, int y) {
        int stored = MemoryUtil.memGetInt(NativeMemory.address(pixels) + ((long) y * width + x) * 4);
        return LITTLE_ENDIAN ? Integer.reverseBytes(stored) : stored;
    }

    /** The whole image, for upload (position 0, limit at its end). */
    ByteBuffer pixels() {
        pixels.clear().limit(width * height * 4);
        return pixels;
    }

    @Override
    public void close() {
        if (pixels != null) {
            NativeMemory.free(pixels);
            pixels = null;
        }
    }
}
