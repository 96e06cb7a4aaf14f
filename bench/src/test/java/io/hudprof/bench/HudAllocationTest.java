package io.hudprof.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The HUD's CPU side, as the draw-list benchmark times it, allocates nothing on the Java heap once warmed up. */
class HudAllocationTest {
    @Test
    void buildingTheReportAndTheDrawListAllocatesNothing() {
        try (HudScene scene = new HudScene()) {
            long bytes = AllocationMeter.fewestBytes(2_000, 5, 200, () -> {
                scene.buildReport();
                scene.buildDrawList();
            });
            assertEquals(0, bytes, "bytes allocated over 200 HUD frames (40-row report, 512-frame graph)");
        }
    }
}
