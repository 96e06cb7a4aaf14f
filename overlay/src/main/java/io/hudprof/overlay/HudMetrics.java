package io.hudprof.overlay;

/**
 * The HUD's spacing for one frame, in framebuffer pixels, derived once per frame from the font and the UI scale
 * (the config's scale times the window's content scale) so every view lays out with the same numbers: a graph and
 * a chart side by side line up, and a change of spacing is made in one place. Render thread only.
 */
final class HudMetrics {
    private float ui = 1f;
    private int cell;
    private int lineHeight;
    private int pad;
    private int gap;
    private int rowHeight;
    private int textDrop;
    private int tick;
    private int reach;
    private int line;

    /** Recomputes everything for this frame's font and UI scale (framebuffer pixels per logical pixel). */
    void update(FontAtlas font, float ui) {
        this.ui = ui;
        cell = font.cellWidth();
        lineHeight = font.lineHeight();
        pad = scaled(6);
        gap = scaled(6);
        rowHeight = lineHeight + Math.max(1, scaled(3));
        // Text sits in the middle of its row; the odd pixel goes below.
        textDrop = (rowHeight - lineHeight + 1) / 2;
        tick = Math.max(4, scaled(5));
        reach = Math.max(1, scaled(2));
        line = Math.max(1, scaled(1));
    }

    /** Framebuffer pixels per logical pixel this frame. */
    float ui() {
        return ui;
    }

    /** A length given in logical pixels (config offsets, sizes), in framebuffer pixels. */
    int scaled(int logicalPixels) {
        return Math.round(logicalPixels * ui);
    }

    /** Width of one character of the monospace font. */
    int cell() {
        return cell;
    }

    int lineHeight() {
        return lineHeight;
    }

    /** Inner padding of every view's box. */
    int pad() {
        return pad;
    }

    /** Space between parts of a view (plot and labels, labels and legend). */
    int gap() {
        return gap;
    }

    /** One line of text plus its leading. */
    int rowHeight() {
        return rowHeight;
    }

    /** How far below a row's top its text starts. */
    int textDrop() {
        return textDrop;
    }

    /** Height of the selected-frame marker under a plot. */
    int tick() {
        return tick;
    }

    /** How far the marker reaches past its column on each side. */
    int reach() {
        return reach;
    }

    /** Thickness of guide lines, borders and separators. */
    int line() {
        return line;
    }
}
