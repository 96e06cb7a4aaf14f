package io.hudprof.overlay;

/**
 * The geometry and the furniture both strip charts share (the history graph and the value chart): a box with a
 * darker plot inside it, one column per recorded frame with the newest at the plot's right edge, horizontal guide
 * lines with their labels to the right of the plot, and the tick under the selected frame's column. One piece, so
 * the two charts line up column for column and look alike. Render thread only.
 */
final class StripPlot {
    private final Box bounds = new Box();
    private final Box plot = new Box();
    private int columnWidth = 1;
    private int columns;

    /** The whole view: background, plot, labels and marker. */
    Box bounds() {
        return bounds;
    }

    /** The plot the columns are drawn in. */
    Box plot() {
        return plot;
    }

    /** Sets the columns; the plot's width is {@code columns × columnWidth}. */
    void columns(int columns, int columnWidth) {
        this.columns = columns;
        this.columnWidth = columnWidth;
    }

    int columns() {
        return columns;
    }

    int columnWidth() {
        return columnWidth;
    }

    /** Left edge of the column of the frame {@code framesAgo} back. */
    int columnLeft(int framesAgo) {
        return plot.right() - (framesAgo + 1) * columnWidth;
    }

    /** Width of a column's bar: a one-pixel gap separates frames once columns are wide enough to spare it. */
    int barWidth() {
        return columnWidth >= 5 ? columnWidth - 1 : columnWidth;
    }

    /** The view's translucent background and the darker plot. */
    void drawBackground(DrawList list) {
        list.panel(bounds.left(), bounds.top(), bounds.right(), bounds.bottom());
        list.plotGround(plot.left(), plot.top(), plot.right(), plot.bottom());
    }

    /**
     * The view's translucent background everywhere but on the plot, for a plot that a picture with its own background
     * covers whole: four bands around the plot, so no pixel of the plot is blended twice.
     */
    void drawBackgroundAroundPlot(DrawList list) {
        list.panel(bounds.left(), bounds.top(), bounds.right(), plot.top());
        list.panel(bounds.left(), plot.bottom(), bounds.right(), bounds.bottom());
        list.panel(bounds.left(), plot.top(), plot.left(), plot.bottom());
        list.panel(plot.right(), plot.top(), bounds.right(), plot.bottom());
    }

    /** The tick under the column of the frame {@code selected} back; nothing when that column is not shown. */
    void drawMarker(DrawList list, int selected, HudMetrics metrics) {
        if (selected < 0 || selected >= columns) {
            return;
        }
        int x = columnLeft(selected);
        int y = plot.bottom() + metrics.gap() / 2;
        list.rect(x - metrics.reach(), y, x + columnWidth + metrics.reach(), y + metrics.tick(), HudPalette.MARKER);
    }

    /** A horizontal guide line across the plot at {@code y}, kept inside the plot. */
    void drawGuideLine(DrawList list, int y, int rgba, HudMetrics metrics) {
        int top = Math.min(y, plot.bottom() - metrics.line());
        list.rect(plot.left(), top, plot.right(), top + metrics.line(), rgba);
    }

    /** A guide line's label right of the plot, centred on {@code y} but never above or below the plot. */
    void drawGuideLabel(DrawList list, int y, CharSequence text, int rgba, HudMetrics metrics) {
        int lineHeight = metrics.lineHeight();
        int top = Math.max(plot.top(), Math.min(plot.bottom() - lineHeight, y - lineHeight / 2));
        list.text(plot.right() + metrics.gap(), top, text, rgba);
    }

    /** A title line at the top of the box, above the plot; returns the x just after it. */
    float drawTitle(DrawList list, CharSequence text, int rgba, HudMetrics metrics) {
        return drawTitle(list, plot.left(), text, rgba, metrics);
    }

    /** More of the title line, from {@code x} on; returns the x just after it. */
    float drawTitle(DrawList list, float x, CharSequence text, int rgba, HudMetrics metrics) {
        return list.text(x, bounds.top() + metrics.pad() + metrics.textDrop(), text, rgba);
    }
}
