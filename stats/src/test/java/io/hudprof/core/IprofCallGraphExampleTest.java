package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import io.hudprof.stats.text.TextReport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Reproduces the table of "Understanding CALL GRAPH output" in IProf's manual: my_routine entered 4 times from
 * my_parent1 and 6 times from my_parent2, calling my_child1 (15 times), my_child2 (500 times) and my_child3
 * (3 times, not further zoned). Times are scripted in nanoseconds on a manual clock, so the numbers are exact.
 *
 * <pre>
 * zone          self  hier  count
 * +my_parent1   0.75  2.50    4.0
 * +my_parent2   1.00  3.25    6.0
 * -my_routine   1.75  5.75   10.0
 * +my_child1    1.00  2.00   15.0
 * +my_child2    0.25  1.50  500.0
 *  my_child3    0.50  0.50    3.0
 * </pre>
 */
class IprofCallGraphExampleTest {
    private static final Zone PARENT1 = Zone.local("my_parent1");
    private static final Zone PARENT2 = Zone.local("my_parent2");
    private static final Zone ROUTINE = Zone.local("my_routine");
    private static final Zone CHILD1 = Zone.local("my_child1");
    private static final Zone CHILD2 = Zone.local("my_child2");
    private static final Zone CHILD3 = Zone.local("my_child3");
    private static final Zone GRANDCHILD1 = Zone.local("my_grandchild1");
    private static final Zone GRANDCHILD2 = Zone.local("my_grandchild2");

    private ProfilerFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ProfilerFixture();
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    /** What one parent's calls of my_routine do, in nanoseconds, split over the calls. */
    private record Share(Zone parent, int routineCalls, long routineSelf,
                         int child1Calls, long child1Self, long grandchild1,
                         int child2Calls, long child2Self, long grandchild2,
                         int child3Calls, long child3Self) {
    }

    private void playFrame() {
        // my_parent1: 4 calls, my_routine self 0.75 ms, children 1.75 ms on its behalf.
        play(new Share(PARENT1, 4, 750_000, 7, 400_000, 400_000, 200, 100_000, 550_000, 1, 300_000));
        // my_parent2: 6 calls, my_routine self 1.00 ms, children 2.25 ms on its behalf.
        play(new Share(PARENT2, 6, 1_000_000, 8, 600_000, 600_000, 300, 150_000, 700_000, 2, 200_000));
        fx.profiler.update();
    }

    private void play(Share s) {
        try (ZoneScope p = s.parent.enter()) {
            fx.clock.advance(50_000);
            for (int call = 0; call < s.routineCalls; call++) {
                try (ZoneScope r = ROUTINE.enter()) {
                    fx.clock.advance(part(s.routineSelf, s.routineCalls, call));
                    for (int c = call; c < s.child1Calls; c += s.routineCalls) {
                        child(CHILD1, part(s.child1Self, s.child1Calls, c), GRANDCHILD1,
                                part(s.grandchild1, s.child1Calls, c));
                    }
                    for (int c = call; c < s.child2Calls; c += s.routineCalls) {
                        child(CHILD2, part(s.child2Self, s.child2Calls, c), GRANDCHILD2,
                                part(s.grandchild2, s.child2Calls, c));
                    }
                    for (int c = call; c < s.child3Calls; c += s.routineCalls) {
                        child(CHILD3, part(s.child3Self, s.child3Calls, c), null, 0);
                    }
                }
            }
        }
    }

    private void child(Zone zone, long self, Zone grandchild, long grandchildTime) {
        zone.begin();
        fx.clock.advance(self);
        if (grandchild != null && grandchildTime > 0) {
            grandchild.begin();
            fx.clock.advance(grandchildTime);
            grandchild.end();
        }
        zone.end();
    }

    /** The i-th of n shares of total; the remainder goes to the first share so the shares add up exactly. */
    private static long part(long total, int n, int i) {
        long each = total / n;
        return i == 0 ? total - each * (n - 1) : each;
    }

    private static void assertRow(ReportRow row, double selfMs, double hierMs, double count) {
        assertNotNull(row);
        assertEquals(selfMs * 1e6, row.value(Column.SELF), 1e-3, row.name() + " self");
        assertEquals(hierMs * 1e6, row.value(Column.HIER), 1e-3, row.name() + " hier");
        assertEquals(count, row.value(Column.COUNT), 1e-9, row.name() + " count");
    }

    @Test
    void callGraphReproducesTheManualsTable() {
        playFrame();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().showCallGraph(ROUTINE);
        Report report = fx.build();

        assertEquals(6, report.rowCount(), TextReport.render(report));
        assertRow(fx.row(PARENT1, RowRole.PARENT), 0.75, 2.50, 4);
        assertRow(fx.row(PARENT2, RowRole.PARENT), 1.00, 3.25, 6);
        assertRow(fx.row(ROUTINE, RowRole.FOCUS), 1.75, 5.75, 10);
        assertRow(fx.row(CHILD1, RowRole.CHILD), 1.00, 2.00, 15);
        assertRow(fx.row(CHILD2, RowRole.CHILD), 0.25, 1.50, 500);
        assertRow(fx.row(CHILD3, RowRole.CHILD), 0.50, 0.50, 3);
    }

    @Test
    void childrenHierSumsToFocusHierMinusSelf() {
        playFrame();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().showCallGraph(ROUTINE);
        Report report = fx.build();
        ReportRow focus = fx.row(ROUTINE, RowRole.FOCUS);
        double childHier = 0;
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).role() == RowRole.CHILD) {
                childHier += report.row(i).value(Column.HIER);
            }
        }
        assertEquals(focus.value(Column.HIER) - focus.value(Column.SELF), childHier, 1e-6);
        assertEquals(4_000_000, childHier, 1e-6);
    }

    @Test
    void parentsSumToFocusSelfHierAndCount() {
        playFrame();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().showCallGraph(ROUTINE);
        Report report = fx.build();
        double self = 0;
        double hier = 0;
        double count = 0;
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow row = report.row(i);
            if (row.role() == RowRole.PARENT) {
                self += row.value(Column.SELF);
                hier += row.value(Column.HIER);
                count += row.value(Column.COUNT);
            }
        }
        ReportRow focus = fx.row(ROUTINE, RowRole.FOCUS);
        assertEquals(focus.value(Column.SELF), self, 1e-6);
        assertEquals(focus.value(Column.HIER), hier, 1e-6);
        assertEquals(focus.value(Column.COUNT), count, 1e-9);
    }

    @Test
    void drillMarkersFollowTheManual() {
        playFrame();
        fx.controller().showCallGraph(ROUTINE);
        fx.build();
        assertTrue(fx.row(PARENT1, RowRole.PARENT).drillable());
        assertTrue(fx.row(CHILD1, RowRole.CHILD).drillable(), "my_child1 calls a zone");
        assertTrue(fx.row(CHILD2, RowRole.CHILD).drillable(), "my_child2 calls a zone");
        assertFalse(fx.row(CHILD3, RowRole.CHILD).drillable(), "my_child3 is not further zoned");
        String text = TextReport.render(fx.report);
        assertTrue(text.contains("-my_routine"), text);
        assertTrue(text.contains("+my_child1"), text);
        assertTrue(text.contains(" my_child3"), text);
    }

    @Test
    void textReportPrintsTheManualsNumbers() {
        playFrame();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().showCallGraph(ROUTINE);
        String text = TextReport.render(fx.build());
        assertLine(text, "+my_parent1", "0.750", "2.500", "4");
        assertLine(text, "+my_parent2", "1.000", "3.250", "6");
        assertLine(text, "-my_routine", "1.750", "5.750", "10");
        assertLine(text, "+my_child1", "1.000", "2.000", "15");
        assertLine(text, "+my_child2", "0.250", "1.500", "500");
        assertLine(text, " my_child3", "0.500", "0.500", "3");
    }

    private static void assertLine(String text, String name, String... values) {
        for (String line : text.split("\n")) {
            if (line.contains(name)) {
                String[] cells = line.substring(line.indexOf(name) + name.length()).trim().split("\\s+");
                for (int i = 0; i < values.length; i++) {
                    assertEquals(values[i], cells[i], "column " + i + " of: " + line);
                }
                return;
            }
        }
        throw new AssertionError("no line with " + name + " in\n" + text);
    }
}
