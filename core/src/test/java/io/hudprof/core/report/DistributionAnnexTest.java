package io.hudprof.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Metric;
import io.hudprof.core.ProfilerFixture;
import io.hudprof.core.Zone;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The distribution columns are a part a report annex plugs in: without one the report offers none, and the values
 * shown are the annex's own.
 */
class DistributionAnnexTest {
    private static final Zone WORK = Zone.local("annexed work");

    private ProfilerFixture fx;

    @AfterEach
    void tearDown() {
        if (fx != null) {
            fx.close();
        }
    }

    private void frames(int n) {
        for (int f = 0; f < n; f++) {
            WORK.begin();
            fx.micros(10);
            WORK.end();
            fx.profiler.update();
        }
    }

    @Test
    void withoutAnAnnexTheReportShowsNoDistributionColumnsAndTheCycleStaysOff() {
        fx = new ProfilerFixture();
        frames(5);
        ReportController c = fx.controller();
        assertNull(c.distributions());
        assertEquals(Distribution.OFF, c.cycleDistribution());
        c.setDistribution(Distribution.SELF);
        Report report = new Report();
        c.build(report);
        assertFalse(Arrays.stream(report.columns()).anyMatch(Column::distribution));
        assertEquals(Distribution.OFF, report.distribution());
        assertEquals(0, c.zoneFrameValues(WORK.id(), Distribution.SELF, new double[8]));
    }

    @Test
    void theColumnsShowWhatThePluggedInSourceSelects() {
        fx = new ProfilerFixture();
        frames(5);
        DistributionSource fixed = new DistributionSource() {
            @Override
            public void update(Metric metric, boolean expanded, int threadRoot) {
            }

            @Override
            public int frames() {
                return 3;
            }

            @Override
            public boolean heldAnywhere(int key) {
                return false;
            }

            @Override
            public boolean select(int key, Distribution basis, double[] dest) {
                for (int i = 0; i < dest.length; i++) {
                    dest[i] = key == WORK.id() ? 100 + i : 0;
                }
                return key == WORK.id();
            }

            @Override
            public int frameValues(int key, Distribution basis, double[] dest) {
                dest[0] = 42;
                return 1;
            }
        };
        ReportAnnex annex = new ReportAnnex() {
            @Override
            public DistributionSource distributions() {
                return fixed;
            }
        };
        Annexes.of(fx.profiler).add(annex);
        ReportController c = fx.controller();
        assertEquals(Distribution.SELF, c.cycleDistribution());
        Report report = fx.build();
        assertTrue(Arrays.stream(report.columns()).anyMatch(Column::distribution));
        assertEquals(3, report.distributionFrames());
        ReportRow work = fx.row(WORK, RowRole.FLAT);
        assertEquals(100, work.value(Column.DIST_MIN));
        assertEquals(104, work.value(Column.DIST_MAX));
        double[] values = new double[4];
        assertEquals(1, c.zoneFrameValues(WORK.id(), Distribution.SELF, values));
        assertEquals(42, values[0]);
        Annexes.of(fx.profiler).remove(annex);
        c.build(report);
        assertFalse(Arrays.stream(report.columns()).anyMatch(Column::distribution));
    }
}
