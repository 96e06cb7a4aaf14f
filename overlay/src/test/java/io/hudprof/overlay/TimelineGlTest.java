package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.TimelineFrame;
import io.hudprof.core.Zone;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The timeline drawn by the real GL path on llvmpipe: bars where their times put them in each thread's lane, stacked
 * by depth, the target-frame guide line, the cursor outline, and the "not kept" line for old frames. Screenshots
 * under target/screenshots.
 */
class TimelineGlTest {
    private static final int W = 1280;
    private static final int H = 720;
    private static final Zone FRAME = Zone.define("Tg:Frame");
    private static final Zone PHYSICS = Zone.define("Tg:Physics");
    private static final Zone SOLVE = Zone.define("Tg:Solve islands");
    private static final Zone RENDER = Zone.define("Tg:Render");
    private static final Zone PARTICLES = Zone.define("Tg:Particles");

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
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).timelineCapacity(1 << 12)
                .build());
        Hudprof.install(profiler);
        overlay = Overlay.create(profiler, OverlayConfig.builder().startVisible(true).build());
    }

    @AfterEach
    void stop(TestInfo test) {
        gl.screenshotOf(test);
        overlay.close();
        Hudprof.uninstall();
    }

    /**
     * A 20 ms frame: main runs FRAME 0..20 with PHYSICS 1..9 (SOLVE 3..7 inside) and RENDER 12..19; two workers run
     * PARTICLES 2..8 and 4..10.
     */
    private void frame(StepThread a, StepThread b) {
        FRAME.begin();
        clock.advanceMillis(1);
        PHYSICS.begin();
        clock.advanceMillis(1);
        a.run(PARTICLES::begin);
        clock.advanceMillis(1);
        SOLVE.begin();
        clock.advanceMillis(1);
        b.run(PARTICLES::begin);
        clock.advanceMillis(3);
        SOLVE.end();
        clock.advanceMillis(1);
        a.run(PARTICLES::end);
        clock.advanceMillis(1);
        PHYSICS.end();
        clock.advanceMillis(1);
        b.run(PARTICLES::end);
        clock.advanceMillis(2);
        RENDER.begin();
        clock.advanceMillis(7);
        RENDER.end();
        clock.advanceMillis(1);
        FRAME.end();
        profiler.update();
    }

    private Image draw(String name) {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        return gl.screenshot(name);
    }

    @Test
    void barsSitWhereTheirTimesPutThemInEachThreadsLane() throws Exception {
        try (StepThread a = new StepThread("worker-a"); StepThread b = new StepThread("worker-b")) {
            frame(a, b);
            frame(a, b);
        }
        overlay.controls().focusTimeline();
        draw("timeline-before-cursor");
        overlay.controls().perform(HudAction.FRAME_NEWER);
        overlay.controls().perform(HudAction.CURSOR_DOWN);
        overlay.controls().perform(HudAction.CURSOR_DOWN);
        Image image = draw("timeline-three-threads");
        TimelineView view = overlay.frame().timelineView();
        TimelineFrame frame = overlay.controls().timeline().frame();
        assertEquals(3, frame.laneCount());
        assertEquals(SOLVE.id(), frame.barZone(overlay.controls().timeline().cursor()));
        Box plot = view.plot();
        double pxPerMs = plot.width() / 20.0;
        // Lane 0 (main) has three rows: FRAME, PHYSICS/RENDER, SOLVE; then one row per worker.
        int rowHeight = plot.height() / 5;
        // Sampled two pixels into each row: inside the bar, above its label's glyphs.
        int frameRowY = plot.top() + 2;
        int physicsY = plot.top() + rowHeight + 2;
        int solveY = plot.top() + 2 * rowHeight + 2;
        int workerAY = plot.top() + 3 * rowHeight + 2;
        int workerBY = plot.top() + 4 * rowHeight + 2;
        assertBar(image, plot.left() + (int) (0.5 * pxPerMs), frameRowY, "FRAME at 0.5 ms");
        assertBar(image, plot.left() + (int) (1.5 * pxPerMs), physicsY, "PHYSICS at 1.5 ms");
        assertNoBar(image, plot.left() + (int) (0.5 * pxPerMs), physicsY, "nothing at depth 1 at 0.5 ms");
        assertNoBar(image, plot.left() + (int) (10.5 * pxPerMs), physicsY, "nothing at depth 1 at 10.5 ms");
        assertBar(image, plot.left() + (int) (15 * pxPerMs), physicsY, "RENDER at 15 ms");
        assertBar(image, plot.left() + (int) (5 * pxPerMs), solveY, "SOLVE at 5 ms");
        assertNoBar(image, plot.left() + (int) (2.5 * pxPerMs), solveY, "nothing at depth 2 at 2.5 ms");
        assertBar(image, plot.left() + (int) (2.5 * pxPerMs), workerAY, "worker a's PARTICLES at 2.5 ms");
        assertNoBar(image, plot.left() + (int) (1.5 * pxPerMs), workerAY, "worker a idle at 1.5 ms");
        assertNoBar(image, plot.left() + (int) (8.5 * pxPerMs), workerAY, "worker a idle at 8.5 ms");
        assertBar(image, plot.left() + (int) (9.5 * pxPerMs), workerBY, "worker b's PARTICLES at 9.5 ms");
        assertNoBar(image, plot.left() + (int) (3.5 * pxPerMs), workerBY, "worker b idle at 3.5 ms");
        // Bar edges to the pixel: PHYSICS starts at 1 ms.
        int edge = plot.left() + (int) Math.ceil(1.0 * pxPerMs);
        assertBar(image, edge + 1, physicsY, "PHYSICS just after 1 ms");
        assertNoBar(image, edge - 2, physicsY, "PHYSICS not before 1 ms");
        // The target frame (60 Hz: 16.67 ms) as a bright vertical line through every lane.
        int guideX = plot.left() + (int) Math.round(1e9 / 60 / 1e6 * pxPerMs);
        int bright = 0;
        for (int dx = -1; dx <= 1; dx++) {
            if (Image.luminance(image.rgb(guideX + dx, workerAY)) > 150) {
                bright++;
            }
        }
        assertTrue(bright > 0, "no guide line near x=" + guideX);
    }

    @Test
    void anOldFrameSaysNoTimelineWasKept() throws Exception {
        try (StepThread a = new StepThread("worker-a"); StepThread b = new StepThread("worker-b")) {
            for (int i = 0; i < 12; i++) {
                frame(a, b);
            }
        }
        overlay.controls().toggleTimeline();
        overlay.controls().frameOlder(10);
        Image image = draw("timeline-not-kept");
        TimelineView view = overlay.frame().timelineView();
        assertTrue(view.unavailable().startsWith("no timeline kept"));
        Box plot = view.plot();
        int text = 0;
        for (int y = plot.top(); y < plot.top() + plot.height(); y++) {
            for (int x = view.bounds().left(); x < view.bounds().left() + 400; x++) {
                if (Image.luminance(image.rgb(x, y)) > 100) {
                    text++;
                }
            }
        }
        assertTrue(text > 100, "the message is drawn: " + text + " light pixels");
    }

    @Test
    void theThreadListGivesBusyTimesAndTheSelectedThreadsOwnGraph() throws Exception {
        try (StepThread a = new StepThread("worker-a"); StepThread b = new StepThread("worker-b")) {
            for (int i = 0; i < 30; i++) {
                frame(a, b);
            }
        }
        overlay.controls().toggleThreadList();
        overlay.controls().toggleTimeline();
        overlay.controls().nextThread();
        overlay.controls().nextThread();
        Image image = draw("thread-list-worker-a");
        io.hudprof.core.report.Report report = overlay.frame().report();
        assertEquals("worker-a", report.shownThreadName());
        assertEquals(6_000_000, report.threadBusy(report.shownThread()), 1e-6, "PARTICLES 2..8 ms, averaged");
        assertEquals(1, overlay.frame().timelineView().lanesShown(), "the timeline shows worker-a alone");
        // The thread's strip chart: 30 columns of 6 ms against a 33 ms range, in the chart colour, top right.
        int bars = image.countNear(W / 2, 0, W, H / 2, HudPalette.CHART_BAR >>> 8, 0);
        assertTrue(bars > 100, "the selected thread's busy-time columns: " + bars + " pixels");
    }

    private static void assertBar(Image image, int x, int y, String what) {
        assertTrue(HudProbe.isBarColor(image.rgb(x, y)),
                what + ": no bar at (" + x + ", " + y + "), colour " + Integer.toHexString(image.rgb(x, y)));
    }

    private static void assertNoBar(Image image, int x, int y, String what) {
        assertTrue(!HudProbe.isBarColor(image.rgb(x, y)),
                what + ": a bar at (" + x + ", " + y + "), colour " + Integer.toHexString(image.rgb(x, y)));
    }
}
