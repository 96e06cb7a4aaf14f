package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Clock;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.TimelineFrame;
import io.hudprof.capture.Spike;
import io.hudprof.capture.SpikeCapture;
import io.hudprof.capture.SpikeRule;
import io.hudprof.core.Zone;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.testkit.AllocationCheck;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The timeline's keys, layout and cost without a GL context: Tab gives it the arrows and Enter, Y selects threads,
 * the draw list stays small for tiny bars and nothing is allocated per frame.
 */
class TimelineHudTest {
    private static final Zone PHYSICS = Zone.define("Tl:Physics");
    private static final Zone SOLVE = Zone.define("Tl:Solve");
    private static final Zone JOB = Zone.define("Tl:Job");
    private static final Zone TINY = Zone.define("Tl:Tiny");

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private Profiler profiler;
    private HudFrame hud;

    @AfterEach
    void close() {
        if (hud != null) {
            hud.close();
        }
        Hudprof.uninstall();
    }

    private void start(Clock time, OverlayConfig.Builder overlay) {
        profiler = new Profiler(ProfilerConfig.builder().clock(time).selfProfiling(false).timelineCapacity(1 << 16)
                .build());
        Hudprof.install(profiler);
        hud = HudFrame.create(profiler, overlay.startVisible(true).build());
    }

    /** Main: PHYSICS 0..7 ms with SOLVE 1..3 ms; worker: JOB 2..9 ms; the frame ends at 10 ms. */
    private void twoThreadFrame(StepThread worker) {
        PHYSICS.begin();
        clock.advanceMillis(1);
        SOLVE.begin();
        clock.advanceMillis(1);
        worker.run(JOB::begin);
        clock.advanceMillis(1);
        SOLVE.end();
        clock.advanceMillis(4);
        PHYSICS.end();
        clock.advanceMillis(2);
        worker.run(JOB::end);
        clock.advanceMillis(1);
        profiler.update();
    }

    @Test
    void tabGivesTheArrowsToTheBarCursorAndEnterOpensTheBarsCallGraph() throws Exception {
        start(clock, OverlayConfig.builder());
        try (StepThread worker = new StepThread("tl-worker")) {
            twoThreadFrame(worker);
            twoThreadFrame(worker);
        }
        HudControls controls = hud.controls();
        controls.perform(HudAction.FOCUS_TIMELINE);
        assertTrue(controls.view().timelineShown() && controls.view().timelineFocused(), "Tab shows the timeline and focuses it");
        assertTrue(hud.build(1280, 720));
        TimelineState state = controls.timeline();
        TimelineFrame frame = state.frame();
        assertTrue(frame.available());
        assertEquals(2, frame.laneCount());
        assertEquals(2, hud.timelineView().lanesShown());

        controls.perform(HudAction.FRAME_NEWER);
        assertEquals(PHYSICS.id(), frame.barZone(state.cursor()), "Right: the first bar");
        controls.perform(HudAction.CURSOR_DOWN);
        assertEquals(SOLVE.id(), frame.barZone(state.cursor()), "Down: into the child");
        controls.perform(HudAction.CURSOR_UP);
        assertEquals(PHYSICS.id(), frame.barZone(state.cursor()), "Up: out to the parent");
        controls.perform(HudAction.CURSOR_DOWN);
        controls.perform(HudAction.CURSOR_DOWN);
        assertEquals(JOB.id(), frame.barZone(state.cursor()), "Down at a leaf: the next thread's bar");
        assertEquals(0, ReportController.of(profiler).frameOffset(), "the arrows did not scrub while focused");

        assertTrue(hud.build(1280, 720));
        assertEquals(JOB.id(), frame.barZone(state.cursor()), "the cursor follows its bar across rebuilds");
        controls.perform(HudAction.SELECT);
        assertEquals(ReportMode.CALL_GRAPH, ReportController.of(profiler).mode());
        assertEquals(JOB, ReportController.of(profiler).focus(), "Enter: the bar's zone's call graph");

        controls.perform(HudAction.FOCUS_TIMELINE);
        assertFalse(controls.view().timelineFocused());
        controls.perform(HudAction.FRAME_OLDER);
        assertEquals(1, ReportController.of(profiler).frameOffset(), "Tab again: Left scrubs the report");
        assertTrue(hud.build(1280, 720));
        assertEquals(1, frame.frameNumber(), "the timeline shows the scrubbed frame");
    }

    @Test
    void aStoredSpikeShowsItsTimelineAfterTheStoreMovedOn() throws Exception {
        start(clock, OverlayConfig.builder());
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(12)).attach(profiler);
        try (StepThread worker = new StepThread("tl-worker")) {
            twoThreadFrame(worker);
            PHYSICS.begin();
            clock.advanceMillis(15);
            PHYSICS.end();
            profiler.update();                                // the spike: PHYSICS 15 ms on the main thread
            for (int i = 0; i < 20; i++) {
                twoThreadFrame(worker);                       // more frames than the timeline store keeps
            }
        }
        Spike spike = spikes.recent(0);
        assertEquals(2, spike.frameNumber());
        assertTrue(spike.timeline() != null, "the spike kept its timeline");
        assertFalse(profiler.loadTimeline(2, new TimelineFrame()), "the store no longer holds frame 2");
        HudControls controls = hud.controls();
        controls.perform(HudAction.TOGGLE_TIMELINE);
        ReportController.of(profiler).showSpike(spike);
        assertTrue(hud.build(1280, 720));
        TimelineFrame frame = controls.timeline().frame();
        assertTrue(frame.available(), "the timeline view shows the stored spike's frame");
        assertEquals(2, frame.frameNumber());
        assertEquals(PHYSICS.id(), frame.barZone(0));
        assertEquals(15_000_000L, frame.barDuration(0));
        spikes.detach();
    }

    @Test
    void threadKeysShowOneThreadsLaneAndTheListGivesBusyTimes() throws Exception {
        start(clock, OverlayConfig.builder());
        try (StepThread worker = new StepThread("tl-worker")) {
            twoThreadFrame(worker);
        }
        HudControls controls = hud.controls();
        controls.perform(HudAction.TOGGLE_TIMELINE);
        controls.perform(HudAction.TOGGLE_THREAD_LIST);
        ReportController.of(profiler).setAveraging(io.hudprof.core.Averaging.INSTANTANEOUS);
        controls.perform(HudAction.NEXT_THREAD);
        assertTrue(hud.build(1280, 720));
        assertEquals(Thread.currentThread().getName(), hud.report().shownThreadName());
        assertEquals(1, hud.timelineView().lanesShown(), "one thread selected: its lane alone");
        assertEquals(7_000_000, hud.report().threadBusy(hud.report().shownThread()));
        controls.perform(HudAction.NEXT_THREAD);
        assertTrue(hud.build(1280, 720));
        assertEquals("tl-worker", hud.report().shownThreadName());
        controls.perform(HudAction.PREVIOUS_THREAD);
        controls.perform(HudAction.PREVIOUS_THREAD);
        assertTrue(hud.build(1280, 720));
        assertEquals(-1, hud.report().shownThread(), "all threads again");
        assertEquals(2, hud.timelineView().lanesShown());
    }

    @Test
    void olderFramesSayNoTimelineWasKept() {
        start(clock, OverlayConfig.builder());
        for (int i = 0; i < 12; i++) {
            PHYSICS.begin();
            clock.advanceMillis(1);
            PHYSICS.end();
            profiler.update();
        }
        hud.controls().perform(HudAction.TOGGLE_TIMELINE);
        hud.controls().frameOlder(10);
        assertTrue(hud.build(1280, 720));
        assertNotNull(hud.timelineView().unavailable());
        assertTrue(hud.timelineView().unavailable().startsWith("no timeline kept for this frame"),
                hud.timelineView().unavailable());
        hud.controls().frameNewer(3);
        assertTrue(hud.build(1280, 720));
        assertEquals(null, hud.timelineView().unavailable(), "7 back is within the last 8 frames");
    }

    @Test
    void barsNarrowerThanAPixelAreMergedIntoFewQuads() {
        start(clock, OverlayConfig.builder());
        for (int i = 0; i < 20_000; i++) {
            TINY.begin();
            clock.advance(500);
            TINY.end();
            clock.advance(300);
        }
        profiler.update();
        hud.controls().toggleGraph();
        assertTrue(hud.build(1280, 720));
        int without = hud.vertexCount();
        hud.controls().perform(HudAction.TOGGLE_TIMELINE);
        assertTrue(hud.build(1280, 720));
        assertEquals(20_000, hud.controls().timeline().frame().barCount());
        int timelineQuads = (hud.vertexCount() - without) / 4;
        assertTrue(timelineQuads < 600, "20000 bars of 0.06 px drawn as " + timelineQuads + " quads");
        hud.controls().perform(HudAction.TIMELINE_ZOOM_IN);
        for (int i = 0; i < 12; i++) {
            hud.controls().perform(HudAction.TIMELINE_ZOOM_IN);
        }
        assertTrue(hud.build(1280, 720));
        assertTrue(hud.controls().timeline().zoom() == 8192, "zoomed 8192x");
    }

    @Test
    void drawingTheTimelineAndThreadListAllocatesNothingPerFrame() throws Exception {
        start(Clock.SYSTEM, OverlayConfig.builder());
        AtomicBoolean stop = new AtomicBoolean();
        Thread[] workers = new Thread[3];
        for (int w = 0; w < workers.length; w++) {
            workers[w] = new Thread(() -> {
                while (!stop.get()) {
                    JOB.begin();
                    SOLVE.begin();
                    Thread.onSpinWait();
                    SOLVE.end();
                    JOB.end();
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "tl-alloc-" + w);
            workers[w].start();
        }
        try {
            HudControls controls = hud.controls();
            controls.perform(HudAction.FOCUS_TIMELINE);
            controls.perform(HudAction.TOGGLE_THREAD_LIST);
            AllocationCheck.measure(2000, 5, 300, i -> { }, this::hudFrame)
                    .assertSteady("the timeline and thread list shown");
        } finally {
            stop.set(true);
            for (Thread t : workers) {
                t.join();
            }
        }
    }

    private void hudFrame(int i) {
        PHYSICS.begin();
        SOLVE.begin();
        SOLVE.end();
        PHYSICS.end();
        profiler.update();
        HudControls controls = hud.controls();
        // Walk the bars and threads as a user would; none of it may allocate.
        switch (i % 8) {
            case 0 -> controls.perform(HudAction.FRAME_NEWER);
            case 1 -> controls.perform(HudAction.CURSOR_DOWN);
            case 2 -> controls.perform(HudAction.CURSOR_UP);
            case 3 -> controls.perform(HudAction.TIMELINE_ZOOM_IN);
            case 4 -> controls.perform(HudAction.TIMELINE_PAN_RIGHT);
            case 5 -> controls.perform(HudAction.TIMELINE_ZOOM_OUT);
            case 6 -> controls.perform(HudAction.NEXT_THREAD);
            default -> controls.perform(HudAction.FRAME_OLDER);
        }
        hud.build(1280, 720);
    }
}
