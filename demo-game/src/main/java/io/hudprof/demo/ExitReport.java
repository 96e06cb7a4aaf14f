package io.hudprof.demo;

import io.hudprof.core.Averaging;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Distribution;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.stats.text.TextReport;
import io.hudprof.capture.compare.ZoneDistributions;
import io.hudprof.stats.Stats;
import java.io.PrintStream;

/**
 * The plain-text report printed when the game exits: first exactly what the HUD was showing, then the flat self
 * time list of the last frame (instantaneous values, every zone), the same list with each zone's per-frame
 * distribution over history (min, median, p95, p99, max), then, when a call-graph zone was asked for, that
 * zone's call graph for the last frame, then the run's statistics. Each part starts with a line
 * {@code "== hudprof report: ... =="} or {@code "== hudprof statistics =="}.
 */
final class ExitReport {
    private ExitReport() {
    }

    static void print(Profiler profiler, Zone callGraph, PrintStream out) {
        ReportController controller = ReportController.of(profiler);
        Report report = new Report();
        out.println("== hudprof report: as the HUD shows it ==");
        controller.build(report);
        out.print(TextReport.render(report));
        controller.setFrame(0);
        controller.setAveraging(Averaging.INSTANTANEOUS);
        controller.setMode(ReportMode.SELF_TIME);
        controller.build(report);
        out.println("== hudprof report: self time, last frame ==");
        out.print(TextReport.render(report));
        // Each zone's per-frame self time over the frames history holds: the spread the last frame cannot show.
        ZoneDistributions.attach(profiler);
        controller.setDistribution(Distribution.SELF);
        controller.build(report);
        controller.setDistribution(Distribution.OFF);
        out.println("== hudprof report: self time distributions over history ==");
        out.print(TextReport.render(report));
        if (callGraph != null) {
            controller.showCallGraph(callGraph);
            controller.build(report);
            out.println("== hudprof report: call graph of " + callGraph.name() + ", last frame ==");
            out.print(TextReport.render(report));
        }
        out.println("== hudprof statistics ==");
        out.print(Stats.report());
    }
}
