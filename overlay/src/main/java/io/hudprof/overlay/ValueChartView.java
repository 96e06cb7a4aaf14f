package io.hudprof.overlay;

import io.hudprof.core.ValueUnit;
import io.hudprof.stats.Stat;
import io.hudprof.stats.StatHistory;
import io.hudprof.stats.Stats;
import io.hudprof.stats.text.TextLine;
import io.hudprof.stats.text.UnitText;

/**
 * PStats's value strip chart: a statistic's frame values over the recorded frames, beside the history graph and
 * lined up with it (newest frame on the right, same column width, same plot top and bottom), so a spike in a value
 * can be matched with the frame time above the same column. Drilled up ({@link ValueChartState#categoryLevel()}),
 * it is the statistic's category as one value collector: every charted statistic of the category that shares its
 * unit, stacked in name order, each in its own colour, the title naming them in those colours.
 *
 * <p>Units and scale come from the statistic's definition: percentages on a fixed 0–100 scale; other units from 0
 * (or a nice negative bottom) to the next nice number above the largest value (1, 2 or 5 times a power of ten, of
 * 1024 for bytes). Guide lines sit at round numbers of the unit ({@link GuideBars#chooseRound}), labelled by
 * {@link ValueUnit#append} (B/KiB/MiB, whole counts, x, %), with the user's dashed bars for the unit on top.
 *
 * <p>Every value fits the scale by construction, so the chart needs no clip rectangle and shares the report panel's
 * draw command. Allocation-free (the category's member list is rebuilt only when the chart or the set of statistics
 * changes); render thread only.
 */
final class ValueChartView {
    private static final int LABEL_CHARS = 11;

    private final HudMetrics metrics;
    private final StripPlot strip = new StripPlot();
    private final GuideBars guides = new GuideBars();
    private final TextLine line = new TextLine(128);
    private double scaleTop;
    private double scaleBottom;
    /** The statistics drawn (one, or the category's stack), ids in stacking order. */
    private int[] members = new int[16];
    private int memberCount;
    private int membersOf = -1;
    private boolean membersStacked;
    private int membersStatCount = -1;

    ValueChartView(HudMetrics metrics) {
        this.metrics = metrics;
    }

    /**
     * Places the chart beside the graph: starting at {@code x}, with the graph's top, height and plot rows, as many
     * columns as fit before {@code maxRight} (at most the graph's). {@link #fits()} says whether any do. Then the
     * user's plot height and move ({@link HudLayout.Panel#CHART}) apply, inside the framebuffer.
     */
    void layout(int x, HistoryGraphView graph, int maxRight, HudLayout layout, int framebufferWidth,
                int framebufferHeight) {
        int pad = metrics.pad();
        StripPlot beside = graph.strip();
        int columnWidth = beside.columnWidth();
        int labelWidth = LABEL_CHARS * metrics.cell();
        int room = maxRight - x - 2 * pad - metrics.gap() - labelWidth;
        int columns = Math.max(0, Math.min(beside.columns(), room / columnWidth));
        strip.columns(columns, columnWidth);
        int plotTop = beside.plot().top() - beside.bounds().top();
        int furniture = beside.bounds().height() - beside.plot().height();
        int plotHeight = beside.plot().height();
        int chosen = metrics.scaled(layout.size(HudLayout.Panel.CHART, 0));
        if (chosen > 0) {
            plotHeight = Math.max(metrics.scaled(12), Math.min(chosen, framebufferHeight - furniture));
        }
        strip.bounds().set(x, beside.bounds().top(), 2 * pad + columns * columnWidth + metrics.gap() + labelWidth,
                furniture + plotHeight);
        layout.place(HudLayout.Panel.CHART, strip.bounds(), metrics.ui(), framebufferWidth, framebufferHeight);
        int left = strip.bounds().left();
        int top = strip.bounds().top() + plotTop;
        strip.plot().setEdges(left + pad, top, left + pad + columns * columnWidth, top + plotHeight);
    }

    /**
     * How far back in the chart's statistics the column at framebuffer x is in the last layout (0 = newest), clamped
     * to the columns {@code history} fills; -1 when it holds none.
     */
    int framesAgoAt(StatHistory history, int x) {
        int filled = Math.min(strip.columns(), history.size());
        if (filled == 0) {
            return -1;
        }
        int framesAgo = (strip.plot().right() - 1 - x) / Math.max(1, strip.columnWidth());
        return Math.max(0, Math.min(filled - 1, framesAgo));
    }

    /** Whether the last layout left room for a useful chart (a dozen columns). */
    boolean fits() {
        return strip.columns() >= 12;
    }

    /**
     * Draws the chart {@code state} asks for where {@link #layout} put it; {@code selected} is how far back the frame
     * the report shows is in {@code history} (-1 when it holds no such frame). Tells {@code state} the title's value.
     */
    void draw(StatHistory history, ValueChartState state, int selected, DrawList list) {
        Stat stat = Stats.byId(state.charted());
        if (stat == null) {
            return;
        }
        updateMembers(history, stat, state.categoryLevel());
        strip.drawBackground(list);
        ValueUnit unit = stat.unit();
        chooseScale(history, unit);
        double titleValue = selected < 0 ? Double.NaN : total(history, selected);
        state.titleValue(titleValue);
        drawTitle(stat, titleValue, list);

        Box plot = strip.plot();
        guides.chooseRound(scaleBottom, scaleTop, unit, plot, metrics.rowHeight());
        guides.drawLabels(strip, list, false, metrics);

        int shown = Math.min(strip.columns(), history.size());
        int barWidth = strip.barWidth();
        for (int i = 0; i < shown; i++) {
            int x0 = strip.columnLeft(i);
            double above = 0;
            double below = 0;
            for (int m = 0; m < memberCount; m++) {
                double value = history.value(Stats.byId(members[m]), i);
                if (Double.isNaN(value) || value == 0) {
                    continue;
                }
                int rgba = membersStacked ? HudPalette.zoneColor(m) : HudPalette.CHART_BAR;
                if (value > 0) {
                    list.rect(x0, yOf(above + value), x0 + barWidth, yOf(above), rgba);
                    above += value;
                } else {
                    list.rect(x0, yOf(below), x0 + barWidth, yOf(below + value), rgba);
                    below += value;
                }
            }
        }
        // Over the bars, translucent, as in the time charts.
        guides.drawLines(strip, list, metrics);
        UserGuides user = state.guides(unit);
        guides.drawUser(strip, user.values(), user.count(), scaleBottom, scaleTop, unit, list, metrics);
        strip.drawMarker(list, selected, metrics);
    }

    /** The statistics drawn: {@code stat} alone, or its category's charted statistics in its unit, by name. */
    private void updateMembers(StatHistory history, Stat stat, boolean stacked) {
        int statCount = Stats.count();
        if (membersOf == stat.id() && membersStacked == stacked && membersStatCount == statCount) {
            return;
        }
        membersOf = stat.id();
        membersStacked = stacked;
        membersStatCount = statCount;
        memberCount = 0;
        if (!stacked) {
            members[memberCount++] = stat.id();
            return;
        }
        if (members.length < statCount) {
            members = new int[statCount];
        }
        for (int id = 0; id < statCount; id++) {
            Stat s = Stats.byId(id);
            if (s == null || !history.isCharted(s) || s.unit() != stat.unit() || !s.category().equals(stat.category())) {
                continue;
            }
            int at = memberCount++;
            while (at > 0 && Stats.byId(members[at - 1]).shortName().compareTo(s.shortName()) > 0) {
                members[at] = members[at - 1];
                at--;
            }
            members[at] = id;
        }
    }

    /** The sum of the drawn statistics' values in the frame {@code framesAgo} back; NaN when none has a value. */
    private double total(StatHistory history, int framesAgo) {
        double sum = Double.NaN;
        for (int m = 0; m < memberCount; m++) {
            double value = history.value(Stats.byId(members[m]), framesAgo);
            if (!Double.isNaN(value)) {
                sum = Double.isNaN(sum) ? value : sum + value;
            }
        }
        return sum;
    }

    /**
     * Stat level: "Category/Name  value". Category level: "Category/*  total" followed by each stacked statistic's
     * name in its colour, as far as the box allows.
     */
    private void drawTitle(Stat stat, double value, DrawList list) {
        int chars = (strip.bounds().width() - 2 * metrics.pad()) / metrics.cell();
        line.clear();
        if (membersStacked) {
            line.append(stat.category()).append("/*  ");
        } else {
            line.append(stat.name()).append("  ");
        }
        UnitText.append(stat.unit(), value, line);
        if (line.length() > chars) {
            line.truncate(Math.max(1, chars - 1)).append('~');
        }
        float x = strip.drawTitle(list, line, HudPalette.TARGET_LABEL, metrics);
        if (!membersStacked) {
            return;
        }
        int used = line.length();
        for (int m = 0; m < memberCount && used + 2 < chars; m++) {
            String name = Stats.byId(members[m]).shortName();
            line.clear().append(' ').append(' ').append(name);
            if (used + line.length() > chars) {
                line.truncate(Math.max(3, chars - used - 1)).append('~');
            }
            x = strip.drawTitle(list, x, line, HudPalette.zoneColor(m), metrics);
            used += line.length();
        }
    }

    /** Percentages 0–100; otherwise 0 (or a nice negative bottom) to a nice top above every stacked column. */
    private void chooseScale(StatHistory history, ValueUnit unit) {
        double max = 0;
        double min = 0;
        int shown = Math.min(strip.columns(), history.size());
        for (int i = 0; i < shown; i++) {
            double above = 0;
            double below = 0;
            for (int m = 0; m < memberCount; m++) {
                double value = history.value(Stats.byId(members[m]), i);
                if (value > 0) {
                    above += value;
                } else if (value < 0) {
                    below += value;
                }
            }
            max = Math.max(max, above);
            min = Math.min(min, below);
        }
        if (unit == ValueUnit.PERCENT && max <= 100 && min >= 0) {
            scaleTop = 100;
            scaleBottom = 0;
            return;
        }
        scaleTop = max > 0 ? GuideBars.niceCeiling(max, unit) : min < 0 ? 0 : GuideBars.niceCeiling(1, unit);
        scaleBottom = min < 0 ? -GuideBars.niceCeiling(-min, unit) : 0;
    }

    private int yOf(double value) {
        Box plot = strip.plot();
        return plot.bottom() - (int) Math.round((value - scaleBottom) / (scaleTop - scaleBottom) * plot.height());
    }

    /** Where the chart's box, plot and columns were last laid out. */
    StripPlot strip() {
        return strip;
    }

    /** The round-number guides last drawn (values and y). */
    GuideBars guides() {
        return guides;
    }

    /** How many statistics the last chart drew (1, or the category's stack). */
    int memberCount() {
        return memberCount;
    }

    /** The id of the {@code m}-th statistic drawn, bottom of the stack first. */
    int member(int m) {
        return members[m];
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
