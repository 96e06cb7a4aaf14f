package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The reproducers of "exact numbers everywhere": each number below follows from the manual clock alone. */
class ExactNumbersTest {
    private static final Zone A = Zone.local("exact-a");

    private ProfilerFixture fx;

    @AfterEach
    void tearDown() {
        fx.close();
    }

    private Zone updateRoot() {
        return Zone.threadRoot(Thread.currentThread().getName());
    }

    private ReportRow flat(Zone zone) {
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().setMode(ReportMode.SELF_TIME);
        fx.build();
        return fx.row(zone, RowRole.FLAT);
    }

    @Test
    void threadRootAsCallerShowsTheFocusEntriesItMade() {
        fx = new ProfilerFixture();
        A.begin();
        fx.clock.advance(5);
        A.end();
        fx.profiler.update();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().showCallGraph(A);
        fx.build();
        ReportRow parent = fx.row(updateRoot(), RowRole.PARENT);
        assertNotNull(parent);
        assertEquals(1, parent.value(Column.COUNT));
        assertEquals(fx.row(A, RowRole.FOCUS).value(Column.COUNT), parent.value(Column.COUNT));
    }

    @Test
    void firstFrameWithoutEventsBelongsToTheUpdatingThreadsRoot() {
        fx = new ProfilerFixture();
        fx.clock.advance(297);
        fx.profiler.update();
        ReportRow root = flat(updateRoot());
        assertNotNull(root);
        assertEquals(297, fx.report.frameNanos());
        assertEquals(297, root.value(Column.SELF));
        assertEquals(297, root.value(Column.HIER));
    }

    @Test
    void timeBeforeTheFirstEventIsTheRootsSelfTime() {
        fx = new ProfilerFixture();
        fx.clock.advance(730);
        try (ZoneScope z = A.enter()) {
            fx.clock.advance(795);
        }
        fx.clock.advance(409);
        fx.profiler.update();
        assertEquals(1139, flat(updateRoot()).value(Column.SELF));
        assertEquals(795, fx.row(A, RowRole.FLAT).value(Column.SELF));
    }

    @Test
    void averagedRootStaysTheWholeFrame() {
        fx = new ProfilerFixture();
        fx.clock.advance(758);
        fx.profiler.update();
        fx.clock.advance(658_464);
        fx.profiler.update();
        fx.clock.advance(314);
        fx.profiler.update();
        for (Averaging averaging : Averaging.values()) {
            fx.controller().setAveraging(averaging);
            fx.controller().setMode(ReportMode.HIERARCHICAL_TIME);
            fx.build();
            assertEquals(100.0, fx.row(updateRoot(), RowRole.FLAT).value(Column.HIER_PERCENT), 1e-9,
                    averaging.label());
        }
    }

    @Test
    void threadStartingMidFrameOwnsNoTimeBeforeItsFirstEvent() throws Exception {
        fx = new ProfilerFixture();
        fx.clock.advance(1_000);
        Thread t = new Thread(() -> {
            A.begin();
            fx.clock.advance(50);
            A.end();
        }, "exact-late");
        t.start();
        t.join();
        fx.clock.advance(7);
        fx.profiler.update();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        fx.controller().showCallGraph(A);
        fx.build();
        ReportRow parent = fx.row(Zone.threadRoot("exact-late"), RowRole.PARENT);
        assertEquals(50, parent.value(Column.HIER));
        fx.controller().showCallGraph(Zone.threadRoot("exact-late"));
        fx.build();
        assertEquals(50, fx.row(Zone.threadRoot("exact-late"), RowRole.FOCUS).value(Column.HIER),
                "the thread died at its last event; before its first it did not exist for the profiler");
    }
}
