package io.hudprof.bench;

import org.junit.jupiter.api.Test;
import io.hudprof.testkit.AllocationCheck;

/** The HUD's CPU side, as the draw-list benchmark times it, allocates nothing on the Java heap once warmed up. */
class HudAllocationTest {
    @Test
    void buildingTheReportAndTheDrawListAllocatesNothing() {
        try (HudScene scene = new HudScene()) {
            AllocationCheck.assertSteady("HUD frames (40-row report, 512-frame graph)", 5_000, 5, 200, () -> {
                scene.buildReport();
                scene.buildDrawList();
            });
        }
    }
}
