package io.hudprof.bench;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * The statistics hot paths ({@link StatWorkloads}), ns per operation. They need no profiler and nothing drains
 * them, so they run without an invocation-level fixture: JMH times a loop of invocations, which differs from the
 * zone harness by well under 0.1 ns an operation.
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class StatsBenchmarks {
    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void counterIncrement() {
        StatWorkloads.counterIncrement();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void timerStartStop() {
        StatWorkloads.timerStartStop();
    }

    @Benchmark
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void phaseEnterExit() {
        StatWorkloads.phaseEnterExit();
    }
}
