package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.core.Averaging;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.ValueUnit;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.testkit.AllocationCheck;
import java.util.EnumSet;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Counting, entering phases, the per-frame merge with every sensor on, and building the statistics report
 * allocate nothing in steady state, measured with the thread's allocated-bytes counter over thousands of frames.
 */
class StatsAllocationTest {
    private static final Counter COUNTER = Counter.define("Alloc/Counter");
    private static final Counter LEVEL = Counter.defineLevel("Alloc/Level");
    private static final MemoryCounter MEMORY = MemoryCounter.define("Alloc/Memory");
    private static final IntDistribution INTS = IntDistribution.define("Alloc/Ints");
    private static final FloatDistribution FLOATS = FloatDistribution.define("Alloc/Floats", ValueUnit.RATIO);
    private static final Percent PERCENT = Percent.define("Alloc/Percent");
    private static final Ratio RATIO = Ratio.define("Alloc/Ratio");
    private static final StatTimer TIMER = StatTimer.define("Alloc/Timer");
    private static final Phase OUTER = Phase.define("Alloc outer");
    private static final Phase INNER = Phase.define("Alloc inner");

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private Profiler profiler;
    private FrameStatistics stats;

    @AfterEach
    void tearDown() {
        stats.detach();
        Hudprof.uninstall();
    }

    private void count(int n) {
        for (int i = 0; i < 16; i++) {
            COUNTER.increment();
            MEMORY.add(64);
            INTS.report(n + i);
            FLOATS.report(i * 0.5);
            PERCENT.count((n + i) % 3 == 0);
            RATIO.add(3, 1);
            long start = TIMER.start();
            clock.advance(100);
            TIMER.stop(start);
            try (PhaseScope outer = OUTER.enter()) {
                INNER.begin();
                INNER.end();
            }
        }
        LEVEL.add((n & 1) == 0 ? 5 : -5);
        clock.advanceMillis(16);
    }

    /** {@code frame} warmed up, then judged by {@link AllocationCheck}'s rule (see core's AllocationTest for why). */
    private static void assertSteady(String what, int warmUp, int framesPerWindow, IntConsumer frame) {
        AllocationCheck.measure(warmUp, 5, framesPerWindow, n -> { }, frame).assertSteady(what);
    }

    @Test
    void countingAndPerFrameMergingWithEverySensorAllocateNothing() {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).build());
        Hudprof.install(profiler);
        stats = FrameStatistics.builder().sensors(EnumSet.allOf(Sensor.class)).attach(profiler);
        Stats.setClock(clock);
        IntConsumer frame = n -> {
            count(n);
            profiler.update();
        };
        assertSteady("counting and merging with every sensor", 20_000, 2_000, frame);
    }

    @Test
    void buildingTheStatisticsReportEveryFrameAllocatesNothing() {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).build());
        Hudprof.install(profiler);
        stats = FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        Stats.setClock(clock);
        ReportController controller = ReportController.of(profiler);
        controller.setMode(ReportMode.STATISTICS);
        Report report = new Report();
        Averaging[] averagings = Averaging.values();
        IntConsumer frame = n -> {
            count(n);
            profiler.update();
            controller.setAveraging(averagings[n % 3]);
            controller.setFrame(n % 20);
            controller.build(report);
            controller.moveCursor((n & 1) == 0 ? 1 : -1);
            stats.history().value(COUNTER, n % 100);
        };
        assertSteady("building the statistics report", 12_000, 1_000, frame);
    }
}
