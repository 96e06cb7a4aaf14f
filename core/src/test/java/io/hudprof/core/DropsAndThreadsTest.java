package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import io.hudprof.testkit.AllocationCheck;
import java.lang.ref.WeakReference;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Drops counted in their frame, clean frames after them, bounded per-thread cost, nothing kept for ever. */
class DropsAndThreadsTest {
    private static final Zone OUTER = Zone.local("dt-outer");
    private static final Zone X = Zone.local("dt-x");
    private static final Zone A = Zone.local("dt-a");
    private static final Zone CHURN = Zone.local("dt-churn");
    private static final Zone INNER = Zone.local("dt-inner");

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
        fx.build();
        return fx.row(zone, RowRole.FLAT);
    }

    private double flatCount(Zone zone) {
        ReportRow row = flat(zone);
        return row == null ? 0 : row.value(Column.COUNT);
    }

    @Test
    void fullRingIsChargedToItsFrameAndTheNextFrameStartsClean() {
        fx = new ProfilerFixture();
        fx.profiler.update();
        OUTER.begin();
        for (int i = 0; i < 40_000; i++) {
            X.begin();
            fx.clock.advance(1);
            X.end();
        }
        OUTER.end();
        fx.profiler.update();
        flat(X);
        assertEquals(80_002 - 65_536, fx.report.problemsInFrame(Problem.DROPPED_EVENTS),
                "the frame in which they were dropped says so");
        fx.clock.advance(500);
        A.begin();
        fx.clock.advance(101);
        A.end();
        fx.profiler.update();
        ReportRow a = flat(A);
        assertEquals(0, fx.report.problemsInFrame(Problem.DROPPED_EVENTS));
        assertEquals(101, a.value(Column.SELF));
        assertEquals(1, a.value(Column.COUNT));
        ReportRow root = fx.row(Zone.threadRoot(Thread.currentThread().getName()), RowRole.FLAT);
        assertEquals(500, root.value(Column.SELF));
        assertEquals(601, root.value(Column.HIER));
        assertEquals(2, fx.report.rowCount(), "no row left over from the stale stack of the frame before");
    }

    @Test
    void dropsOfAThreadThatIdlesOrEndsAreCountedInTheirFrame() throws Exception {
        fx = new ProfilerFixture();
        CountDownLatch written = new CountDownLatch(1);
        CountDownLatch mayEnd = new CountDownLatch(1);
        Thread writer = new Thread(() -> {
            for (int i = 0; i < 100_000; i++) {
                X.begin();
                X.end();
            }
            written.countDown();
            await(mayEnd);
        }, "dt-flood");
        writer.start();
        written.await();
        fx.profiler.update();
        assertEquals(32_768, flatCount(X));
        assertEquals(134_464, fx.report.problemsInFrame(Problem.DROPPED_EVENTS));
        fx.profiler.update();
        flat(X);
        assertEquals(0, fx.report.problemsInFrame(Problem.DROPPED_EVENTS));
        mayEnd.countDown();
        writer.join();
        fx.profiler.update();
        flat(X);
        assertEquals(0, fx.report.problemsInFrame(Problem.THREAD_DIED_IN_ZONE),
                "its last ends were dropped, but it closed every zone");
        assertEquals(134_464, fx.profiler.problemsTotal(Problem.DROPPED_EVENTS));
    }

    @Test
    void idleThreadAfterDropsIsCreditedToItsTrueStack() throws Exception {
        fx = new ProfilerFixture();
        CountDownLatch written = new CountDownLatch(1);
        CountDownLatch mayEnd = new CountDownLatch(1);
        Thread writer = new Thread(() -> {
            OUTER.begin();
            for (int i = 0; i < 40_000; i++) {
                X.begin();
                X.end();
            }
            written.countDown();
            await(mayEnd);
            OUTER.end();
        }, "dt-idle-in-outer");
        writer.start();
        written.await();
        fx.profiler.update();
        fx.clock.advance(1_000);
        fx.profiler.update();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().showCallGraph(OUTER);
        fx.build();
        assertEquals(1_000, fx.row(OUTER, RowRole.FOCUS).value(Column.SELF), "the thread sits in OUTER");
        assertNull(fx.row(X, RowRole.CHILD));
        assertEquals(0, fx.report.problemsInFrame(Problem.DROPPED_EVENTS));
        mayEnd.countDown();
        writer.join();
    }

    @Test
    void twentyMillionDropsAreAllCounted() {
        fx = new ProfilerFixture();
        for (int i = 0; i < 10_000_000; i++) {
            X.begin();
            X.end();
        }
        fx.profiler.update();
        flat(X);
        assertEquals(20_000_000 - 65_536, fx.report.problemsInFrame(Problem.DROPPED_EVENTS));
    }

    @Test
    void droppedProfilerBecomesCollectable() throws Exception {
        WeakReference<Profiler>[] dropped = newRefs(20);
        for (int i = 0; i < dropped.length; i++) {
            Profiler profiler = new Profiler(ProfilerConfig.builder().clock(new ManualClock()).build());
            Hudprof.install(profiler);
            A.begin();
            A.end();
            profiler.update();
            Hudprof.uninstall();
            dropped[i] = new WeakReference<>(profiler);
        }
        assertTrue(collected(dropped), "every uninstalled profiler is freed while this thread lives on");
    }

    @Test
    void firstThreadsRecorderIsFreedOnceItEnds() throws Exception {
        fx = new ProfilerFixture();
        WeakReference<ThreadRecorder>[] ref = newRefs(1);
        Thread first = new Thread(() -> {
            A.begin();
            A.end();
            ref[0] = new WeakReference<>(fx.profiler.recorder());
        }, "dt-first");
        first.start();
        first.join();
        fx.profiler.update();
        fx.profiler.update();
        assertTrue(collected(ref));
    }

    @Test
    void ringsStartSmallAndGrowOnlyForThreadsThatNeedIt() {
        fx = new ProfilerFixture();
        A.begin();
        A.end();
        assertEquals(Profiler.INITIAL_EVENTS, fx.profiler.recorder().ring().capacity());
        for (int i = 0; i < 1_000; i++) {
            X.begin();
            X.end();
        }
        assertEquals(2_048, fx.profiler.recorder().ring().capacity(), "doubled until the frame's events fit");
        fx.profiler.update();
        assertEquals(1_001, flatCount(X) + flatCount(A));
        assertEquals(0, fx.report.problemsInFrame(Problem.DROPPED_EVENTS));
    }

    @Test
    void threadChurnKeepsExactCountsAndBoundedState() throws Exception {
        fx = new ProfilerFixture();
        fx.profiler.update();
        int zonesBefore = Zone.count();
        double churn = 0;
        double inner = 0;
        int threads = 10_000;
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> {
                CHURN.begin();
                INNER.begin();
                INNER.end();
                INNER.begin();
                INNER.end();
                CHURN.end();
            });
            t.start();
            t.join();
            if (i % 16 == 15 || i == threads - 1) {
                fx.profiler.update();
                fx.controller().setAveraging(Averaging.INSTANTANEOUS);
                fx.controller().showCallGraph(CHURN);
                fx.build();
                churn += fx.row(CHURN, RowRole.FOCUS).value(Column.COUNT);
                inner += fx.row(INNER, RowRole.CHILD).value(Column.COUNT);
                assertEquals(0, fx.report.problemsInFrame(Problem.STATE_LIMIT));
            }
        }
        assertEquals(threads, churn);
        assertEquals(2 * threads, inner);
        assertTrue(Zone.count() - zonesBefore <= ZoneRegistry.THREAD_ROOT_RESERVE, "thread roots stay within the reserve");
        assertTrue(fx.profiler.threadCount() <= 2);
        Zone fresh = Zone.local("dt-fresh");
        Thread late = new Thread(() -> {
            for (int i = 0; i < 10; i++) {
                fresh.begin();
                fresh.end();
            }
        }, "dt-late");
        late.start();
        late.join();
        fx.profiler.update();
        fx.controller().showCallGraph(fresh);
        fx.build();
        assertEquals(10, fx.row(fresh, RowRole.FOCUS).value(Column.COUNT));
    }

    @Test
    void churningThreadsAllocateNothingInUpdateOnceWarm() throws Exception {
        fx = new ProfilerFixture();
        Runnable job = () -> {
            CHURN.begin();
            CHURN.end();
        };
        // Only update() is measured: starting and joining the thread allocates, on this thread, by design.
        AllocationCheck.measure(200, 5, 50, i -> {
            try {
                runThread(job, "dt-pool-worker");
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }, i -> fx.profiler.update()).assertSteady("update() after a thread that ended (it reuses the contexts and"
                + " rings of ended threads)");
    }

    @Test
    void scopeClosedOnAnotherThreadIsCountedAndLeavesTheOwnerAlone() throws Exception {
        fx = new ProfilerFixture();
        ZoneScope scope = A.enter();
        fx.clock.advance(10);
        Thread other = new Thread(scope::close, "dt-foreign");
        other.start();
        other.join();
        fx.clock.advance(5);
        scope.close();
        fx.profiler.update();
        ReportRow a = flat(A);
        assertEquals(15, a.value(Column.SELF), "the owner's own close ended the zone");
        assertEquals(1, fx.report.problemsInFrame(Problem.FOREIGN_THREAD_CLOSE));
        assertEquals(0, fx.report.problemsInFrame(Problem.EXTRA_END));
    }

    private static void runThread(Runnable job, String name) throws InterruptedException {
        Thread t = new Thread(job, name);
        t.start();
        t.join();
    }

    @SuppressWarnings("unchecked")
    private static <T> WeakReference<T>[] newRefs(int n) {
        return new WeakReference[n];
    }

    private static boolean collected(WeakReference<?>[] refs) throws InterruptedException {
        for (int attempt = 0; attempt < 50; attempt++) {
            System.gc();
            boolean all = true;
            for (WeakReference<?> ref : refs) {
                all &= ref.get() == null;
            }
            if (all) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
