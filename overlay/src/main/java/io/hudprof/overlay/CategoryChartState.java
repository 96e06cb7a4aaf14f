package io.hudprof.overlay;

import io.hudprof.stats.category.Category;

/**
 * What the user chose in the category strip chart, kept for the session: whether the graph shows categories
 * instead of zones, the focused category (drill-down path; -1 = the whole frame), the legend cursor, the scale
 * (automatic unless set by keys) and the user's guide bars. {@link StripChartView} tells it each frame which
 * categories the legend lists and the value the header shows, so key actions act on what the user sees.
 * Render thread only.
 */
final class CategoryChartState {
    private static final double MIN_RANGE_NANOS = 10_000.0;
    private static final double MAX_RANGE_NANOS = 10_000_000_000.0;

    private boolean shown;
    private int focus = -1;
    private int cursor;
    private int[] listed = new int[0];
    private int listedCount;
    /** After drilling up, the cursor goes to the category just left once the view lists it. */
    private int pendingCursor = -1;
    private double autoRange = 1;
    private double manualRange;
    private double headerValue = Double.NaN;
    private final UserGuides userGuides = new UserGuides();

    boolean shown() {
        return shown;
    }

    void toggleShown() {
        shown = !shown;
    }

    /** The focused category's id, or -1 for the whole frame. */
    int focus() {
        return focus;
    }

    /** The legend row under the cursor: 0 = the focus's own row, 1.. = its listed children. */
    int cursor() {
        return cursor;
    }

    void cursorUp() {
        cursor = Math.max(0, cursor - 1);
    }

    void cursorDown() {
        cursor = Math.min(listedCount, cursor + 1);
    }

    /** Focuses the child under the cursor; on the focus's own row, goes up instead (PStats' top label). */
    void drillDown() {
        if (cursor == 0) {
            drillUp();
            return;
        }
        focus = listed[cursor - 1];
        cursor = 0;
    }

    /** Focuses the focus's parent (or the whole frame), with the cursor on the category left. */
    void drillUp() {
        if (focus < 0) {
            return;
        }
        Category current = Category.byId(focus);
        Category parent = current == null ? null : current.parent();
        focus = parent == null ? -1 : parent.id();
        cursor = 0;
        pendingCursor = current == null ? -1 : current.id();
    }

    /** Focuses category {@code id} directly (-1 = the whole frame). */
    void focus(int id) {
        focus = id;
        cursor = 0;
    }

    /** The view's legend for this frame: the focus's children in the order listed. */
    void listed(int[] ids, int count) {
        listed = ids;
        listedCount = count;
        if (pendingCursor >= 0) {
            for (int i = 0; i < count; i++) {
                if (ids[i] == pendingCursor) {
                    cursor = i + 1;
                }
            }
            pendingCursor = -1;
        }
        cursor = Math.min(cursor, count);
    }

    /** The top of the plot in ns: the manual scale when set, else the automatic one. */
    double range() {
        return manualRange > 0 ? manualRange : autoRange;
    }

    boolean autoScale() {
        return manualRange <= 0;
    }

    void autoRange(double nanos) {
        autoRange = nanos;
    }

    /** Halves the range (taller bands), switching to the manual scale. */
    void zoomIn() {
        manualRange = Math.max(MIN_RANGE_NANOS, range() / 2);
    }

    /** Doubles the range, switching to the manual scale. */
    void zoomOut() {
        manualRange = Math.min(MAX_RANGE_NANOS, range() * 2);
    }

    /** Back to the automatic scale. */
    void resetScale() {
        manualRange = 0;
    }

    /** The value the header shows (the focus's windowed average), where a new guide bar goes. */
    void headerValue(double nanos) {
        headerValue = nanos;
    }

    /** Adds a guide bar at the header's value; beyond {@link UserGuides#MAX}, the oldest goes. */
    void addGuide() {
        userGuides.add(headerValue);
    }

    /** Adds a guide bar at {@code nanos} (restoring saved ones). */
    void addGuide(double nanos) {
        userGuides.add(nanos);
    }

    /** Removes the guide bar added last. */
    void removeGuide() {
        userGuides.removeLast();
    }

    double[] userGuides() {
        return userGuides.values();
    }

    int userGuideCount() {
        return userGuides.count();
    }

    /**
     * Makes the user's choices {@code other}'s: shown, focus, legend cursor, manual scale, guide bars. What the view
     * tells it each frame (the legend, the automatic scale, the header's value) it learns on its next frame.
     */
    void copyFrom(CategoryChartState other) {
        shown = other.shown;
        focus = other.focus;
        cursor = other.cursor;
        pendingCursor = other.pendingCursor;
        manualRange = other.manualRange;
        userGuides.copyFrom(other.userGuides);
    }
}
