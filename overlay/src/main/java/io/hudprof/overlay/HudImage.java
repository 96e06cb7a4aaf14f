package io.hudprof.overlay;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.lwjgl.system.MemoryUtil;

/**
 * An RGBA picture the HUD draws as a texture, kept on the CPU in native memory that keeps its capacity, with the
 * column ranges changed since the renderer last took them. A view that owns one writes only what changed (the
 * history graph: one new frame's columns), and the renderer uploads only those columns with {@code glTexSubImage2D};
 * a new size means one full upload. GL-free: a {@link HudFrame} without a renderer fills it all the same.
 *
 * <p>Pixels are {@code 0xRRGGBBAA} ints as the rest of the HUD uses, stored R, G, B, A in memory order. Row 0 is the
 * top. Render thread only.
 */
final class HudImage implements AutoCloseable {
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    /** At most two separate dirty ranges: a scrolling ring wraps once. More are merged into the nearer one. */
    private static final int MAX_RANGES = 2;

    private ByteBuffer pixels;
    private int width;
    private int height;
    /** Bumped whenever the size changes, so a renderer knows to respecify its texture. */
    private int sizeVersion;
    private final int[] dirtyFrom = new int[MAX_RANGES];
    private final int[] dirtyTo = new int[MAX_RANGES];
    private int dirtyRanges;

    /** The renderer's texture for this image (0 before its first upload); only the renderer touches it. */
    int texture;
    /** The size version the renderer's texture was last specified at. */
    int textureSizeVersion = -1;

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

    /** Makes columns {@code [x0, x1)} transparent and marks them changed. */
    void clear(int x0, int x1) {
        fill(x0, x1, 0, height, 0);
    }

    /** Fills the rectangle {@code [x0, x1) × [y0, y1)} (clamped to the image) with one colour, marking its columns. */
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
        markDirty(left, right);
    }

    /** Records that columns {@code [x0, x1)} changed since the renderer last took them. */
    private void markDirty(int x0, int x1) {
        for (int i = 0; i < dirtyRanges; i++) {
            if (x0 <= dirtyTo[i] && x1 >= dirtyFrom[i]) {
                dirtyFrom[i] = Math.min(dirtyFrom[i], x0);
                dirtyTo[i] = Math.max(dirtyTo[i], x1);
                return;
            }
        }
        if (dirtyRanges < MAX_RANGES) {
            dirtyFrom[dirtyRanges] = x0;
            dirtyTo[dirtyRanges] = x1;
            dirtyRanges++;
            return;
        }
        int nearest = Math.abs(dirtyFrom[0] - x0) <= Math.abs(dirtyFrom[1] - x0) ? 0 : 1;
        dirtyFrom[nearest] = Math.min(dirtyFrom[nearest], x0);
        dirtyTo[nearest] = Math.max(dirtyTo[nearest], x1);
    }

    /** How many separate column ranges changed since {@link #takeDirty()}. */
    int dirtyRanges() {
        return dirtyRanges;
    }

    int dirtyFrom(int range) {
        return dirtyFrom[range];
    }

    int dirtyTo(int range) {
        return dirtyTo[range];
    }

    /** The renderer took the changed columns: nothing is dirty any more. */
    void takeDirty() {
        dirtyRanges = 0;
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
