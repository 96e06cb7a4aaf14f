package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.RowRole;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Switched off, {@link Zone#end()} returns after two reads once an update() has seen no zone open on any thread; until
 * then it still reaches the recorders, so a zone open at the switch closes at its real end on whatever thread it is.
 */
class SwitchedOffEndTest {
    private static final Zone OUTER = Zone.local("soe-outer");
    private static final Zone INNER = Zone.local("soe-inner");

    private ProfilerFixture fx;
    private ExecutorService worker;

    @BeforeEach
    void setUp() {
        fx = new ProfilerFixture();
        worker = Executors.newSingleThreadExecutor(r -> new Thread(r, "soe-worker"));
    }

    @AfterEach
    void tearDown() {
        worker.shutdownNow();
        fx.close();
    }

    private void onWorker(Runnable body) throws Exception {
        worker.submit(body).get();
    }

    @Test
    void aZoneOpenOnAnotherThreadAtTheSwitchClosesAtItsRealEndAndOnlyThenDoEndsStopEarly() throws Exception {
        onWorker(OUTER::begin);
        fx.micros(2);
        fx.profiler.setEnabled(false);
        fx.profiler.update();
        assertTrue(fx.profiler.endState > 0, "the worker still has a zone open: its end must reach the recorder");
        onWorker(OUTER::end);
        fx.profiler.update();
        assertTrue(fx.profiler.endState < 0, "nothing open anywhere: every end() may return at once");
        fx.profiler.setEnabled(true);
        assertTrue(fx.profiler.endState > 0);
        assertNextFrameHasOnlyTheInnerZone();
    }

    @Test
    void aBeginThatRacedTheSwitchIsSeenAtTheNextUpdateAndItsEndStillCloses() throws Exception {
        fx.profiler.setEnabled(false);
        fx.profiler.update();
        assertTrue(fx.profiler.endState < 0);
        // What a begin() does when it read the switch as on just before it went off and published afterwards.
        onWorker(() -> fx.profiler.recorder().begin(OUTER.id()));
        fx.profiler.update();
        assertTrue(fx.profiler.endState > 0, "a zone is open again: ends must reach the recorders");
        onWorker(OUTER::end);
        fx.profiler.update();
        assertTrue(fx.profiler.endState < 0);
        fx.profiler.setEnabled(true);
        assertNextFrameHasOnlyTheInnerZone();
    }

    @Test
    void settledOffZonesOnANewThreadMakeNoRecorder() throws Exception {
        fx.profiler.setEnabled(false);
        fx.profiler.update();
        onWorker(() -> {
            OUTER.begin();
            OUTER.end();
        });
        fx.profiler.update();
        for (int i = 0; i < fx.profiler.threadCount(); i++) {
            assertFalse(fx.profiler.threadName(i).equals("soe-worker"), "the worker never recorded");
        }
    }

    /** One recorded frame on the worker: 3 µs in INNER; a stale OUTER would have a row and the frame's time. */
    private void assertNextFrameHasOnlyTheInnerZone() throws Exception {
        fx.profiler.update();
        onWorker(() -> {
            INNER.begin();
            fx.micros(3);
            INNER.end();
        });
        fx.profiler.update();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
        Report report = fx.build();
        assertEquals(3_000, fx.row(INNER, RowRole.FLAT).value(Column.SELF));
        assertNull(fx.row(OUTER, RowRole.FLAT), "the zone open at the switch was closed at its real end");
        assertFalse(report.hasProblems());
    }
}
