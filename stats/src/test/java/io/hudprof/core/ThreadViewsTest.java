package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.RowRole;
import io.hudprof.stats.text.TextReport;
import org.junit.jupiter.api.Test;

/** Per-thread reports, the thread list with busy times, and threads that end, on a manual clock. */
class ThreadViewsTest {
    private static final Zone PHYSICS = Zone.local("tv-physics");
    private static final Zone JOB = Zone.local("tv-job");
    private static final Zone STEP = Zone.local("tv-step");

    /**
     * Frame 1 (0..10 µs): main runs PHYSICS 0..7; worker "tv-worker" runs JOB 2..9 with STEP 5..6 inside.
     */
    private static void twoThreadFrame(ProfilerFixture fx, ThreadWorker worker) {
        PHYSICS.begin();
        fx.micros(2);
        worker.run(JOB::begin);
        fx.micros(3);
        worker.run(STEP::begin);
        fx.micros(1);
        worker.run(STEP::end);
        fx.micros(1);
        PHYSICS.end();
        fx.micros(2);
        worker.run(JOB::end);
        fx.micros(1);
        fx.profiler.update();
    }

    @Test
    void oneThreadsReportShowsOnlyItsZonesAndItsFrame() {
        try (ProfilerFixture fx = new ProfilerFixture(); ThreadWorker worker = new ThreadWorker("tv-worker")) {
            twoThreadFrame(fx, worker);
            fx.controller().setAveraging(Averaging.INSTANTANEOUS);
            Report all = fx.build();
            assertEquals(7_000, fx.row(PHYSICS, RowRole.FLAT).value(Column.SELF));
            assertEquals(6_000, fx.row(JOB, RowRole.FLAT).value(Column.SELF));
            assertEquals(1_000, fx.row(STEP, RowRole.FLAT).value(Column.SELF));
            assertEquals(-1, all.shownThread());
            assertEquals(2, all.threadCount());
            int main = indexOf(all, Thread.currentThread().getName());
            int work = indexOf(all, "tv-worker");
            assertEquals(7_000, all.threadBusy(main), "main: PHYSICS only");
            assertEquals(10_000, all.threadTotal(main), "the updating thread owns the whole frame");
            assertEquals(7_000, all.threadBusy(work), "worker: JOB with STEP inside");
            assertEquals(8_000, all.threadTotal(work), "a worker's time starts at its first zone");
            assertTrue(TextReport.render(all).contains(" | all 2 threads"), TextReport.render(all));

            fx.controller().setThread(all.threadRootZone(work));
            Report one = fx.build();
            assertNull(fx.row(PHYSICS, RowRole.FLAT), "the main thread's zone is not in the worker's report");
            assertEquals(6_000, fx.row(JOB, RowRole.FLAT).value(Column.SELF));
            assertEquals(7_000, fx.row(JOB, RowRole.FLAT).value(Column.HIER));
            assertEquals(8_000, one.frameNanos(), "the thread's own frame");
            assertEquals(75.0, fx.row(JOB, RowRole.FLAT).value(Column.SELF_PERCENT), 1e-9, "of the thread's frame");
            assertEquals("tv-worker", one.shownThreadName());
            assertTrue(TextReport.render(one).contains(" | thread tv-worker"), TextReport.render(one));

            fx.controller().showCallGraph(JOB);
            fx.build();
            assertEquals(1_000, fx.row(STEP, RowRole.CHILD).value(Column.HIER));
            fx.controller().setMode(ReportMode.SELF_TIME);

            assertEquals(-1, fx.controller().cycleThread(1), "after the last thread comes all threads");
            assertEquals(all.threadRootZone(0), fx.controller().cycleThread(1));
            assertEquals(-1, fx.controller().cycleThread(-1));
        }
    }

    @Test
    void aThreadThatEndsIsSaidEndedMidFrameAndGoesOnceItsLastFrameLeavesHistory() {
        int history = 4;
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().historyFrames(history)
                .timelineCapacity(1 << 10))) {
            ThreadWorker worker = new ThreadWorker("tv-dying");
            worker.run(JOB::begin);
            fx.micros(5);
            fx.profiler.update();
            worker.run(STEP::begin);
            fx.micros(1);
            worker.close();
            fx.micros(1);
            PHYSICS.begin();
            PHYSICS.end();
            fx.profiler.update();
            fx.controller().setAveraging(Averaging.INSTANTANEOUS);
            TimelineFrame lanes = new TimelineFrame();
            assertTrue(fx.profiler.loadTimeline(2, lanes));
            int lane = lanes.laneName(0).equals("tv-dying") ? 0 : 1;
            assertEquals("tv-dying", lanes.laneName(lane));
            assertTrue(lanes.laneEnded(lane) && lanes.laneDiedInZone(lane), "its lane says it ended inside a zone");
            assertEquals(2, lanes.laneBarCount(lane), "JOB, open since frame 1, and STEP");
            int job = lanes.laneFirstBar(lane);
            assertTrue(lanes.barCutAtStart(job));
            assertEquals(lanes.startNanos(), lanes.barEnd(job),
                    "closed at the thread's last event, STEP's begin, right at the frame's start");
            assertEquals(0, lanes.barDuration(job + 1));
            Report report = fx.build();
            int dying = indexOf(report, "tv-dying");
            assertTrue(report.threadEndedInFrame(dying));
            assertTrue(report.threadDiedInZone(dying), "JOB and STEP were open when it ended");
            assertEquals(2, report.problemsInFrame(Problem.THREAD_DIED_IN_ZONE));
            fx.controller().setThread(report.threadRootZone(dying));
            assertTrue(TextReport.render(fx.build()).contains(" | thread tv-dying (ended mid-frame)"),
                    TextReport.render(fx.report));
            int root = report.threadRootZone(dying);
            for (int f = 1; f < history; f++) {
                fx.micros(1);
                fx.profiler.update();
                assertTrue(fx.profiler.data().threads().indexOf(root) >= 0, "still in history after " + f);
                fx.controller().setFrame(f);
                Report back = fx.build();
                assertEquals("tv-dying", back.shownThreadName(), "scrubbed back to its last frame");
                assertTrue(back.threadEndedInFrame(back.shownThread()));
                fx.controller().setFrame(0);
            }
            fx.micros(1);
            fx.profiler.update();
            assertEquals(-1, fx.profiler.data().threads().indexOf(root), "its last frame left history");
            Report after = fx.build();
            assertEquals(-1, after.shownThread(), "the selection falls back to all threads");
            assertEquals(-1, fx.controller().thread());
        }
    }

    @Test
    void timelineHasExactLanesBarsDepthsAndSelfTimes() {
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(1 << 10));
             ThreadWorker worker = new ThreadWorker("tv-lanes")) {
            long t0 = fx.clock.nanoTime();
            twoThreadFrame(fx, worker);
            TimelineFrame frame = new TimelineFrame();
            assertTrue(fx.profiler.loadTimeline(1, frame));
            assertEquals(t0, frame.startNanos());
            assertEquals(t0 + 10_000, frame.endNanos());
            assertEquals(2, frame.laneCount());
            assertEquals(Thread.currentThread().getName(), frame.laneName(0));
            assertEquals("tv-lanes", frame.laneName(1));
            assertEquals(1, frame.laneBarCount(0));
            int a = frame.laneFirstBar(0);
            assertBar(frame, a, PHYSICS, 0, t0, t0 + 7_000, 7_000, -1);
            assertEquals(7_000, frame.laneBusyNanos(0));
            assertEquals(2, frame.laneBarCount(1));
            assertEquals(2, frame.laneDepth(1));
            int j = frame.laneFirstBar(1);
            assertBar(frame, j, JOB, 0, t0 + 2_000, t0 + 9_000, 6_000, -1);
            assertBar(frame, j + 1, STEP, 1, t0 + 5_000, t0 + 6_000, 1_000, j);
            assertEquals(7_000, frame.laneBusyNanos(1));
            assertFalse(frame.barCutAtStart(j) || frame.barCutAtEnd(j));

            // A zone open across two boundaries is cut at each, its self time split exactly.
            fx.micros(2);
            worker.run(JOB::begin);
            fx.micros(3);
            fx.profiler.update();
            fx.micros(4);
            fx.profiler.update();
            fx.micros(5);
            worker.run(JOB::end);
            fx.micros(1);
            fx.profiler.update();
            long f2 = t0 + 10_000;
            assertTrue(fx.profiler.loadTimeline(2, frame));
            int bar = frame.laneFirstBar(1);
            assertBar(frame, bar, JOB, 0, f2 + 2_000, f2 + 5_000, 3_000, -1);
            assertTrue(frame.barCutAtEnd(bar) && !frame.barCutAtStart(bar));
            assertTrue(fx.profiler.loadTimeline(3, frame));
            bar = frame.laneFirstBar(1);
            assertBar(frame, bar, JOB, 0, f2 + 5_000, f2 + 9_000, 4_000, -1);
            assertTrue(frame.barCutAtEnd(bar) && frame.barCutAtStart(bar));
            assertTrue(fx.profiler.loadTimeline(4, frame));
            bar = frame.laneFirstBar(1);
            assertBar(frame, bar, JOB, 0, f2 + 9_000, f2 + 14_000, 5_000, -1);
            assertTrue(!frame.barCutAtEnd(bar) && frame.barCutAtStart(bar));
        }
    }

    @Test
    void timelineIsKeptForTheLastNFramesAndSaysSoForOlderOnes() {
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(1 << 10)
                .timelineFrames(3))) {
            for (int f = 1; f <= 5; f++) {
                PHYSICS.begin();
                fx.micros(f);
                PHYSICS.end();
                fx.profiler.update();
            }
            TimelineStore store = fx.profiler.timelines();
            TimelineFrame frame = new TimelineFrame();
            for (long n = 3; n <= 5; n++) {
                assertTrue(store.load(n, frame), "frame " + n + " is kept");
                assertEquals(n * 1_000, frame.barDuration(0));
            }
            assertFalse(store.load(2, frame), "frame 2 is older than the last 3");
            assertFalse(frame.available());
            assertEquals(0, frame.laneCount());
            assertEquals(3, store.oldestFrameNumber());

            // Paused: updates record nothing, the shown frame's timeline stays, however long the pause.
            fx.profiler.setPaused(true);
            for (int i = 0; i < 10; i++) {
                PHYSICS.begin();
                fx.micros(1);
                PHYSICS.end();
                fx.profiler.update();
            }
            assertTrue(store.load(5, frame));
            assertEquals(5_000, frame.barDuration(0));
            // Scrubbing: history frame k back is recorded frame number history.frameNumber(k).
            assertTrue(store.load(fx.profiler.history().frameNumber(2), frame));
            assertEquals(3_000, frame.barDuration(0));
            assertFalse(store.load(fx.profiler.history().frameNumber(3), frame));
            fx.profiler.setPaused(false);
            fx.profiler.update();
            assertTrue(store.load(6, frame), "the first frame after the pause");
        }
    }

    @Test
    void gpuZonesArrivingLateShowInTheFramesTheyRanInOnTheCpuClock() {
        GpuZone scene = GpuZone.local("tv-gpu-scene");
        GpuZone blur = GpuZone.local("tv-gpu-blur");
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(1 << 10))) {
            long t0 = fx.clock.nanoTime();
            PHYSICS.begin();
            fx.micros(10);
            PHYSICS.end();
            fx.profiler.update();
            fx.micros(10);
            fx.profiler.update();
            // Frame 1's GPU work, resolved a frame late: scene 4..12 µs with blur 6..8, past the frame's end at 10.
            int[] codes = {scene.zone().id(), blur.zone().id(), ~blur.zone().id(), ~scene.zone().id()};
            long[] nanos = {t0 + 4_000, t0 + 6_000, t0 + 8_000, t0 + 12_000};
            assertTrue(fx.profiler.gpu().frameResolved(1, codes, nanos, 4));
            TimelineFrame frame = new TimelineFrame();
            assertTrue(fx.profiler.loadTimeline(1, frame));
            int gpu = frame.laneCount() - 1;
            assertEquals("<gpu>", frame.laneName(gpu));
            int b = frame.laneFirstBar(gpu);
            assertBar(frame, b, scene.zone(), 0, t0 + 4_000, t0 + 10_000, 4_000, -1);
            assertTrue(frame.barCutAtEnd(b), "the GPU was still in scene when the CPU frame ended");
            assertBar(frame, b + 1, blur.zone(), 1, t0 + 6_000, t0 + 8_000, 2_000, b);
            // The GPU runs behind: frame 1's scene reaches into CPU frame 2 (10..20 µs), cut at its start; blur
            // (6..8) does not.
            assertTrue(fx.profiler.loadTimeline(2, frame));
            gpu = frame.laneCount() - 1;
            assertEquals("<gpu>", frame.laneName(gpu));
            assertEquals(1, frame.laneBarCount(gpu));
            b = frame.laneFirstBar(gpu);
            assertBar(frame, b, scene.zone(), 0, t0 + 10_000, t0 + 12_000, 2_000, -1);
            assertTrue(frame.barCutAtStart(b) && !frame.barCutAtEnd(b));
        }
    }

    @Test
    void noTimelineStoreUnlessConfigured() {
        try (ProfilerFixture fx = new ProfilerFixture()) {
            assertNull(fx.profiler.timelines());
        }
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(64))) {
            assertNotNull(fx.profiler.timelines());
            assertEquals(8, fx.profiler.timelines().framesKept());
        }
    }

    private static void assertBar(TimelineFrame frame, int b, Zone zone, int depth, long start, long end, long self,
                                  int parent) {
        assertEquals(zone.id(), frame.barZone(b), "zone of bar " + b);
        assertEquals(depth, frame.barDepth(b), "depth of bar " + b);
        assertEquals(start, frame.barStart(b), "start of bar " + b);
        assertEquals(end, frame.barEnd(b), "end of bar " + b);
        assertEquals(self, frame.barSelf(b), "self of bar " + b);
        assertEquals(parent, frame.barParent(b), "parent of bar " + b);
    }

    private static int indexOf(Report report, String thread) {
        for (int i = 0; i < report.threadCount(); i++) {
            if (report.threadName(i).equals(thread)) {
                return i;
            }
        }
        return -1;
    }
}
