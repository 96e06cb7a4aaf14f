package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.RowRole;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class NavigationTest {
    private static final Zone GAME = Zone.local("game");
    private static final Zone PHYSICS = Zone.local("physics");
    private static final Zone AI = Zone.local("ai");
    private static final Zone RAYCAST = Zone.local("raycast");

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

    /** game { physics { 3 µs, raycast 2 µs } ai { 1 µs, raycast aiRay µs } } */
    private void frame(long aiRay) {
        GAME.begin();
        fx.micros(1);
        PHYSICS.begin();
        fx.micros(3);
        RAYCAST.begin();
        fx.micros(2);
        RAYCAST.end();
        PHYSICS.end();
        AI.begin();
        fx.micros(1);
        RAYCAST.begin();
        fx.micros(aiRay);
        RAYCAST.end();
        AI.end();
        GAME.end();
        fx.profiler.update();
    }

    private String cursorName(Report report) {
        return report.row(report.cursor()).name();
    }

    @Test
    void cursorMovesAndClampsToTheRows() {
        frame(10);
        fx.controller().setMode(ReportMode.SELF_TIME);
        Report report = fx.build();
        assertEquals(0, report.cursor());
        assertEquals("raycast", cursorName(report));
        fx.controller().moveCursor(1);
        assertEquals(1, fx.build().cursor());
        fx.controller().moveCursor(100);
        assertEquals(report.rowCount() - 1, fx.build().cursor());
        fx.controller().moveCursor(-100);
        assertEquals(0, fx.build().cursor());
        fx.controller().setCursor(2);
        assertEquals(2, fx.build().cursor());
    }

    @Test
    void cursorFollowsItsZoneWhenRowsReorder() {
        frame(1);
        fx.controller().setMode(ReportMode.SELF_TIME);
        Report report = fx.build();
        // self: physics 3, raycast 3, ai 1, game 1 ... put the cursor on ai.
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).name().equals("ai")) {
                fx.controller().setCursor(i);
            }
        }
        frame(1);
        AI.begin();
        fx.micros(50);
        AI.end();
        fx.profiler.update();
        report = fx.build();
        assertEquals("ai", cursorName(report));
        assertEquals(0, report.cursor(), "ai now has the most self time");
    }

    @Test
    void selectOpensTheCallGraphOfTheCursorZone() {
        frame(10);
        fx.controller().setMode(ReportMode.SELF_TIME);
        fx.build();
        fx.controller().select();
        Report report = fx.build();
        assertEquals(ReportMode.CALL_GRAPH, report.mode());
        assertEquals("raycast", report.focusName());
        assertEquals(RowRole.FOCUS, report.row(report.cursor()).role());
        assertEquals("raycast", cursorName(report));
    }

    @Test
    void selectOnAParentRowWalksUpTheGraph() {
        frame(10);
        fx.controller().showCallGraph(RAYCAST);
        Report report = fx.build();
        assertEquals("ai", report.row(0).name(), "parents sorted by hier: ai 10 µs before physics 2 µs");
        fx.controller().setCursor(1);
        fx.controller().select();
        report = fx.build();
        assertEquals("physics", report.focusName());
    }

    @Test
    void selectParentGoesToTheLargestHierParent() {
        frame(10);
        fx.controller().showCallGraph(RAYCAST);
        fx.build();
        fx.controller().selectParent();
        assertEquals("ai", fx.build().focusName());
        fx.controller().selectParent();
        assertEquals("game", fx.build().focusName());
        fx.controller().selectParent();
        Report report = fx.build();
        assertEquals(Zone.threadRoot(Thread.currentThread().getName()).name(), report.focusName());
        fx.controller().selectParent();
        assertEquals(Zone.threadRoot(Thread.currentThread().getName()).name(), fx.build().focusName(),
                "a thread root has no parent: stay");
    }

    @Test
    void selectParentFollowsTheCostlierCallerWhenItChanges() {
        frame(1);
        fx.controller().showCallGraph(RAYCAST);
        fx.build();
        fx.controller().selectParent();
        assertEquals("physics", fx.build().focusName(), "physics' raycast (2 µs) beats ai's (1 µs)");
    }

    @Test
    void cycleModeVisitsEveryModeAndCallGraphFocusesTheCursorZone() {
        frame(10);
        fx.controller().setMode(ReportMode.SELF_TIME);
        fx.build();
        fx.controller().cycleMode();
        Report report = fx.build();
        assertEquals(ReportMode.HIERARCHICAL_TIME, report.mode());
        assertEquals("raycast", cursorName(report), "the cursor keeps its zone across modes");
        fx.controller().cycleMode();
        report = fx.build();
        assertEquals(ReportMode.CALL_GRAPH, report.mode());
        assertEquals("raycast", report.focusName());
        fx.controller().cycleMode();
        report = fx.build();
        assertEquals(ReportMode.SELF_TIME, report.mode());
        assertNull(report.focusName());
    }

    @Test
    void emptyProfileHasNoRowsAndNavigationIsHarmless() {
        ReportController c = fx.controller();
        c.moveCursor(3);
        c.select();
        c.selectParent();
        c.moveFrame(5);
        Report report = fx.build();
        assertEquals(0, report.rowCount());
        assertEquals(-1, report.cursor());
        assertEquals(false, report.frameAvailable());
    }
}
