package io.hudprof.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.hudprof.core.Averaging;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The sampler keeps each frame's per-zone values exactly as the report's flat rows show them. */
class ZoneSamplesTest {
    private static final Zone OUTER = Zone.local("samples-outer");
    private static final Zone INNER = Zone.local("samples-inner");
    private static final Zone RARE = Zone.local("samples-rare");

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private final Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().clock(clock).build()));

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    /** Outer (recursing once through inner) for f+1 µs of own time, inner 3 µs, and rare on even frames only. */
    private void frame(int f) {
        clock.advanceMicros(2);
        OUTER.begin();
        clock.advanceMicros(f + 1);
        INNER.begin();
        clock.advanceMicros(3);
        OUTER.begin();
        clock.advanceMicros(1);
        OUTER.end();
        INNER.end();
        OUTER.end();
        if (f % 2 == 0) {
            RARE.begin();
            clock.advanceMicros(5);
            RARE.end();
        }
        profiler.update();
    }

    @Test
    void eachFramesValuesEqualTheReportsFlatRows() {
        profiler.update();
        ZoneSamples sampler = ZoneSamples.attachTo(profiler);
        ReportController controller = ReportController.of(profiler);
        controller.setAveraging(Averaging.INSTANTANEOUS);
        controller.setMode(ReportMode.SELF_TIME);
        Report report = new Report();
        int frames = 12;
        double[][] expected = new double[9][frames];
        double[] frameNanos = new double[frames];
        for (int f = 0; f < frames; f++) {
            frame(f);
            controller.build(report);
            frameNanos[f] = report.frameNanos();
            Zone[] zones = {OUTER, INNER, RARE};
            for (int z = 0; z < 3; z++) {
                ReportRow row = find(report, zones[z]);
                expected[z * 3][f] = row == null ? 0 : row.value(Column.SELF);
                expected[z * 3 + 1][f] = row == null ? 0 : row.value(Column.HIER);
                expected[z * 3 + 2][f] = row == null ? 0 : row.value(Column.COUNT);
            }
        }
        Samples samples = sampler.samples();
        assertEquals(frames, samples.frames());
        assertArrayEquals(frameNanos, samples.frameNanos());
        String[] names = {"samples-outer", "samples-inner", "samples-rare"};
        for (int z = 0; z < 3; z++) {
            assertArrayEquals(expected[z * 3], samples.values(names[z], Quantity.SELF), names[z] + " self");
            assertArrayEquals(expected[z * 3 + 1], samples.values(names[z], Quantity.HIER), names[z] + " hier");
            assertArrayEquals(expected[z * 3 + 2], samples.values(names[z], Quantity.CALLS), names[z] + " calls");
        }
        // The numbers themselves, from the clock: outer's own time f+1+1 µs, its hier (recursion once) f+1 + 3 + 1 µs.
        assertEquals(7_000, samples.values("samples-outer", Quantity.SELF)[5]);
        assertEquals(10_000, samples.values("samples-outer", Quantity.HIER)[5]);
        assertEquals(2, samples.values("samples-outer", Quantity.CALLS)[5]);
        assertEquals(0, samples.values("samples-rare", Quantity.SELF)[1]);
        assertEquals(5_000, samples.values("samples-rare", Quantity.SELF)[2]);
        assertFalse(samples.zoneNames().stream().anyMatch(n -> n.startsWith("<")), "thread roots are not zones");
    }

    @Test
    void framesThatWereNotRecordedAreNotKeptAndTheFirstOnesCanBeDropped() {
        profiler.update();
        ZoneSamples sampler = ZoneSamples.attachTo(profiler);
        for (int f = 0; f < 300; f++) { // past the first array sizes, so growing is exercised
            if (f == 100) {
                profiler.setPaused(true);
            }
            if (f == 110) {
                profiler.setPaused(false);
            }
            frame(f);
        }
        Samples samples = sampler.samples();
        assertEquals(290, samples.frames());
        Samples cut = samples.withoutFirst(40);
        assertEquals(250, cut.frames());
        assertNotNull(cut.values("samples-inner", Quantity.SELF));
        assertEquals(samples.values("samples-outer", Quantity.SELF)[40], cut.values("samples-outer", Quantity.SELF)[0]);
    }

    private static ReportRow find(Report report, Zone zone) {
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow row = report.row(i);
            if (row.zoneId() == zone.id() && row.role() == RowRole.FLAT) {
                return row;
            }
        }
        return null;
    }
}
