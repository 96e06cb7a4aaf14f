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
 * A zone pair's whole cost next to its recording cost and the floor, in one run: {@code record*} time the
 * {@link ZoneWorkloads#PAIRS} pairs of a frame with {@code update()} in the tear-down (what {@link ZoneBenchmarks}
 * times), {@code whole*} time the same pairs followed by the {@code update()} that replays them, so each pair carries
 * its share of the update (a frame of 2,048 events on one thread: the update's fixed part, about 0.4 µs, is 0.2 ns a
 * pair of it). {@code floor} is two {@code System.nanoTime()} calls per pair under the same harness.
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(2)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class WholeCostBenchmarks {

    /** An installed, enabled profiler, drained after every invocation, outside the timed region. */
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

    /** An installed, enabled profiler whose update() the benchmark calls inside the timed region. */
    @State(Scope.Thread)
    public static class Whole {
        Profiler profiler;

        @Setup(Level.Trial)
        public void install() {
            BenchProfilers.checkCompiledIn(true);
            profiler = BenchProfilers.install();
        }

        @TearDown(Level.Trial)
        public void check() {
            BenchProfilers.checkNothingDropped(profiler);
            if (profiler.recordedFrames() == 0) {
                throw new IllegalStateException("no frame was recorded: the whole cost would leave update() out");
            }
            Hudprof.uninstall();
        }
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public long floor(Recording r) {
        return ClockFloor.pairs();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void recordTryWithResources(Recording r) {
        ZoneWorkloads.tryWithResources();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void recordBeginEnd(Recording r) {
        ZoneWorkloads.beginEnd();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void recordNested8(Recording r) {
        ZoneWorkloads.nested8();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void recordRecursive8(Recording r) {
        ZoneWorkloads.recursive8();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void wholeTryWithResources(Whole w) {
        ZoneWorkloads.tryWithResources();
        w.profiler.update();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void wholeBeginEnd(Whole w) {
        ZoneWorkloads.beginEnd();
        w.profiler.update();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void wholeNested8(Whole w) {
        ZoneWorkloads.nested8();
        w.profiler.update();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void wholeRecursive8(Whole w) {
        ZoneWorkloads.recursive8();
        w.profiler.update();
    }
}
