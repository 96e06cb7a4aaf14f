package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.RowRole;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SwitchAndTimelineTest {
    private static final Zone OUTER = Zone.local("sw-outer");
    private static final Zone INNER = Zone.local("sw-inner");

    @Test
    void switchedOffAtRunTimeRecordsNothingAndCountsNoStrayEnds() {
        try (ProfilerFixture fx = new ProfilerFixture()) {
            fx.profiler.setEnabled(false);
            assertSame(ZoneScope.NONE, OUTER.enter());
            OUTER.begin();
            fx.micros(5);
            OUTER.end();
            fx.profiler.update();
            assertEquals(0, fx.profiler.recordedFrames(), "nothing is recorded while off");
            fx.profiler.setEnabled(true);
            OUTER.begin();
            fx.micros(3);
            OUTER.end();
            fx.profiler.update();
            fx.controller().setAveraging(Averaging.INSTANTANEOUS);
            Report report = fx.build();
            assertEquals(3_000, fx.row(OUTER, RowRole.FLAT).value(Column.SELF));
            assertFalse(report.hasProblems());
        }
    }

    @Test
    void zoneOpenWhenSwitchedOffStillClosesCleanly() {
        try (ProfilerFixture fx = new ProfilerFixture()) {
            OUTER.begin();
            fx.micros(2);
            fx.profiler.setEnabled(false);
            INNER.begin();
            OUTER.end();
            fx.profiler.setEnabled(true);
            fx.profiler.update();
            fx.controller().setAveraging(Averaging.INSTANTANEOUS);
            Report report = fx.build();
            assertEquals(2_000, fx.row(OUTER, RowRole.FLAT).value(Column.SELF));
            assertNull(fx.row(INNER, RowRole.FLAT));
            assertFalse(report.hasProblems());
        }
    }

    @Test
    void noProfilerInstalledMakesZonesNoOps() {
        Hudprof.uninstall();
        assertSame(ZoneScope.NONE, OUTER.enter());
        OUTER.begin();
        OUTER.end();
        Hudprof.update();
    }

    @Test
    void timelineReplaysTheLastFramesEventsInOrder() {
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(1 << 16))) {
            OUTER.begin();
            fx.micros(1);
            fx.profiler.update();
            OUTER.end();
            long t0 = fx.clock.nanoTime();
            OUTER.begin();
            fx.micros(2);
            INNER.begin();
            fx.micros(3);
            INNER.end();
            OUTER.end();
            fx.profiler.update();
            assertEquals(1, fx.profiler.threadCount());
            ThreadTimeline timeline = fx.profiler.timeline(0);
            assertEquals(Thread.currentThread().getName(), timeline.threadName());
            List<String> events = new ArrayList<>();
            assertTrue(timeline.forEachEvent(0, (zone, begin, nanos) ->
                    events.add((begin ? "+" : "-") + Zone.byId(zone).name() + "@" + (nanos - t0))));
            assertEquals(List.of("+sw-outer@0", "+sw-inner@2000", "-sw-inner@5000", "-sw-outer@5000"), events,
                    "the late end of the zone closed at update is an extra end, not a timeline event");
            List<String> earlier = new ArrayList<>();
            assertTrue(timeline.forEachEvent(1, (zone, begin, nanos) -> earlier.add(Zone.byId(zone).name())));
            assertEquals(List.of("sw-outer", "sw-outer"), earlier,
                    "frame 1: the begin, and the close at update (zone was left open)");
            assertFalse(timeline.forEachEvent(2, (zone, begin, nanos) -> { }));
        }
    }

    @Test
    void noTimelineIsKeptUnlessConfigured() {
        try (ProfilerFixture fx = new ProfilerFixture()) {
            OUTER.begin();
            OUTER.end();
            fx.profiler.update();
            assertEquals(1, fx.profiler.threadCount());
            assertNull(fx.profiler.timeline(0));
        }
    }

    @Test
    void badConfigurationFailsFastNamingTheSetting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProfilerConfig.builder().eventCapacity(1000).build());
        assertTrue(e.getMessage().contains("eventCapacity") && e.getMessage().contains("power of two"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> ProfilerConfig.builder().historyFrames(0).build());
        assertTrue(e.getMessage().contains("historyFrames"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> ProfilerConfig.builder().fastAverageWeight(0.1).slowAverageWeight(0.2).build());
        assertTrue(e.getMessage().contains("slowAverageWeight"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ProfilerConfig.builder().clock(null).build());
        assertThrows(IllegalArgumentException.class, () -> new Profiler(null));
        ProfilerConfig defaults = ProfilerConfig.defaults();
        assertSame(Clock.SYSTEM, defaults.clock);
        assertEquals(512, defaults.historyFrames);
        assertTrue(defaults.fullHistory);
    }
}
