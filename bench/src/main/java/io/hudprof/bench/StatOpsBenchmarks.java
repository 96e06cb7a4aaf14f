package io.hudprof.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import io.hudprof.stats.Counter;
import io.hudprof.stats.IntDistribution;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * One statistics operation per benchmark call, next to a plain field increment and {@link LongAdder#increment()}
 * under the same harness, in ns per operation. One operation a call (not a loop of them) because the JIT folds a loop
 * of plain increments into one add, which would make the reference meaningless; JMH's own loop (under 1 ns) is in
 * every row alike, so compare the ratios.
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(2)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class StatOpsBenchmarks {
    static final Counter COUNTER = Counter.define("BenchOps/Counter");
    static final Counter LEVEL = Counter.defineLevel("BenchOps/Level");
    static final IntDistribution DISTRIBUTION = IntDistribution.define("BenchOps/Distribution");

    long field;
    final LongAdder adder = new LongAdder();
    int value;

    @Benchmark
    public void plainFieldIncrement() {
        field++;
    }

    @Benchmark
    public void longAdderIncrement() {
        adder.increment();
    }

    @Benchmark
    public void counterIncrement() {
        COUNTER.increment();
    }

    /** A level goes up and down; alternating keeps it bounded. */
    @Benchmark
    public void levelAdd() {
        LEVEL.add((value++ & 1) == 0 ? 1 : -1);
    }

    @Benchmark
    public void distributionReport() {
        DISTRIBUTION.report(value++ & 1023);
    }
}
