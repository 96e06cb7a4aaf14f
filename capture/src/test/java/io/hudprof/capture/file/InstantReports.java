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
}
