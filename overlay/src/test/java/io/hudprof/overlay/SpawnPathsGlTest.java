package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.core.Averaging;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.RowRole;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The call graph of a zone that hands work to a worker from two zone paths, drawn by the real GL path: one group of
 * worker rows per path, each led by its task zone's row. Screenshot under target/screenshots.
 */
class SpawnPathsGlTest {
    private static final int W = 1280;
    private static final int H = 720;
    private static final Zone SIM = Zone.define("Sg:Sim");
    private static final Zone EDITOR = Zone.define("Sg:Editor");
    private static final Zone PHYSICS = Zone.define("Sg:Physics");
    private static final Zone SOLVE = Zone.define("Sg:Solve islands");

    private static GlContext gl;
    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private Profiler profiler;
    private Overlay overlay;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
    }

    @AfterAll
    static void close() {
        if (gl != null) {
            gl.close();
        }
    }

    @BeforeEach
    void start() {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).build());
        Hudprof.install(profiler);
        overlay = Overlay.create(profiler, OverlayConfig.builder().startVisible(true).build());
    }

    @AfterEach
    void stop(TestInfo test) {
        gl.screenshotOf(test);
        overlay.close();
        Hudprof.uninstall();
    }

    private void physicsHandingOver(Zone context, StepThread worker, long millis) {
        context.begin();
        PHYSICS.begin();
        clock.advanceMillis(1);
        worker.run(Hudprof.wrap(() -> {
            SOLVE.begin();
            clock.advanceMillis(millis);
            SOLVE.end();
        }));
        PHYSICS.end();
        context.end();
    }

    @Test
    void physicsUnderSimAndUnderEditorShowTheirWorkersApart() throws Exception {
        try (StepThread worker = new StepThread("sg-worker")) {
            physicsHandingOver(SIM, worker, 3);
            physicsHandingOver(EDITOR, worker, 6);
            profiler.update();
        }
        ReportController.of(profiler).setAveraging(Averaging.INSTANTANEOUS);
        ReportController.of(profiler).showCallGraph(PHYSICS);
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        gl.screenshot("spawn-paths-call-graph");
        Report report = overlay.report();
        List<String> spawned = new ArrayList<>();
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).role() == RowRole.SPAWNED) {
                spawned.add(report.row(i).name());
            }
        }
        assertEquals(List.of("[in Sg/Sim]", "[workers] Sg:Solve islands", "[in Sg/Editor]",
                "[workers] Sg:Solve islands"), spawned);
    }
}
