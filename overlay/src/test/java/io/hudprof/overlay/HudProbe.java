package io.hudprof.overlay;

/** Reads HUD features back from a framebuffer image, for the GL tests. */
final class HudProbe {
    private HudProbe() {
    }

    /** Text-like pixels (bright) in a horizontal band of the panel. */
    static int brightPixels(Image image, int x0, int x1, int y0, int y1) {
        int count = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                if (Image.luminance(image.rgb(x, y)) > 150) {
                    count++;
                }
            }
        }
        return count;
    }

    /** The panel row (0 = first shown) whose left margin has the cursor's blue band, or -1. */
    static int highlightedRow(Image image, ReportPanelView panel) {
        int x = panel.left() + Math.round(6 * 1f) - 2;
        int found = -1;
        for (int i = 0; i < panel.shownRows(); i++) {
            int y = panel.rowsTop() + i * panel.rowHeight() + panel.rowHeight() / 2;
            int rgb = image.rgb(x, y);
            int r = (rgb >> 16) & 0xFF;
            int b = rgb & 0xFF;
            if (b > r + 60) {
                if (found >= 0) {
                    throw new AssertionError("two highlighted rows: " + found + " and " + i);
                }
                found = i;
            }
        }
        return found;
    }

    /** The x of the graph's selected-frame marker (its left edge, scanning the marker's row), or -1. */
    static int markerX(Image image, HistoryGraphView graph) {
        int y = graph.plotBottom() + 5;
        for (int x = graph.plotLeft() - 4; x < graph.plotRight() + 4; x++) {
            if (image.rgb(x, y) == 0xFFFFFF) {
                return x;
            }
        }
        return -1;
    }
}
