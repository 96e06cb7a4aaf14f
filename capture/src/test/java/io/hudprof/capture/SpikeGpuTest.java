package io.hudprof.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Averaging;
import io.hudprof.core.FrameStates;
import io.hudprof.core.RecordRows;
import io.hudprof.core.GpuZone;
import io.hudprof.core.GpuZoneScope;
import io.hudprof.core.ProfilerFixture;
import io.hudprof.core.ScriptedGpuTimestamps;
import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.RowRole;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Spikes with GPU zones, on core's scripted GPU backend and manual clock: the GPU values arrive frames late, and a
 * spike is judged and kept with its own frame's values, not the ones shown live with it.
 */
class SpikeGpuTest {
    private static final GpuZone SCENE = GpuZone.local("scene");
    private static final Zone CPU = Zone.local("cpu work");

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

    @Test
    void aSpikeIsNeverBlamedOnTheLateGpuValues() {
        new ScriptedGpuTimestamps(fx.profiler, fx.clock, 1);
        SpikeCapture spikes = SpikeCapture.builder()
                .rule(SpikeRule.above(7)).attach(fx.profiler);
        for (int frame = 1; frame <= 12; frame++) {
            try (ZoneScope c = CPU.enter()) {
                fx.micros(frame == 12 ? 7_000 : 1_000);
            }
            try (GpuZoneScope g = SCENE.enter()) {
                // Frame 11's GPU work is larger still; its results arrive with frame 12, whose spike is the CPU's.
                fx.micros(frame == 11 ? 9_000 : 100);
            }
            if (frame == 12) {
                fx.micros(2_000);
            }
            fx.profiler.update();
        }
        assertEquals(12, spikes.recent(0).frameNumber());
        assertEquals(CPU.id(), spikes.recent(0).grewZone(),
                "the CPU zone that grew in frame 12, not frame 11's GPU zone shown live with it");
        spikes.detach();
    }

    /**
     * A frame slow outside its zones blames none of them: the CPU zone grew by 0.5 ms of an 8.5 ms rise, under the
     * quarter of the rise a zone must explain to be named (else the demo's spikes, frames hovering around the rule,
     * were blamed on whichever zone grew a tenth of a millisecond, often hudprof's own).
     */
    @Test
    void aFrameSlowOutsideItsZonesBlamesNoZone() {
        new ScriptedGpuTimestamps(fx.profiler, fx.clock, 1);
        SpikeCapture spikes = SpikeCapture.builder()
                .rule(SpikeRule.above(7)).attach(fx.profiler);
        for (int frame = 1; frame <= 12; frame++) {
            try (ZoneScope c = CPU.enter()) {
                fx.micros(frame == 12 ? 1_500 : 1_000);
            }
            try (GpuZoneScope g = SCENE.enter()) {
                fx.micros(frame == 11 ? 5_000 : 100);
            }
            if (frame == 12) {
                fx.micros(8_000);
            }
            fx.profiler.update();
        }
        assertEquals(1, spikes.recentCount());
        assertEquals(12, spikes.recent(0).frameNumber());
        assertEquals(-1, spikes.recent(0).grewZone(), "no zone explains a quarter of the rise");
        assertEquals(0.0, spikes.recent(0).grewNanos());
        spikes.detach();
    }

    @Test
    void aStoredSpikeTakesItsOwnFramesGpuValuesWhenTheyArrive() {
        new ScriptedGpuTimestamps(fx.profiler, fx.clock, 2);
        SpikeCapture spikes = SpikeCapture.builder()
                .rule(SpikeRule.above(7)).attach(fx.profiler);
        for (int frame = 1; frame <= 8; frame++) {
            try (ZoneScope c = CPU.enter()) {
                fx.micros(frame == 5 ? 9_000 : 1_000);
            }
            try (GpuZoneScope g = SCENE.enter()) {
                // Each frame's GPU time says which frame it is: 100 µs × the frame number.
                fx.micros(100L * frame);
            }
            fx.profiler.update();
            if (frame == 5) {
                Spike caught = spikes.recent(0);
                assertTrue(caught.gpuPending(), "frame 5's GPU results arrive two frames later");
                assertEquals(-1, caught.gpuFrameNanos());
                for (int i = 0; i < caught.states().count(); i++) {
                    assertFalse(fx.profiler.data().isGpuState(caught.states().state(i)),
                            "the live GPU values (frame 3's) are not the spike's");
                }
            }
        }
        Spike spike = spikes.recent(0);
        assertEquals(5, spike.frameNumber());
        assertFalse(spike.gpuPending());
        assertEquals(500_000, spike.gpuFrameNanos(), "frame 5's own GPU time");
        FrameStates held = new FrameStates();
        assertTrue(fx.profiler.data().history().loadStates(3, held));
        assertEquals(RecordRows.of(held), RecordRows.of(spike.states()), "history's record, GPU entries included");

        // Shown as a stored spike: frame 5's GPU row and GPU line, after the frame left nothing behind live.
        fx.controller().setMode(ReportMode.SELF_TIME);
        fx.controller().showSpike(spike);
        fx.build();
        assertEquals(500_000, fx.row(SCENE.zone(), RowRole.FLAT).value(Column.SELF), "the spike's own GPU values");
        assertEquals(9_000_000, fx.row(CPU, RowRole.FLAT).value(Column.SELF));
        assertEquals(500_000, fx.report.gpuFrameNanos());
        spikes.detach();
    }

    @Test
    void aSpikeGoesWithoutGpuValuesWhenNoneArrive() {
        SpikeCapture spikes = SpikeCapture.builder()
                .rule(SpikeRule.above(7)).attach(fx.profiler);
        try (ZoneScope c = CPU.enter()) {
            fx.micros(9_000);
        }
        fx.profiler.update();
        assertFalse(spikes.recent(0).gpuPending(), "no GPU timer: nothing to wait for");
        assertEquals(-1, spikes.recent(0).gpuFrameNanos());
        spikes.detach();
    }
}
