package io.hudprof.overlay;

import io.hudprof.core.ValueUnit;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.Stat;
import io.hudprof.stats.StatHistory;
import io.hudprof.stats.Stats;

/**
 * What the user chose in the value chart, kept for the session: the charted statistic, whether the chart is drilled
 * up to the statistic's category (PStats' value collector with its children stacked: every charted statistic of the
 * category that shares the statistic's unit), and the user's guide bars, one set per unit so a bar set on one memory
 * chart shows on every chart in bytes. Stepping walks the {@code Category/Name} tree: among the category's statistics
 * by name, or, drilled up, among the categories by name. {@link ValueChartView} tells it each frame the value its
 * title shows, where a new guide bar goes. Render thread only.
 */
final class ValueChartState {
    private int charted = -1;
    private boolean categoryLevel;
    private double titleValue = Double.NaN;
    private final UserGuides[] guides = new UserGuides[ValueUnit.values().length];

    ValueChartState() {
        for (int i = 0; i < guides.length; i++) {
            guides[i] = new UserGuides();
        }
    }

    /** The charted statistic's id, or -1 when no chart is shown. */
    int charted() {
        return charted;
    }

    /** Whether the chart stacks the charted statistic's category instead of showing the statistic alone. */
    boolean categoryLevel() {
        return categoryLevel;
    }

    /** Charts the next statistic in report order (the first after none), at the statistic level; -1 after the last. */
    void cycle(FrameStatistics statistics) {
        charted = statistics == null ? -1 : statistics.nextCharted(charted);
        categoryLevel = false;
    }

    /** Charts {@code stat} alone, or hides the chart when it is null or not kept per frame. */
    void chart(Stat stat, StatHistory history) {
        charted = stat != null && history != null && history.isCharted(stat) ? stat.id() : -1;
        categoryLevel = false;
    }

    /** Switches between the statistic alone and its category's stack; nothing without a chart. */
    void toggleLevel() {
        categoryLevel = charted >= 0 && !categoryLevel;
    }

    /**
     * Steps {@code direction} (+1 next, -1 previous, wrapping round): to the neighbouring statistic of the charted
     * one's category by name, or, drilled up, to the first statistic of the neighbouring category by name.
     */
    void step(int direction, StatHistory history) {
        Stat current = charted < 0 ? null : Stats.byId(charted);
        if (current == null || history == null) {
            return;
        }
        Stat next = categoryLevel ? neighbourCategory(current, direction, history)
                : neighbourInCategory(current, direction, history);
        charted = next.id();
    }

    private static Stat neighbourInCategory(Stat current, int direction, StatHistory history) {
        Stat best = null;
        Stat wrap = null;
        for (int id = 0; id < Stats.count(); id++) {
            Stat s = Stats.byId(id);
            if (s == null || s == current || !history.isCharted(s) || !s.category().equals(current.category())) {
                continue;
            }
            int order = direction * s.shortName().compareTo(current.shortName());
            if (order > 0 && (best == null || direction * s.shortName().compareTo(best.shortName()) < 0)) {
                best = s;
            }
            if (wrap == null || direction * s.shortName().compareTo(wrap.shortName()) < 0) {
                wrap = s;
            }
        }
        return best != null ? best : wrap != null ? wrap : current;
    }

    private static Stat neighbourCategory(Stat current, int direction, StatHistory history) {
        String best = null;
        String wrap = null;
        for (int id = 0; id < Stats.count(); id++) {
            Stat s = Stats.byId(id);
            if (s == null || !history.isCharted(s)) {
                continue;
            }
            String category = s.category();
            int order = direction * category.compareTo(current.category());
            if (order > 0 && (best == null || direction * category.compareTo(best) < 0)) {
                best = category;
            }
            if (wrap == null || direction * category.compareTo(wrap) < 0) {
                wrap = category;
            }
        }
        String target = best != null ? best : wrap;
        return target == null ? current : firstOf(target, history);
    }

    /** The category's charted statistic first by name. */
    private static Stat firstOf(String category, StatHistory history) {
        Stat first = null;
        for (int id = 0; id < Stats.count(); id++) {
            Stat s = Stats.byId(id);
            if (s != null && history.isCharted(s) && s.category().equals(category)
                    && (first == null || s.shortName().compareTo(first.shortName()) < 0)) {
                first = s;
            }
        }
        return first;
    }

    /** The value the title shows (the selected frame's value or stacked total), where a new guide bar goes. */
    void titleValue(double value) {
        titleValue = value;
    }

    /** Adds a guide bar at the title's value to the charted unit's bars. */
    void addGuide() {
        Stat stat = charted < 0 ? null : Stats.byId(charted);
        if (stat != null) {
            guides(stat.unit()).add(titleValue);
        }
    }

    /** Removes the charted unit's guide bar added last. */
    void removeGuide() {
        Stat stat = charted < 0 ? null : Stats.byId(charted);
        if (stat != null) {
            guides(stat.unit()).removeLast();
        }
    }

    /** Charts what {@code other} charts, at its level, with its guide bars; the title's value comes next frame. */
    void copyFrom(ValueChartState other) {
        charted = other.charted;
        categoryLevel = other.categoryLevel;
        for (int i = 0; i < guides.length; i++) {
            guides[i].copyFrom(other.guides[i]);
        }
    }

    /** The user's guide bars for charts in {@code unit}. */
    UserGuides guides(ValueUnit unit) {
        return guides[unit.ordinal()];
    }
}
