package io.hudprof.core.example;

import io.hudprof.core.Averaging;
import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;
import io.hudprof.core.report.RecursionDisplay;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.stats.text.TextReport;

/**
 * Simulates a few frames of a small game on the real clock and prints hudprof's text report in every mode.
 * The work is real arithmetic, shaped like a game frame: physics and AI both cast rays through one shared
 * routine (IProf's example), a recursive scene traversal, and a draw step. Run it with
 * {@code mvn -q -pl core compile exec:java}.
 */
public final class TextReportExample {
    private static final Zone FRAME_UPDATE = Zone.define("Update");
    private static final Zone PHYSICS = Zone.define("Physics");
    private static final Zone AI = Zone.define("AI");
    private static final Zone RAYCAST = Zone.define("Raycast");
    private static final Zone SCENE_CULL = Zone.define("Render:Cull");
    private static final Zone DRAW = Zone.define("Render:Draw");
    private static final Zone INTEGRATE = Zone.local("integrate");

    private static double sink;

    private TextReportExample() {
    }

    /** Runs 120 frames and prints the report in each mode. */
    public static void main(String[] args) {
        Profiler profiler = Hudprof.start();
        for (int frame = 0; frame < 120; frame++) {
            simulateFrame(frame);
            Hudprof.update();
        }
        ReportController controller = ReportController.of(profiler);
        Report report = new Report();
        controller.setAveraging(Averaging.INSTANTANEOUS);

        controller.setMode(ReportMode.SELF_TIME);
        print(controller, report);
        controller.setMode(ReportMode.HIERARCHICAL_TIME);
        print(controller, report);

        controller.showCallGraph(RAYCAST);
        print(controller, report);
        controller.selectParent();
        print(controller, report);

        controller.showCallGraph(SCENE_CULL);
        controller.setRecursion(RecursionDisplay.EXPANDED);
        print(controller, report);
        controller.setRecursion(RecursionDisplay.COLLAPSED);

        controller.setAveraging(Averaging.SLOW);
        controller.setMode(ReportMode.SELF_TIME);
        print(controller, report);

        controller.setFrame(10);
        print(controller, report);
        System.out.println("(sink " + (sink != 0) + ")");
    }

    private static void print(ReportController controller, Report report) {
        controller.build(report);
        System.out.println(TextReport.render(report));
    }

    private static void simulateFrame(int frame) {
        try (ZoneScope update = FRAME_UPDATE.enter()) {
            try (ZoneScope physics = PHYSICS.enter()) {
                for (int body = 0; body < 40; body++) {
                    INTEGRATE.begin();
                    work(200);
                    INTEGRATE.end();
                    raycast(30);
                }
            }
            try (ZoneScope ai = AI.enter()) {
                int agents = frame % 30 == 0 ? 60 : 15;
                for (int agent = 0; agent < agents; agent++) {
                    raycast(120);
                }
            }
        }
        cull(0, 5);
        try (ZoneScope draw = DRAW.enter()) {
            work(20_000);
        }
    }

    private static void raycast(int steps) {
        try (ZoneScope ray = RAYCAST.enter()) {
            work(steps * 20);
        }
    }

    private static void cull(int depth, int maxDepth) {
        try (ZoneScope cull = SCENE_CULL.enter()) {
            work(300);
            if (depth < maxDepth) {
                for (int child = 0; child < 2; child++) {
                    cull(depth + 1, maxDepth);
                }
            }
        }
    }

    private static void work(int iterations) {
        double x = 1.0001;
        for (int i = 0; i < iterations; i++) {
            x = x * 1.0000001 + Math.sqrt(i);
        }
        sink += x;
    }
}
