package io.hudprof.bench;

import java.util.concurrent.TimeUnit;

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
 * {@code ReportController.build} in each report mode over the {@link SyntheticGame} profile (49 zones, 512 frames
 * of history), live frame with the default fast averaging, in µs per report. The call graph focuses
 * {@code Raycast}, which has two callers.
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class ReportBenchmarks {
    @Param({"SELF_TIME", "HIERARCHICAL_TIME", "CALL_GRAPH"})
    ReportMode mode;

    private SyntheticGame game;
    private ReportController controller;
    private final Report report = new Report();

    @Setup(Level.Trial)
    public void play() {
        BenchProfilers.checkCompiledIn(true);
        game = new SyntheticGame(512);
        game.frames(600);
        controller = ReportController.of(game.profiler());
        if (mode == ReportMode.CALL_GRAPH) {
            controller.showCallGraph(SyntheticGame.RAYCAST);
        } else {
            controller.setMode(mode);
        }
        controller.build(report);
        int minimum = mode == ReportMode.CALL_GRAPH ? 3 : 40;
        if (report.rowCount() < minimum) {
            throw new IllegalStateException(mode + " report has " + report.rowCount() + " rows, expected at least "
                    + minimum);
        }
    }

    @Benchmark
    public Report build() {
        controller.build(report);
        return report;
    }

    @TearDown(Level.Trial)
    public void uninstall() {
        game.close();
    }
}
