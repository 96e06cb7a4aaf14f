package io.hudprof.overlay;

import io.hudprof.core.Metric;
import io.hudprof.core.Profiler;
import io.hudprof.core.TimelineFrame;
import io.hudprof.core.Zone;
import io.hudprof.capture.TraceExporter;
import io.hudprof.capture.file.CaptureWriter;
import io.hudprof.capture.file.Captures;
import io.hudprof.core.report.StatusSource;
import io.hudprof.capture.Spike;
import io.hudprof.capture.SpikeCapture;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import io.hudprof.core.report.Distribution;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.capture.compare.DiffReport;
import io.hudprof.capture.compare.ZoneDistributions;
import io.hudprof.core.report.RowRole;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.Stat;
import io.hudprof.stats.Stats;

/**
 * Every HUD action as a plain method, for input systems other than a GLFW key callback: a libGDX
 * {@code InputProcessor}, a game's own key or gamepad handling, a console command. The methods act whether or not
 * the overlay is visible; only keys routed through {@link KeyRouter} are ignored while it is hidden.
 *
 * <p>For example, in a libGDX game (libGDX key codes differ from GLFW's, so the game maps its own):
 * <pre>{@code
 * InputProcessor hud = new InputAdapter() {
 *     public boolean keyDown(int key) {
 *         if (key == Input.Keys.F3) { controls.toggleVisible(); return true; }
 *         if (!controls.view().visible()) return false;
 *         switch (key) {
 *             case Input.Keys.UP: controls.cursorUp(); return true;
 *             case Input.Keys.DOWN: controls.cursorDown(); return true;
 *             case Input.Keys.ENTER: controls.select(); return true;
 *             default: return false;
 *         }
 *     }
 * };
 * Gdx.input.setInputProcessor(new InputMultiplexer(hud, gameInput));
 * }</pre>
 *
 * <p>Call on the thread that calls {@code Profiler.update()} and renders the overlay.
 */
public final class HudControls {
    private final Profiler profiler;
    private final ReportController controller;
    /** What the HUD shows; the actions here change it. */
    private final HudView view;
    private int pageRows;
    private Report shown;
    private SpikeCapture spikes;
    private StatusSource status;
    /** Made on first use, with the metrics of the frame that draws it ({@link #diffPanel(HudMetrics)}). */
    private DiffPanelView diffPanel;
    private TraceExporter exporter;
    private Path exportDir;
    private int exportFrames;
    private CompletableFuture<Path> lastExport;
    private Path captureDir;
    private CaptureWriter capture;
    private CompletableFuture<Path> lastCapture;
    /** Input events the HUD used (keys, mouse), counted: a refreshing HUD redraws on the next frame after one. */
    private long inputs;

    HudControls(Profiler profiler, OverlayConfig config) {
        this.profiler = profiler;
        this.controller = ReportController.of(profiler);
        this.view = new HudView(controller, config);
        // The distribution columns and the histogram panel read the per-frame values this plugs in.
        ZoneDistributions.attach(profiler);
        this.pageRows = config.visibleRows;
    }

    /** Counts an input event the HUD used, so a HUD that redraws at a set rate redraws on the next frame. */
    void touched() {
        inputs++;
    }

    /** Input events the HUD used so far ({@link #touched}, {@link #perform}). */
    long inputs() {
        return inputs;
    }

    /**
     * What the HUD shows (panels, modes, layout, chart and timeline settings, the report's navigation and search):
     * read it, set it, or copy another HUD's into it ({@link HudView#copyFrom}).
     */
    public HudView view() {
        return view;
    }

    /** Performs one action; the key router and other input systems funnel through here. */
    public void perform(HudAction action) {
        inputs++;
        if (view.timeline.focused() && performOnTimeline(action)) {
            return;
        }
        switch (action) {
            case TOGGLE_OVERLAY -> toggleVisible();
            case CURSOR_UP -> cursorUp();
            case CURSOR_DOWN -> cursorDown();
            case PAGE_UP -> pageUp();
            case PAGE_DOWN -> pageDown();
            case SELECT -> select();
            case SELECT_PARENT -> selectParent();
            case CYCLE_MODE -> cycleMode();
            case CYCLE_AVERAGING -> cycleAveraging();
            case TOGGLE_PAUSE -> togglePause();
            case FRAME_OLDER -> frameOlder(1);
            case FRAME_NEWER -> frameNewer(1);
            case FRAME_OLDER_10 -> frameOlder(10);
            case FRAME_NEWER_10 -> frameNewer(10);
            case LIVE_FRAME -> liveFrame();
            case TOGGLE_GRAPH -> toggleGraph();
            case TOGGLE_UNITS -> toggleUnits();
            case GRAPH_ZOOM_IN -> graphZoomIn();
            case GRAPH_ZOOM_OUT -> graphZoomOut();
            case CYCLE_CHART -> cycleChart();
            case CHART_NEXT -> chartNext();
            case CHART_PREVIOUS -> chartPrevious();
            case CHART_CATEGORY -> toggleChartCategory();
            case ADD_CHART_GUIDE -> addChartGuide();
            case REMOVE_CHART_GUIDE -> removeChartGuide();
            case TOGGLE_CATEGORIES -> toggleCategories();
            case CATEGORY_CURSOR_UP -> categoryCursorUp();
            case CATEGORY_CURSOR_DOWN -> categoryCursorDown();
            case CATEGORY_DRILL_DOWN -> drillDown();
            case CATEGORY_DRILL_UP -> drillUp();
            case ADD_GUIDE_BAR -> addGuideBar();
            case REMOVE_GUIDE_BAR -> removeGuideBar();
            case AUTO_SCALE -> autoScale();
            case TOGGLE_METRIC -> toggleMetric();
            case TOGGLE_SPIKES -> toggleSpikeList();
            case NEXT_SPIKE -> nextSpike();
            case EXPORT_TRACE -> exportTrace();
            case TOGGLE_CAPTURE -> toggleCapture();
            case CAPTURE_RECENT -> captureRecent();
            case TOGGLE_HELP -> toggleHelp();
            case CYCLE_DISTRIBUTION -> cycleDistribution();
            case TOGGLE_HISTOGRAM -> toggleHistogram();
            case MARK_DIFF_A -> markDiff(0);
            case MARK_DIFF_B -> markDiff(1);
            case CLEAR_DIFF -> clearDiff();
            case RESET_LAYOUT -> resetLayout();
            case TOGGLE_TIMELINE -> toggleTimeline();
            case FOCUS_TIMELINE -> focusTimeline();
            case TIMELINE_ZOOM_IN -> timelineZoomIn();
            case TIMELINE_ZOOM_OUT -> timelineZoomOut();
            case TIMELINE_PAN_LEFT -> timelinePan(-1);
            case TIMELINE_PAN_RIGHT -> timelinePan(1);
            case NEXT_THREAD -> nextThread();
            case PREVIOUS_THREAD -> previousThread();
            case TOGGLE_THREAD_LIST -> toggleThreadList();
            case SEARCH -> openSearch();
            case CLEAR_SEARCH -> clearSearch();
        }
    }

    /** While the timeline has the keys, the arrows walk its bars and Enter opens the bar's call graph. */
    private boolean performOnTimeline(HudAction action) {
        switch (action) {
            case FRAME_NEWER -> timelineNextBar();
            case FRAME_OLDER -> timelinePreviousBar();
            case CURSOR_DOWN -> timelineChild();
            case CURSOR_UP -> timelineParent();
            case SELECT -> timelineCallGraph();
            default -> {
                return false;
            }
        }
        return true;
    }

    /** Moves the timeline's bar cursor to the next bar at its depth in its thread (the first bar when it has none). */
    public void timelineNextBar() {
        view.timeline.nextBar();
    }

    /** Moves the bar cursor to the previous bar at its depth. */
    public void timelinePreviousBar() {
        view.timeline.previousBar();
    }

    /** Moves the bar cursor into its bar's first child; at a leaf, to the next thread's bar nearest in time. */
    public void timelineChild() {
        view.timeline.child();
    }

    /** Moves the bar cursor out to its bar's parent; at the top, to the previous thread's bar nearest in time. */
    public void timelineParent() {
        view.timeline.parent();
    }

    /** Shows or hides the frame timeline (hiding it gives the keys back to the report). */
    public void toggleTimeline() {
        view.timeline.toggleShown();
    }

    /**
     * Gives the timeline the arrows and Enter (showing it) or gives them back to the report. While it has them,
     * {@link #perform} turns Right/Left into next/previous bar, Down/Up into child/parent bar and Enter into the
     * bar's call graph; the methods below do the same from any input system.
     */
    public void focusTimeline() {
        view.timeline.toggleFocus();
    }

    /** Shows the call graph of the zone under the timeline's bar cursor (in the thread selection shown). */
    public void timelineCallGraph() {
        int b = view.timeline.cursor();
        if (b < 0) {
            return;
        }
        Zone zone = Zone.byId(view.timeline.frame().barZone(b));
        if (zone != null) {
            controller.showCallGraph(zone);
        }
    }

    /**
     * Puts the timeline's bar cursor on bar {@code bar} of the frame it shows (a click on the bar), and the report's
     * cursor on that zone's row when the report lists it (in a call graph, its own or a callee's row rather than a
     * caller's, which would navigate).
     */
    void timelineSelectBar(int bar) {
        TimelineFrame frame = view.timeline.frame();
        if (bar < 0 || !frame.available() || bar >= frame.barCount()) {
            return;
        }
        view.timeline.select(bar);
        Report report = shown;
        if (report == null) {
            return;
        }
        int zone = frame.barZone(bar);
        for (int row = 0; row < report.rowCount(); row++) {
            if (report.row(row).zoneId() == zone && report.row(row).role() != RowRole.PARENT) {
                controller.setCursor(row);
                return;
            }
        }
    }

    /**
     * Restricts the report, call graph and timeline to the thread with root zone {@code rootZone} (a click on its
     * timeline lane), or back to all threads when it is already the one shown.
     */
    void toggleThread(int rootZone) {
        controller.setThread(controller.thread() == rootZone ? -1 : rootZone);
    }

    /** Halves the timeline's visible time (zooms in about the cursor bar when it is in view). */
    public void timelineZoomIn() {
        view.timeline.zoom(2);
    }

    /** Doubles the timeline's visible time, up to the whole frame. */
    public void timelineZoomOut() {
        view.timeline.zoom(0.5);
    }

    /** Pans the timeline by {@code eighths} eighths of its visible width (negative: towards the frame's start). */
    public void timelinePan(int eighths) {
        view.timeline.pan(eighths);
    }

    /** Selects the next thread for the report, call graph and timeline ("all threads" after the last). */
    public void nextThread() {
        controller.cycleThread(1);
    }

    /** Selects the previous thread. */
    public void previousThread() {
        controller.cycleThread(-1);
    }

    /** Shows or hides the thread list. */
    public void toggleThreadList() {
        view.timeline.toggleThreadList();
    }

    /** The timeline's state, for the view. */
    TimelineState timeline() {
        return view.timeline;
    }

    /** Shows the overlay if hidden, hides it if shown. */
    public void toggleVisible() {
        view.visible = !view.visible;
        if (!view.visible) {
            // Hidden, the HUD takes no keys: the line closes, the filter stays.
            view.searchTyping = false;
        }
    }

    /**
     * Opens the search line: {@link #searchType} adds to the filter from now on, and the key router gives every key
     * to the line (Backspace, Enter, Esc) and none to the game until {@link #commitSearch} or {@link #clearSearch}.
     */
    public void openSearch() {
        view.searchTyping = true;
    }

    /** Adds a typed character (a Unicode code point) to the filter while the line is open; ignored otherwise. */
    public void searchType(int codePoint) {
        if (view.searchTyping) {
            view.search.append(codePoint);
        }
    }

    /** Deletes the filter's last character while the line is open. */
    public void searchBackspace() {
        if (view.searchTyping) {
            view.search.deleteLast();
        }
    }

    /** Closes the line and keeps the filter: the keys go back to navigation. */
    public void commitSearch() {
        view.searchTyping = false;
    }

    /** Clears the filter and closes the line. */
    public void clearSearch() {
        view.search.clear();
        view.searchTyping = false;
    }

    /** Moves the report cursor one row up. */
    public void cursorUp() {
        controller.moveCursor(-1);
    }

    /** Moves the report cursor one row down. */
    public void cursorDown() {
        controller.moveCursor(1);
    }

    /** The panel reports how many rows fit this frame, so a page is what the user sees. */
    void pageRows(int rows) {
        pageRows = Math.max(1, rows);
    }

    /** Moves the cursor up by the number of visible rows. */
    public void pageUp() {
        controller.moveCursor(-pageRows);
    }

    /** Moves the cursor down by the number of visible rows. */
    public void pageDown() {
        controller.moveCursor(pageRows);
    }

    /**
     * Shows the call graph of the zone under the cursor; in the statistics report, charts the statistic under the
     * cursor instead.
     */
    public void select() {
        Report report = shown;
        if (controller.mode() == ReportMode.STATISTICS && report != null && report.mode() == ReportMode.STATISTICS
                && report.cursor() >= 0) {
            Stat stat = Stats.byId(report.row(report.cursor()).key());
            if (stat != null) {
                chart(stat);
            }
            return;
        }
        controller.select();
    }

    /**
     * Charts the next statistic, in the statistics report's order, beside the history graph (PStats's value strip
     * chart), showing it alone; after the last one the chart is hidden. Does nothing unless {@link FrameStatistics}
     * is attached.
     */
    public void cycleChart() {
        view.values.cycle(statistics());
    }

    /** Charts {@code stat} alone, or hides the chart when it is {@code null} or not kept per frame. */
    public void chart(Stat stat) {
        FrameStatistics statistics = statistics();
        view.values.chart(stat, statistics == null ? null : statistics.history());
    }

    /**
     * Steps the value chart to the next statistic of its category by name (wrapping round); drilled up to the
     * category, to the next category.
     */
    public void chartNext() {
        stepChart(1);
    }

    /** Steps the value chart to the previous statistic of its category, or drilled up, the previous category. */
    public void chartPrevious() {
        stepChart(-1);
    }

    private void stepChart(int direction) {
        FrameStatistics statistics = statistics();
        view.values.step(direction, statistics == null ? null : statistics.history());
    }

    /**
     * Drills the value chart up to the charted statistic's category (its statistics in the same unit, stacked) or
     * back down to the statistic alone.
     */
    public void toggleChartCategory() {
        view.values.toggleLevel();
    }

    /** Adds a dashed guide bar, kept for the session, at the value the value chart's title shows, in its unit. */
    public void addChartGuide() {
        view.values.addGuide();
    }

    /** Removes the guide bar added last in the value chart's unit. */
    public void removeChartGuide() {
        view.values.removeGuide();
    }

    /** The statistic charted beside the graph, or {@code null} when no chart is shown. */
    public Stat chartedStatistic() {
        return view.values.charted() < 0 || statistics() == null ? null : Stats.byId(view.values.charted());
    }

    /** The value chart's state, for the view. */
    ValueChartState valueChart() {
        return view.values;
    }

    /** The statistics attached to the profiler, or {@code null}. */
    FrameStatistics statistics() {
        return FrameStatistics.attachedTo(profiler);
    }

    /**
     * Shows a status after the panel's title every frame (for example a {@code PStatsClient}'s dropped frames, so
     * a slow or absent viewer is seen); null removes it, and the profiler's own
     * ({@code ReportController.of(profiler).status()}, which a PStats client sets while it streams) shows instead. The source
     * appends without allocating.
     */
    public void status(StatusSource source) {
        this.status = source;
    }

    /** The status shown after the title, or null. */
    public StatusSource status() {
        return status;
    }

    /**
     * Shows {@code capture}'s spikes: a spike list ({@link #toggleSpikeList()}), marks on the history graph and
     * {@link #nextSpike()}; null detaches. The list starts hidden (it covers the game's top-right corner).
     */
    public void spikes(SpikeCapture capture) {
        this.spikes = capture;
        view.selectedSpike = -1;
    }

    /** The spike capture the HUD shows, or null. */
    public SpikeCapture spikes() {
        return spikes;
    }

    /** Whether the spike list is shown (needs {@link #spikes(SpikeCapture)}). */
    public boolean spikeListVisible() {
        return view.spikeListShown && spikes != null;
    }

    /** Shows or hides the spike list. */
    public void toggleSpikeList() {
        view.spikeListShown = !view.spikeListShown;
    }

    /**
     * Cycles the report's distribution columns (off, per-frame self, per-frame hierarchical; see
     * {@code ReportController.setDistribution}) and returns the one now shown.
     */
    public Distribution cycleDistribution() {
        return controller.cycleDistribution();
    }

    /** Shows or hides the histogram of the cursor zone's per-frame values. */
    public void toggleHistogram() {
        view.histogramShown = !view.histogramShown;
    }

    /**
     * Marks an end of diff range A ({@code range} 0) or B (1) at the frame the HUD shows: the first press starts the
     * range, the second ends it; with both complete the HUD shows their {@code DiffReport} (the zones whose per-frame
     * self time changed most). Pause and scrub to pick the frames. Nothing happens before a report was shown.
     */
    public void markDiff(int range) {
        if (range < 0 || range > 1) {
            throw new IllegalArgumentException("hudprof: diff range is 0 (A) or 1 (B), not " + range);
        }
        if (shown == null || !shown.frameAvailable()) {
            return;
        }
        view.diff.mark(range, shown.frameNumber());
        if (diffPanel != null) {
            diffPanel.update(profiler);
        }
    }

    /**
     * Shows a diff made elsewhere in the diff panel, as the marked ranges' diff is shown (the viewer's two captures:
     * {@code CaptureDiff.diff(before, after)}), until {@link #clearDiff()} or a range is marked.
     */
    public void showDiff(DiffReport diff) {
        if (diff == null) {
            throw new IllegalArgumentException("hudprof: showDiff needs a diff; clearDiff() hides the panel");
        }
        view.diff.show(diff);
    }

    /** Forgets both diff ranges. */
    public void clearDiff() {
        view.diff.clear();
    }

    /** Whether a diff range is marked, so the diff panel shows. */
    public boolean diffShown() {
        return view.diff.active();
    }

    /** The diff panel, its lines worked out for the view's current marks. */
    DiffPanelView diffPanel(HudMetrics metrics) {
        if (diffPanel == null) {
            diffPanel = new DiffPanelView(metrics, view.diff);
        }
        diffPanel.update(profiler);
        return diffPanel;
    }

    /**
     * Jumps to the next older spike in the list (after the oldest, back to the newest): pauses the profile and shows
     * that frame in the report, so its full report and call graph can be browsed. A spike still in history is shown
     * as that history frame (the graph marks it); one whose frame left the history ring is shown from the spike
     * store ({@link ReportController#showSpike}), its title saying so.
     *
     * @return true when it jumped
     */
    public boolean nextSpike() {
        if (spikes == null || spikes.recentCount() == 0) {
            return false;
        }
        int count = spikes.recentCount();
        for (int step = 1; step <= count; step++) {
            if (showSpike((view.selectedSpike + step) % count)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Jumps to row {@code index} of the spike list (0 = newest), as {@link #nextSpike()} does when it gets there: a
     * click on the row.
     *
     * @return true when it jumped (false for no such row, or a slot not filled yet)
     */
    public boolean showSpike(int index) {
        if (spikes == null || index < 0 || index >= spikes.recentCount()) {
            return false;
        }
        Spike spike = spikes.recent(index);
        if (spike.frameNumber() < 0) {
            return false;
        }
        view.selectedSpike = index;
        profiler.setPaused(true);
        long ago = profiler.history().frameNumber(0) - spike.frameNumber();
        if (ago >= 0 && ago < profiler.history().size()
                && profiler.history().frameNumber((int) ago) == spike.frameNumber()) {
            controller.setFrame((int) ago);
        } else {
            controller.showSpike(spike);
        }
        return true;
    }

    /**
     * Lets {@link #exportTrace()} write the last {@code frames} frames as a Chrome trace into {@code dir}
     * (files {@code hudprof-trace-<frame>.json}); a null exporter switches the key off.
     */
    public void traceExport(TraceExporter exporter, Path dir, int frames) {
        this.exporter = exporter;
        this.exportDir = dir;
        this.exportFrames = frames;
    }

    /**
     * Copies the last frames now and writes them on the exporter's thread; does nothing without
     * {@link #traceExport}. Allocates (a key press, not a frame).
     *
     * @return the pending write, or null
     */
    public CompletableFuture<Path> exportTrace() {
        if (exporter == null) {
            return null;
        }
        lastExport = exporter.exportRecent(exportFrames,
                exportDir.resolve("hudprof-trace-" + profiler.recordedFrames() + ".json"));
        return lastExport;
    }

    /**
     * Lets {@link #toggleCapture()} write {@code .hudprof} captures into {@code dir} (files
     * {@code hudprof-capture-<frame>.hudprof}); null switches the key off. The profiler must keep timelines.
     */
    public void captureKey(Path dir) {
        this.captureDir = dir;
    }

    /**
     * Starts a capture of the frames from the next one on, or finishes the one running: its file is in place when
     * {@link #lastCapture()} completes. Does nothing without {@link #captureKey}. Call it on the updating thread (the
     * HUD's keys arrive there in a game; the viewer holds the profile's lock). Allocates (a key press, not a frame).
     *
     * @return whether a capture is running now
     */
    public boolean toggleCapture() {
        if (captureDir == null) {
            return false;
        }
        if (capture != null) {
            lastCapture = capture.finish();
            capture = null;
            return false;
        }
        Path file = captureDir.resolve("hudprof-capture-" + profiler.recordedFrames() + ".hudprof");
        try {
            capture = Captures.of(profiler).title("HUD capture from frame " + profiler.recordedFrames())
                    .writeTo(file);
        } catch (java.io.IOException | IllegalStateException e) {
            lastCapture = CompletableFuture.failedFuture(e);
            System.getLogger("io.hudprof").log(System.Logger.Level.WARNING,
                    "hudprof: could not start a capture " + file + ": " + e.getMessage());
            return false;
        }
        return true;
    }

    /**
     * Writes the last frames (as many as {@link #traceExport} asks of a trace) to a capture in the capture folder,
     * bounded by the trace exporter's frame times; does nothing without both. Call it on the updating thread.
     *
     * @return the pending file, or null
     */
    public CompletableFuture<Path> captureRecent() {
        if (captureDir == null || exporter == null) {
            return null;
        }
        Path file = captureDir.resolve("hudprof-capture-last-" + profiler.recordedFrames() + ".hudprof");
        try {
            lastCapture = Captures.of(profiler).title("last " + exportFrames + " frames before frame "
                    + profiler.recordedFrames()).writeLast(exportFrames, exporter.times(), file);
        } catch (IllegalStateException | IllegalArgumentException e) {
            lastCapture = CompletableFuture.failedFuture(e);
        }
        return lastCapture;
    }

    /**
     * Finishes the capture running, if any (a host closing the HUD with a capture still on).
     *
     * @return the pending file, or null when none was running
     */
    public CompletableFuture<Path> finishCapture() {
        if (capture == null) {
            return null;
        }
        lastCapture = capture.finish();
        capture = null;
        return lastCapture;
    }

    /** Takes over {@code other}'s capture key, running capture and last capture (a HUD remade for a new size). */
    public void takeCaptureFrom(HudControls other) {
        captureDir = other.captureDir;
        capture = other.capture;
        lastCapture = other.lastCapture;
        other.capture = null;
    }

    /** The capture running (started by {@link #toggleCapture()}), or null. */
    public CaptureWriter capture() {
        return capture;
    }

    /** The file of the last capture finished by {@link #toggleCapture()} (pending until written), or null. */
    public CompletableFuture<Path> lastCapture() {
        return lastCapture;
    }

    /** The last export started with {@link #exportTrace()}, or null. */
    public CompletableFuture<Path> lastExport() {
        return lastExport;
    }

    /** The report the overlay draws, so {@link #select()} knows which row the cursor is on. */
    void showing(Report report) {
        this.shown = report;
    }

    /** Shows the call graph of the focus zone's largest-hierarchical-time parent. */
    public void selectParent() {
        controller.selectParent();
    }

    /** Self time, then hierarchical time, then call graph, then self time again. */
    public void cycleMode() {
        controller.cycleMode();
    }

    /** Instantaneous, then fast average, then slow average (live frame only; history is instantaneous). */
    public void cycleAveraging() {
        controller.cycleAveraging();
    }

    /** Pauses or resumes recording (the profiler's user pause); returns whether it is now paused. */
    public boolean togglePause() {
        return profiler.togglePaused();
    }

    /** Shows a frame {@code frames} further back in history (clamped to what history holds). */
    public void frameOlder(int frames) {
        controller.moveFrame(frames);
    }

    /** Shows a frame {@code frames} nearer the live frame. */
    public void frameNewer(int frames) {
        controller.moveFrame(-frames);
    }

    /** Returns to the live frame. */
    public void liveFrame() {
        controller.setFrame(0);
    }

    /** Shows or hides the history graph. */
    public void toggleGraph() {
        view.graphVisible = !view.graphVisible;
    }

    /** Switches the graph's guide-line labels between ms and Hz. */
    public void toggleUnits() {
        view.unitsHz = !view.unitsHz;
    }

    /**
     * Halves the graph's time range (columns get taller), down to 0.1 ms; while the category strip chart is shown,
     * halves its range instead and sets its scale manual.
     */
    public void graphZoomIn() {
        if (view.categories.shown()) {
            view.categories.zoomIn();
            return;
        }
        view.graphRangeNanos = Math.max(HudView.MIN_RANGE_NANOS, view.graphRangeNanos / 2);
    }

    /** Doubles the graph's time range (columns get shorter), up to 10 s; or the category chart's, as above. */
    public void graphZoomOut() {
        if (view.categories.shown()) {
            view.categories.zoomOut();
            return;
        }
        view.graphRangeNanos = Math.min(HudView.MAX_RANGE_NANOS, view.graphRangeNanos * 2);
    }

    /** Switches the graph between zone history and the category strip chart, showing the graph if hidden. */
    public void toggleCategories() {
        view.categories.toggleShown();
        if (view.categories.shown()) {
            view.graphVisible = true;
        }
    }

    /** Moves the category chart's legend cursor one row up (row 0 is the focused category itself). */
    public void categoryCursorUp() {
        view.categories.cursorUp();
    }

    /** Moves the category chart's legend cursor one row down. */
    public void categoryCursorDown() {
        view.categories.cursorDown();
    }

    /** Focuses the category under the legend cursor; on the focus's own row, goes back up (PStats' top label). */
    public void drillDown() {
        view.categories.drillDown();
    }

    /** Focuses the parent of the focused category (the whole frame from a top-level one). */
    public void drillUp() {
        view.categories.drillUp();
    }

    /** Adds a dashed guide bar, kept for the session, at the value the category chart's header shows. */
    public void addGuideBar() {
        view.categories.addGuide();
    }

    /** Removes the guide bar added last. */
    public void removeGuideBar() {
        view.categories.removeGuide();
    }

    /** Returns the category chart to its automatic scale. */
    public void autoScale() {
        view.categories.resetScale();
    }

    /** The category chart's state, for the view. */
    CategoryChartState categoryChart() {
        return view.categories;
    }

    /** Switches the report and the graph between time and allocated bytes; returns what is shown now. */
    public Metric toggleMetric() {
        return controller.toggleMetric();
    }

    /**
     * Puts the cursor on report row {@code row} of the report last drawn (a mouse click on it); on a caller row of
     * the call graph, goes to that caller's call graph (IProf's "click on a parent goes there").
     */
    public void clickRow(int row) {
        Report report = shown;
        controller.setCursor(row);
        if (report != null && row >= 0 && row < report.rowCount()
                && report.row(row).role() == RowRole.PARENT) {
            select();
        }
    }

    /** Puts the cursor on report row {@code row} and selects it, as Enter does (a double-click). */
    public void openRow(int row) {
        controller.setCursor(row);
        select();
    }

    /** Shows the frame {@code framesAgo} back (0 = live), clamped to history: a click on the history graph. */
    public void showFrame(int framesAgo) {
        controller.setFrame(Math.max(0, framesAgo));
    }

    /**
     * Scrolls the report panel by {@code rows} (positive: down) without moving the cursor, as a mouse wheel does;
     * the panel follows the cursor again once it moves.
     */
    public void scrollReport(int rows) {
        view.reportScroll += rows;
    }

    /** Rows of scrolling asked for since the last call (the panel takes them when it draws). */
    int takeReportScroll() {
        int rows = view.reportScroll;
        view.reportScroll = 0;
        return rows;
    }

    /** Puts every panel back at its configured place and size. */
    public void resetLayout() {
        view.layout.reset();
    }

    /** Where the user put the panels. */
    HudLayout layout() {
        return view.layout;
    }

    /** Shows or hides the key bindings in the panel. */
    public void toggleHelp() {
        view.helpVisible = !view.helpVisible;
    }
}
