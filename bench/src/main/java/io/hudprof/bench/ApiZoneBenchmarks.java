package io.hudprof.bench;

import java.util.concurrent.TimeUnit;

import io.hudprof.api.HudprofBackend;
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
 * A zone pair through {@code hudprof-api}, in ns: with no backend bound (what a libGDX core costs on Android, iOS,
 * the web, or a desktop without hudprof: the JIT should leave only the loop), and bound to core, beside core's own
 * {@code Zone} on the same zone in the same run (the api's promise: within 5 % of it).
 *
 * <p>Every benchmark runs in forks of its own, so the unbound ones never see a backend (their state checks it) and
 * the bound ones load exactly one backend class, as a game does. Recording benchmarks drain the profiler after each
 * invocation, outside the timed region, as {@link ZoneBenchmarks} does.
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(2)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ApiZoneBenchmarks {

    /** Nothing bound: core is never started in this fork. */
    @State(Scope.Thread)
    public static class Unbound {
        @Setup(Level.Trial)
        public void check() {
            if (HudprofBackend.bound() != null) {
                throw new IllegalStateException("a backend is bound: the unbound figures would measure it");
            }
        }
    }

    /** Core started (which binds the api) with a recording profiler, drained after every invocation. */
    @State(Scope.Thread)
    public static class Bound {
        Profiler profiler;

        @Setup(Level.Trial)
        public void install() {
            BenchProfilers.checkCompiledIn(true);
            profiler = BenchProfilers.install();
            if (HudprofBackend.bound() == null) {
                throw new IllegalStateException("installing the profiler did not bind the api");
            }
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
    public void apiUnboundBeginEnd(Unbound s) {
        ApiZoneWorkloads.beginEnd();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void apiUnboundTryWithResources(Unbound s) {
        ApiZoneWorkloads.tryWithResources();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void apiBoundBeginEnd(Bound s) {
        ApiZoneWorkloads.beginEnd();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void apiBoundTryWithResources(Bound s) {
        ApiZoneWorkloads.tryWithResources();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void coreBeginEnd(Bound s) {
        ZoneWorkloads.beginEnd();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void coreTryWithResources(Bound s) {
        ZoneWorkloads.tryWithResources();
    }
}
