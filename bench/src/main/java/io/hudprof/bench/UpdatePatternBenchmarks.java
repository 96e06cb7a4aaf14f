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
 * Where the cost of resolving zone-stack states lands: in this design the recorder only appends events, and
 * {@code update()} resolves each begin to a state (IProf's one-entry cache per zone, a hash probe on a miss). This
 * times {@code update()} per event for each {@link ZonePattern}, whose {@link ZoneWorkloads#EVENTS} events are
 * recorded in an invocation-level set-up outside the timed region; compare ALTERNATING_PARENTS (every child entry
 * misses the cache) with SAME_PARENT (every entry hits).
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class UpdatePatternBenchmarks {
    @Param({"BEGIN_END", "NESTED_8", "SAME_PARENT", "ALTERNATING_PARENTS", "RECURSIVE_8"})
    ZonePattern pattern;

    private Profiler profiler;

    @Setup(Level.Trial)
    public void install() {
        BenchProfilers.checkCompiledIn(true);
        profiler = BenchProfilers.install();
        pattern.run();
        profiler.update();
    }

    @Setup(Level.Invocation)
    public void recordFrame() {
        pattern.run();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.EVENTS)
    public void updatePerEvent() {
        profiler.update();
    }

    @TearDown(Level.Trial)
    public void check() {
        BenchProfilers.checkNothingDropped(profiler);
        Hudprof.uninstall();
    }
}
