package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_MOUSE_BUTTON_LEFT;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.glfw.GLFW.glfwSetCursorPosCallback;
import static org.lwjgl.glfw.GLFW.glfwSetMouseButtonCallback;
import static org.lwjgl.glfw.GLFW.glfwSetScrollCallback;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.TimelineFrame;
import io.hudprof.core.Zone;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.capture.SpikeCapture;
import io.hudprof.capture.SpikeRule;
import io.hudprof.stats.Counter;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.Sensor;
import io.hudprof.testkit.AllocationCheck;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import org.lwjgl.glfw.GLFWCursorPosCallback;
import org.lwjgl.glfw.GLFWMouseButtonCallback;
import org.lwjgl.glfw.GLFWScrollCallback;

/**
 * The mouse on the frame timeline, the value chart and the spike list, through the overlay's GLFW callbacks on a
 * real window (events delivered through whatever callback GLFW holds, as GLFW would), with what the HUD did read
 * back from the framebuffer: hover, click, double-click, drag, corner resize and wheel per panel; the game's
 * callbacks get nothing over a panel and everything off it; the panels' places and sizes come back from the saved
 * layout. Screenshots under target/screenshots.
 */
class PanelMouseGlTest {
    private static final int W = 1280;
    private static final int H = 720;
    private static final Zone FRAME = Zone.define("Pm:Frame");
    private static final Zone PHYSICS = Zone.define("Pm:Physics");
    private static final Zone SOLVE = Zone.define("Pm:Solve islands");
    private static final Zone RENDER = Zone.define("Pm:Render");
    private static final Zone PARTICLES = Zone.define("Pm:Particles");
    private static final Counter LOADS = Counter.define("PmStats/Loads");
    /** Every other frame, from the first, renders 12 ms longer: a 32 ms spike, twenty in all; the last is 20 ms. */
    private static final int FRAMES = 40;

    private static GlContext gl;
    private static ManualClock clock;
    private static Profiler profiler;
    private static FrameStatistics stats;
    private static SpikeCapture spikes;
    private static String workerName;
    /** Alive for the whole class, so its lane is a live thread's. */
    private static StepThread worker;

    private final List<String> hostReceived = new ArrayList<>();
    private GLFWCursorPosCallback hostPos;
    private GLFWMouseButtonCallback hostButton;
    private GLFWScrollCallback hostScroll;
    private Overlay overlay;

    @BeforeAll
    static void open() throws Exception {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
        clock = new ManualClock(1_000_000_000L);
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).historyFrames(64)
                .timelineCapacity(1 << 12).build());
        Hudprof.install(profiler);
        stats = FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        spikes = SpikeCapture.builder().rule(SpikeRule.above(25)).recent(16).attach(profiler);
        worker = new StepThread("pm-worker");
        workerName = "pm-worker";
        for (int i = 0; i < FRAMES; i++) {
            frame(i % 2 == 0 ? 12 : 0, i % 4 + 1);
        }
    }

    @AfterAll
    static void close() throws Exception {
        if (worker != null) {
            worker.close();
        }
        if (spikes != null) {
            spikes.detach();
        }
        if (stats != null) {
            stats.detach();
        }
        Hudprof.uninstall();
        if (gl != null) {
            gl.close();
        }
    }

    /**
     * A 20 ms frame (plus {@code extraMs} of rendering): main runs FRAME 0..20 with PHYSICS 1..9 (SOLVE 3..7 inside)
     * and RENDER 12..19; the worker runs PARTICLES 2..8.
     */
    private static void frame(int extraMs, int loads) {
        LOADS.add(loads);
        FRAME.begin();
        clock.advanceMillis(1);
        PHYSICS.begin();
        clock.advanceMillis(1);
        worker.run(PARTICLES::begin);
        clock.advanceMillis(1);
        SOLVE.begin();
        clock.advanceMillis(4);
        SOLVE.end();
        clock.advanceMillis(1);
        worker.run(PARTICLES::end);
        clock.advanceMillis(1);
        PHYSICS.end();
        clock.advanceMillis(3);
        RENDER.begin();
        clock.advanceMillis(7 + extraMs);
        RENDER.end();
        clock.advanceMillis(1);
        FRAME.end();
        profiler.update();
    }

    @BeforeEach
    void installHostThenOverlay() {
        hostPos = GLFWCursorPosCallback.create((w, x, y) -> hostReceived.add("move " + (int) x + "," + (int) y));
        hostButton = GLFWMouseButtonCallback.create((w, button, action, mods) ->
                hostReceived.add("button " + button + (action == GLFW_PRESS ? " down" : " up")));
        hostScroll = GLFWScrollCallback.create((w, dx, dy) -> hostReceived.add("scroll " + dy));
        glfwSetCursorPosCallback(gl.window(), hostPos);
        glfwSetMouseButtonCallback(gl.window(), hostButton);
        glfwSetScrollCallback(gl.window(), hostScroll);
        ReportController.of(profiler).setMode(ReportMode.SELF_TIME);
        ReportController.of(profiler).setFrame(0);
        ReportController.of(profiler).setCursor(0);
        ReportController.of(profiler).setThread(-1);
        profiler.setPaused(false);
        start(config(null));
    }

    private static OverlayConfig config(Path stateFile) {
        OverlayConfig.Builder b = OverlayConfig.builder().startVisible(true).visibleRows(6).graphColumnWidth(3)
                .graphMaxColumns(60);
        return stateFile == null ? b.build() : b.stateFile(stateFile).build();
    }

    /** An overlay showing every panel this test drives: timeline, value chart beside the graph, spike list. */
    private void start(OverlayConfig config) {
        overlay = Overlay.create(profiler, config);
        overlay.installMouse(gl.window());
        HudControls controls = overlay.controls();
        if (!controls.view().timelineShown()) {
            controls.toggleTimeline();
        }
        controls.chart(LOADS);
        controls.spikes(spikes);
        if (!controls.spikeListVisible()) {
            controls.toggleSpikeList();
        }
        render();
    }

    @AfterEach
    void uninstall(TestInfo test) {
        render();
        gl.screenshotOf(test);
        overlay.close();
        assertEquals(hostPos.address(), glfwSetCursorPosCallback(gl.window(), null).address(),
                "the overlay left its cursor callback installed");
        assertEquals(hostButton.address(), glfwSetMouseButtonCallback(gl.window(), null).address());
        assertEquals(hostScroll.address(), glfwSetScrollCallback(gl.window(), null).address());
        hostPos.free();
        hostButton.free();
        hostScroll.free();
    }

    /** The game's scene alone, as the framebuffer holds it without the HUD. */
    private static Image sceneOnly() {
        ScriptedGame.drawScene(W, H);
        return gl.read();
    }

    private static void assertNotSame(int scene, int drawn, String what) {
        assertTrue(Image.distance(scene, drawn) > 10, what + ": " + Integer.toHexString(drawn) + " is the scene");
    }

    private Image render() {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        return gl.read();
    }

    /** Renders and saves the screenshot {@code PanelMouseGlTest.<name>.png}. */
    private Image shot(String name) {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        return gl.screenshot("PanelMouseGlTest." + name);
    }

    private void move(int x, int y) {
        GLFWCursorPosCallback current = glfwSetCursorPosCallback(gl.window(), null);
        glfwSetCursorPosCallback(gl.window(), current);
        current.invoke(gl.window(), x, y);
    }

    private void button(int action) {
        GLFWMouseButtonCallback current = glfwSetMouseButtonCallback(gl.window(), null);
        glfwSetMouseButtonCallback(gl.window(), current);
        current.invoke(gl.window(), GLFW_MOUSE_BUTTON_LEFT, action, 0);
    }

    private void scroll(double dy) {
        GLFWScrollCallback current = glfwSetScrollCallback(gl.window(), null);
        glfwSetScrollCallback(gl.window(), current);
        current.invoke(gl.window(), 0, dy);
    }

    private void click(int x, int y) {
        move(x, y);
        button(GLFW_PRESS);
        button(GLFW_RELEASE);
    }

    /** Presses at (x0, y0), moves to (x1, y1) in two steps, releases there. */
    private void drag(int x0, int y0, int x1, int y1) {
        move(x0, y0);
        button(GLFW_PRESS);
        move((x0 + x1) / 2, (y0 + y1) / 2);
        move(x1, y1);
        button(GLFW_RELEASE);
    }

    private TimelineView timeline() {
        return overlay.frame().timelineView();
    }

    private TimelineState timelineState() {
        return overlay.controls().timeline();
    }

    /** The height of a row of bars. */
    private int laneRow() {
        return overlay.frame().metrics().rowHeight();
    }

    /** The x of {@code ms} into the frame at zoom 1. */
    private int timeX(double ms) {
        Box plot = timeline().plot();
        return plot.left() + (int) Math.round(ms * plot.width() / 20.0);
    }

    /** The middle of row {@code row} of the lanes (0-2 main's depths, 3 the worker). */
    private int rowY(int row) {
        return timeline().plot().top() + row * laneRow() + laneRow() / 2;
    }

    private static int hoverOutlinePixels(Image image, Box around) {
        return image.countNear(around.left(), around.top(), around.right(), around.bottom(), HudPalette.HELP >>> 8,
                40);
    }

    private Box barBox(int x0, int x1, int row) {
        Box box = new Box();
        int top = timeline().plot().top() + row * laneRow();
        box.setEdges(x0 - 4, top - 3, x1 + 4, top + laneRow() + 3);
        return box;
    }

    @Test
    void timelineLanesAreMainThenWorkerOverATwentyMillisecondFrame() {
        TimelineFrame frame = timelineState().frame();
        assertEquals(2, frame.laneCount());
        assertEquals(workerName, frame.laneName(1));
        assertEquals(20_000_000L, frame.endNanos() - frame.startNanos());
        assertEquals(4 * laneRow(), timeline().plot().height());
    }

    @Test
    void hoveringATimelineBarOutlinesAndDescribesIt() {
        Box solve = barBox(timeX(3), timeX(7), 2);
        Box info = new Box();
        Box bounds = timeline().bounds();
        info.setEdges(bounds.left(), bounds.bottom() - 2 * laneRow(), bounds.left() + 700, bounds.bottom());
        Image before = render();
        move(timeX(5), rowY(2));
        Image after = shot("hoverOnSolve");
        assertEquals(SOLVE.id(), timelineState().frame().barZone(timeline().hoveredBar()));
        assertTrue(hoverOutlinePixels(after, solve) > hoverOutlinePixels(before, solve) + (timeX(7) - timeX(3)),
                "the hovered bar is outlined: " + hoverOutlinePixels(after, solve) + " outline pixels");
        assertTrue(hoverOutlinePixels(after, info) > hoverOutlinePixels(before, info) + 50,
                "the info line describes the hovered bar in the hover colour");
        assertTrue(after.countChanged(before, info.left(), info.top(), info.right(), info.bottom()) > 100,
                "the info line changed");
        move(timeX(10.5), rowY(2));
        render();
        assertEquals(-1, timeline().hoveredBar(), "nothing at depth 2 at 10.5 ms");
        assertTrue(hostReceived.isEmpty(), "moves over the timeline are the HUD's: " + hostReceived);
    }

    @Test
    void clickingATimelineBarSelectsItAndItsReportRowAndADoubleClickOpensItsCallGraph() {
        // The screenshot between the two clicks can take longer than a double-click's 400 ms on a loaded machine:
        // the clicks' own clock stands still, so they are one double-click however long the checks between take.
        overlay.mouse().clock(() -> 1_000_000_000L);
        click(timeX(2), rowY(1));
        Image image = shot("clickedPhysics");
        int cursor = timelineState().cursor();
        assertEquals(PHYSICS.id(), timelineState().frame().barZone(cursor), "the bar cursor is on PHYSICS");
        assertEquals(PHYSICS.id(), overlay.report().row(ReportController.of(profiler).cursor()).zoneId(),
                "the report's cursor is on PHYSICS's row");
        Box physics = barBox(timeX(1), timeX(9), 1);
        assertTrue(image.countNear(physics.left(), physics.top(), physics.right(), physics.bottom(), 0xFFFFFF, 0)
                > 2 * (timeX(9) - timeX(1)), "the bar cursor's white outline is drawn around PHYSICS");
        assertEquals(ReportMode.SELF_TIME, ReportController.of(profiler).mode());
        click(timeX(2), rowY(1));
        assertEquals(ReportMode.CALL_GRAPH, ReportController.of(profiler).mode(), "a double-click opens the call graph");
        render();
        assertEquals(PHYSICS.name(), overlay.report().focusName());
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
    }

    @Test
    void theWheelZoomsTimeAboutThePointerAndADragOnTheLanesPans() {
        Box plot = timeline().plot();
        int x = timeX(5);
        double momentUnderPointer = timelineState().pan()
                + (x - plot.left()) / (double) plot.width() / timelineState().zoom();
        Image before = render();
        move(x, rowY(2));
        scroll(2);
        assertEquals(2.0, timelineState().zoom(), 1e-9, "two notches: twice the detail");
        assertEquals(momentUnderPointer, timelineState().pan() + (x - plot.left()) / (double) plot.width() / 2.0,
                1e-9, "the moment under the pointer stays there");
        Image zoomed = shot("zoomedTwiceAboutSolve");
        int solveRow = timeline().plot().top() + 2 * laneRow() + 2;
        int wideBefore = barPixels(before, solveRow);
        int wideAfter = barPixels(zoomed, solveRow);
        assertTrue(Math.abs(wideAfter - 2 * wideBefore) <= 4, "SOLVE drawn twice as wide: " + wideBefore + " -> "
                + wideAfter);

        double pan = timelineState().pan();
        drag(x, rowY(3), x - 100, rowY(3));
        assertEquals(pan + 100.0 / plot.width() / 2.0, timelineState().pan(), 1e-9,
                "dragging 100 px left shows later time by 100 px");
        scroll(-4);
        assertEquals(1.0, timelineState().zoom(), 1e-9, "zoomed out to the whole frame, no further");
        assertEquals(0.0, timelineState().pan(), 1e-9);
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
    }

    private int barPixels(Image image, int y) {
        Box plot = timeline().plot();
        int n = 0;
        for (int x = plot.left(); x < plot.right(); x++) {
            if (HudProbe.isBarColor(image.rgb(x, y))) {
                n++;
            }
        }
        return n;
    }

    @Test
    void clickingALanesThreadNameShowsThatThreadAloneAndAgainAllThreads() {
        int labelX = timeline().bounds().left() + 20;
        click(labelX, rowY(3));
        Image image = render();
        assertEquals(workerName, overlay.report().shownThreadName(), "the report shows the worker alone");
        assertEquals(1, timeline().lanesShown(), "so does the timeline");
        assertTrue(HudProbe.isBarColor(image.rgb(timeX(5), timeline().plot().top() + 2)),
                "the worker's PARTICLES bar is now the first row");
        click(labelX, timeline().plot().top() + 2);
        render();
        assertEquals(-1, ReportController.of(profiler).thread(), "a second click goes back to all threads");
        assertEquals(2, timeline().lanesShown());
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
    }

    @Test
    void theTimelinesCornerSizesItKeepingItsTopAndDraggingItsTitleMovesIt() {
        Box bounds = timeline().bounds();
        int left = bounds.left();
        int top = bounds.top();
        int width = bounds.width();
        int height = bounds.height();
        int right = bounds.right();
        int bottom = bounds.bottom();
        drag(bounds.right() - 2, bottom - 2, right - 302, bottom - 2 - 3 * laneRow());
        render();
        assertEquals(top, timeline().bounds().top(), "the top edge stays");
        assertEquals(width - 300, timeline().bounds().width(), "the corner drag set the width");
        assertEquals(height - 3 * laneRow(), timeline().bounds().height(), "and the height, in whole rows");
        assertEquals(laneRow(), timeline().plot().height(), "one row of lanes left: the worker's lane gave way");
        assertEquals(1, timeline().lanesShown());
        drag(right - 302, bottom - 2 - 3 * laneRow(), right - 302,
                bottom - 2 + 4 * laneRow());
        render();
        assertEquals(height + 4 * laneRow(), timeline().bounds().height(), "taller again, the bottom edge clamped"
                + " to the framebuffer");
        assertEquals(H, timeline().bounds().bottom(), "kept inside the framebuffer");
        assertEquals(8 * laneRow(), timeline().plot().height(), "the lanes got the room");
        assertEquals(2, timeline().lanesShown());

        Box sized = timeline().bounds();
        int sizedTop = sized.top();
        // Grabbed right of the graph and the value chart, which sit on top of the timeline's left part now.
        drag(left + 850, sizedTop + 4, left + 910, sizedTop - 196);
        Image image = render();
        Box moved = timeline().bounds();
        assertEquals(left + 60, moved.left());
        assertEquals(sizedTop - 200, moved.top());
        assertTrue(image.countNear(left + 60, moved.top() + 2, left + 300, moved.top() + 2 + laneRow(),
                HudPalette.TITLE >>> 8, 40) > 100, "the title is drawn where the timeline went");
        // The timeline's box ends at its new right edge: the scene shows beyond it.
        Image scene = sceneOnly();
        int y = moved.top() + moved.height() / 2;
        assertEquals(scene.rgb(moved.right() + 3, y), image.rgb(moved.right() + 3, y), "nothing right of the box");
        assertNotSame(scene.rgb(moved.right() - 3, y), image.rgb(moved.right() - 3, y), "the box inside its edge");
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());

        // Where the timeline used to be, the game gets the mouse.
        click(left + 1000, H - 30);
        assertEquals(List.of("move " + (left + 1000) + "," + (H - 30), "button 0 down", "button 0 up"),
                hostReceived, "off every panel the game gets the events");
    }

    @Test
    void clickingOrDraggingOnTheValueChartShowsThatFrameAndPausesOnlyWhileHeld() {
        ValueChartView chart = overlay.chart();
        Box plot = chart.strip().plot();
        int column = chart.strip().columnWidth();
        move(plot.right() - 7 * column - column / 2 - 1, plot.top() + 10);
        button(GLFW_PRESS);
        assertEquals(7, ReportController.of(profiler).frameOffset(), "the seventh column back is frame 7 back");
        assertTrue(profiler.paused(), "paused while held");
        Image image = render();
        int tickY = plot.bottom() + 4;
        assertEquals(0xFFFFFF, image.rgb(chart.strip().columnLeft(7) + column / 2, tickY) & 0xFFFFFF,
                "the chart's marker sits under the column clicked");
        move(plot.right() - 20 * column - column / 2, plot.top() + 10);
        assertEquals(20, ReportController.of(profiler).frameOffset(), "dragging scrubs");
        button(GLFW_RELEASE);
        assertFalse(profiler.paused(), "the release resumes what was running");
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
    }

    @Test
    void theValueChartMovesByItsTitleAndItsCornerSetsThePlotHeight() {
        StripPlot strip = overlay.chart().strip();
        int left = strip.bounds().left();
        int top = strip.bounds().top();
        int plotHeight = strip.plot().height();
        drag(left + 40, top + 3, left + 140, top - 97);
        render();
        assertEquals(left + 100, strip.bounds().left());
        assertEquals(top - 100, strip.bounds().top());
        Box moved = strip.bounds();
        drag(moved.right() - 2, moved.bottom() - 2, moved.right() - 2, moved.bottom() + 58);
        Image image = render();
        assertEquals(plotHeight + 60, strip.plot().height(), "the plot is 60 px taller");
        assertEquals(moved.top(), strip.bounds().top(), "its top stays");
        assertTrue(image.countNear(strip.plot().left(), strip.plot().bottom() - 20, strip.plot().right(),
                strip.plot().bottom(), HudPalette.CHART_BAR >>> 8, 0) > 100, "the bars stand on the new bottom");
        scroll(1);
        assertTrue(hostReceived.isEmpty(), "the wheel over the chart is the HUD's too: " + hostReceived);
    }

    @Test
    void theDiffAndHistogramPanelsMoveWhereverTheyAreGrabbed() {
        HudControls controls = overlay.controls();
        controls.showDiff(io.hudprof.capture.compare.DiffReport.between(
                io.hudprof.capture.compare.RangeSummary.of(profiler.data(), 10, 10, "A"),
                io.hudprof.capture.compare.RangeSummary.of(profiler.data(), 0, 10, "B")));
        controls.toggleHistogram();
        render();
        Box diff = controls.diffPanel(overlay.frame().metrics()).bounds();
        int left = diff.left();
        int top = diff.top();
        drag(left + 60, top + 20, left - 40, top + 100);
        render();
        assertEquals(left - 100, diff.left(), "the diff panel moved with the pointer");
        assertEquals(top + 80, diff.top());
        Box histogram = overlay.frame().histogramView().bounds();
        int hLeft = histogram.left();
        int hTop = histogram.top();
        drag(hLeft + 30, hTop + 30, hLeft - 20, hTop - 50);
        render();
        assertEquals(hLeft - 50, histogram.left(), "the histogram moved with the pointer");
        assertEquals(hTop - 80, histogram.top());
        assertTrue(hostReceived.stream().noneMatch(e -> e.startsWith("button")),
                "presses on HUD panels are the HUD's: " + hostReceived);
    }

    @Test
    void clickingASpikeRowShowsThatSpikeAndTheWheelScrollsTheList() {
        SpikeListView list = overlay.frame().spikeListView();
        assertEquals(12, list.shownRows(), "twelve rows of sixteen recent spikes");
        int rowHeight = overlay.frame().metrics().rowHeight();
        int x = list.bounds().left() + 30;
        int rowsTop = list.bounds().top() + overlay.frame().metrics().pad() + rowHeight;
        click(x, rowsTop + 2 * rowHeight + rowHeight / 2);
        Image image = render();
        assertEquals(2, overlay.controls().view().selectedSpike());
        assertTrue(profiler.paused(), "a spike is shown paused, as N shows it");
        long number = spikes.recent(2).frameNumber();
        assertEquals(number, profiler.history().frameNumber(ReportController.of(profiler).frameOffset()),
                "the report shows the spike's frame");
        assertEquals(2, highlightedSpikeRow(image, list), "the clicked row is highlighted");

        scroll(-1);
        image = render();
        assertEquals(3, list.firstShown(), "a notch scrolls three rows, no further than the list");
        assertEquals(-1, highlightedSpikeRow(image, list), "the selected row scrolled out of view");
        scroll(-1);
        render();
        assertEquals(4, list.firstShown(), "sixteen spikes, twelve rows: the last four rows are the end");
        click(x, rowsTop + rowHeight / 2);
        assertEquals(4, overlay.controls().view().selectedSpike(), "a row of the scrolled list is its own spike");
        scroll(1);
        scroll(1);
        render();
        assertEquals(0, list.firstShown(), "three rows a notch, back to the top");
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
    }

    /** The shown row (0 = first) with the selection band, or -1. */
    private int highlightedSpikeRow(Image image, SpikeListView list) {
        int rowHeight = overlay.frame().metrics().rowHeight();
        int rowsTop = list.bounds().top() + overlay.frame().metrics().pad() + rowHeight;
        int x = list.bounds().left() + 2;
        int found = -1;
        for (int r = 0; r < list.shownRows(); r++) {
            int rgb = image.rgb(x, rowsTop + r * rowHeight + rowHeight / 2);
            if ((rgb & 0xFF) > ((rgb >> 16) & 0xFF) + 40) {
                found = found == -1 ? r : -2;
            }
        }
        return found;
    }

    @Test
    void theSpikeListMovesByItsHeaderAndItsCornerSetsItsRows() {
        SpikeListView list = overlay.frame().spikeListView();
        int rowHeight = overlay.frame().metrics().rowHeight();
        Box bounds = list.bounds();
        int left = bounds.left();
        int top = bounds.top();
        drag(left + 100, top + 4, left - 300, top + 104);
        render();
        assertEquals(left - 400, list.bounds().left());
        assertEquals(top + 100, list.bounds().top());
        Box moved = list.bounds();
        drag(moved.right() - 2, moved.bottom() - 2, moved.right() - 2, moved.bottom() - 2 - 5 * rowHeight);
        Image image = render();
        assertEquals(7, list.shownRows());
        assertEquals(moved.top() + 8 * rowHeight + 2 * overlay.frame().metrics().pad(), list.bounds().bottom());
        int headerTop = list.bounds().top() + overlay.frame().metrics().pad();
        assertTrue(image.countNear(list.bounds().left(), headerTop, list.bounds().right(), headerTop + rowHeight,
                HudPalette.HEADER >>> 8, 40) > 100, "the header is drawn where the list went");
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
        click(W - 20, 20);
        assertEquals(List.of("move " + (W - 20) + ",20", "button 0 down", "button 0 up"), hostReceived,
                "the corner the list left is the game's again");
    }

    @Test
    void clickingAThreadInTheThreadListShowsItAloneAndTheListMovesScrollsAndSizes() {
        overlay.controls().toggleThreadList();
        render();
        ThreadListView list = overlay.frame().threadListView();
        int row = laneRow();
        int worker = -1;
        for (int i = 0; i < overlay.report().threadCount(); i++) {
            if (overlay.report().threadName(i).equals(workerName)) {
                worker = i;
            }
        }
        assertEquals(2, overlay.report().threadCount(), "the test thread and the worker");
        int x = list.bounds().left() + 30;
        int allRow = list.bounds().top() + overlay.frame().metrics().pad() + row + row / 2;
        click(x, allRow + (worker + 1) * row);
        Image image = shot("threadListWorkerClicked");
        assertEquals(workerName, overlay.report().shownThreadName(), "a click on the worker's row shows it alone");
        assertEquals(1, timeline().lanesShown(), "in the timeline too");
        int band = image.rgb(list.bounds().left() + 2, allRow + (worker + 1) * row);
        assertTrue((band & 0xFF) > ((band >> 16) & 0xFF) + 40, "the worker's row has the selection band: "
                + Integer.toHexString(band));
        click(x, allRow);
        render();
        assertEquals(-1, ReportController.of(profiler).thread(), "\"all threads\" shows them all again");

        int left = list.bounds().left();
        int top = list.bounds().top();
        drag(left + 200, top + 4, left - 300, top + 64);
        render();
        assertEquals(left - 500, list.bounds().left());
        assertEquals(top + 60, list.bounds().top());
        Box moved = list.bounds();
        drag(moved.right() - 2, moved.bottom() - 2, moved.right() - 2, moved.bottom() - 2 - row);
        render();
        assertEquals(1, list.shownRows(), "one thread row left under \"all threads\"");
        move(moved.left() + 30, moved.top() + 30);
        scroll(-1);
        render();
        assertEquals(1, list.firstShown(), "the wheel scrolls to the second thread, no further");
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
    }

    @Test
    void clickingTheCategoryChartInTheGraphsPlaceShowsThatFrame() {
        overlay.controls().toggleCategories();
        render();
        StripPlot strip = overlay.frame().categoryChart().strip();
        Box plot = strip.plot();
        int column = strip.columnWidth();
        move(plot.right() - 5 * column - column / 2 - 1, plot.top() + 10);
        button(GLFW_PRESS);
        assertEquals(5, ReportController.of(profiler).frameOffset());
        assertTrue(profiler.paused(), "paused while held");
        Image image = shot("categoryChartClicked");
        assertEquals(0xFFFFFF, image.rgb(strip.columnLeft(5) + column / 2, plot.bottom() + 4) & 0xFFFFFF,
                "the marker sits under the column clicked");
        button(GLFW_RELEASE);
        assertFalse(profiler.paused());
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
    }

    @Test
    void theGraphsCornerMakesItTallerDownwardsThoughItIsAnchoredAtTheBottom() {
        StripPlot strip = overlay.graph().strip();
        int top = strip.bounds().top();
        int height = strip.plot().height();
        int right = strip.bounds().right();
        int bottom = strip.bounds().bottom();
        drag(right - 2, bottom - 2, right - 2, bottom + 38);
        render();
        assertEquals(height + 40, strip.plot().height());
        assertEquals(top, strip.bounds().top(), "the top edge stays, the corner follows the pointer");
        assertEquals(bottom + 40, strip.bounds().bottom());
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
    }

    @Test
    void eventsOffThePanelsOrWhileHiddenReachTheGameUntouched() {
        int overTimeline = timeX(5);
        int timelineY = rowY(2);
        Box[] panels = {overlay.panel().bounds(), overlay.graph().strip().bounds(), overlay.chart().strip().bounds(),
                timeline().bounds(), overlay.frame().spikeListView().bounds()};
        for (Box panel : panels) {
            assertFalse(panel.contains(W - 700, 300), "the test's free spot is free");
        }
        click(W - 700, 300);
        scroll(1);
        overlay.controls().view().setVisible(false);
        click(overTimeline, timelineY);
        scroll(-1);
        assertEquals(List.of("move " + (W - 700) + ",300", "button 0 down", "button 0 up", "scroll 1.0",
                "move " + overTimeline + "," + timelineY, "button 0 down", "button 0 up", "scroll -1.0"),
                hostReceived);
        assertEquals(-1, timelineState().cursor(), "the hidden timeline did nothing");
        assertEquals(1.0, timelineState().zoom());
        overlay.controls().view().setVisible(true);
    }

    @Test
    void movedAndSizedPanelsComeBackNextRunInsideTheFramebuffer(@TempDir Path dir) {
        Path file = dir.resolve("hud-state.properties");
        overlay.close();
        start(config(file));
        Box t = timeline().bounds();
        drag(t.left() + 300, t.top() + 4, t.left() + 340, t.top() - 96);
        t = timeline().bounds();
        render();
        t = timeline().bounds();
        drag(t.right() - 2, t.bottom() - 2, t.right() - 302, t.bottom() + 18);
        render();
        StripPlot c = overlay.chart().strip();
        drag(c.bounds().left() + 40, c.bounds().top() + 3, c.bounds().left() + 90, c.bounds().top() - 57);
        render();
        drag(c.bounds().right() - 2, c.bounds().bottom() - 2, c.bounds().right() - 2, c.bounds().bottom() + 28);
        SpikeListView s = overlay.frame().spikeListView();
        drag(s.bounds().left() + 100, s.bounds().top() + 4, s.bounds().left() - 100, s.bounds().top() + 54);
        render();
        drag(s.bounds().right() - 2, s.bounds().bottom() - 2, s.bounds().right() - 2,
                s.bounds().bottom() - 2 - 4 * overlay.frame().metrics().rowHeight());
        render();
        int[] before = {timeline().bounds().left(), timeline().bounds().top(), timeline().bounds().width(),
                timeline().bounds().height(), c.bounds().left(), c.bounds().top(), c.plot().height(),
                s.bounds().left(), s.bounds().top(), s.shownRows()};
        overlay.close();
        assertTrue(Files.exists(file), "closing saves the changed layout");

        start(config(file));
        c = overlay.chart().strip();
        s = overlay.frame().spikeListView();
        int[] after = {timeline().bounds().left(), timeline().bounds().top(), timeline().bounds().width(),
                timeline().bounds().height(), c.bounds().left(), c.bounds().top(), c.plot().height(),
                s.bounds().left(), s.bounds().top(), s.shownRows()};
        assertEquals(java.util.Arrays.toString(before), java.util.Arrays.toString(after));
        assertEquals(8, s.shownRows());

        // A smaller window: every panel is kept inside it.
        gl.resize(640, 360);
        try {
            ScriptedGame.drawScene(640, 360);
            overlay.render(640, 360);
            gl.screenshot("PanelMouseGlTest.restoredLayoutIn640x360");
            assertInside(timeline().bounds(), 640, 360, "timeline");
            assertInside(s.bounds(), 640, 360, "spike list");
            if (overlay.frame().chartShown()) {
                assertInside(c.bounds(), 640, 360, "value chart");
            }
        } finally {
            gl.resize(W, H);
        }
    }

    @Test
    void everyPanelPushedFarOutStaysInsideTheFramebufferAtAnyScaleAndDragsBackAtOnce() {
        overlay.close();
        try {
            for (int[] size : new int[][]{{W, H}, {640, 360}}) {
                for (float scale : new float[]{1f, 2f, 3f}) {
                    int w = size[0];
                    int h = size[1];
                    gl.resize(w, h);
                    try (Overlay o = Overlay.create(profiler, OverlayConfig.builder().startVisible(true)
                            .contentScale(scale).build())) {
                        HudControls controls = o.controls();
                        controls.toggleTimeline();
                        controls.chart(LOADS);
                        controls.spikes(spikes);
                        controls.toggleSpikeList();
                        controls.toggleThreadList();
                        int sign = 1;
                        for (HudLayout.Panel panel : HudLayout.Panel.values()) {
                            controls.layout().drag(panel, sign * 5000, sign * 5000, 1f);
                            sign = -sign;
                        }
                        ScriptedGame.drawScene(w, h);
                        o.render(w, h);
                        gl.screenshot("PanelMouseGlTest.pushedOut-" + w + "x" + h + "-" + scale + "x");
                        HudFrame frame = o.frame();
                        String at = " at " + w + "x" + h + ", scale " + scale;
                        assertInside(frame.panel().bounds(), w, h, "report" + at);
                        assertInside(frame.graph().strip().bounds(), w, h, "graph" + at);
                        assertInside(frame.timelineView().bounds(), w, h, "timeline" + at);
                        assertInside(frame.spikeListView().bounds(), w, h, "spike list" + at);
                        assertInside(frame.threadListView().bounds(), w, h, "thread list" + at);
                        if (frame.chartShown()) {
                            assertInside(frame.chart().strip().bounds(), w, h, "value chart" + at);
                        }
                    }
                }
            }
        } finally {
            gl.resize(W, H);
            start(config(null));
        }
        // Pushed far below the framebuffer, the timeline sits on its bottom edge; a drag moves it at once.
        overlay.controls().layout().drag(HudLayout.Panel.TIMELINE, 0, 5000, 1f);
        render();
        Box t = timeline().bounds();
        int top = t.top();
        assertEquals(H, t.bottom());
        drag(t.left() + 700, top + 4, t.left() + 700, top - 46);
        render();
        assertEquals(top - 50, timeline().bounds().top(), "the first 50 px of the drag move it 50 px");
    }

    private static void assertInside(Box box, int w, int h, String what) {
        assertTrue(box.left() >= 0 && box.top() >= 0 && box.right() <= w && box.bottom() <= h,
                what + " at " + box.left() + "," + box.top() + " to " + box.right() + "," + box.bottom()
                        + " is outside " + w + "x" + h);
    }

    @Test
    void movingTheMouseOverTheTimelineChartAndListsAllocatesNothing() {
        GLFWCursorPosCallback chain = glfwSetCursorPosCallback(gl.window(), null);
        glfwSetCursorPosCallback(gl.window(), chain);
        overlay.controls().toggleThreadList();
        render();
        Box chartPlot = overlay.chart().strip().plot();
        Box spikeList = overlay.frame().spikeListView().bounds();
        Box threadList = overlay.frame().threadListView().bounds();
        AllocationCheck.measure(200, 5, 200, i -> ScriptedGame.drawScene(W, H), i -> {
            int f = i % 200;
            chain.invoke(gl.window(), timeX(f % 20), rowY(f % 4));
            chain.invoke(gl.window(), chartPlot.left() + f % chartPlot.width(), chartPlot.top() + 5);
            chain.invoke(gl.window(), spikeList.left() + 10 + f, spikeList.top() + 30 + f % 100);
            chain.invoke(gl.window(), threadList.left() + 10 + f, threadList.top() + 5 + f % 40);
            overlay.render(W, H);
        }).assertSteady("the pointer moving over the panels");
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
    }
}
