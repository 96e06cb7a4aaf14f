package io.hudprof.bench;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The HUD's CPU-side cost per frame ({@link HudScene}: 40-row report panel plus 512-frame graph, no GL), in µs:
 * the draw list alone, and report plus draw list (what {@code Overlay.render} does before it touches GL).
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class DrawListBenchmarks {
    private HudScene scene;

    @Setup(Level.Trial)
    public void build() {
        scene = new HudScene();
    }

    @Benchmark
    public int drawList() {
        return scene.buildDrawList();
    }

    @Benchmark
    public int reportAndDrawList() {
        scene.buildReport();
        return scene.buildDrawList();
    }

    @TearDown(Level.Trial)
    public void close() {
        scene.close();
    }
}
