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
 * A zone pair while recording is switched off at run time ({@code profiler.setEnabled(false)}): what instrumented
 * code costs in a build that ships with hudprof but has it off. Same harness as {@link ZoneBenchmarks}.
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(2)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ZoneDisabledBenchmarks {

    /** An installed profiler with recording switched off. */
    @State(Scope.Thread)
    public static class SwitchedOff {
        Profiler profiler;

        @Setup(Level.Trial)
        public void install() {
            BenchProfilers.checkCompiledIn(true);
            profiler = BenchProfilers.install();
            profiler.setEnabled(false);
        }

        /** Kept so this benchmark is timed per invocation exactly like the enabled one. */
        @TearDown(Level.Invocation)
        public void endFrame() {
            profiler.update();
        }

        @TearDown(Level.Trial)
        public void uninstall() {
            Hudprof.uninstall();
        }
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void tryWithResources(SwitchedOff s) {
        ZoneWorkloads.tryWithResources();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void beginEnd(SwitchedOff s) {
        ZoneWorkloads.beginEnd();
    }
}
