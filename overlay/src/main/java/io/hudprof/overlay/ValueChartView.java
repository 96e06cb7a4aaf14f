package io.hudprof.overlay;

import io.hudprof.core.ValueUnit;
import io.hudprof.core.format.TextLine;
import io.hudprof.core.stats.Stat;
import io.hudprof.core.stats.StatHistory;

/**
 * PStats's value strip chart: one statistic's frame values over the recorded frames, beside the history graph and
 * lined up with it (newest frame on the right, same column width, same plot top and bottom), so a spike in a value
 * can be matched with the frame time above the same column. The vertical scale follows the values shown: its top
 * is the next "nice" number (1, 2 or 5 times a power of ten; of 1024 for bytes) above the largest, and negative
 * values get a scale below a zero line. Guide labels and the title print in the statistic's unit.
 *
 * <p>Every value fits the scale by construction, so the chart needs no clip rectangle and shares the report panel's
 * draw command. Allocation-free; render thread only.
 */
final class ValueChartView {
    private static final int LABEL_CHARS = 11;
    private static final int GUIDES = 3;

    private final HudMetrics metrics;
    private final StripPlot strip = new StripPlot();
    private final TextLine line = new TextLine(128);
    private double scaleTop;
    private double scaleBottom;

    ValueChartView(HudMetrics metrics) {
        this.metrics = metrics;
    }

    /**
     * Places the chart beside the graph: starting at {@code x}, with the graph's top, height and plot rows, as many
     * columns as fit before {@code maxRight} (at most the graph's). {@link #fits()} says whether any do.
     */
    void layout(int x, HistoryGraphView graph, int maxRight) {
        int pad = metrics.pad();
        StripPlot beside = graph.strip();
        int columnWidth = beside.columnWidth();
        int labelWidth = LABEL_CHARS * metrics.cell();
        int room = maxRight - x - 2 * pad - metrics.gap() - labelWidth;
        int columns = Math.max(0, Math.min(beside.columns(), room / columnWidth));
        strip.columns(columns, columnWidth);
        strip.bounds().set(x, beside.bounds().top(), 2 * pad + columns * columnWidth + metrics.gap() + labelWidth,
                beside.bounds().height());
        strip.plot().setEdges(x + pad, beside.plot().top(), x + pad + columns * columnWidth, beside.plot().bottom());
    }

    /** Whether the last layout left room for a useful chart (a dozen columns). */
    boolean fits() {
        return strip.columns() >= 12;
    }

    /**
     * Draws {@code stat}'s chart where {@link #layout} put it; {@code selected} is how far back the frame the report
     * shows is in {@code history} (-1 when it holds no such frame).
     */
    void draw(StatHistory history, Stat stat, int selected, DrawList list) {
        strip.drawBackground(list);
        ValueUnit unit = stat.unit();
        chooseScale(history, stat, unit);
        drawTitle(history, stat, selected, list);

        for (int g = 0; g < GUIDES; g++) {
            double value = scaleBottom + (scaleTop - scaleBottom) * (GUIDES - 1 - g) / (GUIDES - 1);
            int y = yOf(value);
            boolean zero = value == 0;
            strip.drawGuideLine(list, y, zero ? HudPalette.ZERO_LINE : HudPalette.GUIDE_LINE, metrics);
            line.clear();
            unit.append(value, line);
            strip.drawGuideLabel(list, y, line, zero ? HudPalette.TARGET_LABEL : HudPalette.GUIDE_LABEL, metrics);
        }
        if (scaleBottom < 0) {
            strip.drawGuideLine(list, yOf(0), HudPalette.ZERO_LINE, metrics);
        }

        int shown = Math.min(strip.columns(), history.size());
        int barWidth = strip.barWidth();
        int zeroY = yOf(0);
        for (int i = 0; i < shown; i++) {
            double value = history.value(stat, i);
            if (Double.isNaN(value)) {
                continue;
            }
            int x0 = strip.columnLeft(i);
            int y = yOf(value);
            list.rect(x0, Math.min(y, zeroY), x0 + barWidth, Math.max(y, zeroY), HudPalette.CHART_BAR);
        }
        strip.drawMarker(list, selected, metrics);
    }

    private void drawTitle(StatHistory history, Stat stat, int selected, DrawList list) {
        line.clear().append(stat.name()).append("  ");
        stat.unit().append(selected < 0 ? Double.NaN : history.value(stat, selected), line);
        int chars = (strip.bounds().width() - 2 * metrics.pad()) / metrics.cell();
        if (line.length() > chars) {
            line.truncate(Math.max(1, chars - 1)).append('~');
        }
        strip.drawTitle(list, line, HudPalette.TARGET_LABEL, metrics);
    }

    /** Scale from 0 (or a nice negative bottom) to a nice top above every value in the shown columns. */
    private void chooseScale(StatHistory history, Stat stat, ValueUnit unit) {
        double max = 0;
        double min = 0;
        int shown = Math.min(strip.columns(), history.size());
        for (int i = 0; i < shown; i++) {
            double value = history.value(stat, i);
            if (!Double.isNaN(value)) {
                max = Math.max(max, value);
                min = Math.min(min, value);
            }
        }
        scaleTop = max > 0 ? niceCeiling(max, unit) : min < 0 ? 0 : niceCeiling(1, unit);
        scaleBottom = min < 0 ? -niceCeiling(-min, unit) : 0;
    }

    /** The smallest 1, 2 or 5 times a power of ten (of 1024 for bytes, then of ten) at or above {@code value}. */
    static double niceCeiling(double value, ValueUnit unit) {
        double base = 1;
        if (unit == ValueUnit.BYTES) {
            while (value / base >= 1024) {
                base *= 1024;
            }
        }
        double scaled = value / base;
        double power = Math.pow(10, Math.floor(Math.log10(scaled)));
        double fraction = scaled / power;
        double nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
        return nice * power * base;
    }

    private int yOf(double value) {
        Box plot = strip.plot();
        return plot.bottom() - (int) Math.round((value - scaleBottom) / (scaleTop - scaleBottom) * plot.height());
    }

    /** Where the chart's box, plot and columns were last laid out. */
    StripPlot strip() {
        return strip;
    }

    /** The value at the top of the scale last drawn. */
    double scaleTop() {
        return scaleTop;
    }

    /** The value at the bottom of the scale last drawn (0 unless values went negative). */
    double scaleBottom() {
        return scaleBottom;
    }
}
