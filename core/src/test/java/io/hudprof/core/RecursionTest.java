package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.RecursionDisplay;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RecursionTest {
    private static final Zone TOP = Zone.local("top");
    private static final Zone WALK = Zone.local("walk");
    private static final Zone VISIT = Zone.local("visit");
    private static final Zone EVEN = Zone.local("even");
    private static final Zone ODD = Zone.local("odd");
    private static final Zone LEAF = Zone.local("leaf");

    private ProfilerFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ProfilerFixture();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    /** walk(depth): 10 µs of its own, a visit of 5 µs, then walk(depth - 1). */
    private void walk(int depth) {
        WALK.begin();
        fx.micros(10);
        VISIT.begin();
        fx.micros(5);
        VISIT.end();
        if (depth > 1) {
            walk(depth - 1);
        }
        WALK.end();
    }

    private void directRecursionFrame() {
        TOP.begin();
        fx.micros(1);
        walk(3);
        TOP.end();
        fx.profiler.update();
    }

    private static void assertValues(ReportRow row, double selfMicros, double hierMicros, double count) {
        assertNotNull(row);
        assertEquals(selfMicros * 1000, row.value(Column.SELF), 1e-6, row.name() + " self");
        assertEquals(hierMicros * 1000, row.value(Column.HIER), 1e-6, row.name() + " hier");
        assertEquals(count, row.value(Column.COUNT), 1e-9, row.name() + " count");
    }

    @Test
    void directRecursionNeverCountsHierarchicalTimeTwice() {
        directRecursionFrame();
        fx.controller().setMode(ReportMode.HIERARCHICAL_TIME);
        fx.build();
        assertValues(fx.row(WALK, RowRole.FLAT), 30, 45, 3);
        assertValues(fx.row(VISIT, RowRole.FLAT), 15, 15, 3);
        assertValues(fx.row(TOP, RowRole.FLAT), 1, 46, 1);
    }

    @Test
    void directRecursionCallGraphKeepsBothSums() {
        directRecursionFrame();
        fx.controller().showCallGraph(WALK);
        Report report = fx.build();
        ReportRow focus = fx.row(WALK, RowRole.FOCUS);
        assertValues(focus, 30, 45, 3);
        // Callers: top (outermost call, carries all hier) and walk itself (the two recursive calls).
        assertValues(fx.row(TOP, RowRole.PARENT), 10, 45, 1);
        assertValues(fx.row(WALK, RowRole.PARENT), 20, 0, 2);
        // Callees: visit on behalf of walk, and the recursive calls, which only count.
        assertValues(fx.row(VISIT, RowRole.CHILD), 15, 15, 3);
        assertValues(fx.row(WALK, RowRole.CHILD), 0, 0, 2);
        assertChildrenSumToHierMinusSelf(report, focus);
    }

    @Test
    void mutualRecursionCallGraphKeepsBothSums() {
        // even -> odd -> even -> leaf, each level 4 µs of its own, leaf 2 µs.
        TOP.begin();
        EVEN.begin();
        fx.micros(4);
        ODD.begin();
        fx.micros(4);
        EVEN.begin();
        fx.micros(4);
        LEAF.begin();
        fx.micros(2);
        LEAF.end();
        EVEN.end();
        ODD.end();
        EVEN.end();
        TOP.end();
        fx.profiler.update();

        fx.controller().showCallGraph(EVEN);
        Report report = fx.build();
        ReportRow focus = fx.row(EVEN, RowRole.FOCUS);
        assertValues(focus, 8, 14, 2);
        assertValues(fx.row(TOP, RowRole.PARENT), 4, 14, 1);
        assertValues(fx.row(ODD, RowRole.PARENT), 4, 0, 1);
        // odd on behalf of even: its 4 µs, not the time spent back inside even.
        assertValues(fx.row(ODD, RowRole.CHILD), 4, 4, 1);
        assertValues(fx.row(LEAF, RowRole.CHILD), 2, 2, 1);
        assertChildrenSumToHierMinusSelf(report, focus);
        assertParentsSumToFocus(report, focus);
    }

    @Test
    void expandedRecursionShowsEachDepthAsItsOwnRow() {
        directRecursionFrame();
        fx.controller().setRecursion(RecursionDisplay.EXPANDED);
        fx.controller().setMode(ReportMode.HIERARCHICAL_TIME);
        Report report = fx.build();
        assertValues(named(report, "walk"), 10, 45, 1);
        assertValues(named(report, "walk[2]"), 10, 30, 1);
        assertValues(named(report, "walk[3]"), 10, 15, 1);
        assertValues(named(report, "visit"), 15, 15, 3);

        fx.controller().showCallGraph(WALK);
        report = fx.build();
        ReportRow focus = fx.row(WALK, RowRole.FOCUS);
        assertValues(focus, 10, 45, 1);
        assertEquals("walk[2]", childNamed(report, "walk[2]").name());
        assertValues(childNamed(report, "walk[2]"), 10, 30, 1);
        assertChildrenSumToHierMinusSelf(report, focus);
    }

    @Test
    void switchingRecursionDisplayKeepsTheFocusZone() {
        directRecursionFrame();
        fx.controller().setRecursion(RecursionDisplay.EXPANDED);
        fx.controller().showCallGraph(WALK);
        fx.build();
        fx.controller().setRecursion(RecursionDisplay.COLLAPSED);
        fx.build();
        assertValues(fx.row(WALK, RowRole.FOCUS), 30, 45, 3);
        assertNull(named(fx.report, "walk[2]"));
    }

    private static ReportRow named(Report report, String name) {
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).name().equals(name)) {
                return report.row(i);
            }
        }
        return null;
    }

    private static ReportRow childNamed(Report report, String name) {
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).name().equals(name) && report.row(i).role() == RowRole.CHILD) {
                return report.row(i);
            }
        }
        return null;
    }

    static void assertChildrenSumToHierMinusSelf(Report report, ReportRow focus) {
        double sum = 0;
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).role() == RowRole.CHILD) {
                sum += report.row(i).value(Column.HIER);
            }
        }
        assertEquals(focus.value(Column.HIER) - focus.value(Column.SELF), sum, 1e-6, "children hier sum");
    }

    static void assertParentsSumToFocus(Report report, ReportRow focus) {
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
        assertEquals(focus.value(Column.SELF), self, 1e-6, "parents self sum");
        assertEquals(focus.value(Column.HIER), hier, 1e-6, "parents hier sum");
        assertEquals(focus.value(Column.COUNT), count, 1e-9, "parents count sum");
    }
}
