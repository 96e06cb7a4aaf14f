package io.hudprof.capture.compare;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Distribution;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Averaging;
import io.hudprof.core.Metric;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.ProfilerFixture;
import io.hudprof.core.Zone;
import io.hudprof.testkit.AllocationCheck;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The distribution columns against a brute force: every history frame's report row read one by one (the values a row
 * of that frame shows), sorted, and the nearest-rank percentile taken from the sorted list.
 */
class ZoneDistributionsTest {
    private static final Zone OUTER = Zone.local("dist outer");
    private static final Zone INNER = Zone.local("dist inner");
    private static final Zone RARE = Zone.local("dist rare");
    private static final Column[] DIST = {Column.DIST_MIN, Column.DIST_MEDIAN, Column.DIST_P95, Column.DIST_P99,
        Column.DIST_MAX};

    private ProfilerFixture fx;

    @AfterEach
    void tearDown() {
        if (fx != null) {
            fx.close();
        }
    }

    /** One frame: OUTER around a random INNER, RARE in about one frame in nine, times drawn with many ties. */
    private void frame(SplittableRandom random) {
        OUTER.begin();
        fx.micros(1 + random.nextInt(40));
        if (random.nextInt(4) != 0) {
            INNER.begin();
            fx.micros(random.nextInt(6) * 10L);
            INNER.end();
        }
        OUTER.end();
        if (random.nextInt(9) == 0) {
            RARE.begin();
            fx.micros(100 + random.nextInt(1000));
            RARE.end();
        }
        fx.micros(3);
        fx.profiler.update();
    }

    @Test
    void nearestRankIsTheCeilingOfPTimesNOverAHundred() {
        assertEquals(0, ZoneDistributions.rankIndex(50, 1));
        assertEquals(0, ZoneDistributions.rankIndex(99, 1));
        assertEquals(1, ZoneDistributions.rankIndex(50, 4), "the lower middle of an even count");
        assertEquals(2, ZoneDistributions.rankIndex(50, 5));
        assertEquals(94, ZoneDistributions.rankIndex(95, 100));
        assertEquals(95, ZoneDistributions.rankIndex(95, 101));
        assertEquals(98, ZoneDistributions.rankIndex(99, 100));
        assertEquals(99, ZoneDistributions.rankIndex(99, 101));
    }

    @Test
    void selfAndHierDistributionsEqualABruteForceOverTheRowsOfEveryHistoryFrame() {
        fx = new ProfilerFixture(ProfilerConfig.builder().historyFrames(120));
        ZoneDistributions.attach(fx.profiler);
        SplittableRandom random = new SplittableRandom(7);
        ReportController c = fx.controller();
        c.setAveraging(Averaging.INSTANTANEOUS);
        Report shown = new Report();
        // Built every frame while it fills, so the ring of keyed frames and the sorted values are updated one frame at
        // a time, then wrap (300 > 120); checked before, at and after the wrap.
        for (int f = 0; f < 300; f++) {
            frame(random);
            c.setDistribution(Distribution.SELF);
            c.build(shown);
            if (f == 40 || f == 119 || f == 120 || f == 121 || f == 233 || f == 299) {
                checkAgainstBruteForce(c, Distribution.SELF, ReportMode.SELF_TIME);
                checkAgainstBruteForce(c, Distribution.HIER, ReportMode.HIERARCHICAL_TIME);
            }
        }
        assertEquals(120, shown.distributionFrames());
    }

    private void checkAgainstBruteForce(ReportController c, Distribution basis, ReportMode mode) {
        c.setMode(mode);
        c.setFrame(0);
        c.setDistribution(Distribution.OFF);
        Report frame = new Report();
        int frames = fx.profiler.history().size();
        List<double[]> perZone = new ArrayList<>();
        Zone[] zones = {OUTER, INNER, RARE};
        for (Zone zone : zones) {
            perZone.add(new double[frames]);
        }
        for (int f = 0; f < frames; f++) {
            c.setFrame(f);
            c.build(frame);
            assertEquals(f, frame.frameOffset());
            for (int z = 0; z < zones.length; z++) {
                ReportRow row = rowOf(frame, zones[z]);
                perZone.get(z)[f] = row == null ? 0 : row.value(basis == Distribution.SELF ? Column.SELF : Column.HIER);
            }
        }
        c.setFrame(0);
        c.setDistribution(basis);
        Report report = new Report();
        c.build(report);
        assertEquals(basis, report.distribution());
        assertEquals(frames, report.distributionFrames());
        assertTrue(Arrays.asList(report.columns()).contains(Column.DIST_P99), Arrays.toString(report.columns()));
        for (int z = 0; z < zones.length; z++) {
            double[] sorted = perZone.get(z).clone();
            Arrays.sort(sorted);
            int n = sorted.length;
            double[] expected = {sorted[0], sorted[(n + 1) / 2 - 1], sorted[(95 * n + 99) / 100 - 1],
                sorted[(99 * n + 99) / 100 - 1], sorted[n - 1]};
            ReportRow row = rowOf(report, zones[z]);
            assertNotNull(row, zones[z].name());
            for (int i = 0; i < DIST.length; i++) {
                assertEquals(expected[i], row.value(DIST[i]), basis + " " + DIST[i] + " of " + zones[z].name());
            }
        }
        double[] rare = perZone.get(2);
        assertEquals(0, Arrays.stream(rare).sorted().toArray()[rare.length / 2], "the rare zone's median frame is 0");
    }

    private static ReportRow rowOf(Report report, Zone zone) {
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).zoneId() == zone.id()) {
                return report.row(i);
            }
        }
        return null;
    }

    @Test
    void onlyAZonesOwnRowsGetDistributionsAndOffMeansTheUsualColumns() {
        fx = new ProfilerFixture();
        ZoneDistributions.attach(fx.profiler);
        SplittableRandom random = new SplittableRandom(3);
        for (int f = 0; f < 50; f++) {
            frame(random);
        }
        ReportController c = fx.controller();
        Report report = new Report();
        c.build(report);
        assertFalse(Arrays.stream(report.columns()).anyMatch(Column::distribution));
        assertEquals(Distribution.OFF, report.distribution());
        c.setDistribution(Distribution.HIER);
        c.showCallGraph(INNER);
        c.build(report);
        ReportRow focus = null;
        ReportRow parent = null;
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow row = report.row(i);
            if (row.role() == RowRole.FOCUS) {
                focus = row;
            } else if (row.role() == RowRole.PARENT) {
                parent = row;
            }
        }
        assertNotNull(focus);
        assertNotNull(parent);
        assertTrue(focus.shown(Column.DIST_MEDIAN) && focus.value(Column.DIST_MAX) >= focus.value(Column.DIST_MIN));
        assertFalse(parent.shown(Column.DIST_MEDIAN), "a caller row holds the focus's time, not its own");
        assertEquals(Distribution.OFF, c.cycleDistribution());
        assertEquals(Distribution.SELF, c.cycleDistribution());
        c.setDistribution(Distribution.OFF);
        c.setMode(ReportMode.STATISTICS);
        c.setDistribution(Distribution.SELF);
        c.build(report);
        assertFalse(Arrays.stream(report.columns()).anyMatch(Column::distribution), "statistics have none");
    }

    @Test
    void zoneFrameValuesAreTheLatestFrameFirst() {
        fx = new ProfilerFixture();
        ZoneDistributions.attach(fx.profiler);
        for (int f = 1; f <= 30; f++) {
            OUTER.begin();
            fx.micros(f);
            OUTER.end();
            fx.profiler.update();
        }
        double[] values = new double[64];
        assertEquals(30, fx.controller().zoneFrameValues(OUTER.id(), Distribution.SELF, values));
        assertEquals(30_000, values[0]);
        assertEquals(1_000, values[29]);
        assertEquals(0, fx.controller().zoneFrameValues(OUTER.id(), Distribution.SELF, new double[0]));
    }

    @Test
    void keepingDistributionsShownAllocatesNothingInSteadyState() {
        fx = new ProfilerFixture(ProfilerConfig.builder().allocationPerZone(true));
        ZoneDistributions.attach(fx.profiler);
        SplittableRandom random = new SplittableRandom(11);
        ReportController c = fx.controller();
        Report report = new Report();
        double[] values = new double[512];
        Metric[] metrics = {Metric.TIME, Metric.ALLOCATED_BYTES};
        AllocationCheck.measure(3_000, 5, 500, n -> { }, n -> {
            frame(random);
            c.setDistribution(n % 7 == 0 ? Distribution.HIER : Distribution.SELF);
            c.setMode(n % 5 == 0 ? ReportMode.HIERARCHICAL_TIME : ReportMode.SELF_TIME);
            c.setMetric(metrics[(n / 50) & 1]);
            c.buildIfChanged(report);
            c.zoneFrameValues(OUTER.id(), Distribution.SELF, values);
        }).assertSteady("building reports with distribution columns");
    }
}
