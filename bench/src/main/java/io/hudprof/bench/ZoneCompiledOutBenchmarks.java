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
 * A zone pair with hudprof compiled out at start-up ({@code -Dhudprof.enabled=false}, read once into a
 * {@code static final}): the JIT should fold every zone call to nothing, leaving only the loop. The property is
 * per JVM, so these run in forks of their own; the state refuses to run if the property did not take.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 2, jvmArgsAppend = "-Dhudprof.enabled=false")
public class ZoneCompiledOutBenchmarks {

    /** A profiler installed in a JVM where hudprof is compiled out. */
    @State(Scope.Thread)
    public static class CompiledOut {
        Profiler profiler;

        @Setup(Level.Trial)
        public void install() {
            BenchProfilers.checkCompiledIn(false);
            profiler = BenchProfilers.install();
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
    public void tryWithResources(CompiledOut s) {
        ZoneWorkloads.tryWithResources();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void beginEnd(CompiledOut s) {
        ZoneWorkloads.beginEnd();
    }
}
