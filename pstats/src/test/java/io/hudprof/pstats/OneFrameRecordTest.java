package io.hudprof.pstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.capture.Spike;
import io.hudprof.capture.SpikeCapture;
import io.hudprof.capture.SpikeRule;
import io.hudprof.core.FrameStates;
import io.hudprof.core.RecordRows;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualAllocationCounter;
import io.hudprof.core.ManualClock;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.ThreadWorker;
import io.hudprof.core.Zone;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * History, a captured spike and the PStats client keep one record of a frame's per-state values: for the same
 * recorded frame the three hold the same entries, value for value (manual clock and allocation counter, so every
 * value is exact).
 */
class OneFrameRecordTest {
    private static final Zone LOGIC = Zone.local("ofr-logic");
    private static final Zone PATH = Zone.local("ofr-path");
    private static final Zone JOB = Zone.local("ofr-job");

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private final ManualAllocationCounter counter = new ManualAllocationCounter();
    private final Profiler profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
            .allocationPerZone(true).allocationCounter(counter).build());

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    /** LOGIC holding PATH {@code paths} times (once recursing), a job on the worker, then idle to 5 ms or more. */
    private void frame(ThreadWorker worker, int paths, long pathMicros) {
        LOGIC.begin();
        counter.allocate(64);
        clock.advanceMicros(200);
        for (int i = 0; i < paths; i++) {
            PATH.begin();
            counter.allocate(16L * (i + 1));
            clock.advanceMicros(pathMicros);
            if (i == 0) {
                PATH.begin();
                clock.advanceMicros(pathMicros / 2);
                PATH.end();
            }
            PATH.end();
        }
        LOGIC.end();
        worker.run(() -> {
            JOB.begin();
            clock.advanceMicros(300);
            JOB.end();
        });
        clock.advanceMicros(5_000);
        profiler.update();
    }

    private static long sumOf(ProfileData data, FrameStates r, Zone zone, boolean calls) {
        long sum = 0;
        for (int i = 0; i < r.count(); i++) {
            if (data.zone(r.state(i)) == zone.id()) {
                sum += calls ? r.calls(i) : r.self(i);
            }
        }
        return sum;
    }

    @Test
    void historyASpikeAndThePStatsSnapshotHoldTheSameFrameEntryForEntry() {
        Hudprof.install(profiler);
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(20)).attach(profiler);
        ProfileData data = profiler.data();
        FrameStates history = new FrameStates();
        try (ThreadWorker worker = new ThreadWorker("ofr-worker")) {
            for (int i = 0; i < 10; i++) {
                frame(worker, 3, 100);
            }
            frame(worker, 5, 4_000); // PATH: 5 × 4 ms + 2 ms recursing: a spike
            assertEquals(1, spikes.captured());
            Spike spike = spikes.recent(0);
            FrameSnapshot snapshot = new FrameSnapshot();
            snapshot.copy(profiler, profiler.recordedFrames(), clock.nanoTime(), spike.frameNanos());
            assertTrue(data.history().loadStates(0, history));

            assertEquals(data.stateCount(), snapshot.states);
            assertTrue(snapshot.values.hasBytes() && spike.states().hasBytes() && history.hasBytes());
            assertEquals(RecordRows.of(history), RecordRows.of(spike.states()), "the spike keeps history's record");
            assertEquals(RecordRows.of(history), RecordRows.of(snapshot.values), "PStats sends history's record");
            assertEquals(22_000_000, sumOf(data, history, PATH, false), "all PATH states' self time");
            assertEquals(6, sumOf(data, history, PATH, true));
            assertEquals(300_000, sumOf(data, history, JOB, false), "the worker's job is in the record");
            assertEquals(6, history.count(), "two thread roots, LOGIC, PATH, PATH in PATH and JOB");

            // The frame before the spike, as the spike kept it and as history holds it.
            assertTrue(data.history().loadStates(1, history));
            assertEquals(RecordRows.of(history), RecordRows.of(spike.previousStates()));
            // History moves on; while it still holds the spike's frame, the two stay equal.
            frame(worker, 3, 100);
            assertTrue(data.history().loadStates(1, history));
            assertEquals(RecordRows.of(history), RecordRows.of(spikes.recent(0).states()));
        }
    }
}
