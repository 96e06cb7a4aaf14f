package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import io.hudprof.stats.text.TextReport;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Programmer mistakes are repaired, counted and shown; they never throw into the game or spoil later frames. */
class BadInputTest {
    private static final Zone OUTER = Zone.local("outer");
    private static final Zone INNER = Zone.local("inner");
    private static final Zone STRAY = Zone.local("stray");
    private static final Zone DEEP = Zone.local("deep");

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

    /** A clean frame: outer 3 µs { inner 2 µs }. */
    private void cleanFrame() {
        OUTER.begin();
        fx.micros(3);
        INNER.begin();
        fx.micros(2);
        INNER.end();
        OUTER.end();
        fx.profiler.update();
    }

    private void assertCleanFrame() {
        assertEquals(3_000, flat(OUTER).value(Column.SELF));
        assertEquals(5_000, flat(OUTER).value(Column.HIER));
        assertEquals(1, flat(OUTER).value(Column.COUNT));
        assertEquals(2_000, flat(INNER).value(Column.SELF));
        assertEquals(0, fx.report.problemsInFrame(Problem.MISSING_END));
        assertEquals(0, fx.report.problemsInFrame(Problem.EXTRA_END));
    }

    @Test
    void missingEndIsClosedByTheEnclosingEndAndCounted() {
        fx = new ProfilerFixture();
        OUTER.begin();
        fx.micros(1);
        INNER.begin();
        fx.micros(4);
        OUTER.end();
        fx.micros(10);
        fx.profiler.update();
        assertEquals(4_000, flat(INNER).value(Column.SELF));
        assertEquals(5_000, flat(OUTER).value(Column.HIER));
        assertEquals(1, fx.report.problemsInFrame(Problem.MISSING_END));
        assertTrue(TextReport.render(fx.report).contains("missing end 1/1"), TextReport.render(fx.report));
        cleanFrame();
        assertCleanFrame();
        assertEquals(1, fx.report.problemsTotal(Problem.MISSING_END));
    }

    @Test
    void extraEndIsIgnoredAndCounted() {
        fx = new ProfilerFixture();
        OUTER.begin();
        fx.micros(2);
        OUTER.end();
        OUTER.end();
        STRAY.end();
        fx.profiler.update();
        assertEquals(2_000, flat(OUTER).value(Column.SELF));
        assertEquals(2, fx.report.problemsInFrame(Problem.EXTRA_END));
        cleanFrame();
        assertCleanFrame();
    }

    @Test
    void endOfAZoneThatIsNotOpenLeavesTheStackAlone() {
        fx = new ProfilerFixture();
        OUTER.begin();
        fx.micros(1);
        STRAY.end();
        fx.micros(1);
        OUTER.end();
        fx.profiler.update();
        assertEquals(2_000, flat(OUTER).value(Column.SELF));
        assertEquals(1, fx.report.problemsInFrame(Problem.EXTRA_END));
    }

    @Test
    void exceptionThroughATryWithResourcesZoneClosesIt() {
        fx = new ProfilerFixture();
        assertThrows(IllegalStateException.class, () -> {
            try (ZoneScope outer = OUTER.enter()) {
                fx.micros(2);
                throw new IllegalStateException("game bug");
            }
        });
        fx.micros(5);
        fx.profiler.update();
        assertEquals(2_000, flat(OUTER).value(Column.HIER));
        assertEquals(false, fx.report.hasProblems());
    }

    @Test
    void exceptionPastAnExplicitEndIsRepairedByTheEnclosingScope() {
        fx = new ProfilerFixture();
        try (ZoneScope outer = OUTER.enter()) {
            try {
                INNER.begin();
                fx.micros(3);
                throw new IllegalStateException("game bug");
            } catch (IllegalStateException expected) {
                fx.micros(1);
            }
        }
        fx.profiler.update();
        assertEquals(4_000, flat(INNER).value(Column.SELF), "inner stays open until outer's scope closes it");
        assertEquals(1, fx.report.problemsInFrame(Problem.MISSING_END));
        cleanFrame();
        assertCleanFrame();
    }

    @Test
    void zonesLeftOpenAtUpdateAreClosedThereAndCounted() {
        fx = new ProfilerFixture();
        OUTER.begin();
        INNER.begin();
        fx.micros(6);
        fx.profiler.update();
        assertEquals(6_000, flat(INNER).value(Column.SELF));
        assertEquals(2, fx.report.problemsInFrame(Problem.OPEN_AT_UPDATE));
        INNER.end();
        OUTER.end();
        fx.profiler.update();
        fx.build();
        assertEquals(2, fx.report.problemsInFrame(Problem.EXTRA_END), "the late ends find nothing open");
        cleanFrame();
        assertCleanFrame();
    }

    @Test
    void zonesEnteredBeforeTheFirstUpdateLandInTheFirstFrame() {
        fx = new ProfilerFixture();
        for (int i = 0; i < 3; i++) {
            OUTER.begin();
            fx.micros(2);
            OUTER.end();
        }
        fx.profiler.update();
        assertEquals(6_000, flat(OUTER).value(Column.SELF));
        assertEquals(3, flat(OUTER).value(Column.COUNT));
        assertEquals(1, fx.report.frameNumber());
    }

    @Test
    void tenThousandDeepRecursionIsCappedCountedAndRecovers() {
        fx = new ProfilerFixture(ProfilerConfig.builder().maxDepth(256));
        recurse(10_000);
        fx.profiler.update();
        ReportRow deep = flat(DEEP);
        assertNotNull(deep);
        assertEquals(256, deep.value(Column.COUNT), "entries past the maximum depth are not recorded");
        assertEquals(10_000_000, deep.value(Column.SELF), "yet their time stays with the deepest recorded level");
        assertEquals(1, fx.report.problemsInFrame(Problem.DEPTH_LIMIT));
        cleanFrame();
        assertCleanFrame();
        assertEquals(0, fx.report.problemsInFrame(Problem.DEPTH_LIMIT));
    }

    /** Recursion by iteration so the test thread's own stack is not the thing under test. */
    private void recurse(int depth) {
        for (int i = 0; i < depth; i++) {
            DEEP.begin();
            fx.micros(1);
        }
        for (int i = 0; i < depth; i++) {
            DEEP.end();
        }
    }

    @Test
    void deepRecursionThroughTryWithResourcesUnwindsCleanly() {
        fx = new ProfilerFixture(ProfilerConfig.builder().maxDepth(64));
        nest(2_000);
        fx.profiler.update();
        assertEquals(64, flat(DEEP).value(Column.COUNT));
        cleanFrame();
        assertCleanFrame();
    }

    private void nest(int remaining) {
        try (ZoneScope z = DEEP.enter()) {
            fx.micros(1);
            if (remaining > 1) {
                nest(remaining - 1);
            }
        }
    }

    @Test
    void fullBufferDropsCountsAndRecovers() {
        fx = new ProfilerFixture(ProfilerConfig.builder().eventCapacity(64));
        for (int i = 0; i < 50; i++) {
            OUTER.begin();
            fx.micros(1);
            OUTER.end();
        }
        fx.profiler.update();
        assertEquals(32, flat(OUTER).value(Column.COUNT), "64 events held: 32 begin/end pairs");
        assertEquals(36, fx.report.problemsInFrame(Problem.DROPPED_EVENTS), "counted in the frame they happened");
        OUTER.begin();
        fx.micros(1);
        OUTER.end();
        fx.profiler.update();
        assertEquals(1_000, flat(OUTER).value(Column.SELF));
        assertEquals(1, flat(OUTER).value(Column.COUNT), "the entry that found room again is counted");
        assertEquals(0, fx.report.problemsInFrame(Problem.DROPPED_EVENTS));
        cleanFrame();
        assertCleanFrame();
        assertEquals(36, fx.report.problemsTotal(Problem.DROPPED_EVENTS));
    }

    @Test
    void threadThatDiesInsideAZoneIsClosedAtItsLastEvent() throws Exception {
        fx = new ProfilerFixture();
        Thread worker = new Thread(() -> {
            STRAY.begin();
            fx.micros(7);
            INNER.begin();
        }, "dies-in-zone");
        worker.start();
        worker.join();
        fx.micros(100);
        fx.profiler.update();
        fx.controller().showCallGraph(STRAY);
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.build();
        assertEquals(7_000, fx.row(STRAY, RowRole.FOCUS).value(Column.SELF));
        assertEquals(2, fx.report.problemsInFrame(Problem.THREAD_DIED_IN_ZONE));
        cleanFrame();
        assertCleanFrame();
    }

    @Test
    void concurrentUpdateFromASecondThreadIsRefusedAndCounted() throws Exception {
        CountDownLatch insideUpdate = new CountDownLatch(1);
        CountDownLatch secondTried = new CountDownLatch(1);
        ManualClock time = new ManualClock(5_000);
        Thread[] blocker = new Thread[1];
        Clock blockingClock = () -> {
            if (Thread.currentThread() == blocker[0] && insideUpdate.getCount() > 0) {
                insideUpdate.countDown();
                try {
                    secondTried.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return time.nanoTime();
        };
        Profiler profiler = new Profiler(ProfilerConfig.builder().clock(blockingClock).build());
        Hudprof.install(profiler);
        try {
            blocker[0] = new Thread(profiler::update, "first-updater");
            blocker[0].start();
            insideUpdate.await();
            profiler.update();
            secondTried.countDown();
            blocker[0].join();
            OUTER.begin();
            time.advanceMicros(3);
            OUTER.end();
            profiler.update();
            Report report = new Report();
            ReportController.of(profiler).build(report);
            assertEquals(1, report.problemsTotal(Problem.CONCURRENT_UPDATE));
            assertEquals(2, profiler.recordedFrames());
        } finally {
            Hudprof.uninstall();
        }
    }

    @Test
    void nullAndBlankZoneNamesFailFastWithAMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Zone.define(" "));
        assertTrue(e.getMessage().contains("non-blank name"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Zone.local(null));
    }
}
