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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * hudprof's hot path with recording on: the cost of one zone pair (enter + exit), in ns.
 *
 * <p>Each invocation performs {@link ZoneWorkloads#PAIRS} pairs; the profiler's {@code update()} runs after it in an
 * invocation-level tear-down, outside the timed region, so the ring is drained (never fills, never takes the drop
 * path) and the update cost, measured by {@link UpdateBenchmarks} and {@link UpdatePatternBenchmarks}, does not
 * leak into these numbers. Timing each invocation costs two clock reads per 1,024 pairs (under 0.1 ns a pair).
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(2)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ZoneBenchmarks {

    /** An installed, enabled profiler, drained after every invocation. */
    @State(Scope.Thread)
    public static class Recording {
        Profiler profiler;

        @Setup(Level.Trial)
        public void install() {
            BenchProfilers.checkCompiledIn(true);
            profiler = BenchProfilers.install();
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

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void tryWithResources(Recording r) {
        ZoneWorkloads.tryWithResources();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void beginEnd(Recording r) {
        ZoneWorkloads.beginEnd();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void nested8(Recording r) {
        ZoneWorkloads.nested8();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void sameParent(Recording r) {
        ZoneWorkloads.sameParent();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void alternatingParents(Recording r) {
        ZoneWorkloads.alternatingParents();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void recursive8(Recording r) {
        ZoneWorkloads.recursive8();
    }
}
