package io.hudprof.bench;

import java.util.concurrent.TimeUnit;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Allocation per zone: a zone pair with the mode off and on, against the clock floor (two clock reads) in the same
 * run, in ns a pair; and {@code update()} per event with the mode on. As in {@link ZoneBenchmarks}, each invocation
 * records {@link ZoneWorkloads#PAIRS} pairs and the update runs in an invocation-level tear-down, outside the timed
 * region, so the ring never fills. Report ratios to {@link #floor()}, not the raw numbers.
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class AllocationZoneBenchmarks {

    /** An installed profiler with allocation per zone off or on, drained after every invocation. */
    @State(Scope.Thread)
    public static class Recording {
        @Param({"off", "on"})
        String alloc;

        Profiler profiler;

        @Setup(Level.Trial)
        public void install() {
            BenchProfilers.checkCompiledIn(true);
            profiler = Hudprof.install(new Profiler(BenchProfilers.config()
                    .allocationPerZone(alloc.equals("on")).build()));
        }

        @TearDown(Level.Invocation)
        public void endFrame() {
            profiler.update();
        }

        @TearDown(Level.Trial)
        public void check() {
            BenchProfilers.checkNothingDropped(profiler);
            Hudprof.uninstall();
        }
    }

    /** The floor: two clock reads a pair and nothing else. */
    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public long floor() {
        return ClockFloor.pairs();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void beginEnd(Recording r) {
        ZoneWorkloads.beginEnd();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void tryWithResources(Recording r) {
        ZoneWorkloads.tryWithResources();
    }

    /** {@code update()} after a frame of 10,000 events over 100 states, in µs; divide by 10,000 for per event. */
    @State(Scope.Thread)
    public static class Update {
        @Param({"off", "on"})
        String alloc;

        Profiler profiler;
        StateGrid grid;

        @Setup(Level.Trial)
        public void install() {
            BenchProfilers.checkCompiledIn(true);
            profiler = Hudprof.install(new Profiler(BenchProfilers.config()
                    .allocationPerZone(alloc.equals("on")).build()));
            grid = new StateGrid(100);
            grid.recordAll();
            profiler.update();
        }

        @Setup(Level.Invocation)
        public void recordFrame() {
            grid.record(10_000);
        }

        @TearDown(Level.Trial)
        public void check() {
            BenchProfilers.checkNothingDropped(profiler);
            Hudprof.uninstall();
        }
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public void update10000Events(Update u) {
        u.profiler.update();
    }
}
