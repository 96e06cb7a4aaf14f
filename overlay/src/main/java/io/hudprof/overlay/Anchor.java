package io.hudprof.overlay;

/**
 * The framebuffer corner a HUD element is placed against; its offsets are measured inwards from that corner, so
 * the element stays in place when the window is resized.
 */
public enum Anchor {
    /** Offsets measured from the left and top edges. */
    TOP_LEFT(false, false),
    /** Offsets measured from the right and top edges. */
    TOP_RIGHT(true, false),
    /** Offsets measured from the left and bottom edges. */
    BOTTOM_LEFT(false, true),
    /** Offsets measured from the right and bottom edges. */
    BOTTOM_RIGHT(true, true);

    private final boolean right;
    private final boolean bottom;

    Anchor(boolean right, boolean bottom) {
        this.right = right;
        this.bottom = bottom;
    }

    /** Left edge of an element {@code width} wide, {@code offset} pixels in from this anchor's side. */
    int left(int framebufferWidth, int width, int offset) {
        return right ? framebufferWidth - offset - width : offset;
    }

    /** Whether offsets are measured from the bottom edge (an element grows upwards as it gets taller). */
    boolean bottom() {
        return bottom;
    }

    /** Top edge of an element {@code height} high, {@code offset} pixels in from this anchor's side. */
    int top(int framebufferHeight, int height, int offset) {
        return bottom ? framebufferHeight - offset - height : offset;
    }
}
