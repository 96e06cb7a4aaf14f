package io.hudprof.overlay;

import io.hudprof.core.Profiler;
import io.hudprof.core.report.ReportController;

/**
 * The HUD's mouse: pointer events in framebuffer pixels, hit-tested against where the last frame drew each panel,
 * turned into {@link HudControls} actions. Every method returns whether the HUD used the event; the caller passes
 * the others on to the game ({@link GlfwMouseChain} does this for GLFW callbacks; a libGDX {@code InputProcessor} or
 * jME {@code RawInputListener} calls these methods and returns their answer).
 *
 * <p>Every panel moves by dragging its title (or any part that has no other use) and changes size by dragging its
 * bottom-right corner (one character cell); where panels overlap, the one drawn last (on top) gets the event.
 * <ul>
 *   <li>Report panel: hovering highlights a row; a click puts the cursor on it (on a caller row of the call graph it
 *       goes to that caller); a double-click selects it (Enter); the wheel scrolls a long report; the corner changes
 *       how many rows it shows.</li>
 *   <li>History graph (or the category chart in its place): a click or drag on the plot shows that frame, pausing the
 *       profile while the button is held (as it was afterwards); the wheel zooms the scale; the corner changes the
 *       plot's height.</li>
 *   <li>Frame timeline: hovering outlines the bar under the pointer and describes it on the last line (thread, zone,
 *       start, duration, self); a click on a bar puts the bar cursor on it and the report's cursor on its zone, a
 *       double-click opens the zone's call graph (Enter on the bar); a drag on the lanes pans time once zoomed in; the
 *       wheel zooms time about the pointer (a notch is half a Z key's step); a click on a lane's thread name shows
 *       that thread alone in the report (Y), again all threads; the corner sets width and height.</li>
 *   <li>Value chart: a click or drag on the plot shows that frame, as on the history graph; the corner changes the
 *       plot's height.</li>
 *   <li>Spike list: a click on a spike shows its frame, paused, as N does when it gets there; the wheel scrolls a
 *       list longer than its rows; the corner changes how many rows it shows.</li>
 *   <li>Thread list: a click on a thread shows it alone in the report, graph and timeline (Y), on "all threads" all
 *       of them; the wheel scrolls a long list; the corner changes how many thread rows it shows.</li>
 *   <li>Nothing is used while the HUD is hidden or the pointer is outside its panels. A release is used exactly when
 *       its press was, so the game never sees half a click; moves are used only over a panel or during a drag the
 *       HUD started.</li>
 * </ul>
 * Allocation-free. Call on the render thread (the thread GLFW delivers callbacks on).
 */
public final class HudMouse {
    /** Two clicks on the same row (or timeline zone) this close together are a double-click. */
    static final long DOUBLE_CLICK_NANOS = 400_000_000L;

    /** Times clicks for {@link #DOUBLE_CLICK_NANOS}. */
    private java.util.function.LongSupplier clock = System::nanoTime;
    /** GLFW's left button; other buttons over a panel are used (kept from the game) but do nothing. */
    private static final int LEFT = 0;
    private static final int BUTTONS = 8;
    private static final int WHEEL_ROWS = 3;
    /** One wheel notch zooms the timeline by this factor: finer than the Z key's doubling. */
    static final double TIMELINE_WHEEL_ZOOM = Math.sqrt(2);

    /** A panel the pointer can be over, in the order {@link HudFrame#draw} draws them (the last is on top). */
    private enum Target { NONE, REPORT, TIMELINE, CHART, SPIKES, THREADS, GRAPH, HISTOGRAM, DIFF }

    private enum Drag { NONE, SELECT_FRAME, SELECT_CHART_FRAME, PAN_TIMELINE, MOVE, SIZE }

    private final HudFrame hud;
    private final HudControls controls;
    private final Profiler profiler;
    private final boolean[] pressUsed = new boolean[BUTTONS];
    private int x = -1;
    private int y = -1;
    private Drag drag = Drag.NONE;
    /** The panel a MOVE or SIZE drag changes. */
    private HudLayout.Panel dragPanel = HudLayout.Panel.REPORT;
    private int dragLastX;
    private int dragLastY;
    private int dragStartX;
    private int dragStartY;
    private int dragStartSize;
    private int dragStartWidth;
    private int dragStartOffsetY;
    private boolean pausedBeforeDrag;
    private Target lastClickTarget = Target.NONE;
    private int lastClickId = -1;
    private long lastClickNanos;
    /** Whether the last move was over a panel or a drag: moving off it clears the hover, a change to show. */
    private boolean lastMoveUsed;

    HudMouse(HudFrame hud, HudControls controls, Profiler profiler) {
        this.hud = hud;
        this.controls = controls;
        this.profiler = profiler;
    }

    /** The pointer moved to framebuffer pixel (x, y). */
    public boolean moved(double px, double py) {
        boolean used = move(px, py);
        if (used || lastMoveUsed) {
            // Over a panel (hover, drag) or just off one (the hover cleared): what the HUD shows changed.
            controls.touched();
        }
        lastMoveUsed = used;
        return used;
    }

    private boolean move(double px, double py) {
        x = (int) Math.floor(px);
        y = (int) Math.floor(py);
        if (!controls.view().visible()) {
            clearHover();
            endDrag();
            return false;
        }
        Target over = over();
        // While a panel is dragged or sized nothing under the pointer lights up; panning the timeline hovers its bars.
        Target hovered = drag == Drag.NONE || drag == Drag.PAN_TIMELINE ? over : Target.NONE;
        ReportPanelView panel = hud.panel();
        panel.hover(hovered == Target.REPORT ? panel.rowAt(x, y) : -1);
        if (hovered == Target.TIMELINE) {
            hud.timelineView().hover(x, y);
        } else {
            hud.timelineView().hover(-1, -1);
        }
        if (drag != Drag.NONE) {
            continueDrag();
            return true;
        }
        return over != Target.NONE;
    }

    /** The pointer left the window: nothing is hovered. */
    public void left() {
        controls.touched();
        clearHover();
        x = -1;
        y = -1;
    }

    private void clearHover() {
        hud.panel().hover(-1);
        hud.timelineView().hover(-1, -1);
    }

    /** A button ({@code 0} = left, GLFW's numbering) was pressed or released at the last position moved to. */
    public boolean button(int button, boolean pressed) {
        return button(button, pressed, clock.getAsLong());
    }

    /**
     * Replaces the clock that times double-clicks ({@code System.nanoTime} by default), so a test that clicks through
     * the real GLFW callbacks decides whether two clicks are one double-click, whatever the machine's load puts
     * between them.
     */
    void clock(java.util.function.LongSupplier nanoClock) {
        this.clock = nanoClock;
    }

    /** As {@link #button(int, boolean)}, at a given time (for double-clicks), in {@code System.nanoTime} units. */
    public boolean button(int button, boolean pressed, long nanos) {
        boolean used = buttonEvent(button, pressed, nanos);
        if (used) {
            controls.touched();
        }
        return used;
    }

    private boolean buttonEvent(int button, boolean pressed, long nanos) {
        int b = button < 0 || button >= BUTTONS ? BUTTONS - 1 : button;
        if (!pressed) {
            boolean used = pressUsed[b];
            pressUsed[b] = false;
            if (b == LEFT) {
                endDrag();
            }
            return used;
        }
        Target over = controls.view().visible() ? over() : Target.NONE;
        if (over == Target.NONE) {
            return false;
        }
        pressUsed[b] = true;
        if (b == LEFT) {
            press(over, nanos);
        }
        return true;
    }

    /** The wheel turned by {@code dy} notches (positive: away from the user) at the last position moved to. */
    public boolean scrolled(double dy) {
        if (!controls.view().visible() || dy == 0) {
            return false;
        }
        controls.touched();
        switch (over()) {
            case REPORT -> controls.scrollReport(dy > 0 ? -WHEEL_ROWS : WHEEL_ROWS);
            case GRAPH -> {
                if (dy > 0) {
                    controls.graphZoomIn();
                } else {
                    controls.graphZoomOut();
                }
            }
            case TIMELINE -> zoomTimeline(dy);
            case SPIKES -> hud.spikeListView().scroll(dy > 0 ? -WHEEL_ROWS : WHEEL_ROWS);
            case THREADS -> hud.threadListView().scroll(dy > 0 ? -WHEEL_ROWS : WHEEL_ROWS);
            case CHART, HISTOGRAM, DIFF -> { }
            case NONE -> {
                return false;
            }
        }
        return true;
    }

    /** Zooms the timeline about the moment under the pointer (the plot's nearest edge when beside it). */
    private void zoomTimeline(double notches) {
        TimelineView view = hud.timelineView();
        TimelineState state = controls.timeline();
        Box plot = view.plot();
        double across = Math.max(0, Math.min(1, (x - plot.left()) / (double) Math.max(1, plot.width())));
        double clamped = Math.max(-8, Math.min(8, notches));
        state.zoomAbout(state.pan() + across / state.zoom(), Math.pow(TIMELINE_WHEEL_ZOOM, clamped));
    }

    private void press(Target over, long nanos) {
        switch (over) {
            case REPORT -> pressReport(nanos);
            case GRAPH -> pressGraph();
            case TIMELINE -> pressTimeline(nanos);
            case CHART -> pressChart();
            case SPIKES -> pressSpikes();
            case THREADS -> pressThreads();
            // Nothing to click inside them: anywhere moves them (their place is kept like every panel's).
            case HISTOGRAM -> startDrag(Drag.MOVE, HudLayout.Panel.HISTOGRAM);
            case DIFF -> startDrag(Drag.MOVE, HudLayout.Panel.DIFF);
            case NONE -> { }
        }
    }

    private void pressThreads() {
        ThreadListView list = hud.threadListView();
        int thread = list.threadAt(x, y);
        if (onGrip(list.bounds())) {
            startSize(HudLayout.Panel.THREADS, list.shownRows(), 0);
        } else if (thread >= 0) {
            ReportController.of(profiler).setThread(hud.report().threadRootZone(thread));
        } else if (thread == -1) {
            ReportController.of(profiler).setThread(-1);
        } else {
            startDrag(Drag.MOVE, HudLayout.Panel.THREADS);
        }
    }

    private void pressReport(long nanos) {
        ReportPanelView panel = hud.panel();
        if (onGrip(panel.bounds())) {
            startSize(HudLayout.Panel.REPORT, panel.shownRows(), 0);
        } else if (panel.onTitle(x, y)) {
            startDrag(Drag.MOVE, HudLayout.Panel.REPORT);
        } else {
            int row = panel.rowAt(x, y);
            if (row < 0) {
                return;
            }
            if (doubleClick(Target.REPORT, row, nanos)) {
                controls.openRow(row);
            } else {
                controls.clickRow(row);
            }
        }
    }

    private void pressGraph() {
        StripPlot strip = hud.graph().strip();
        float ui = hud.metrics().ui();
        if (onGrip(strip.bounds())) {
            startSize(HudLayout.Panel.GRAPH, Math.round(strip.plot().height() / ui), 0);
        } else if (strip.plot().contains(x, y)) {
            // The category chart in the graph's place has the graph's columns: the same frame under the same x.
            holdPaused();
            startDrag(Drag.SELECT_FRAME, HudLayout.Panel.GRAPH);
            continueDrag();
        } else {
            startDrag(Drag.MOVE, HudLayout.Panel.GRAPH);
        }
    }

    private void pressTimeline(long nanos) {
        TimelineView view = hud.timelineView();
        TimelineState state = controls.timeline();
        float ui = hud.metrics().ui();
        if (onGrip(view.bounds())) {
            // From the chosen size when there is one: the drawn height is that rounded down to whole rows.
            HudLayout layout = controls.layout();
            startSize(HudLayout.Panel.TIMELINE,
                    layout.size(HudLayout.Panel.TIMELINE, Math.round(view.bounds().height() / ui)),
                    layout.width(HudLayout.Panel.TIMELINE, Math.round(view.bounds().width() / ui)));
            return;
        }
        if (view.plot().contains(x, y)) {
            int bar = view.barAt(state, x, y);
            if (bar >= 0) {
                if (doubleClick(Target.TIMELINE, state.frame().barZone(bar), nanos)) {
                    controls.timelineSelectBar(bar);
                    controls.timelineCallGraph();
                } else {
                    controls.timelineSelectBar(bar);
                }
            }
            startDrag(Drag.PAN_TIMELINE, HudLayout.Panel.TIMELINE);
            return;
        }
        int thread = view.laneThreadAt(state, x, y);
        if (thread >= 0) {
            controls.toggleThread(thread);
            return;
        }
        startDrag(Drag.MOVE, HudLayout.Panel.TIMELINE);
    }

    private void pressChart() {
        StripPlot strip = hud.chart().strip();
        if (onGrip(strip.bounds())) {
            startSize(HudLayout.Panel.CHART, Math.round(strip.plot().height() / hud.metrics().ui()), 0);
        } else if (strip.plot().contains(x, y)) {
            holdPaused();
            startDrag(Drag.SELECT_CHART_FRAME, HudLayout.Panel.CHART);
            continueDrag();
        } else {
            startDrag(Drag.MOVE, HudLayout.Panel.CHART);
        }
    }

    private void pressSpikes() {
        SpikeListView list = hud.spikeListView();
        int spike = list.spikeAt(x, y);
        if (onGrip(list.bounds())) {
            startSize(HudLayout.Panel.SPIKES, list.shownRows(), 0);
        } else if (spike >= 0) {
            controls.showSpike(spike);
        } else {
            startDrag(Drag.MOVE, HudLayout.Panel.SPIKES);
        }
    }

    /** Whether this click is the second on the same thing in time; otherwise remembers it as a first. */
    private boolean doubleClick(Target target, int id, long nanos) {
        if (target == lastClickTarget && id == lastClickId && nanos - lastClickNanos <= DOUBLE_CLICK_NANOS) {
            lastClickTarget = Target.NONE;
            lastClickId = -1;
            return true;
        }
        lastClickTarget = target;
        lastClickId = id;
        lastClickNanos = nanos;
        return false;
    }

    /** Pauses the profile while a frame is picked by dragging; {@link #endDrag} resumes it if it was running. */
    private void holdPaused() {
        pausedBeforeDrag = profiler.paused();
        profiler.setPaused(true);
    }

    private void startDrag(Drag kind, HudLayout.Panel panel) {
        if (kind == Drag.MOVE || kind == Drag.SIZE) {
            controls.layout().settle(panel, hud.metrics().ui());
        }
        drag = kind;
        dragPanel = panel;
        dragLastX = x;
        dragLastY = y;
        dragStartX = x;
        dragStartY = y;
    }

    private void startSize(HudLayout.Panel panel, int size, int width) {
        startDrag(Drag.SIZE, panel);
        dragStartSize = size;
        dragStartWidth = width;
        dragStartOffsetY = controls.layout().offsetY(panel);
    }

    private void continueDrag() {
        HudLayout layout = controls.layout();
        float ui = hud.metrics().ui();
        switch (drag) {
            case SELECT_FRAME -> {
                int frame = hud.graph().frameAt(profiler.history(), x);
                if (frame >= 0) {
                    controls.showFrame(frame);
                }
            }
            case SELECT_CHART_FRAME -> {
                int frame = hud.chartFrameAt(x);
                if (frame >= 0) {
                    controls.showFrame(frame);
                }
            }
            case PAN_TIMELINE -> {
                TimelineState state = controls.timeline();
                int width = Math.max(1, hud.timelineView().plot().width());
                state.panBy(-(x - dragLastX) / (double) width / state.zoom());
            }
            case MOVE -> layout.drag(dragPanel, x - dragLastX, y - dragLastY, ui);
            case SIZE -> resize(layout, ui);
            case NONE -> { }
        }
        dragLastX = x;
        dragLastY = y;
    }

    private void resize(HudLayout layout, float ui) {
        HudMetrics metrics = hud.metrics();
        int dy = y - dragStartY;
        switch (dragPanel) {
            case REPORT -> layout.resize(HudLayout.Panel.REPORT,
                    Math.max(1, dragStartSize + Math.round(dy / (float) metrics.rowHeight())));
            case SPIKES, THREADS -> layout.resize(dragPanel,
                    Math.max(1, dragStartSize + Math.round(dy / (float) metrics.rowHeight())));
            case GRAPH -> {
                int size = Math.max(16, dragStartSize + Math.round(dy / ui));
                layout.resize(HudLayout.Panel.GRAPH, size);
                if (hud.config().graphAnchor.bottom()) {
                    // A bottom-anchored graph grows upwards: keep its top where it was so the corner follows.
                    keepTop(layout, HudLayout.Panel.GRAPH, size);
                }
            }
            case CHART -> layout.resize(HudLayout.Panel.CHART, Math.max(16, dragStartSize + Math.round(dy / ui)));
            case TIMELINE -> {
                int least = Math.round((2 * metrics.pad() + 3 * metrics.rowHeight()) / ui);
                int size = Math.max(least, dragStartSize + Math.round(dy / ui));
                layout.resize(HudLayout.Panel.TIMELINE, size);
                keepTop(layout, HudLayout.Panel.TIMELINE, size);
                int narrowest = Math.round(hud.timelineView().minimumWidth() / ui);
                layout.resizeWidth(HudLayout.Panel.TIMELINE,
                        Math.max(narrowest, dragStartWidth + Math.round((x - dragStartX) / ui)));
            }
        }
    }

    /** Moves a bottom-anchored panel down by what it grew since the drag began, so its top edge stays. */
    private void keepTop(HudLayout layout, HudLayout.Panel panel, int size) {
        layout.offset(panel, layout.offsetX(panel), dragStartOffsetY + size - dragStartSize);
    }

    private void endDrag() {
        if ((drag == Drag.SELECT_FRAME || drag == Drag.SELECT_CHART_FRAME) && !pausedBeforeDrag) {
            profiler.setPaused(false);
        }
        drag = Drag.NONE;
    }

    /** The bottom-right corner square (one character cell) that resizes a panel. */
    private boolean onGrip(Box box) {
        int grip = Math.max(4, hud.metrics().cell());
        return box.contains(x, y) && x >= box.right() - grip && y >= box.bottom() - grip;
    }

    private boolean graphShown() {
        return hud.graphDrawn() || hud.categoryChartDrawn();
    }

    /** The top-most panel the last frame drew under the pointer. */
    private Target over() {
        // Drawn last, so on top of the others.
        if (controls.view().histogramShown() && hud.histogramView().bounds().contains(x, y)) {
            return Target.HISTOGRAM;
        }
        if (controls.diffShown() && controls.diffPanel(hud.metrics()).bounds().contains(x, y)) {
            return Target.DIFF;
        }
        if (graphShown() && hud.graph().strip().bounds().contains(x, y)) {
            return Target.GRAPH;
        }
        if (hud.threadListDrawn() && hud.threadListView().bounds().contains(x, y)) {
            return Target.THREADS;
        }
        if (controls.spikeListVisible() && hud.spikeListView().bounds().contains(x, y)) {
            return Target.SPIKES;
        }
        if (hud.chartShown() && hud.chart().strip().bounds().contains(x, y)) {
            return Target.CHART;
        }
        if (hud.timelineDrawn() && hud.timelineView().bounds().contains(x, y)) {
            return Target.TIMELINE;
        }
        return hud.panel().bounds().contains(x, y) ? Target.REPORT : Target.NONE;
    }

    /** Whether a drag the HUD started is in progress. */
    public boolean dragging() {
        return drag != Drag.NONE;
    }
}
