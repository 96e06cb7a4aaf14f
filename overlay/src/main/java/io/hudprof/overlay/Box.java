package io.hudprof.overlay;

/**
 * An axis-aligned rectangle in framebuffer pixels (origin top-left, right and bottom exclusive): where a view put
 * itself or its plot this frame. Mutable and reused, so layout allocates nothing.
 */
final class Box {
    private int left;
    private int top;
    private int right;
    private int bottom;

    /** Places the box at {@code (left, top)} with the given size. */
    void set(int left, int top, int width, int height) {
        this.left = left;
        this.top = top;
        this.right = left + width;
        this.bottom = top + height;
    }

    /** Places the box by its edges. */
    void setEdges(int left, int top, int right, int bottom) {
        this.left = left;
        this.top = top;
        this.right = right;
        this.bottom = bottom;
    }

    int left() {
        return left;
    }

    int top() {
        return top;
    }

    int right() {
        return right;
    }

    int bottom() {
        return bottom;
    }

    int width() {
        return right - left;
    }

    int height() {
        return bottom - top;
    }

    /** Whether pixel (x, y) is inside. */
    boolean contains(int x, int y) {
        return x >= left && x < right && y >= top && y < bottom;
    }

    boolean isEmpty() {
        return right <= left || bottom <= top;
    }

    /** Whether the two boxes share any pixel. */
    boolean overlaps(Box other) {
        return !isEmpty() && !other.isEmpty() && left < other.right && other.left < right && top < other.bottom
                && other.top < bottom;
    }
}
