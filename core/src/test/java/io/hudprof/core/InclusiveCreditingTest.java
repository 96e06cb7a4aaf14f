package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The replay loop credits a zone pair's time inclusively and derives self time at commit, while the rare events
 * (repairs, extra ends, drops and resyncs, the state limit, a clock that steps back) are credited directly. Every
 * interval must be counted once, by one of the two, so these frames mix both inside nested zones and pin each self
 * and hierarchical time to the nanosecond the manual clock gives.
 */
class InclusiveCreditingTest {
    private static final Zone A = Zone.local("incl-a");
    private static final Zone B = Zone.local("incl-b");
    private static final Zone C = Zone.local("incl-c");
    private static final Zone D = Zone.local("incl-d");
    private static final Zone STRAY = Zone.local("incl-stray");

    private ProfilerFixture fx;

    @AfterEach
    void tearDown() {
        if (fx != null) {
            fx.close();
        }
    }

    private ReportRow flat(Zone zone) {
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().setMode(ReportMode.SELF_TIME);
        fx.controller().setFrame(0);
        fx.build();
        return fx.row(zone, RowRole.FLAT);
    }

    private void assertTimes(Zone zone, long self, long hier, long count) {
        ReportRow row = flat(zone);
        assertTrue(row != null, zone.name() + " has a row");
        assertEquals(self, row.value(Column.SELF), zone.name() + " self");
        assertEquals(hier, row.value(Column.HIER), zone.name() + " hier");
        assertEquals(count, row.value(Column.COUNT), zone.name() + " count");
    }

    /** The updating thread's root's self time in the last frame. */
    private long rootSelf() {
        return (long) flat(Zone.threadRoot(Thread.currentThread().getName())).value(Column.SELF);
    }

    @Test
    void aMissingEndRepairedInsideNestedZonesLeavesEveryTimeExact() {
        fx = new ProfilerFixture();
        fx.micros(100);
        A.begin();
        fx.micros(1);
        B.begin();
        fx.micros(2);
        C.begin();
        fx.micros(4);
        B.end(); // C's end is missing: repaired here, a rare event between two fast pairs
        fx.micros(8);
        D.begin();
        fx.micros(16);
        D.end();
        fx.micros(32);
        A.end();
        fx.micros(64);
        fx.profiler.update();
        assertTimes(A, 41_000, 63_000, 1);
        assertTimes(B, 2_000, 6_000, 1);
        assertTimes(C, 4_000, 4_000, 1);
        assertTimes(D, 16_000, 16_000, 1);
        assertEquals(164_000, rootSelf());
        assertEquals(1, fx.report.problemsInFrame(Problem.MISSING_END));
    }

    @Test
    void anExtraEndInsideAZoneOpenAcrossFramesLeavesEveryTimeExact() {
        fx = new ProfilerFixture();
        // A worker, so that A stays open across the boundary (the updating thread's open zones are closed there).
        try (ThreadWorker worker = new ThreadWorker("incl-extra-end")) {
            worker.run(() -> {
                A.begin();
                fx.micros(1);
                B.begin();
                fx.micros(2);
                STRAY.end(); // nothing open by that name: counted, the stack stays
                fx.micros(4);
                B.end();
                fx.micros(8);
            });
            fx.profiler.update();
            assertTimes(A, 9_000, 15_000, 1);
            assertTimes(B, 6_000, 6_000, 1);
            assertEquals(1, fx.report.problemsInFrame(Problem.EXTRA_END));
            worker.run(() -> {
                fx.micros(16);
                C.begin();
                fx.micros(32);
                STRAY.end();
                fx.micros(64);
                C.end();
                fx.micros(128);
                A.end();
                fx.micros(256);
            });
            fx.profiler.update();
            assertTimes(A, 144_000, 240_000, 0);
            assertTimes(C, 96_000, 96_000, 1);
            assertEquals(1, fx.report.problemsInFrame(Problem.EXTRA_END));
        }
    }

    @Test
    void aDropAndItsResyncInsideNestedZonesLeaveTheFramesAfterExact() {
        fx = new ProfilerFixture(ProfilerConfig.builder().eventCapacity(64));
        try (ThreadWorker worker = new ThreadWorker("incl-drops")) {
            worker.run(() -> {
                A.begin();
                fx.micros(1);
                B.begin();
                for (int i = 0; i < 40; i++) {
                    C.begin();
                    fx.micros(1);
                    C.end();
                }
            });
            fx.profiler.update(); // the ring held 64 events: the rest were dropped, inside A and B
            fx.build();
            assertTrue(fx.report.problemsInFrame(Problem.DROPPED_EVENTS) > 0);
            worker.run(() -> {
                fx.micros(5);
                D.begin(); // the first event with room again: the resync of A and B comes with it
                fx.micros(7);
                D.end();
                fx.micros(9);
                B.end();
                fx.micros(11);
                A.end();
                fx.micros(13);
            });
            fx.profiler.update();
            assertTimes(D, 7_000, 7_000, 1);
            assertTimes(B, 14_000, 21_000, 0);
            assertTimes(A, 11_000, 32_000, 0);
            assertEquals(0, fx.report.problemsInFrame(Problem.DROPPED_EVENTS));
            worker.run(() -> {
                C.begin();
                fx.micros(3);
                C.end();
                fx.micros(1);
            });
            fx.profiler.update();
            assertTimes(C, 3_000, 3_000, 1);
        }
    }

    @Test
    void aClockThatStepsBackInsideNestedZonesCreditsNothingForTheStepBack() {
        long[] now = {1_000};
        Profiler profiler = new Profiler(ProfilerConfig.builder().clock(() -> now[0]).selfProfiling(false).build());
        Hudprof.install(profiler);
        fx = null;
        try {
            now[0] = 1_100;
            A.begin();
            now[0] = 1_110;
            B.begin();
            now[0] = 1_105; // back: B's end counts at 1,110
            B.end();
            now[0] = 1_120;
            C.begin();
            now[0] = 1_130;
            C.end();
            now[0] = 1_125; // back: A ends at 1,130
            A.end();
            now[0] = 1_140;
            profiler.update();
            now[0] = 1_135; // an event before the last boundary: it counts at the boundary
            A.begin();
            now[0] = 1_150;
            A.end();
            now[0] = 1_160;
            profiler.update();
            assertEquals(2, profiler.history().size());
            long frame1A = zoneSelf(profiler, A, 1);
            long frame1B = zoneSelf(profiler, B, 1);
            long frame1C = zoneSelf(profiler, C, 1);
            assertEquals(20, frame1A, "A: 1,100 to 1,110 and 1,110 to 1,120");
            assertEquals(0, frame1B, "B ended before it began: nothing");
            assertEquals(10, frame1C);
            assertEquals(10, zoneSelf(profiler, A, 0), "A from the boundary (1,140) to 1,150");
        } finally {
            Hudprof.uninstall();
        }
    }

    private static long zoneSelf(Profiler profiler, Zone zone, int framesAgo) {
        long[] dest = new long[1];
        assertTrue(profiler.history().zoneSelf(framesAgo, new int[] {zone.id()}, 1, dest));
        return dest[0];
    }

    @Test
    void anOpenZoneWithNoTimeOfItsOwnTakesNoHistoryEntry() {
        fx = new ProfilerFixture();
        try (ThreadWorker worker = new ThreadWorker("incl-covered")) {
            worker.run(() -> {
                A.begin();
                fx.micros(3);
            });
            fx.profiler.update(); // A open across the boundary, at the boundary's time
            worker.run(() -> {
                B.begin(); // B covers all of A's time in the next frame
                fx.micros(5);
                B.end();
            });
            fx.profiler.update(); // ...which ends when B does
            FrameStates held = new FrameStates();
            assertTrue(fx.profiler.history().loadStates(0, held));
            for (int i = 0; i < held.count(); i++) {
                assertTrue(held.self(i) > 0 || held.calls(i) > 0, "state " + held.state(i) + " held with nothing");
            }
            assertEquals(2, held.count(), "B and the updating thread's root: A and the worker's root had nothing");
            assertTimes(B, 5_000, 5_000, 1);
            assertEquals(5_000, rootSelf());
        }
    }

    @Test
    void theStateLimitReachedInsideNestedZonesKeepsTheFrameWhole() {
        fx = new ProfilerFixture(ProfilerConfig.builder().maxStates(64));
        fx.micros(7);
        A.begin();
        fx.micros(10);
        // Alternating 100 deep: every level is a new state, until the limit sends the rest to the overflow state.
        for (int i = 0; i < 100; i++) {
            (i % 2 == 0 ? B : C).begin();
            fx.micros(10);
        }
        for (int i = 99; i >= 0; i--) {
            (i % 2 == 0 ? B : C).end();
            fx.micros(1);
        }
        A.end();
        fx.micros(3);
        fx.profiler.update();
        flat(A);
        assertTrue(fx.report.problemsInFrame(Problem.STATE_LIMIT) > 0);
        long zones = (long) (flat(A).value(Column.SELF) + flat(B).value(Column.SELF) + flat(C).value(Column.SELF)
                + flat(ZoneRegistry.OVERFLOW).value(Column.SELF));
        assertEquals((10 + 100 * 10 + 100) * 1_000, zones, "every nanosecond inside A is someone's self time");
        assertEquals(10_000 + 1_000, (long) flat(A).value(Column.SELF));
        assertEquals(10_000, rootSelf());
        // Known states again: the next frames take the replay loop, exactly.
        A.begin();
        fx.micros(2);
        B.begin();
        fx.micros(4);
        B.end();
        fx.micros(1);
        A.end();
        fx.profiler.update();
        assertTimes(A, 3_000, 7_000, 1);
        assertTimes(B, 4_000, 4_000, 1);
    }
}
