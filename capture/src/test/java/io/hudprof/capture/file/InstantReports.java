package io.hudprof.capture.file;

import io.hudprof.core.Averaging;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.stats.text.TextReport;

/** A profile's last frame as report text, for comparing a live profile with its replay line by line. */
final class InstantReports {
    private InstantReports() {
    }

    /**
     * The instantaneous self-time report's text, then, unless {@code callGraphOf} is null, that zone's call graph's;
     * the profiler's controller is left on the self-time report.
     */
    static String text(Profiler profiler, Zone callGraphOf) {
        ReportController c = ReportController.of(profiler);
        Report report = new Report();
        StringBuilder text = new StringBuilder();
        c.setAveraging(Averaging.INSTANTANEOUS);
        c.setMode(ReportMode.SELF_TIME);
        c.build(report);
        TextReport.append(report, text);
        if (callGraphOf != null) {
            c.showCallGraph(callGraphOf);
            c.build(report);
            TextReport.append(report, text);
            c.setMode(ReportMode.SELF_TIME);
        }
        return text.toString();
    }

    /**
     * Every averaging's self and hierarchical report, each followed by the call graphs of {@code focuses}, as text
     * in the controller's current metric; the controller is left on the instantaneous self report.
     */
    static String everyView(ReportController c, Report report, Zone... focuses) {
        StringBuilder text = new StringBuilder();
        for (Averaging averaging : Averaging.values()) {
            c.setAveraging(averaging);
            for (ReportMode mode : new ReportMode[] {ReportMode.SELF_TIME, ReportMode.HIERARCHICAL_TIME}) {
                c.setMode(mode);
                c.build(report);
                TextReport.append(report, text);
            }
            for (Zone focus : focuses) {
                c.showCallGraph(focus);
                c.build(report);
                TextReport.append(report, text);
            }
        }
        c.setAveraging(Averaging.INSTANTANEOUS);
        c.setMode(ReportMode.SELF_TIME);
        return text.toString();
    }
}
