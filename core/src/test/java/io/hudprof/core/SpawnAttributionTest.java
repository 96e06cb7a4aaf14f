package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import io.hudprof.testkit.AllocationCheck;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Work handed to worker threads: on the worker's thread, and charged to the spawning zone without double counting. */
class SpawnAttributionTest {
    private static final Zone PHYSICS = Zone.local("sp-physics");
    private static final Zone NARROW = Zone.local("sp-narrow");
    private static final Zone SOLVE = Zone.local("sp-solve islands");
    private static final Zone CONTACT = Zone.local("sp-contact");

    /**
     * Frame (0..20 µs): main runs PHYSICS 0..10 with NARROW 1..3, and after NARROW hands two tasks to a worker.
     * Task 1 runs 4..9 on the worker: 1 µs outside zones, then SOLVE 5..9 with CONTACT 6..7. Task 2 runs 11..14,
     * after PHYSICS ended (it is still PHYSICS's work): SOLVE 11..14.
     */
    private static void frame(ProfilerFixture fx, ThreadWorker worker) {
        PHYSICS.begin();
        fx.micros(1);
        NARROW.begin();
        fx.micros(2);
        NARROW.end();
        Runnable task1 = Hudprof.wrap(() -> {
            fx.micros(1);
            SOLVE.begin();
            fx.micros(1);
            CONTACT.begin();
            fx.micros(1);
            CONTACT.end();
            fx.micros(2);
            SOLVE.end();
        });
        Runnable task2 = Hudprof.wrap(() -> {
            SOLVE.begin();
            fx.micros(3);
            SOLVE.end();
        });
        fx.micros(1);
        worker.run(task1);
        fx.micros(1);
        PHYSICS.end();
        fx.micros(1);
        worker.run(task2);
        fx.micros(6);
        fx.profiler.update();
    }

    @Test
    void workerTimeShowsInTheSpawningZonesCallGraphAndNoSumCountsItTwice() {
        try (ProfilerFixture fx = new ProfilerFixture(); ThreadWorker worker = new ThreadWorker("sp-worker")) {
            frame(fx, worker);
            fx.controller().setAveraging(Averaging.INSTANTANEOUS);
            fx.controller().showCallGraph(PHYSICS);
            Report report = fx.build();
            ReportRow focus = fx.row(PHYSICS, RowRole.FOCUS);
            assertEquals(10_000, focus.value(Column.HIER), "PHYSICS's own time is its own thread's");
            double children = 0;
            for (int i = 0; i < report.rowCount(); i++) {
                if (report.row(i).role() == RowRole.CHILD) {
                    children += report.row(i).value(Column.HIER);
                }
            }
            assertEquals(focus.value(Column.HIER) - focus.value(Column.SELF), children,
                    "children still sum to hier - self: worker rows are not children");
            ReportRow solve = fx.row(SOLVE, RowRole.SPAWNED);
            assertNotNull(solve, "[workers] sp-solve islands");
            assertEquals("[workers] sp-solve islands", solve.name());
            assertEquals(4_000 + 3_000, solve.value(Column.HIER), "both tasks' SOLVE, CONTACT included");
            assertEquals(3_000 + 3_000, solve.value(Column.SELF));
            assertEquals(2, solve.value(Column.COUNT));
            Zone taskZone = Zone.byId(Spawns.taskZoneOf(PHYSICS.id()));
            assertEquals("[tasks of sp-physics]", taskZone.name());
            ReportRow outside = fx.row(taskZone, RowRole.SPAWNED);
            assertEquals(1_000, outside.value(Column.SELF), "task 1's microsecond outside any zone");
            assertNull(fx.row(CONTACT, RowRole.SPAWNED), "only the zones right inside the tasks");

            // Every thread's frame adds up once: the worker's task time is in the worker's total only.
            fx.controller().setMode(ReportMode.SELF_TIME);
            Report flat = fx.build();
            double selfSum = 0;
            for (int i = 0; i < flat.threadCount(); i++) {
                selfSum += flat.threadTotal(i);
            }
            int work = -1;
            for (int i = 0; i < flat.threadCount(); i++) {
                if (flat.threadName(i).equals("sp-worker")) {
                    work = i;
                }
            }
            assertEquals(8_000, flat.threadBusy(work), "two task zones: 0 + 5 + 3 µs");
            assertEquals(20_000 + flat.threadTotal(work), selfSum);

            // The main thread alone still shows what PHYSICS handed to workers.
            fx.controller().setThread(fx.profiler.data().threads().rootZone(0));
            fx.controller().showCallGraph(PHYSICS);
            fx.build();
            assertEquals(7_000, fx.row(SOLVE, RowRole.SPAWNED).value(Column.HIER));
            assertNull(fx.row(SOLVE, RowRole.FLAT));
        }
    }

    private static final Zone SIM = Zone.local("sp-sim");
    private static final Zone EDITOR = Zone.local("sp-editor");

    /** Hands a task of {@code micros} µs of SOLVE to the worker from inside the current zone path. */
    private static void solveOnWorker(ProfilerFixture fx, ThreadWorker worker, long micros) {
        Runnable task = Hudprof.wrap(() -> {
            SOLVE.begin();
            fx.micros(micros);
            SOLVE.end();
        });
        worker.run(task);
    }

    @Test
    void theSameZoneInTwoContextsChargesItsWorkersToEachPathApart() {
        try (ProfilerFixture fx = new ProfilerFixture(); ThreadWorker worker = new ThreadWorker("sp-path-worker")) {
            // SIM { PHYSICS { -> 2 µs of SOLVE } }, then EDITOR { PHYSICS { -> 5 µs of SOLVE; NARROW { -> 1 µs } } }.
            SIM.begin();
            PHYSICS.begin();
            solveOnWorker(fx, worker, 2);
            PHYSICS.end();
            SIM.end();
            EDITOR.begin();
            PHYSICS.begin();
            solveOnWorker(fx, worker, 5);
            NARROW.begin();
            solveOnWorker(fx, worker, 1);
            NARROW.end();
            fx.micros(1);
            PHYSICS.end();
            EDITOR.end();
            fx.profiler.update();
            fx.controller().setAveraging(Averaging.INSTANTANEOUS);
            fx.controller().showCallGraph(PHYSICS);
            Report report = fx.build();
            // Rows in order: each path's task zone row, then its [workers] rows.
            java.util.List<String> spawned = new java.util.ArrayList<>();
            java.util.List<Double> hier = new java.util.ArrayList<>();
            for (int i = 0; i < report.rowCount(); i++) {
                if (report.row(i).role() == RowRole.SPAWNED) {
                    spawned.add(report.row(i).name());
                    hier.add(report.row(i).value(Column.HIER));
                }
            }
            assertEquals(java.util.List.of("[in sp-sim]", "[workers] sp-solve islands",
                    "[in sp-editor]", "[workers] sp-solve islands"), spawned,
                    "PHYSICS under SIM and under EDITOR: two groups; NARROW's task is NARROW's, not PHYSICS's");
            assertEquals(2_000, hier.get(1), "SIM > PHYSICS's worker time");
            assertEquals(5_000, hier.get(3), "EDITOR > PHYSICS's worker time");
            ReportRow focus = fx.row(PHYSICS, RowRole.FOCUS);
            assertEquals(2_000 + 5_000 + 1_000 + 1_000, focus.value(Column.HIER),
                    "PHYSICS's hier is its own thread's wall time (it waited for each task), counted once");

            fx.controller().showCallGraph(NARROW);
            Report narrow = fx.build();
            int rows = 0;
            for (int i = 0; i < narrow.rowCount(); i++) {
                if (narrow.row(i).role() == RowRole.SPAWNED) {
                    if (rows == 0) {
                        assertEquals("[in sp-physics < sp-editor]", narrow.row(i).name(), "the path, innermost first");
                    }
                    rows++;
                    if (narrow.row(i).zoneId() == SOLVE.id()) {
                        assertEquals(1_000, narrow.row(i).value(Column.HIER));
                    }
                }
            }
            assertEquals(2, rows, "[in sp-physics < sp-editor] and its one [workers] row");

            int simTask = -1;
            int editorTask = -1;
            for (int z = 0; z < Zone.count(); z++) {
                Zone zone = Zone.byId(z);
                if (zone != null && zone.name().equals("[tasks of sp-physics in sp-sim]")) {
                    simTask = z;
                } else if (zone != null && zone.name().equals("[tasks of sp-physics in sp-editor]")) {
                    editorTask = z;
                }
            }
            assertTrue(simTask >= 0 && editorTask >= 0 && simTask != editorTask, "one task zone per path");
            assertEquals(PHYSICS.id(), Spawns.spawnerOf(simTask));
            assertEquals(PHYSICS.id(), Spawns.spawnerOf(editorTask));
        }
    }

    @Test
    void findingAPathsTaskZoneAllocatesNothingOnceMade() {
        try (ProfilerFixture fx = new ProfilerFixture()) {
            // A frame: task-zone lookups on two paths; an update every 2,000 frames.
            AllocationCheck.measure(2_000, 5, 2_000, i -> { }, i -> {
                SIM.begin();
                PHYSICS.begin();
                Zone physicsTasks = Hudprof.spawnZone();
                NARROW.begin();
                Zone narrowTasks = Hudprof.spawnZone();
                NARROW.end();
                PHYSICS.end();
                SIM.end();
                if (physicsTasks == narrowTasks) {
                    throw new AssertionError("two paths, one task zone");
                }
                if (i % 2_000 == 1_999) {
                    fx.profiler.update();
                }
            }).assertSteady("task-zone lookups");
            SIM.begin();
            PHYSICS.begin();
            assertEquals("[tasks of sp-physics in sp-sim]", Hudprof.spawnZone().name());
            PHYSICS.end();
            SIM.end();
        }
    }

    @Test
    void wrapReturnsTheTaskItselfWhenNothingRecords() {
        Hudprof.uninstall();
        Runnable task = () -> { };
        assertSame(task, Hudprof.wrap(task));
        Callable<String> call = () -> "x";
        assertSame(call, Hudprof.wrap(call));
    }

    @Test
    void executorDecoratorRunsEachTaskInsideTheSubmittingZonesTaskZone() throws Exception {
        try (ProfilerFixture fx = new ProfilerFixture()) {
            ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "sp-pool"));
            ExecutorService profiled = Hudprof.wrap(pool);
            try {
                PHYSICS.begin();
                Callable<Integer> callable = () -> {
                    SOLVE.begin();
                    fx.micros(2);
                    SOLVE.end();
                    return 42;
                };
                assertEquals(42, profiled.submit(callable).get());
                profiled.submit(() -> {
                    CONTACT.begin();
                    fx.micros(1);
                    CONTACT.end();
                }).get();
                PHYSICS.end();
                fx.profiler.update();
                fx.controller().setAveraging(Averaging.INSTANTANEOUS);
                fx.controller().showCallGraph(PHYSICS);
                fx.build();
                assertEquals(2_000, fx.row(SOLVE, RowRole.SPAWNED).value(Column.HIER));
                assertEquals(1_000, fx.row(CONTACT, RowRole.SPAWNED).value(Column.HIER));
            } finally {
                profiled.shutdown();
                assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
            }
        }
    }
}
