package io.hudprof.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;

import io.hudprof.bench.peers.NaiveStopwatch;
import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.testkit.AllocationCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every hudprof hot path that the benchmarks time allocates nothing once warmed up: each {@link ZonePattern} with
 * recording on and with recording switched off, {@code update()} after each, report building in every mode, and
 * the statistics module's counter, timer and phase.
 * Not a timing test: it reads allocated bytes, which do not depend on how busy the machine is.
 */
class HotPathAllocationTest {
    private static final int WARM_UP = 5_000;
    private static final int WINDOWS = 5;
    private static final int PER_WINDOW = 500;

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    @ParameterizedTest
    @EnumSource(ZonePattern.class)
    void zonePairsAndUpdateAllocateNothingWhileRecording(ZonePattern pattern) {
        Profiler profiler = BenchProfilers.install();
        AllocationCheck.assertSteady(pattern + ": " + ZoneWorkloads.PAIRS + " zone pairs and an update a frame",
                WARM_UP, WINDOWS, PER_WINDOW, () -> {
                    pattern.run();
                    profiler.update();
                });
        BenchProfilers.checkNothingDropped(profiler);
    }

    @ParameterizedTest
    @EnumSource(ZonePattern.class)
    void zonePairsAllocateNothingWhileSwitchedOff(ZonePattern pattern) {
        Profiler profiler = BenchProfilers.install();
        profiler.setEnabled(false);
        AllocationCheck.assertSteady(pattern + " switched off: " + ZoneWorkloads.PAIRS + " zone pairs a frame",
                WARM_UP, WINDOWS, PER_WINDOW, () -> {
                    pattern.run();
                    profiler.update();
                });
    }

    @Test
    void statisticsOperationsAllocateNothing() {
        Runnable[] operations = {StatWorkloads::counterIncrement, StatWorkloads::timerStartStop,
                StatWorkloads::phaseEnterExit};
        String[] names = {"Counter.increment", "StatTimer start/stop", "Phase enter/exit"};
        for (int i = 0; i < operations.length; i++) {
            AllocationCheck.assertSteady(names[i] + ": " + ZoneWorkloads.PAIRS + " operations a frame", WARM_UP,
                    WINDOWS, PER_WINDOW, operations[i]);
        }
    }

    /** The control: the meter does see allocation, here the boxed Longs of the hand-written HashMap stopwatch. */
    @Test
    void meterSeesTheHashMapStopwatchAllocate() {
        NaiveStopwatch stopwatch = new NaiveStopwatch();
        AllocationCheck.Windows windows = AllocationCheck.measure(WARM_UP, WINDOWS, PER_WINDOW, () -> {
            for (int i = 0; i < ZoneWorkloads.PAIRS; i++) {
                stopwatch.start("zone");
                stopwatch.stop("zone");
            }
        });
        assertFalse(windows.steady(), "the HashMap stopwatch passed the check: the meter is blind " + windows);
    }

    @Test
    void buildingReportsInEveryModeAllocatesNothing() {
        try (SyntheticGame game = new SyntheticGame(512)) {
            ReportController controller = ReportController.of(game.profiler());
            Report report = new Report();
            AllocationCheck.assertSteady("report building in every mode", 2_000, WINDOWS, 200, () -> {
                game.frame();
                controller.setMode(ReportMode.SELF_TIME);
                controller.build(report);
                controller.setMode(ReportMode.HIERARCHICAL_TIME);
                controller.build(report);
                controller.showCallGraph(SyntheticGame.RAYCAST);
                controller.build(report);
            });
        }
    }
}
