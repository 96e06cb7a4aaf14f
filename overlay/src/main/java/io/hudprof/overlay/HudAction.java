package io.hudprof.overlay;

/**
 * Everything a user can do with the HUD. Keys map to these through {@link KeyBindings}; any other input system
 * (a libGDX {@code InputProcessor}, a game's own key handling, a debug console) calls
 * {@link HudControls#perform(HudAction)} or the matching named method directly.
 */
public enum HudAction {
    /** Show or hide the overlay. */
    TOGGLE_OVERLAY("show/hide", false),
    /** Move the report cursor one row up. */
    CURSOR_UP("cursor", true),
    /** Move the report cursor one row down. */
    CURSOR_DOWN("cursor", true),
    /** Move the cursor up by the number of visible rows. */
    PAGE_UP("page", true),
    /** Move the cursor down by the number of visible rows. */
    PAGE_DOWN("page", true),
    /** Show the call graph of the zone under the cursor; in the statistics report, chart the statistic. */
    SELECT("call graph", false),
    /** Show the call graph of the focus zone's largest parent. */
    SELECT_PARENT("parent", false),
    /** Cycle self time, hierarchical time, call graph and (when attached) statistics reports. */
    CYCLE_MODE("mode", false),
    /** Cycle instantaneous, fast and slow averages. */
    CYCLE_AVERAGING("average", false),
    /** Pause or resume recording; while paused, history can be browsed at leisure. */
    TOGGLE_PAUSE("pause", false),
    /** Show the frame before the one shown (one further back in history). */
    FRAME_OLDER("frame", true),
    /** Show the frame after the one shown (towards the live frame). */
    FRAME_NEWER("frame", true),
    /** Ten frames further back in history. */
    FRAME_OLDER_10("10 frames", true),
    /** Ten frames towards the live frame. */
    FRAME_NEWER_10("10 frames", true),
    /** Return to the live frame. */
    LIVE_FRAME("live", false),
    /** Show or hide the history graph. */
    TOGGLE_GRAPH("graph", false),
    /** Label the graph's guide lines in milliseconds or in frames per second. */
    TOGGLE_UNITS("ms/Hz", false),
    /** Double the graph's time range, making its columns shorter. */
    GRAPH_ZOOM_OUT("graph scale", true),
    /** Halve the graph's time range, making its columns taller. */
    GRAPH_ZOOM_IN("graph scale", true),
    /** Chart the next statistic beside the graph (PStats value chart); after the last, hide the chart. */
    CYCLE_CHART("chart", false),
    /** Chart the next statistic of the charted one's category; drilled up to the category, the next category. */
    CHART_NEXT("chart step", true),
    /** Chart the previous statistic of the category; drilled up, the previous category. */
    CHART_PREVIOUS("chart step", true),
    /** Drill the value chart up to its category (same-unit statistics stacked) or back down to the statistic. */
    CHART_CATEGORY("chart category", false),
    /** Add a user guide bar at the value chart's title value, in its unit. */
    ADD_CHART_GUIDE("chart guide +/-", false),
    /** Remove the user guide bar added last in the value chart's unit. */
    REMOVE_CHART_GUIDE("chart guide +/-", false),
    /** Switch the graph between zone history (IProf) and the static category strip chart (PStats). */
    TOGGLE_CATEGORIES("categories", false),
    /** Move the category chart's legend cursor up. */
    CATEGORY_CURSOR_UP("category cursor", true),
    /** Move the category chart's legend cursor down. */
    CATEGORY_CURSOR_DOWN("category cursor", true),
    /** Focus the category under the legend cursor (on the focus's own row: back up). */
    CATEGORY_DRILL_DOWN("drill down/up", false),
    /** Focus the focused category's parent. */
    CATEGORY_DRILL_UP("drill down/up", false),
    /** Add a user guide bar at the category chart's header value. */
    ADD_GUIDE_BAR("guide bar +/-", false),
    /** Remove the user guide bar added last. */
    REMOVE_GUIDE_BAR("guide bar +/-", false),
    /** Return the category chart to its automatic scale (the zoom keys set a manual one). */
    AUTO_SCALE("auto scale", false),
    /**
     * Switch the report, call graph, heat and history graph between time and allocated bytes per zone (allocation per
     * zone must be on: {@code -Dhudprof.alloc=zones}; else the panel says why).
     */
    TOGGLE_METRIC("time/alloc", false),
    /** Show or hide the spike list (when spike capture is attached, {@link HudControls#spikes}). */
    TOGGLE_SPIKES("spikes", false),
    /** Jump to the next older captured spike still in history: pause and show it in the report and graph. */
    NEXT_SPIKE("next spike", false),
    /** Write a Chrome trace of the last frames (when an exporter is attached, {@link HudControls#traceExport}). */
    EXPORT_TRACE("export trace", false),
    /**
     * Start a {@code .hudprof} capture of the frames from here on, or finish the one running (when a folder is given,
     * {@link HudControls#captureKey}).
     */
    TOGGLE_CAPTURE("capture on/off", false),
    /**
     * Write a {@code .hudprof} capture of the last frames (with a capture folder and a trace exporter, whose frame
     * times bound them: {@link HudControls#captureKey}, {@link HudControls#traceExport}).
     */
    CAPTURE_RECENT("capture last frames", false),
    /** Show or hide the frame timeline (piano roll of zones per thread) along the bottom. */
    TOGGLE_TIMELINE("timeline", false),
    /**
     * Give the timeline the keys (showing it): arrows move its bar cursor and Enter opens the bar's call graph; again
     * to give them back to the report.
     */
    FOCUS_TIMELINE("timeline keys", false),
    /** Zoom the timeline in around the cursor bar. */
    TIMELINE_ZOOM_IN("timeline zoom", true),
    /** Zoom the timeline out. */
    TIMELINE_ZOOM_OUT("timeline zoom", true),
    /** Pan the timeline towards the frame's start. */
    TIMELINE_PAN_LEFT("timeline pan", true),
    /** Pan the timeline towards the frame's end. */
    TIMELINE_PAN_RIGHT("timeline pan", true),
    /** Show the next thread alone in the report, call graph and timeline ("all threads" after the last). */
    NEXT_THREAD("thread", false),
    /** Show the previous thread alone. */
    PREVIOUS_THREAD("thread", false),
    /** Show or hide the thread list with each thread's busy time in the frame. */
    TOGGLE_THREAD_LIST("thread list", false),
    /**
     * Cycle the report's per-zone distribution columns: off, each zone's self time per frame, its hierarchical time
     * per frame (min, median, p95, p99 and max over the frames history holds).
     */
    CYCLE_DISTRIBUTION("distributions", false),
    /** Show or hide the histogram of the cursor zone's per-frame time, with the shown frame's bin marked. */
    TOGGLE_HISTOGRAM("histogram", false),
    /** Mark an end of diff range A at the shown frame (first press: its start; second: its end). */
    MARK_DIFF_A("diff range A", false),
    /** Mark an end of diff range B at the shown frame; with both ranges marked the HUD shows their diff. */
    MARK_DIFF_B("diff range B", false),
    /** Forget both diff ranges and hide the diff. */
    CLEAR_DIFF("clear diff", false),
    /**
     * Open the search line: typed characters filter the report, call graph and timeline to the zones whose names
     * contain them (ignoring case); while it is open every key goes to it (Backspace edits, Enter keeps the filter
     * and gives the keys back, Esc clears it), none to the game.
     */
    SEARCH("search", false),
    /** Clear the search filter (consumed only while there is one; otherwise the key stays the game's). */
    CLEAR_SEARCH("clear search", false),
    /** Show or hide the key help. */
    TOGGLE_HELP("keys", false),
    /** Put every panel back at its configured place and size (panels are dragged and resized with the mouse). */
    RESET_LAYOUT("reset layout", false);

    private final String helpLabel;
    private final boolean repeats;

    HudAction(String helpLabel, boolean repeats) {
        this.helpLabel = helpLabel;
        this.repeats = repeats;
    }

    /** The words the help line prints after the key(s); neighbouring actions with the same label share an entry. */
    public String helpLabel() {
        return helpLabel;
    }

    /** True when holding the key down repeats the action (cursor and frame movement, zoom). */
    public boolean repeats() {
        return repeats;
    }
}
