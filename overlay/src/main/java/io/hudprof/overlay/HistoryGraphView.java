package io.hudprof.overlay;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.Zone;
import io.hudprof.core.report.ZoneRanking;

/**
 * IProf's history graph with PStats' guide lines: one column per recorded frame, newest on the right, each the
 * stacked self time of the most expensive zones in stable colours (the rest of the frame in grey on top), a legend
 * with each zone's time in the selected frame, the frame selected by scrubbing marked, and horizontal guide lines at
 * the target frame time and its harmonics, labelled in ms or Hz.
 *
 * <p>Columns, lines and the marker are drawn under a clip rectangle on the plot, so columns taller than the range
 * are cut at its top: that clip change is the HUD's second (and last) draw command. Allocation-free; render thread
 * only.
 */
final class HistoryGraphView {
    static final int BACKGROUND = 0x0E1116DC;
    static final int PLOT = 0x00000070;
    static final int OTHER = 0x7A828CFF;
    static final int TARGET_LINE = 0xF0F0F0D0;
    static final int GUIDE_LINE = 0xA0A8B080;
    static final int TARGET_LABEL = 0xF0F0F0FF;
    static final int GUIDE_LABEL = 0x9AA3ACFF;
    static final int MARKER = 0xFFFFFFFF;
    static final int MARKED_COLUMN = 0xFFFFFF48;

    private static final int LABEL_CHARS = 8;
    private static final int LEGEND_NAME_CHARS = 16;
    private static final int LEGEND_VALUE_CHARS = 7;
    private static final int LEGEND_CHARS = 2 + LEGEND_NAME_CHARS + LEGEND_VALUE_CHARS;
    private static final int MAX_GUIDES = 24;

    private final OverlayConfig config;
    private final ZoneRanking ranking;
    private final ZoneColors colors = new ZoneColors();
    private final int[] zoneIds;
    private final int[] zoneColors;
    private final long[] columnSelf;
    private final long[] selectedSelf;
    /**
     * Per-frame column values, kept across frames: a recorded frame never changes, so each frame only the newest
     * column is read from history instead of all of them (the graph's main cost). Keyed by frame number in a ring
     * of the history's size; forgotten whenever the set or order of the top zones changes.
     */
    private long[] cachedSelf = new long[0];
    private long[] cachedFrame = new long[0];
    private boolean[] cachedHeld = new boolean[0];
    private final int[] cachedZoneIds;
    private int cachedZones = -1;
    private final double[] guideNanos = new double[MAX_GUIDES];
    private final int[] guideY = new int[MAX_GUIDES];
    private final TextBuffer line = new TextBuffer(64);

    // Layout of the current frame, in framebuffer pixels.
    private int cell;
    private int pad;
    private int gap;
    private int rowHeight;
    private int tick;
    private int reach;
    private int thickness;
    private int textDrop;
    private int labelWidth;
    private int zones;
    private int left;
    private int top;
    private int width;
    private int height;
    private int plotLeft;
    private int plotTop;
    private int plotRight;
    private int plotBottom;
    private int columnWidth;
    private int columns;

    HistoryGraphView(OverlayConfig config, ZoneRanking ranking) {
        this.ranking = ranking;
        this.config = config;
        zoneIds = new int[config.graphZones];
        zoneColors = new int[config.graphZones];
        columnSelf = new long[config.graphZones];
        selectedSelf = new long[config.graphZones];
        cachedZoneIds = new int[config.graphZones];
    }

    /**
     * Sizes and places the graph for this frame (before anything is drawn, so the report panel can keep clear of
     * it); {@code ui} is framebuffer pixels per logical pixel.
     */
    void layout(FrameHistory history, DrawList list, float ui) {
        FontAtlas font = list.font();
        cell = font.cellWidth();
        pad = Math.round(6 * ui);
        gap = Math.round(6 * ui);
        rowHeight = font.lineHeight() + Math.max(1, Math.round(3 * ui));
        tick = Math.max(4, Math.round(5 * ui));
        reach = Math.max(1, Math.round(2 * ui));
        thickness = Math.max(1, Math.round(ui));
        textDrop = (rowHeight - font.lineHeight() + 1) / 2;
        int fbWidth = list.framebufferWidth();
        int fbHeight = list.framebufferHeight();

        zones = ranking.topZones(zoneIds);
        colors.assign(zoneIds, zones, zoneColors);

        columnWidth = Math.max(1, Math.round(config.graphColumnWidth * ui));
        labelWidth = LABEL_CHARS * cell;
        int legendWidth = LEGEND_CHARS * cell;
        int offsetX = Math.round(config.graphOffsetX * ui);
        int offsetY = Math.round(config.graphOffsetY * ui);
        int room = fbWidth - 2 * offsetX - 2 * pad - 2 * gap - labelWidth - legendWidth;
        columns = Math.max(1, Math.min(Math.min(config.graphMaxColumns, history.capacity()), room / columnWidth));
        int plotWidth = columns * columnWidth;
        int plotHeight = Math.max(Math.round(config.graphHeight * ui), (zones + 1) * rowHeight);

        width = 2 * pad + plotWidth + gap + labelWidth + gap + legendWidth;
        height = 2 * pad + rowHeight + plotHeight + gap + tick;
        left = config.graphAnchor.left(fbWidth, width, offsetX);
        top = config.graphAnchor.top(fbHeight, height, offsetY);
        plotLeft = left + pad;
        plotTop = top + pad + rowHeight;
        plotRight = plotLeft + plotWidth;
        plotBottom = plotTop + plotHeight;
    }

    /** Draws the graph where {@link #layout} put it; {@code selected} is the frame the report shows (0 = live). */
    void draw(FrameHistory history, int selected, HudControls controls, DrawList list) {
        double range = controls.graphRangeNanos();
        int lineHeight = list.font().lineHeight();

        // Unclipped part first (one draw command with the report panel), then the clipped plot.
        list.rect(left, top, left + width, top + height, BACKGROUND);
        list.rect(plotLeft, plotTop, plotRight, plotBottom, PLOT);
        drawTitle(history, selected, list, plotLeft, top + pad + textDrop, range, controls.unitsHz());
        int guides = chooseGuides(range, plotBottom - plotTop, rowHeight);
        for (int g = 0; g < guides; g++) {
            line.clear();
            appendTime(guideNanos[g], controls.unitsHz());
            list.text(plotRight + gap, guideY[g] - lineHeight / 2, line, g == 0 ? TARGET_LABEL : GUIDE_LABEL);
        }
        boolean selectedHeld = history.zoneSelf(selected, zoneIds, zones, selectedSelf);
        drawLegend(history, selected, selectedHeld, list, plotRight + gap + labelWidth + gap, plotTop);
        int markerX = plotRight - (selected + 1) * columnWidth;
        if (selected < columns) {
            list.rect(markerX - reach, plotBottom + gap / 2, markerX + columnWidth + reach,
                    plotBottom + gap / 2 + tick, MARKER);
        }

        list.pushClip(plotLeft, plotTop, plotRight, plotBottom);
        // The selected frame's band goes behind its column, so the column keeps its true colours.
        if (selected < columns) {
            list.rect(markerX, plotTop, markerX + columnWidth, plotBottom, MARKED_COLUMN);
        }
        drawColumns(history, range, list);
        for (int g = guides - 1; g >= 0; g--) {
            list.rect(plotLeft, guideY[g], plotRight, guideY[g] + thickness, g == 0 ? TARGET_LINE : GUIDE_LINE);
        }
        list.popClip();
    }

    private void drawTitle(FrameHistory history, int selected, DrawList list, int x, int y, double range,
                           boolean hertz) {
        long nanos = history.frameNanos(selected);
        line.clear();
        if (nanos < 0) {
            line.append("no frame recorded yet");
        } else {
            line.append("frame #").append(history.frameNumber(selected)).append("  ")
                    .appendFixed(nanos / 1e6, 2).append(" ms  ")
                    .appendFixed(nanos > 0 ? 1e9 / nanos : 0, 1).append(" fps");
            if (selected == 0) {
                line.append("  (live)");
            } else {
                line.append("  (").append(selected).append(" back)");
            }
        }
        line.append("   top ");
        appendTime(range, hertz);
        list.text(x, y, line, TARGET_LABEL);
    }

    /**
     * Picks the guide lines: the target frame time first, then its multiples (30, 20, 15 Hz... at 60 Hz) and
     * fractions (120, 180, 240 Hz), skipping any that would crowd an already chosen label. Returns how many.
     */
    private int chooseGuides(double range, int plotHeight, int minSpacing) {
        double target = 1e9 / config.targetFrameRate;
        int count = 0;
        for (int k = 1; k <= 64 && count < MAX_GUIDES; k++) {
            count = addGuide(target * k, range, plotHeight, minSpacing, count);
        }
        for (int k = 2; k <= 8 && count < MAX_GUIDES; k++) {
            count = addGuide(target / k, range, plotHeight, minSpacing, count);
        }
        return count;
    }

    private int addGuide(double nanos, double range, int plotHeight, int minSpacing, int count) {
        if (nanos > range) {
            return count;
        }
        int y = plotBottom - (int) Math.round(nanos / range * plotHeight);
        if (y < plotTop + minSpacing / 2) {
            return count;
        }
        for (int g = 0; g < count; g++) {
            if (Math.abs(guideY[g] - y) < minSpacing) {
                return count;
            }
        }
        guideNanos[count] = nanos;
        guideY[count] = y;
        return count + 1;
    }

    private void appendTime(double nanos, boolean hertz) {
        if (hertz) {
            double rate = 1e9 / nanos;
            line.appendFixed(rate, rate < 100 ? 1 : 0).append(" Hz");
        } else {
            line.appendFixed(nanos / 1e6, 1).append(" ms");
        }
    }

    private void drawLegend(FrameHistory history, int selected, boolean held, DrawList list, int x, int y) {
        long frameNanos = history.frameNanos(selected);
        long zoned = 0;
        int swatch = list.font().lineHeight() - Math.max(2, list.font().lineHeight() / 4);
        for (int i = 0; i <= zones; i++) {
            boolean other = i == zones;
            int color = other ? OTHER : zoneColors[i];
            int rowY = y + i * rowHeight;
            int swatchTop = rowY + textDrop + (list.font().lineHeight() - swatch) / 2;
            list.rect(x, swatchTop, x + swatch, swatchTop + swatch, color);
            line.clear();
            if (other) {
                line.append("other");
            } else {
                Zone zone = Zone.byId(zoneIds[i]);
                String name = zone == null ? "?" : zone.name();
                if (name.length() > LEGEND_NAME_CHARS - 1) {
                    line.append(name, LEGEND_NAME_CHARS - 2).append('~');
                } else {
                    line.append(name);
                }
            }
            line.spaces(LEGEND_NAME_CHARS - line.length());
            int from = line.length();
            if (!held || frameNanos < 0) {
                line.append('-');
            } else if (other) {
                line.appendFixed(Math.max(0, frameNanos - zoned) / 1e6, 2);
            } else {
                zoned += selectedSelf[i];
                line.appendFixed(selectedSelf[i] / 1e6, 2);
            }
            line.alignRight(from, LEGEND_VALUE_CHARS);
            list.text(x + 2 * cell, rowY + textDrop, line, other ? GUIDE_LABEL : ReportPanelView.TEXT);
        }
    }

    /** Offset of the frame's zone values in {@link #cachedSelf}, reading history only on a miss; -1 if not held. */
    private int cachedColumn(FrameHistory history, int framesAgo) {
        long number = history.frameNumber(framesAgo);
        int slot = (int) (number % cachedFrame.length);
        int at = slot * zoneIds.length;
        if (cachedFrame[slot] != number) {
            cachedHeld[slot] = history.zoneSelf(framesAgo, zoneIds, zones, columnSelf);
            System.arraycopy(columnSelf, 0, cachedSelf, at, zones);
            cachedFrame[slot] = number;
        }
        return cachedHeld[slot] ? at : -1;
    }

    /** Forgets the cached columns when the history's size or the top zones changed since the last frame. */
    private void validateCache(FrameHistory history) {
        boolean same = cachedZones == zones && cachedFrame.length == history.capacity();
        for (int k = 0; same && k < zones; k++) {
            same = cachedZoneIds[k] == zoneIds[k];
        }
        if (same) {
            return;
        }
        if (cachedFrame.length != history.capacity()) {
            cachedFrame = new long[history.capacity()];
            cachedHeld = new boolean[history.capacity()];
            cachedSelf = new long[history.capacity() * zoneIds.length];
        }
        java.util.Arrays.fill(cachedFrame, -1);
        System.arraycopy(zoneIds, 0, cachedZoneIds, 0, zones);
        cachedZones = zones;
    }

    private void drawColumns(FrameHistory history, double range, DrawList list) {
        validateCache(history);
        int plotHeight = plotBottom - plotTop;
        int shown = Math.min(columns, history.size());
        // A one-pixel gap separates frames once columns are wide enough to spare it.
        int barWidth = columnWidth >= 5 ? columnWidth - 1 : columnWidth;
        double pixelsPerNano = plotHeight / range;
        for (int i = 0; i < shown; i++) {
            long frameNanos = history.frameNanos(i);
            if (frameNanos < 0) {
                continue;
            }
            int x0 = plotRight - (i + 1) * columnWidth;
            int x1 = x0 + barWidth;
            int below = plotBottom;
            long stacked = 0;
            int at = cachedColumn(history, i);
            if (at >= 0) {
                for (int k = 0; k < zones; k++) {
                    stacked += cachedSelf[at + k];
                    int above = plotBottom - (int) Math.round(stacked * pixelsPerNano);
                    if (above < below) {
                        list.rect(x0, above, x1, below, zoneColors[k]);
                        below = above;
                    }
                }
            }
            int frameTop = plotBottom - (int) Math.round(Math.max(frameNanos, stacked) * pixelsPerNano);
            list.rect(x0, frameTop, x1, below, OTHER);
        }
    }

    int left() {
        return left;
    }

    int top() {
        return top;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    int plotLeft() {
        return plotLeft;
    }

    int plotTop() {
        return plotTop;
    }

    int plotRight() {
        return plotRight;
    }

    int plotBottom() {
        return plotBottom;
    }

    int columnWidth() {
        return columnWidth;
    }

    /** Number of frame columns the plot has room for. */
    int columns() {
        return columns;
    }
}
