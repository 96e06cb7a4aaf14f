package io.hudprof.overlay;

/**
 * Where the user put the HUD's panels: for each {@link Panel} an offset from the place its anchor gives it and an
 * optional size (and width, for a panel that has one of its own), in logical pixels (so a position survives a
 * content-scale change), plus the one rule every panel is placed by: inside the framebuffer, whatever its size. A
 * view lays itself out at its anchored place, then calls {@link #place} once; dragging a panel's title bar changes
 * the offset ({@link HudMouse}, which first {@link #settle}s a panel {@code place} had to push inside), dragging its
 * corner the size. A new view adopts it with a {@link Panel} constant and the same two calls. Allocation-free;
 * render thread only.
 */
final class HudLayout {
    /** The panels the layout knows; a view added later adds a constant. */
    enum Panel {
        /** The report panel: its size is the number of rows shown. */
        REPORT,
        /** The history graph (and the category chart in its place): its size is the plot height in logical pixels. */
        GRAPH,
        /** The frame timeline: its size is the box's height, its width the box's width, in logical pixels. */
        TIMELINE,
        /** The value chart beside the graph (placed relative to it): its size is the plot height in logical pixels. */
        CHART,
        /** The spike list: its size is the number of spike rows shown. */
        SPIKES,
        /** The thread list: its size is the number of thread rows shown (besides "all threads"). */
        THREADS,
        /** The histogram of one zone's per-frame values (bottom right); it has no size of its own. */
        HISTOGRAM,
        /** The diff of two marked frame ranges (top right); it has no size of its own. */
        DIFF
    }

    private static final int PANELS = Panel.values().length;

    private final int[] offsetX = new int[PANELS];
    private final int[] offsetY = new int[PANELS];
    /** A panel's size chosen by the user (meaning per panel, see {@link Panel}), or 0 for the configured one. */
    private final int[] size = new int[PANELS];
    /** A panel's width chosen by the user in logical pixels (only panels with a width of their own), or 0. */
    private final int[] width = new int[PANELS];
    /** How far the last {@link #place} pushed each panel to keep it inside, in framebuffer pixels. */
    private final int[] pushedX = new int[PANELS];
    private final int[] pushedY = new int[PANELS];
    /** Bumped on every change, so a saved copy knows it is out of date. */
    private int version;

    /**
     * Moves {@code box} (laid out at its anchored place) by the panel's offset, then keeps it inside the
     * framebuffer: a box wider or taller than the framebuffer keeps its left or top edge on screen.
     */
    void place(Panel panel, Box box, float ui, int framebufferWidth, int framebufferHeight) {
        int wantedLeft = box.left() + Math.round(offsetX[panel.ordinal()] * ui);
        int wantedTop = box.top() + Math.round(offsetY[panel.ordinal()] * ui);
        int left = Math.max(0, Math.min(wantedLeft, framebufferWidth - box.width()));
        int top = Math.max(0, Math.min(wantedTop, framebufferHeight - box.height()));
        pushedX[panel.ordinal()] = left - wantedLeft;
        pushedY[panel.ordinal()] = top - wantedTop;
        box.set(left, top, box.width(), box.height());
    }

    /**
     * Makes the panel's offset say where the last {@link #place} really put it, when that kept it inside the
     * framebuffer: a drag that starts then moves the panel at once, with no dead stretch while the pointer makes up
     * for how far it was out.
     */
    void settle(Panel panel, float ui) {
        int p = panel.ordinal();
        if (pushedX[p] != 0 || pushedY[p] != 0) {
            offsetX[p] += Math.round(pushedX[p] / ui);
            offsetY[p] += Math.round(pushedY[p] / ui);
            pushedX[p] = 0;
            pushedY[p] = 0;
            version++;
        }
    }

    /** The horizontal shift {@link #place} applies, in framebuffer pixels, before clamping. */
    int shiftX(Panel panel, float ui) {
        return Math.round(offsetX[panel.ordinal()] * ui);
    }

    /** The vertical shift {@link #place} applies, in framebuffer pixels, before clamping. */
    int shiftY(Panel panel, float ui) {
        return Math.round(offsetY[panel.ordinal()] * ui);
    }

    /** Moves a panel by a drag of {@code dx, dy} framebuffer pixels. */
    void drag(Panel panel, int dx, int dy, float ui) {
        offsetX[panel.ordinal()] += Math.round(dx / ui);
        offsetY[panel.ordinal()] += Math.round(dy / ui);
        version++;
    }

    /** Whether the user moved the panel from its anchored place. */
    boolean moved(Panel panel) {
        return offsetX[panel.ordinal()] != 0 || offsetY[panel.ordinal()] != 0;
    }

    int offsetX(Panel panel) {
        return offsetX[panel.ordinal()];
    }

    int offsetY(Panel panel) {
        return offsetY[panel.ordinal()];
    }

    /** The panel's user-chosen size, or {@code fallback} when none was chosen. */
    int size(Panel panel, int fallback) {
        int chosen = size[panel.ordinal()];
        return chosen > 0 ? chosen : fallback;
    }

    /** Sets a panel's size (0: back to the configured one). */
    void resize(Panel panel, int value) {
        if (size[panel.ordinal()] != Math.max(0, value)) {
            size[panel.ordinal()] = Math.max(0, value);
            version++;
        }
    }

    /** The panel's user-chosen width, or {@code fallback} when none was chosen. */
    int width(Panel panel, int fallback) {
        int chosen = width[panel.ordinal()];
        return chosen > 0 ? chosen : fallback;
    }

    /** Sets a panel's width in logical pixels (0: back to the configured one). */
    void resizeWidth(Panel panel, int value) {
        if (width[panel.ordinal()] != Math.max(0, value)) {
            width[panel.ordinal()] = Math.max(0, value);
            version++;
        }
    }

    /** Sets a panel's offset (restoring a saved layout). */
    void offset(Panel panel, int x, int y) {
        offsetX[panel.ordinal()] = x;
        offsetY[panel.ordinal()] = y;
        version++;
    }

    /** Every panel back at its anchored place and configured size (the Home key). */
    void reset() {
        for (int i = 0; i < PANELS; i++) {
            offsetX[i] = 0;
            offsetY[i] = 0;
            size[i] = 0;
            width[i] = 0;
        }
        version++;
    }

    int version() {
        return version;
    }

    /** Places every panel where {@code other} places it (the pushes of its last {@link #place} are its own). */
    void copyFrom(HudLayout other) {
        System.arraycopy(other.offsetX, 0, offsetX, 0, PANELS);
        System.arraycopy(other.offsetY, 0, offsetY, 0, PANELS);
        System.arraycopy(other.size, 0, size, 0, PANELS);
        System.arraycopy(other.width, 0, width, 0, PANELS);
        version++;
    }
}
