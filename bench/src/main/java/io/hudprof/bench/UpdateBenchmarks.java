package io.hudprof.bench;

import java.util.concurrent.TimeUnit;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@code Profiler.update()} (gather, commit, averages, 512-frame full history) against the events recorded in the
 * frame and the number of zone-stack states in the tree, in µs per update. The frame's events are recorded in an
 * invocation-level set-up, outside the timed region; the results page fits {@code a + b·events + c·states}.
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class UpdateBenchmarks {
    @Param({"100", "1000", "10000"})
    int events;

    @Param({"10", "100", "1000"})
    int states;

    private Profiler profiler;
    private StateGrid grid;

    @Setup(Level.Trial)
    public void buildTree() {
        BenchProfilers.checkCompiledIn(true);
        profiler = BenchProfilers.install();
        grid = new StateGrid(states);
        grid.recordAll();
        profiler.update();
        checkTreeSize();
    }

    /** The flat report has one row per zone: the grid's zones plus the thread's root. */
    private void checkTreeSize() {
        Report report = new Report();
        ReportController.of(profiler).setMode(ReportMode.SELF_TIME);
        ReportController.of(profiler).build(report);
        if (report.rowCount() != states + 1) {
            throw new IllegalStateException("expected " + (states + 1) + " rows, got " + report.rowCount());
        }
    }

    @Setup(Level.Invocation)
    public void recordFrame() {
        grid.record(events);
    }

    @Benchmark
    public void update() {
        profiler.update();
    }

    @TearDown(Level.Trial)
    public void check() {
        BenchProfilers.checkNothingDropped(profiler);
        Hudprof.uninstall();
    }
}
