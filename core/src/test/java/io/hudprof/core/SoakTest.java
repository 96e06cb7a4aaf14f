package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Many threads on the system clock: unthrottled writers, a thread that floods its ring, and churning short-lived
 * threads, while update() runs in a loop. Every entry is either reported in some frame or covered by a counted
 * drop; with no drops the counts are exact. update() is bounded only as a hang guard, the heap as a leak guard.
 */
class SoakTest {
    private static final Zone WORK = Zone.local("soak-work");
    private static final Zone STEP = Zone.local("soak-step");
    private static final long MILLIS = Long.getLong("hudprof.soakMillis", 2_000);

    @Test
    void reportedEntriesPlusCountedDropsCoverEveryRecordedEntry() throws Exception {
        Profiler profiler = new Profiler(ProfilerConfig.builder().eventCapacity(1 << 12).build());
        Hudprof.install(profiler);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong recorded = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        try {
            for (int w = 0; w < 3; w++) {
                threads.add(start("soak-writer-" + w, () -> {
                    long n = 0;
                    while (!stop.get()) {
                        try (ZoneScope s = WORK.enter()) {
                            STEP.begin();
                            STEP.end();
                        }
                        n++;
                    }
                    recorded.addAndGet(n);
                }));
            }
            threads.add(start("soak-churn", () -> {
                while (!stop.get()) {
                    Thread t = new Thread(() -> {
                        WORK.begin();
                        STEP.begin();
                        STEP.end();
                        WORK.end();
                        recorded.incrementAndGet();
                    });
                    t.start();
                    try {
                        t.join();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }));
            Report report = new Report();
            ReportController c = ReportController.of(profiler);
            c.setAveraging(Averaging.INSTANTANEOUS);
            c.showCallGraph(WORK);
            double reported = 0;
            long longestUpdate = 0;
            long end = System.nanoTime() + MILLIS * 1_000_000;
            while (System.nanoTime() < end) {
                long t0 = System.nanoTime();
                profiler.update();
                longestUpdate = Math.max(longestUpdate, System.nanoTime() - t0);
                c.build(report);
                reported += focusCount(report);
            }
            stop.set(true);
            for (Thread t : threads) {
                t.join();
            }
            profiler.update();
            c.build(report);
            reported += focusCount(report);
            long drops = profiler.problemsTotal(Problem.DROPPED_EVENTS);
            assertTrue(reported <= recorded.get(), reported + " reported of " + recorded.get());
            assertTrue(recorded.get() <= reported + drops,
                    recorded.get() + " recorded, " + reported + " reported, " + drops + " dropped");
            if (drops == 0) {
                assertEquals(recorded.get(), reported);
            }
            assertTrue(longestUpdate < 5_000_000_000L, "update() never hangs");
            System.gc();
            Runtime rt = Runtime.getRuntime();
            assertTrue(rt.totalMemory() - rt.freeMemory() < 512L << 20, "heap stays bounded");
            assertTrue(profiler.threadCount() <= 6);
        } finally {
            stop.set(true);
            Hudprof.uninstall();
        }
    }

    private static double focusCount(Report report) {
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow row = report.row(i);
            if (row.role() == RowRole.FOCUS) {
                return row.value(Column.COUNT);
            }
        }
        return 0;
    }

    private static Thread start(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.start();
        return t;
    }
}
