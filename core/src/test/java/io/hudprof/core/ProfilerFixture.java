package io.hudprof.core;

import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;

/**
 * A profiler on a {@link ManualClock}, installed for one test: zones entered by the test record into it and every
 * duration is exact. Public for the test fixtures of the modules above core (core's test jar).
 */
public final class ProfilerFixture implements AutoCloseable {
    public final ManualClock clock = new ManualClock(1_000_000_000L);
    public final Profiler profiler;
    public final Report report = new Report();

    public ProfilerFixture() {
        this(ProfilerConfig.builder());
    }

    public ProfilerFixture(ProfilerConfig.Builder config) {
        profiler = new Profiler(config.clock(clock).selfProfiling(false).build());
        Hudprof.install(profiler);
    }

    public ReportController controller() {
        return ReportController.of(profiler);
    }

    /** Builds the report for the current navigation state and returns it. */
    public Report build() {
        ReportController.of(profiler).build(report);
        return report;
    }

    /** The first row of the last built report with this zone and role, or null. */
    public ReportRow row(Zone zone, RowRole role) {
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow row = report.row(i);
            if (row.zoneId() == zone.id() && row.role() == role) {
                return row;
            }
        }
        return null;
    }

    public void micros(long micros) {
        clock.advanceMicros(micros);
    }

    @Override
    public void close() {
        Hudprof.uninstall();
    }
}
