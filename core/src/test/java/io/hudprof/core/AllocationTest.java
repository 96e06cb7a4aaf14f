package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.core.report.RecursionDisplay;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.testkit.AllocationCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Steady-state zone entry/exit, {@code update()} and report building allocate nothing, measured with the
 * thread's allocated-bytes counter over thousands of frames after warm-up.
 */
class AllocationTest {
    private static final Zone FRAME = Zone.define("alloc:Frame");
    private static final Zone PHYSICS = Zone.define("alloc:Physics");
    private static final Zone RAYCAST = Zone.define("alloc:Raycast");
    private static final Zone AI = Zone.local("alloc:ai");
    private static final Zone WALK = Zone.local("alloc:walk");

    private static final Averaging[] AVERAGINGS = Averaging.values();
    private static final Metric[] METRICS = Metric.values();
    private static final RecursionDisplay[] RECURSIONS = RecursionDisplay.values();

    private ProfilerFixture fx;

    @AfterEach
    void tearDown() {
        fx.close();
    }

    private void frame(int n) {
        try (ZoneScope f = FRAME.enter()) {
            try (ZoneScope p = PHYSICS.enter()) {
                for (int i = 0; i < 8; i++) {
                    RAYCAST.begin();
                    fx.clock.advance(100 + (n & 7));
                    RAYCAST.end();
                }
            }
            AI.begin();
            for (int i = 0; i < 4; i++) {
                try (ZoneScope r = RAYCAST.enter()) {
                    fx.clock.advance(300);
                }
            }
            AI.end();
            walk(6);
        }
        fx.clock.advance(1000);
    }

    private void walk(int depth) {
        try (ZoneScope w = WALK.enter()) {
            fx.clock.advance(50);
            if (depth > 1) {
                walk(depth - 1);
            }
        }
    }

    /**
     * {@code frame} warmed up, then judged by {@link AllocationCheck}'s rule over five windows: a per-frame allocation
     * shows in every window, a one-off of the JVM's own on this thread (seen: 232 bytes once, at a random frame, with
     * escape analysis on or off) in one.
     */
    private static void assertSteady(String what, int warmUp, int framesPerWindow, IntConsumerFrame frame) {
        AllocationCheck.measure(warmUp, 5, framesPerWindow, n -> { }, frame::run).assertSteady(what);
    }

    @FunctionalInterface
    private interface IntConsumerFrame {
        void run(int n);
    }

    @Test
    void zonesAndUpdateAllocateNothingInSteadyState() {
        fx = new ProfilerFixture();
        IntConsumerFrame oneFrame = n -> {
            frame(n);
            fx.profiler.update();
        };
        assertSteady("zones and update", 20_000, 2_000, oneFrame);
    }

    @Test
    void buildingReportsInEveryModeAllocatesNothingInSteadyState() {
        fx = new ProfilerFixture();
        ReportController c = fx.controller();
        Report report = new Report();
        int[] top = graphZones();
        long[] self = new long[8];
        IntConsumerFrame oneFrame = n -> {
            frame(n);
            fx.profiler.update();
            buildAll(c, report, n, top, self);
        };
        assertSteady("frames of report building", 12_000, 1_000, oneFrame);
    }

    @Test
    void withAllocationPerZoneOnZonesUpdateAndByteReportsAllocateNothing() {
        fx = new ProfilerFixture(ProfilerConfig.builder().allocationPerZone(true));
        ReportController c = fx.controller();
        Report report = new Report();
        int[] top = graphZones();
        long[] self = new long[8];
        IntConsumerFrame oneFrame = n -> {
            frame(n);
            fx.profiler.update();
            c.setMetric(METRICS[n & 1]);
            buildAll(c, report, n, top, self);
            fx.profiler.history().zoneSelf(Metric.ALLOCATED_BYTES, n % 100, top, 4, self);
        };
        assertSteady("frames with allocation per zone on", 12_000, 1_000, oneFrame);
    }

    private void buildAll(ReportController c, Report report, int n, int[] top, long[] self) {
        c.setAveraging(AVERAGINGS[n % 3]);
        c.setRecursion(RECURSIONS[(n / 3) % 2]);
        c.setFrame(0);
        c.setMode(ReportMode.SELF_TIME);
        c.build(report);
        c.setMode(ReportMode.HIERARCHICAL_TIME);
        c.build(report);
        c.showCallGraph(RAYCAST);
        c.build(report);
        c.moveCursor(1);
        c.selectParent();
        c.build(report);
        c.setFrame(n % 20);
        c.build(report);
        fx.profiler.history().zoneSelf(n % 100, top, top.length, self);
    }

    /** The zones a history graph would show (the HUD picks them with the stats module's {@code ZoneRanking}). */
    private static int[] graphZones() {
        return new int[] {RAYCAST.id(), AI.id(), WALK.id(), PHYSICS.id(), FRAME.id()};
    }
}
