package io.hudprof.overlay;

import io.hudprof.core.ValueUnit;
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
    static final int BAR = 0x5EC8F0FF;
    static final int ZERO_LINE = 0xF0F0F0A0;

    private static final int LABEL_CHARS = 11;
    private static final int GUIDES = 3;

    private final TextBuffer line = new TextBuffer(128);
    private final StringBuilder number = new StringBuilder(32);

    private int cell;
    private int pad;
    private int gap;
    private int tick;
    private int reach;
    private int thickness;
    private int textDrop;
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
    private double scaleTop;
    private double scaleBottom;

    /**
     * Places the chart beside the graph: starting at {@code x}, with the graph's top, height and plot rows, as many
     * columns as fit before {@code maxRight} (at most {@code maxColumns}). {@link #fits()} says whether any do.
     */
    void layout(int x, HistoryGraphView graph, int maxRight, DrawList list, float ui) {
        FontAtlas font = list.font();
        cell = font.cellWidth();
        pad = Math.round(6 * ui);
        gap = Math.round(6 * ui);
        tick = Math.max(4, Math.round(5 * ui));
        reach = Math.max(1, Math.round(2 * ui));
        thickness = Math.max(1, Math.round(ui));
        int rowHeight = font.lineHeight() + Math.max(1, Math.round(3 * ui));
        textDrop = (rowHeight - font.lineHeight() + 1) / 2;
        columnWidth = graph.columnWidth();
        int labelWidth = LABEL_CHARS * cell;
        int room = maxRight - x - 2 * pad - gap - labelWidth;
        columns = Math.max(0, Math.min(graph.columns(), room / columnWidth));
        left = x;
        top = graph.top();
        height = graph.height();
        plotLeft = left + pad;
        plotTop = graph.plotTop();
        plotBottom = graph.plotBottom();
        plotRight = plotLeft + columns * columnWidth;
        width = 2 * pad + columns * columnWidth + gap + labelWidth;
    }

    /** Whether the last layout left room for a useful chart (a dozen columns). */
    boolean fits() {
        return columns >= 12;
    }

    /**
     * Draws {@code stat}'s chart where {@link #layout} put it; {@code selected} is how far back the frame the report
     * shows is in {@code history} (-1 when it holds no such frame).
     */
    void draw(StatHistory history, Stat stat, int selected, DrawList list) {
        int lineHeight = list.font().lineHeight();
        list.rect(left, top, left + width, top + height, HistoryGraphView.BACKGROUND);
        list.rect(plotLeft, plotTop, plotRight, plotBottom, HistoryGraphView.PLOT);
        ValueUnit unit = stat.unit();
        chooseScale(history, stat, unit);
        drawTitle(history, stat, selected, list);

        int labelX = plotRight + gap;
        for (int g = 0; g < GUIDES; g++) {
            double value = scaleBottom + (scaleTop - scaleBottom) * (GUIDES - 1 - g) / (GUIDES - 1);
            int y = yOf(value);
            boolean zero = value == 0;
            list.rect(plotLeft, y - (g == GUIDES - 1 ? thickness : 0), plotRight,
                    y + (g == GUIDES - 1 ? 0 : thickness), zero ? ZERO_LINE : HistoryGraphView.GUIDE_LINE);
            line.clear();
            appendValue(value, unit);
            int labelY = Math.max(plotTop, Math.min(plotBottom - lineHeight, y - lineHeight / 2));
            list.text(labelX, labelY, line, zero ? HistoryGraphView.TARGET_LABEL : HistoryGraphView.GUIDE_LABEL);
        }
        if (scaleBottom < 0) {
            list.rect(plotLeft, yOf(0), plotRight, yOf(0) + thickness, ZERO_LINE);
        }

        int shown = Math.min(columns, history.size());
        int barWidth = columnWidth >= 5 ? columnWidth - 1 : columnWidth;
        int zeroY = yOf(0);
        for (int i = 0; i < shown; i++) {
            double value = history.value(stat, i);
            if (Double.isNaN(value)) {
                continue;
            }
            int x0 = plotRight - (i + 1) * columnWidth;
            int y = yOf(value);
            list.rect(x0, Math.min(y, zeroY), x0 + barWidth, Math.max(y, zeroY), BAR);
        }
        if (selected >= 0 && selected < columns) {
            int markerX = plotRight - (selected + 1) * columnWidth;
            list.rect(markerX - reach, plotBottom + gap / 2, markerX + columnWidth + reach,
                    plotBottom + gap / 2 + tick, HistoryGraphView.MARKER);
        }
    }

    private void drawTitle(StatHistory history, Stat stat, int selected, DrawList list) {
        line.clear().append(stat.name()).append("  ");
        appendValue(selected < 0 ? Double.NaN : history.value(stat, selected), stat.unit());
        int chars = (width - 2 * pad) / cell;
        if (line.length() > chars) {
            line.truncate(Math.max(1, chars - 1)).append('~');
        }
        list.text(plotLeft, top + pad + textDrop, line, HistoryGraphView.TARGET_LABEL);
    }

    /** Scale from 0 (or a nice negative bottom) to a nice top above every value in the shown columns. */
    private void chooseScale(StatHistory history, Stat stat, ValueUnit unit) {
        double max = 0;
        double min = 0;
        int shown = Math.min(columns, history.size());
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
        double span = scaleTop - scaleBottom;
        return plotBottom - (int) Math.round((value - scaleBottom) / span * (plotBottom - plotTop));
    }

    private void appendValue(double value, ValueUnit unit) {
        number.setLength(0);
        unit.append(value, number);
        line.append(number);
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

    int columns() {
        return columns;
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
