package io.hudprof.bench;

import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
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
 * {@code update()} per event when the frame's events come from many threads: {@value #THREADS} worker threads each
 * record {@value #PAIRS_PER_THREAD} pairs of a two-level zone ({@code job{step}}) in an invocation-level set-up, then
 * the benchmark thread's {@code update()} drains all their rings. The workers stay alive between frames, as a pool's
 * do; compare with {@link UpdatePatternBenchmarks}, where one thread records the same number of events.
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class UpdateThreadsBenchmarks {
    static final int THREADS = 8;
    static final int PAIRS_PER_THREAD = ZoneWorkloads.PAIRS / THREADS;
    static final int EVENTS = 2 * ZoneWorkloads.PAIRS;
    static final Zone JOB = Zone.define("bench:job");
    static final Zone STEP = Zone.define("bench:step");

    private Profiler profiler;
    private final Phaser frame = new Phaser(THREADS + 1);
    private volatile boolean stop;
    private Thread[] workers;

    @Setup(Level.Trial)
    public void start() {
        BenchProfilers.checkCompiledIn(true);
        profiler = BenchProfilers.install();
        workers = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            workers[t] = new Thread(this::work, "bench-worker-" + t);
            workers[t].setDaemon(true);
            workers[t].start();
        }
        recordFrame();
        profiler.update();
        // The workers, and the updating thread, which update() gives a recorder of its own.
        if (profiler.threadCount() != THREADS + 1) {
            throw new IllegalStateException("expected " + (THREADS + 1) + " recording threads, got "
                    + profiler.threadCount());
        }
    }

    private void work() {
        while (true) {
            frame.arriveAndAwaitAdvance();
            if (stop) {
                return;
            }
            for (int i = 0; i < PAIRS_PER_THREAD / 2; i++) {
                JOB.begin();
                STEP.begin();
                STEP.end();
                JOB.end();
            }
            frame.arriveAndAwaitAdvance();
        }
    }

    /** Lets every worker record its share of the frame and waits until all are done. */
    @Setup(Level.Invocation)
    public void recordFrame() {
        frame.arriveAndAwaitAdvance();
        frame.arriveAndAwaitAdvance();
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public void updatePerEvent() {
        profiler.update();
    }

    @TearDown(Level.Trial)
    public void check() {
        stop = true;
        frame.arriveAndAwaitAdvance();
        BenchProfilers.checkNothingDropped(profiler);
        Hudprof.uninstall();
    }
}
