package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Distribution;
import io.hudprof.core.report.ReportController;
import io.hudprof.testkit.AllocationCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The HUD with the distribution columns and the histogram shown, built on the CPU (no GL) every frame: allocation-free
 * in steady state, while the history ring wraps and the cursor moves between zones.
 */
class HistogramHudAllocationTest {
    private static final Zone STEADY = Zone.define("Histogram alloc:Steady");
    private static final Zone VARYING = Zone.define("Histogram alloc:Varying");

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private Profiler profiler;
    private HudFrame hud;

    @AfterEach
    void close() {
        if (hud != null) {
            hud.close();
        }
        Hudprof.uninstall();
    }

    private void frame(int n) {
        STEADY.begin();
        clock.advance(2_000_000);
        STEADY.end();
        VARYING.begin();
        clock.advance(1_000_000 + (n % 13) * 250_000L);
        VARYING.end();
        clock.advance(500_000);
        profiler.update();
    }

    @Test
    void distributionColumnsAndHistogramAllocateNothingPerFrame() {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).historyFrames(300)
                .build());
        Hudprof.install(profiler);
        hud = HudFrame.create(profiler, OverlayConfig.builder().startVisible(true).build());
        hud.controls().cycleDistribution();
        hud.controls().toggleHistogram();
        assertEquals(Distribution.SELF, ReportController.of(profiler).distribution());
        AllocationCheck.measure(3_000, 5, 500, this::frame, n -> {
            if (n % 50 == 0) {
                ReportController.of(profiler).setCursor((n / 50) % 3);
            }
            hud.build(1280, 720);
        }).assertSteady("HUD frames with distributions and the histogram");
    }
}
