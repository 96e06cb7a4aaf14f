package io.hudprof.overlay;

import io.hudprof.core.TimelineFrame;

/**
 * What the timeline view shows and where its bar cursor is: shown or not, whether it has the keyboard focus, the
 * thread list, the zoom and pan along the frame's time, and the selected bar. The frame's bars live in
 * {@link #frame()}, reloaded by the view each HUD frame; the cursor follows its bar (same thread, zone and depth,
 * nearest start) from one frame to the next. Allocation-free; render thread only.
 */
final class TimelineState {
    static final double MAX_ZOOM = 1 << 16;

    private final TimelineFrame frame = new TimelineFrame();
    private boolean shown;
    private boolean focused;
    private boolean threadListShown;
    private double zoom = 1;
    /** The left edge of the visible window, as a fraction of the frame. */
    private double pan;
    private int cursor = -1;
    // The cursor's bar as identity, to find it again in the next frame's bars.
    private int cursorLaneRoot = -1;
    private int cursorZone = -1;
    private int cursorDepth;
    private long cursorOffset;
    private long loadedFrame = -1;
    private boolean loadedAvailable;

    TimelineFrame frame() {
        return frame;
    }

    boolean shown() {
        return shown;
    }

    void toggleShown() {
        shown = !shown;
        if (!shown) {
            focused = false;
        }
    }

    boolean focused() {
        return focused && shown;
    }

    /** Tab: takes the keys for the bar cursor (showing the timeline), or gives them back to the report. */
    void toggleFocus() {
        if (focused) {
            focused = false;
        } else {
            shown = true;
            focused = true;
        }
    }

    boolean threadListShown() {
        return threadListShown;
    }

    void toggleThreadList() {
        threadListShown = !threadListShown;
    }

    double zoom() {
        return zoom;
    }

    /** The visible window's left edge as a fraction of the frame (0 = frame start). */
    double pan() {
        return pan;
    }

    /** Zooms by {@code factor} about the cursor bar's middle if it is visible, else about the window's middle. */
    void zoom(double factor) {
        double width = 1 / zoom;
        double anchor = pan + width / 2;
        if (cursor >= 0 && frame.available()) {
            double middle = fraction((frame.barStart(cursor) + frame.barEnd(cursor)) / 2);
            if (middle >= pan && middle <= pan + width) {
                anchor = middle;
            }
        }
        zoomAbout(anchor, factor);
    }

    /**
     * Zooms by {@code factor} keeping the moment {@code anchor} (a fraction of the frame) where it is on screen: the
     * mouse wheel zooms about the pointer.
     */
    void zoomAbout(double anchor, double factor) {
        double width = 1 / zoom;
        zoom = Math.max(1, Math.min(MAX_ZOOM, zoom * factor));
        double newWidth = 1 / zoom;
        pan = clampPan(anchor - (anchor - pan) * newWidth / width);
    }

    /** Pans by {@code eighths} eighths of the visible window (negative: towards the frame's start). */
    void pan(int eighths) {
        pan = clampPan(pan + eighths / (8 * zoom));
    }

    /** Pans by {@code fraction} of the whole frame (a mouse drag), kept inside the frame. */
    void panBy(double fraction) {
        pan = clampPan(pan + fraction);
    }

    private double clampPan(double p) {
        return Math.max(0, Math.min(1 - 1 / zoom, p));
    }

    private double fraction(long nanos) {
        long duration = frame.endNanos() - frame.startNanos();
        return duration <= 0 ? 0 : (double) (nanos - frame.startNanos()) / duration;
    }

    /** The selected bar in {@link #frame()}, or -1. */
    int cursor() {
        return frame.available() ? cursor : -1;
    }

    /**
     * Called after the view loaded {@link #frame()}: when it is another frame, finds the cursor's bar again (same
     * thread and zone at the same depth, the one starting nearest the same offset into the frame), or the first bar
     * of its thread, or none.
     */
    void loaded() {
        if (frame.frameNumber() == loadedFrame && frame.available() == loadedAvailable) {
            return;
        }
        loadedFrame = frame.frameNumber();
        loadedAvailable = frame.available();
        cursor = -1;
        if (!frame.available() || frame.barCount() == 0) {
            return;
        }
        int best = -1;
        long bestDistance = Long.MAX_VALUE;
        int laneFirst = -1;
        for (int l = 0; l < frame.laneCount(); l++) {
            if (frame.laneRootZone(l) != cursorLaneRoot || frame.laneBarCount(l) == 0) {
                continue;
            }
            laneFirst = frame.laneFirstBar(l);
            for (int b = laneFirst; b < laneFirst + frame.laneBarCount(l); b++) {
                if (frame.barZone(b) == cursorZone && frame.barDepth(b) == cursorDepth) {
                    long distance = Math.abs(frame.barStart(b) - frame.startNanos() - cursorOffset);
                    if (distance < bestDistance) {
                        best = b;
                        bestDistance = distance;
                    }
                }
            }
        }
        if (best < 0 && laneFirst >= 0) {
            best = laneFirst;
        }
        if (best >= 0) {
            select(best);
        }
    }

    /** Puts the cursor on bar {@code b} of {@link #frame()}, remembering it by identity, and pans it into view. */
    void select(int b) {
        cursor = b;
        cursorLaneRoot = frame.laneRootZone(frame.barLane(b));
        cursorZone = frame.barZone(b);
        cursorDepth = frame.barDepth(b);
        cursorOffset = frame.barStart(b) - frame.startNanos();
        double start = fraction(frame.barStart(b));
        double end = fraction(frame.barEnd(b));
        double width = 1 / zoom;
        if (end < pan || start > pan + width) {
            pan = clampPan((start + end) / 2 - width / 2);
        }
    }

    /** The next bar of the cursor's lane at its depth, in time order (none: stays). With no cursor, the first bar. */
    void nextBar() {
        step(1);
    }

    /** The previous bar at the cursor's depth in its lane. */
    void previousBar() {
        step(-1);
    }

    private void step(int direction) {
        if (!frame.available() || frame.barCount() == 0) {
            return;
        }
        if (cursor < 0) {
            select(0);
            return;
        }
        int lane = frame.barLane(cursor);
        int first = frame.laneFirstBar(lane);
        int end = first + frame.laneBarCount(lane);
        int depth = frame.barDepth(cursor);
        for (int b = cursor + direction; b >= first && b < end; b += direction) {
            if (frame.barDepth(b) == depth) {
                select(b);
                return;
            }
        }
    }

    /** Into the cursor bar's first child; at a leaf, to the next lane's outermost bar nearest in time. */
    void child() {
        if (cursor < 0) {
            step(1);
            return;
        }
        int next = cursor + 1;
        int lane = frame.barLane(cursor);
        if (next < frame.laneFirstBar(lane) + frame.laneBarCount(lane) && frame.barParent(next) == cursor) {
            select(next);
            return;
        }
        otherLane(lane, 1);
    }

    /** Out to the cursor bar's parent; at an outermost bar, to the previous lane's outermost bar nearest in time. */
    void parent() {
        if (cursor < 0) {
            step(1);
            return;
        }
        int p = frame.barParent(cursor);
        if (p >= 0) {
            select(p);
            return;
        }
        otherLane(frame.barLane(cursor), -1);
    }

    private void otherLane(int lane, int direction) {
        long at = (frame.barStart(cursor) + frame.barEnd(cursor)) / 2;
        for (int l = lane + direction; l >= 0 && l < frame.laneCount(); l += direction) {
            int best = -1;
            long bestDistance = Long.MAX_VALUE;
            int first = frame.laneFirstBar(l);
            for (int b = first; b < first + frame.laneBarCount(l); b++) {
                if (frame.barDepth(b) != 0) {
                    continue;
                }
                long distance = at < frame.barStart(b) ? frame.barStart(b) - at
                        : at > frame.barEnd(b) ? at - frame.barEnd(b) : 0;
                if (distance < bestDistance) {
                    best = b;
                    bestDistance = distance;
                }
            }
            if (best >= 0) {
                select(best);
                return;
            }
        }
    }

    /**
     * Shows what {@code other} shows: shown, focus, thread list, zoom, pan and the bar cursor, which the next
     * {@link #loaded} finds again in this state's frame.
     */
    void copyFrom(TimelineState other) {
        shown = other.shown;
        focused = other.focused;
        threadListShown = other.threadListShown;
        zoom = other.zoom;
        pan = other.pan;
        cursorLaneRoot = other.cursorLaneRoot;
        cursorZone = other.cursorZone;
        cursorDepth = other.cursorDepth;
        cursorOffset = other.cursorOffset;
        cursor = -1;
        loadedFrame = -1;
    }
}
