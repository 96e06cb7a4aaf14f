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
        int x = panel.bounds().left() + Math.round(6 * 1f) - 2;
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

    /** True for the opaque colours graph columns are made of (a zone's palette colour or "other" grey). */
    static boolean isBarColor(int rgb) {
        if (rgb == HudPalette.OTHER >>> 8) {
            return true;
        }
        for (int i = 0; i < ZoneColors.PALETTE_SIZE; i++) {
            if (rgb == HudPalette.zoneColor(i) >>> 8) {
                return true;
            }
        }
        return false;
    }

    /** Height in pixels of the column of the frame {@code framesAgo} back, measured from the plot's bottom. */
    static int columnHeight(Image image, HistoryGraphView graph, int framesAgo) {
        int x = graph.strip().plot().right() - (framesAgo + 1) * graph.strip().columnWidth();
        for (int y = graph.strip().plot().top(); y < graph.strip().plot().bottom(); y++) {
            if (isBarColor(image.rgb(x, y))) {
                return graph.strip().plot().bottom() - y;
            }
        }
        return 0;
    }

    /** Number of separate columns crossing the row just above the plot's bottom. */
    static int columnCount(Image image, HistoryGraphView graph) {
        int y = graph.strip().plot().bottom() - 1;
        int runs = 0;
        boolean inBar = false;
        for (int x = graph.strip().plot().left(); x < graph.strip().plot().right(); x++) {
            boolean bar = isBarColor(image.rgb(x, y));
            if (bar && !inBar) {
                runs++;
            }
            inBar = bar;
        }
        return runs;
    }

    /** The x of the graph's selected-frame marker (its left edge, scanning the marker's row), or -1. */
    static int markerX(Image image, HistoryGraphView graph) {
        int y = graph.strip().plot().bottom() + 5;
        for (int x = graph.strip().plot().left() - 4; x < graph.strip().plot().right() + 4; x++) {
            if (image.rgb(x, y) == 0xFFFFFF) {
                return x;
            }
        }
        return -1;
    }
}
