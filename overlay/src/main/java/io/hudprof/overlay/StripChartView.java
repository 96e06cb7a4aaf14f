package io.hudprof.overlay;

import io.hudprof.core.ValueUnit;
import io.hudprof.stats.text.TextLine;
import io.hudprof.stats.category.Category;
import io.hudprof.stats.category.CategoryHistory;

/**
 * PStats' time strip chart of the static categories, drawn in the history graph's place and geometry: one column
 * per recorded frame, newest on the right, stacked bands for the focused category's children (largest first, stable
 * colours), the children past the legend's room folded into one "other" band, and the focus's own time on top in
 * its colour (at the top level, the time no category holds: PStats' "Frame" band, in grey). The legend lists the
 * focus, its children and "other (+N)" with the selected frame's values; the header's right end shows the focus's
 * time averaged over the configured window (PStats: 3 s). Target-rate and harmonic guide bars as in the graph, plus
 * the user's dashed bars.
 *
 * <p>The scale is automatic (a nice number above the tallest column shown) until the zoom keys set it. Columns,
 * bands and guide lines are clipped to the plot, which is the HUD's second draw command as with the graph.
 * Allocation-free; render thread only.
 */
final class StripChartView {
    private static final int LABEL_CHARS = 8;
    private static final int LEGEND_NAME_CHARS = 16;
    private static final int LEGEND_VALUE_CHARS = 7;

    private final OverlayConfig config;
    private final HudMetrics metrics;
    private final GuideBars guides;
    private final ZoneColors colors = ZoneColors.forCategories();
    private final StripPlot strip = new StripPlot();
    private final int maxChildren;
    /** The listed children, then the focus (-1 for the frame): the ids one history load fills. */
    private final int[] ids;
    private final int[] children;
    private final int[] rgba;
    private final long[] values;
    private final TextLine line = new TextLine(96);
    private final long windowNanos;
    private int childCount;
    private int folded;

    StripChartView(OverlayConfig config, HudMetrics metrics) {
        this.config = config;
        this.metrics = metrics;
        this.guides = new GuideBars(config.targetFrameRate);
        this.maxChildren = Math.max(1, config.graphZones - 1);
        this.ids = new int[maxChildren + 1];
        this.children = new int[maxChildren];
        this.rgba = new int[maxChildren + 1];
        this.values = new long[maxChildren + 1];
        this.windowNanos = Math.round(config.categoryAverageSeconds * 1e9);
    }

    /** Takes the graph's place: the same box, plot and columns as {@code graph} was just laid out with. */
    void layout(StripPlot graph) {
        strip.columns(graph.columns(), graph.columnWidth());
        Box b = graph.bounds();
        strip.bounds().setEdges(b.left(), b.top(), b.right(), b.bottom());
        Box p = graph.plot();
        strip.plot().setEdges(p.left(), p.top(), p.right(), p.bottom());
    }

    /** Draws the chart; {@code selected} is how many frames back the report's frame is (0 = live). */
    void draw(CategoryHistory history, int selected, CategoryChartState state, boolean hertz, DrawList list) {
        int focus = state.focus();
        if (focus >= 0 && Category.byId(focus) == null) {
            state.focus(-1);
            focus = -1;
        }
        int shown = Math.min(strip.columns(), history.size());
        int found = history.rankChildren(focus, 0, Math.max(1, shown), children);
        childCount = Math.min(found, maxChildren);
        folded = found - childCount;
        System.arraycopy(children, 0, ids, 0, childCount);
        ids[childCount] = focus;
        state.listed(children, childCount);
        if (focus >= 0) {
            colors.assign(ids, childCount + 1, rgba);
        } else {
            colors.assign(ids, childCount, rgba);
            rgba[childCount] = HudPalette.OTHER;
        }

        state.autoRange(autoRange(history, focus, shown));
        double range = state.range();
        double average = history.average(focus, Math.max(0, selected), windowNanos);
        state.headerValue(average);

        Box plot = strip.plot();
        strip.drawBackground(list);
        drawHeader(history, selected, focus, average, range, hertz, state.autoScale(), list);
        guides.choose(range, plot, metrics.rowHeight());
        guides.drawLabels(strip, list, hertz, metrics);
        drawLegend(history, selected, focus, state.cursor(), list);
        strip.drawMarker(list, selected, metrics);

        list.pushClip(plot.left(), plot.top(), plot.right(), plot.bottom());
        if (selected < strip.columns()) {
            int x = strip.columnLeft(selected);
            list.rect(x, plot.top(), x + strip.columnWidth(), plot.bottom(), HudPalette.MARKED_COLUMN);
        }
        drawColumns(history, focus, shown, range, list);
        guides.drawLines(strip, list, metrics);
        guides.drawUser(strip, state.userGuides(), state.userGuideCount(), range, list, hertz, metrics);
        list.popClip();
    }

    private double autoRange(CategoryHistory history, int focus, int shown) {
        long max = 0;
        for (int i = 0; i < shown; i++) {
            max = Math.max(max, history.total(i, focus));
        }
        // 5 % headroom, so a column never quite touches the top and a steady 5 ms reads on a 10 ms scale.
        return GuideBars.niceCeiling(Math.max(max, 10_000) * 1.05, ValueUnit.NANOS);
    }

    private void drawHeader(CategoryHistory history, int selected, int focus, double average, double range,
            boolean hertz, boolean auto, DrawList list) {
        Box plot = strip.plot();
        line.clear();
        if (!Double.isNaN(average)) {
            line.appendScaled(average, -6, 2).append(" ms avg ").appendFixed(config.categoryAverageSeconds, 1)
                    .append(" s");
        }
        int rightChars = line.length();
        int y = strip.bounds().top() + metrics.pad() + metrics.textDrop();
        int legendRight = strip.bounds().right() - metrics.pad();
        list.text(legendRight - rightChars * metrics.cell(), y, line, HudPalette.TITLE);

        line.clear().append("categories: ");
        if (focus < 0) {
            line.append("Frame");
        } else {
            line.append(Category.byId(focus).path());
        }
        long frame = history.frameNumber(selected);
        if (frame >= 0) {
            line.append("  #").append(frame).append(selected == 0 ? " (live)" : "");
        }
        line.append("  top ");
        GuideBars.appendTime(line, range, hertz);
        line.append(auto ? " auto" : " set");
        int room = (legendRight - plot.left()) / metrics.cell() - rightChars - 2;
        if (line.length() > room) {
            line.truncate(Math.max(1, room - 1)).append('~');
        }
        strip.drawTitle(list, line, HudPalette.TARGET_LABEL, metrics);
    }

    private void drawLegend(CategoryHistory history, int selected, int focus, int cursor, DrawList list) {
        Box plot = strip.plot();
        int x = plot.right() + metrics.gap() + LABEL_CHARS * metrics.cell() + metrics.gap();
        boolean held = history.load(selected, ids, childCount + 1, values);
        long own = held ? history.own(selected, focus) : -1;
        long listedSum = 0;
        for (int i = 0; i < childCount; i++) {
            listedSum += values[i];
        }
        int rows = childCount + 1 + (folded > 0 ? 1 : 0);
        int lineHeight = metrics.lineHeight();
        int swatch = lineHeight - Math.max(2, lineHeight / 4);
        for (int row = 0; row < rows; row++) {
            int rowTop = plot.top() + row * metrics.rowHeight();
            int rowY = rowTop + metrics.textDrop();
            if (row == cursor) {
                list.rect(x - metrics.reach(), rowTop, strip.bounds().right() - metrics.pad(),
                        rowTop + metrics.rowHeight(), HudPalette.CURSOR);
            }
            int swatchTop = rowY + (lineHeight - swatch) / 2;
            int color;
            long value;
            line.clear();
            if (row == 0) {
                color = rgba[childCount];
                value = own;
                String name = focus < 0 ? "Frame" : Category.byId(focus).name();
                appendName(name);
            } else if (row <= childCount) {
                color = rgba[row - 1];
                value = values[row - 1];
                appendName(Category.byId(ids[row - 1]).name());
            } else {
                color = HudPalette.FOLDED;
                value = values[childCount] - own - listedSum;
                line.append("other +").append(folded);
                line.truncate(Math.min(line.length(), LEGEND_NAME_CHARS - 1));
            }
            list.rect(x, swatchTop, x + swatch, swatchTop + swatch, color);
            line.spaces(LEGEND_NAME_CHARS - line.length());
            int from = line.length();
            if (!held) {
                line.append('-');
            } else {
                line.appendScaled(Math.max(0, value), -6, 2);
            }
            line.alignRight(from, LEGEND_VALUE_CHARS);
            list.text(x + 2 * metrics.cell(), rowY, line, row == 0 ? HudPalette.TITLE : HudPalette.TEXT);
        }
    }

    private void appendName(String name) {
        if (name.length() > LEGEND_NAME_CHARS - 1) {
            line.append(name, LEGEND_NAME_CHARS - 2).append('~');
        } else {
            line.append(name);
        }
    }

    private void drawColumns(CategoryHistory history, int focus, int shown, double range, DrawList list) {
        Box plot = strip.plot();
        int barWidth = strip.barWidth();
        double pixelsPerNano = plot.height() / range;
        for (int i = 0; i < shown; i++) {
            if (!history.load(i, ids, childCount + 1, values)) {
                continue;
            }
            long own = history.own(i, focus);
            int x0 = strip.columnLeft(i);
            int x1 = x0 + barWidth;
            int below = plot.bottom();
            long stacked = 0;
            for (int k = 0; k < childCount; k++) {
                stacked += values[k];
                below = band(list, x0, x1, below, stacked, pixelsPerNano, rgba[k]);
            }
            long other = values[childCount] - own - stacked;
            if (other > 0) {
                stacked += other;
                below = band(list, x0, x1, below, stacked, pixelsPerNano, HudPalette.FOLDED);
            }
            band(list, x0, x1, below, Math.max(stacked, values[childCount]), pixelsPerNano, rgba[childCount]);
        }
    }

    private int band(DrawList list, int x0, int x1, int below, long stacked, double pixelsPerNano, int color) {
        int above = strip.plot().bottom() - (int) Math.round(stacked * pixelsPerNano);
        if (above < below) {
            list.rect(x0, above, x1, below, color);
            return above;
        }
        return below;
    }

    /** Where the chart was last laid out. */
    StripPlot strip() {
        return strip;
    }

    /** Children listed in the legend in the last frame drawn. */
    int listedChildren() {
        return childCount;
    }

    /** Children with time that the last frame folded into "other". */
    int foldedChildren() {
        return folded;
    }

    /** The id of listed child {@code i}. */
    int listedChild(int i) {
        return ids[i];
    }
}
