package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.ThreadRoster;
import io.hudprof.core.Zone;
import io.hudprof.core.report.ReportController;
import io.hudprof.testkit.AllocationCheck;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The history graph as one thread's strip chart, by the real GL path on llvmpipe: Y selects a thread and the columns
 * become that thread's busy time per frame (each thread's own heights), the picture repaints once per change of
 * thread, and "all threads" brings back the frame's columns. Screenshots under target/screenshots.
 */
class ThreadGraphGlTest {
    private static final int W = 1280;
    private static final int H = 720;
    private static final Zone FRAME = Zone.define("Tt:Frame");
    private static final Zone WORK = Zone.define("Tt:Work");
    private static final int FRAMES = 30;

    private static GlContext gl;
    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private Profiler profiler;
    private Overlay overlay;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
    }

    @AfterAll
    static void close() {
        if (gl != null) {
            gl.close();
        }
    }

    @BeforeEach
    void start() {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).historyFrames(64).build());
        Hudprof.install(profiler);
        overlay = Overlay.create(profiler, OverlayConfig.builder().startVisible(true).graphColumnWidth(6)
                .graphHeight(200).graphRangeMillis(40).build());
    }

    @AfterEach
    void stop(TestInfo test) {
        gl.screenshotOf(test);
        overlay.close();
        Hudprof.uninstall();
    }

    /**
     * A 24 ms frame: main runs FRAME for all of it; worker a runs WORK for 2 ms plus 1 ms per {@code i % 3}, worker
     * b for 12 ms.
     */
    private void frame(StepThread a, StepThread b, int i) {
        FRAME.begin();
        clock.advanceMillis(1);
        a.run(WORK::begin);
        b.run(WORK::begin);
        clock.advanceMillis(2 + i % 3);
        a.run(WORK::end);
        clock.advanceMillis(10 - i % 3);
        b.run(WORK::end);
        clock.advanceMillis(11);
        FRAME.end();
        profiler.update();
    }

    private Image draw(String name) {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        return gl.screenshot(name);
    }

    /** Presses Y until the thread named {@code name} is selected. */
    private void selectThread(String name) {
        ThreadRoster roster = profiler.data().threads();
        for (int press = 0; press <= roster.count() + 1; press++) {
            int at = roster.indexOf(ReportController.of(profiler).thread());
            if (at >= 0 && roster.name(at).equals(name)) {
                return;
            }
            overlay.controls().perform(HudAction.NEXT_THREAD);
        }
        throw new AssertionError("Y never selected " + name);
    }

    /**
     * Height from the plot's bottom of the busy-coloured part of the column {@code ago} frames back: its topmost
     * busy pixel (the guide lines drawn over the picture cross the bar lower down).
     */
    private static int busyHeight(Image image, HistoryGraphView graph, int ago) {
        StripPlot strip = graph.strip();
        int x = strip.plot().right() - (ago + 1) * strip.columnWidth();
        for (int y = strip.plot().top(); y < strip.plot().bottom(); y++) {
            if (image.rgb(x, y) == HudPalette.CHART_BAR >>> 8) {
                return strip.plot().bottom() - y;
            }
        }
        return 0;
    }

    @Test
    void yShowsEachThreadsOwnFramesAndRepaintsOncePerThreadChange() throws Exception {
        try (StepThread a = new StepThread("tt-worker-a"); StepThread b = new StepThread("tt-worker-b")) {
            for (int i = 0; i < FRAMES; i++) {
                frame(a, b, i);
            }
        }
        HistoryGraphView graph = overlay.graph();
        Image all = draw("thread-graph-all");
        assertEquals(-1, graph.thread());
        long repaints = graph.columns().repaints();
        double pixelsPerMs = graph.strip().plot().height() / 40.0;
        // All threads: each column stacks every thread's zones (FRAME 24 ms, worker a's WORK, worker b's 12 ms).
        int plotHeight = graph.strip().plot().height();
        int allHeight = (int) Math.min(plotHeight, Math.round((24 + 12 + 2 + (FRAMES - 2) % 3) * pixelsPerMs));
        assertEquals(allHeight, HudProbe.columnHeight(all, graph, 1), 1, "all threads: the frame's zones");
        assertEquals(0, busyHeight(all, graph, 0), "no thread's busy colour in the frame's graph");

        selectThread("tt-worker-a");
        Image workerA = draw("thread-graph-worker-a");
        assertEquals(ReportController.of(profiler).thread(), graph.thread(), "the graph follows the report's thread");
        assertEquals(repaints + 1, graph.columns().repaints(), "a new thread repaints the picture once");
        for (int ago = 0; ago < FRAMES; ago++) {
            // Frame #n (1-based) was scripted with i = n - 1; the frame ago back is #FRAMES - ago.
            int i = FRAMES - 1 - ago;
            assertEquals(Math.round((2 + i % 3) * pixelsPerMs), busyHeight(workerA, graph, ago), 1,
                    "worker a's busy time " + (2 + i % 3) + " ms, " + ago + " back");
        }

        selectThread("tt-worker-b");
        Image workerB = draw("thread-graph-worker-b");
        assertEquals(repaints + 2, graph.columns().repaints());
        for (int ago = 0; ago < FRAMES; ago++) {
            assertEquals(Math.round(12 * pixelsPerMs), busyHeight(workerB, graph, ago), 1, "worker b, " + ago + " back");
        }
        assertNotEquals(busyHeight(workerA, graph, 0), busyHeight(workerB, graph, 0), "each thread its own columns");

        draw("thread-graph-worker-b-again");
        assertEquals(repaints + 2, graph.columns().repaints(), "the same thread again scrolls, never repaints");

        for (int press = 0; press < 8 && ReportController.of(profiler).thread() >= 0; press++) {
            overlay.controls().perform(HudAction.NEXT_THREAD);
        }
        assertEquals(-1, ReportController.of(profiler).thread(), "all threads again");
        Image back = draw("thread-graph-all-again");
        assertEquals(-1, graph.thread());
        assertEquals(repaints + 3, graph.columns().repaints());
        assertEquals(allHeight, HudProbe.columnHeight(back, graph, 1), 1, "all threads: the frame's columns again");
        assertEquals(0, busyHeight(back, graph, 0));
    }

    @Test
    void drawingOneThreadsGraphAllocatesNothingPerFrame() {
        String main = Thread.currentThread().getName();
        for (int i = 0; i < 5; i++) {
            mainFrame();
        }
        selectThread(main);
        AllocationCheck.assertSteady("one thread's graph shown", 300, 5, 200, () -> {
            mainFrame();
            overlay.render(W, H);
        });
        draw("thread-graph-main");
        assertEquals(ReportController.of(profiler).thread(), overlay.graph().thread());
    }

    /** A main-thread-only frame: FRAME for 6 ms of a 10 ms frame. */
    private void mainFrame() {
        FRAME.begin();
        clock.advanceMillis(6);
        FRAME.end();
        clock.advanceMillis(4);
        profiler.update();
    }
}
