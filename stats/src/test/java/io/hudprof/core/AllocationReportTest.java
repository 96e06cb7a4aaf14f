package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.stats.text.TextLine;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.stats.text.ReportCells;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import io.hudprof.stats.text.TextReport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Reports of {@link Metric#ALLOCATED_BYTES}: the same rows, call graph, averages and history as time, with bytes in
 * the value columns. Bytes come from a hand-driven counter, so every number is exact.
 */
class AllocationReportTest {
    private static final Zone A = Zone.local("alloc-report:a");
    private static final Zone B = Zone.local("alloc-report:b");
    private static final Zone C = Zone.local("alloc-report:c");
    private static final Zone D = Zone.local("alloc-report:d");

    private final ManualAllocationCounter counter = new ManualAllocationCounter();
    private ProfilerFixture fx;

    @AfterEach
    void tearDown() {
        fx.close();
    }

    private void zone(Zone zone, long bytes, long nanos, Runnable inside) {
        zone.begin();
        counter.allocate(bytes);
        fx.clock.advance(nanos);
        inside.run();
        zone.end();
    }

    /** A(100 B) → B(300 B), C(50 B) → B(7 B); D(1000 B) → B(20 B); times are 10× the bytes. */
    private void frame() {
        zone(A, 100, 1000, () -> {
            zone(B, 300, 3000, () -> { });
            zone(C, 50, 500, () -> zone(B, 7, 70, () -> { }));
        });
        zone(D, 1000, 10_000, () -> zone(B, 20, 200, () -> { }));
        fx.profiler.update();
    }

    private ProfilerFixture allocationOn() {
        return new ProfilerFixture(ProfilerConfig.builder().allocationPerZone(true).allocationCounter(counter));
    }

    private double value(Zone zone, RowRole role, Column column) {
        ReportRow row = fx.row(zone, role);
        assertNotNull(row, zone + " " + role);
        return row.value(column);
    }

    @Test
    void flatReportShowsSelfAndHierarchicalBytes() {
        fx = allocationOn();
        frame();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().setMetric(Metric.ALLOCATED_BYTES);
        fx.controller().setMode(ReportMode.SELF_TIME);
        Report report = fx.build();
        assertEquals(Metric.ALLOCATED_BYTES, report.metric());
        assertNull(report.metricUnavailable());
        assertEquals(1477, report.frameTotal());
        assertEquals(327, value(B, RowRole.FLAT, Column.SELF));
        assertEquals(100, value(A, RowRole.FLAT, Column.SELF));
        assertEquals(457, value(A, RowRole.FLAT, Column.HIER));
        assertEquals(1020, value(D, RowRole.FLAT, Column.HIER));
        assertEquals(3, value(B, RowRole.FLAT, Column.COUNT));
        assertEquals(100.0 * 1000 / 1477, value(D, RowRole.FLAT, Column.SELF_PERCENT), 1e-12);
        assertEquals(D.id(), report.row(0).zoneId(), "sorted by self bytes");

        TextLine cell = new TextLine(32);
        ReportCells.appendValue(fx.row(B, RowRole.FLAT), Column.SELF, cell);
        assertEquals("327 B", cell.toString());
        ReportCells.appendHeader(Column.SELF, Metric.ALLOCATED_BYTES, cell.clear());
        assertEquals("self alloc", cell.toString());
        assertTrue(TextReport.render(report).contains("allocated bytes"), TextReport.render(report));
        assertTrue(TextReport.render(report).contains("1.44 KiB allocated"), TextReport.render(report));

        fx.controller().setMetric(Metric.TIME);
        fx.build();
        assertEquals(3270, value(B, RowRole.FLAT, Column.SELF), "time is untouched by the bytes");
    }

    @Test
    void callGraphBytesSumAsTimeDoes() {
        fx = allocationOn();
        frame();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().setMetric(Metric.ALLOCATED_BYTES);
        fx.controller().showCallGraph(B);
        fx.build();
        // Parents of B: what B allocated on behalf of each caller; they sum to B's own row.
        assertEquals(300, value(A, RowRole.PARENT, Column.HIER));
        assertEquals(7, value(C, RowRole.PARENT, Column.HIER));
        assertEquals(20, value(D, RowRole.PARENT, Column.HIER));
        assertEquals(327, value(B, RowRole.FOCUS, Column.HIER));

        fx.controller().showCallGraph(A);
        fx.build();
        double childHier = value(B, RowRole.CHILD, Column.HIER) + value(C, RowRole.CHILD, Column.HIER);
        assertEquals(value(A, RowRole.FOCUS, Column.HIER) - value(A, RowRole.FOCUS, Column.SELF), childHier);
        assertEquals(300, value(B, RowRole.CHILD, Column.HIER));
        assertEquals(57, value(C, RowRole.CHILD, Column.HIER));
    }

    @Test
    void historyFramesAndAveragesShowBytes() {
        fx = allocationOn();
        frame();
        counter.allocate(0);
        zone(A, 4000, 10, () -> { });
        fx.profiler.update();
        fx.controller().setMetric(Metric.ALLOCATED_BYTES);
        fx.controller().setMode(ReportMode.SELF_TIME);
        fx.controller().setFrame(1);
        fx.build();
        assertEquals(100, value(A, RowRole.FLAT, Column.SELF), "one frame back");
        assertEquals(1477, fx.report.frameTotal());
        fx.controller().setFrame(0);
        fx.controller().setAveraging(Averaging.FAST);
        fx.build();
        assertEquals(100 + 0.2 * (4000 - 100), value(A, RowRole.FLAT, Column.SELF));
    }

    @Test
    void unavailableMetricShowsWhyAndNoRowsWhileTimeStillWorks() {
        counter.unavailable = "switched off for this test";
        fx = allocationOn();
        frame();
        fx.controller().setMetric(Metric.ALLOCATED_BYTES);
        Report report = fx.build();
        assertFalse(report.frameAvailable());
        assertEquals(0, report.rowCount());
        assertEquals("allocation per zone unavailable: switched off for this test", report.metricUnavailable());
        assertTrue(TextReport.render(report).contains("allocation per zone unavailable"));
        assertEquals(Metric.TIME, fx.controller().toggleMetric());
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.build();
        assertTrue(fx.report.frameAvailable());
        assertEquals(3270, value(B, RowRole.FLAT, Column.SELF));
    }
}
