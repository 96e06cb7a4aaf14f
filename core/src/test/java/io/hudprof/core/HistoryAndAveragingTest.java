package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HistoryAndAveragingTest {
    private static final Zone WORK = Zone.local("work");
    private static final Zone OTHER = Zone.local("other");

    private ProfilerFixture fx;

    @AfterEach
    void tearDown() {
        fx.close();
    }

    private void frame(long workMicros) {
        WORK.begin();
        fx.micros(workMicros);
        WORK.end();
        fx.micros(1);
    }

    private double selfMicros(Zone zone) {
        fx.build();
        ReportRow row = fx.row(zone, RowRole.FLAT);
        return row == null ? 0 : row.value(Column.SELF) / 1000;
    }

    @Test
    void historyFramesShowTheirOwnExactValues() {
        fx = new ProfilerFixture();
        for (int i = 1; i <= 20; i++) {
            frame(i * 10L);
            fx.profiler.update();
        }
        ReportController c = fx.controller();
        c.setMode(ReportMode.SELF_TIME);
        c.setFrame(0);
        c.setAveraging(Averaging.INSTANTANEOUS);
        assertEquals(200, selfMicros(WORK));
        c.setFrame(5);
        assertEquals(150, selfMicros(WORK));
        assertEquals(Averaging.INSTANTANEOUS, fx.report.averaging());
        assertEquals(15, fx.report.frameNumber());
        assertEquals(151_000, fx.report.frameNanos());
        c.moveFrame(-2);
        assertEquals(170, selfMicros(WORK));
        c.moveFrame(1000);
        assertEquals(19, c.frameOffset(), "clamped to the oldest held frame");
        assertEquals(10, selfMicros(WORK));
    }

    @Test
    void historyFramesAreInstantaneousEvenWhenLiveShowsAnAverage() {
        fx = new ProfilerFixture();
        for (int i = 1; i <= 5; i++) {
            frame(i * 10L);
            fx.profiler.update();
        }
        fx.controller().setAveraging(Averaging.SLOW);
        fx.controller().setFrame(1);
        assertEquals(40, selfMicros(WORK));
        assertEquals(Averaging.INSTANTANEOUS, fx.report.averaging());
    }

    @Test
    void framesBeyondTheHistoryAreUnavailable() {
        fx = new ProfilerFixture(ProfilerConfig.builder().historyFrames(4));
        for (int i = 1; i <= 10; i++) {
            frame(i);
            fx.profiler.update();
        }
        assertEquals(4, fx.profiler.history().size());
        fx.controller().setFrame(50);
        assertEquals(3, fx.controller().frameOffset());
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        assertEquals(7, selfMicros(WORK));
        assertEquals(-1, fx.profiler.history().frameNanos(4));
    }

    @Test
    void withoutFullHistoryOldFramesHaveNoReportButKeepTheGraph() {
        fx = new ProfilerFixture(ProfilerConfig.builder().fullHistory(false));
        for (int i = 1; i <= 3; i++) {
            frame(i * 10L);
            fx.profiler.update();
        }
        fx.controller().setFrame(1);
        Report report = fx.build();
        assertFalse(report.frameAvailable());
        assertEquals(0, report.rowCount());
        long[] self = new long[1];
        assertTrue(fx.profiler.history().zoneSelf(1, new int[] {WORK.id()}, 1, self));
        assertEquals(20_000, self[0]);
    }

    @Test
    void zoneHistoryGivesEachFramesSelfTime() {
        fx = new ProfilerFixture();
        for (int i = 1; i <= 6; i++) {
            frame(i * 10L);
            if (i % 2 == 0) {
                OTHER.begin();
                fx.micros(5);
                OTHER.end();
            }
            fx.profiler.update();
        }
        FrameHistory history = fx.profiler.history();
        int[] zones = {WORK.id(), OTHER.id()};
        long[] self = new long[2];
        assertTrue(history.zoneSelf(0, zones, 2, self));
        assertArrayEquals(new long[] {60_000, 5_000}, self);
        assertTrue(history.zoneSelf(2, zones, 2, self));
        assertArrayEquals(new long[] {40_000, 5_000}, self);
        assertTrue(history.zoneSelf(3, zones, 2, self));
        assertArrayEquals(new long[] {30_000, 0}, self);
        assertEquals(66_000, history.frameNanos(0));
    }

    @Test
    void fastAndSlowAveragesFollowTheirWeights() {
        fx = new ProfilerFixture(ProfilerConfig.builder().fastAverageWeight(0.5).slowAverageWeight(0.25));
        long[] work = {100, 200, 0, 400};
        double fast = 0;
        double slow = 0;
        for (int i = 0; i < work.length; i++) {
            if (work[i] > 0) {
                frame(work[i]);
            } else {
                fx.micros(1);
            }
            fx.profiler.update();
            fast = i == 0 ? work[0] : fast + 0.5 * (work[i] - fast);
            slow = i == 0 ? work[0] : slow + 0.25 * (work[i] - slow);
        }
        fx.controller().setAveraging(Averaging.FAST);
        assertEquals(fast, selfMicros(WORK), 1e-9);
        assertEquals(Averaging.FAST, fx.report.averaging());
        fx.controller().setAveraging(Averaging.SLOW);
        assertEquals(slow, selfMicros(WORK), 1e-9);
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        assertEquals(400, selfMicros(WORK), 1e-9);
        assertEquals(237.5, fast, 1e-9);
        assertEquals(170.3125, slow, 1e-9);
    }

    @Test
    void updateWithoutRecordFreezesProfileAndHistory() {
        fx = new ProfilerFixture();
        frame(10);
        fx.profiler.update();
        frame(20);
        fx.profiler.update(false);
        frame(30);
        fx.profiler.update(false);
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        assertEquals(10, selfMicros(WORK));
        assertTrue(fx.report.paused());
        assertEquals(1, fx.profiler.history().size());
        frame(40);
        fx.profiler.update(true);
        assertEquals(40, selfMicros(WORK), "recording resumes with the next frame, nothing from the pause leaks in");
        assertFalse(fx.report.paused());
        assertEquals(2, fx.profiler.history().size());
    }

    @Test
    void userPauseFreezesWhileTheGameKeepsCallingUpdate() {
        fx = new ProfilerFixture();
        frame(10);
        fx.profiler.update();
        assertTrue(fx.profiler.togglePaused());
        for (int i = 0; i < 5; i++) {
            frame(99);
            fx.profiler.update();
        }
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        assertEquals(10, selfMicros(WORK));
        assertTrue(fx.report.paused());
        fx.controller().setFrame(0);
        assertEquals(1, fx.profiler.recordedFrames());
        fx.profiler.setPaused(false);
        frame(7);
        fx.profiler.update();
        assertEquals(7, selfMicros(WORK));
    }

    @Test
    void heatIsHighForARowThatJustChangedAndZeroForASteadyOne() {
        fx = new ProfilerFixture();
        for (int i = 0; i < 50; i++) {
            frame(100);
            OTHER.begin();
            fx.micros(100);
            OTHER.end();
            fx.profiler.update();
        }
        frame(100);
        OTHER.begin();
        fx.micros(400);
        OTHER.end();
        fx.profiler.update();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.build();
        assertEquals(0, fx.row(WORK, RowRole.FLAT).heat(), 1e-9);
        assertTrue(fx.row(OTHER, RowRole.FLAT).heat() > 0.5, "jumped from 100 to 400 µs");
    }
}
