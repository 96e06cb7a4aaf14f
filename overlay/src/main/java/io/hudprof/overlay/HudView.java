package io.hudprof.overlay;

import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportView;

/**
 * Everything a HUD shows and how, in one object: which panels are shown (the overlay itself, graph, help, timeline,
 * thread and spike lists, histogram, category chart), the diff's marked ranges, the graph's scale and units, where the
 * panels are ({@code HudLayout}), the timeline's, category chart's and value chart's view settings, the report's scroll and
 * search line, and the report's navigation ({@link ReportView}: the profiler's, which every view of it shares) with
 * its {@code /} search text. {@link HudControls} turns input into changes of it; {@link #copyFrom} copies all of it
 * at once (the viewer remaking a HUD for a new window size), and {@code HudStateFile} saves and restores the part of
 * it that outlives a run.
 *
 * <p>What is not in it: what is plugged in (spikes, statistics, status, exports, captures) and what the views
 * derive each frame (the report's rows, the timeline's bars, the category legend). Render thread only.
 */
public final class HudView {
    static final double MIN_RANGE_NANOS = 100_000.0;
    static final double MAX_RANGE_NANOS = 10_000_000_000.0;

    boolean visible;
    boolean graphVisible;
    boolean helpVisible;
    boolean unitsHz;
    double graphRangeNanos;
    boolean spikeListShown;
    boolean histogramShown;
    /** The row of the spike list last jumped to, or -1. */
    int selectedSpike = -1;
    /** Rows the mouse wheel asked the report to scroll by, taken by the panel when it next draws. */
    int reportScroll;
    /** True while the search line is open: typed characters go to it, and every key to the HUD. */
    boolean searchTyping;
    final HudLayout layout = new HudLayout();
    final TimelineState timeline = new TimelineState();
    final CategoryChartState categories = new CategoryChartState();
    final ValueChartState values = new ValueChartState();
    /** The diff panel's marked frame ranges, or the diff given to it. */
    final DiffMarks diff = new DiffMarks();
    /** The report's navigation, shared with every other view of the profiler. */
    final ReportView report;
    /** The report's name filter, the profiler's one search ({@link ZoneSearch#of}). */
    final ZoneSearch search;
    private final ReportController controller;

    HudView(ReportController controller, OverlayConfig config) {
        this.controller = controller;
        this.report = controller.view();
        this.search = ZoneSearch.of(controller);
        visible = config.startVisible;
        graphVisible = config.graphVisible;
        helpVisible = config.helpVisible;
        unitsHz = config.graphUnitsHz;
        graphRangeNanos = config.graphRangeMillis * 1_000_000.0;
        if (config.categoriesShown) {
            categories.toggleShown();
        }
    }

    /**
     * Makes this HUD show what {@code other} shows: every panel and mode, the layout, the charts' and timeline's
     * settings and, when the two report on different profilers, the report's navigation and search text (HUDs of one
     * profiler already share them). The views rebuild what they derive on their next frame.
     */
    public void copyFrom(HudView other) {
        if (other == this) {
            return;
        }
        visible = other.visible;
        graphVisible = other.graphVisible;
        helpVisible = other.helpVisible;
        unitsHz = other.unitsHz;
        graphRangeNanos = other.graphRangeNanos;
        spikeListShown = other.spikeListShown;
        histogramShown = other.histogramShown;
        selectedSpike = other.selectedSpike;
        reportScroll = other.reportScroll;
        searchTyping = other.searchTyping;
        layout.copyFrom(other.layout);
        timeline.copyFrom(other.timeline);
        categories.copyFrom(other.categories);
        values.copyFrom(other.values);
        diff.copyFrom(other.diff);
        if (report != other.report) {
            report.copyFrom(other.report);
            // The copied filter is the other profiler's search object: this profiler keeps its own, with that text.
            controller.setFilter(search);
            search.set(other.search);
        }
    }

    /** The report builder whose navigation {@link #report} is. */
    ReportController controller() {
        return controller;
    }

    /** Whether the overlay is shown (and, through {@link KeyRouter}, takes its keys). */
    public boolean visible() {
        return visible;
    }

    /** Shows or hides the overlay. */
    public void setVisible(boolean visible) {
        this.visible = visible;
    }

    /** Whether the history graph is drawn. */
    public boolean graphVisible() {
        return graphVisible;
    }

    /** Shows or hides the history graph. */
    public void setGraphVisible(boolean visible) {
        graphVisible = visible;
    }

    /** Whether the panel lists the key bindings. */
    public boolean helpVisible() {
        return helpVisible;
    }

    /** True when the graph's guide lines are labelled in Hz, false for ms. */
    public boolean unitsHz() {
        return unitsHz;
    }

    /** Labels the graph's guide lines in Hz (true) or ms. */
    public void setUnitsHz(boolean hertz) {
        unitsHz = hertz;
    }

    /** The frame time at the top of the graph, in nanoseconds. */
    public double graphRangeNanos() {
        return graphRangeNanos;
    }

    /** Sets the frame time at the top of the graph, clamped to 0.1 ms .. 10 s. */
    public void setGraphRangeNanos(double nanos) {
        if (!(nanos > 0)) {
            throw new IllegalArgumentException("graph range must be positive: " + nanos);
        }
        graphRangeNanos = Math.max(MIN_RANGE_NANOS, Math.min(MAX_RANGE_NANOS, nanos));
    }

    /** Whether the frame timeline is shown. */
    public boolean timelineShown() {
        return timeline.shown();
    }

    /** Whether the timeline has the arrows and Enter. */
    public boolean timelineFocused() {
        return timeline.focused();
    }

    /** Whether the thread list is shown. */
    public boolean threadListShown() {
        return timeline.threadListShown();
    }

    /** Whether the graph shows the static category strip chart (PStats) instead of zone history (IProf). */
    public boolean categoriesShown() {
        return categories.shown();
    }

    /** The focused category's id ({@code io.hudprof.stats.category.Category#id()}), or -1 for the whole frame. */
    public int categoryFocus() {
        return categories.focus();
    }

    /** Focuses a category by id (-1: the whole frame), as a double-click on its band would. */
    public void focusCategory(int id) {
        categories.focus(id);
    }

    /** Whether the value chart shows the charted statistic's category stacked rather than the statistic alone. */
    public boolean chartCategoryLevel() {
        return values.categoryLevel();
    }

    /** Whether the histogram is shown. */
    public boolean histogramShown() {
        return histogramShown;
    }

    /** The row of the spike list the HUD last jumped to, or -1. */
    public int selectedSpike() {
        return selectedSpike;
    }

    /** Whether the search line is open (typing goes to it). */
    public boolean searchTyping() {
        return searchTyping;
    }

    /** The filter's text (read it, do not keep it: it changes in place). */
    public CharSequence searchText() {
        return search;
    }

    /** Whether a filter is active (there is text), the line open or not. */
    public boolean searchActive() {
        return search.active();
    }

    /** Replaces the filter's text (empty: no filter) without opening the line; for tests, the viewer and scripts. */
    public void search(CharSequence text) {
        search.set(text);
    }
}
