package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Threads other than the updating one are gathered at update() with no race and no lost time. */
class ThreadsTest {
    private static final int WORKERS = 3;
    private static final int ITERATIONS = 20_000;

    private ProfilerFixture fx;

    @AfterEach
    void tearDown() {
        fx.close();
    }

    @Test
    void workersRecordingUnderContentionGiveExactCountsAndLoseNoTime() throws Exception {
        fx = new ProfilerFixture(ProfilerConfig.builder().eventCapacity(1 << 20));
        Zone[] outer = new Zone[WORKERS];
        Zone[] inner = new Zone[WORKERS];
        Zone[] roots = new Zone[WORKERS];
        CountDownLatch registered = new CountDownLatch(WORKERS);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch mayExit = new CountDownLatch(1);
        AtomicInteger finished = new AtomicInteger();
        Thread[] threads = new Thread[WORKERS];
        for (int w = 0; w < WORKERS; w++) {
            outer[w] = Zone.local("job-" + w);
            inner[w] = Zone.local("step-" + w);
            roots[w] = Zone.threadRoot("worker-" + w);
            int id = w;
            threads[w] = new Thread(() -> {
                outer[id].begin();
                outer[id].end();
                registered.countDown();
                await(go);
                for (int i = 1; i < ITERATIONS; i++) {
                    try (ZoneScope job = outer[id].enter()) {
                        inner[id].begin();
                        inner[id].end();
                    }
                }
                finished.incrementAndGet();
                await(mayExit);
            }, "worker-" + w);
            threads[w].start();
        }
        registered.await();
        long start = fx.clock.nanoTime();
        fx.profiler.update();
        double[] counts = new double[WORKERS];
        long[] threadTime = new long[WORKERS];
        collect(outer, inner, roots, counts, threadTime);
        go.countDown();
        while (finished.get() < WORKERS) {
            fx.clock.advance(1_000);
            fx.profiler.update();
            collect(outer, inner, roots, counts, threadTime);
        }
        fx.clock.advance(1_000);
        fx.profiler.update();
        collect(outer, inner, roots, counts, threadTime);
        long end = fx.clock.nanoTime();
        mayExit.countDown();
        for (Thread t : threads) {
            t.join();
        }
        for (int w = 0; w < WORKERS; w++) {
            assertEquals(ITERATIONS, counts[w], "entries of job-" + w);
            assertEquals(end - start, threadTime[w], "every nanosecond of worker-" + w + " is in some frame");
        }
        assertEquals(0, fx.profiler.problemsTotal(Problem.DROPPED_EVENTS));
        assertTrue(fx.profiler.recordedFrames() > 2);
    }

    private void collect(Zone[] outer, Zone[] inner, Zone[] roots, double[] counts, long[] threadTime) {
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().setMode(ReportMode.SELF_TIME);
        fx.build();
        long[] self = new long[3];
        for (int w = 0; w < WORKERS; w++) {
            ReportRow row = fx.row(outer[w], RowRole.FLAT);
            counts[w] += row == null ? 0 : row.value(Column.COUNT);
            fx.profiler.history().zoneSelf(0, new int[] {roots[w].id(), outer[w].id(), inner[w].id()}, 3, self);
            threadTime[w] += self[0] + self[1] + self[2];
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void workerZonesShowUnderTheirThreadInTheCallGraph() throws Exception {
        fx = new ProfilerFixture();
        Zone job = Zone.local("loader");
        Thread t = new Thread(() -> {
            job.begin();
            fx.micros(40);
            job.end();
        }, "asset-loader");
        t.start();
        t.join();
        fx.profiler.update();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().showCallGraph(job);
        Report report = fx.build();
        assertEquals("<asset-loader>", report.row(0).name());
        assertEquals(RowRole.PARENT, report.row(0).role());
        assertEquals(40_000, report.row(0).value(Column.HIER));
    }

    @Test
    void aWorkerZoneSpanningFramesIsSplitAtTheFrameBoundary() throws Exception {
        fx = new ProfilerFixture();
        Zone longJob = Zone.local("long-job");
        CountDownLatch begun = new CountDownLatch(1);
        CountDownLatch end = new CountDownLatch(1);
        CountDownLatch ended = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            longJob.begin();
            begun.countDown();
            await(end);
            longJob.end();
            ended.countDown();
            await(new CountDownLatch(0));
        }, "long-worker");
        t.start();
        begun.await();
        fx.micros(30);
        fx.profiler.update();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().setMode(ReportMode.SELF_TIME);
        fx.build();
        assertEquals(30_000, fx.row(longJob, RowRole.FLAT).value(Column.SELF));
        assertEquals(1, fx.row(longJob, RowRole.FLAT).value(Column.COUNT));
        fx.micros(20);
        end.countDown();
        ended.await();
        fx.micros(5);
        fx.profiler.update();
        fx.build();
        assertEquals(20_000, fx.row(longJob, RowRole.FLAT).value(Column.SELF));
        assertEquals(0, fx.row(longJob, RowRole.FLAT).value(Column.COUNT), "entered in the frame before");
        t.join();
    }
}
