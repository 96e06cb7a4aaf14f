package io.hudprof.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What the benchmark's HUD (40-row report, 512-frame graph) uploads per frame once it runs: only changed vertices and
 * the graph's new column, not the whole list; the figure the results page checks against its 64 KiB target.
 */
class HudUploadTest {
    @Test
    void rebuildingAnUnchangedFrameUploadsNothing() {
        try (HudScene scene = new HudScene()) {
            scene.buildReport();
            scene.buildDrawList();
            scene.buildReport();
            scene.buildDrawList();
            assertEquals(0, scene.uploadBytes());
        }
    }

    @Test
    void aNewFrameUploadsAtMost64KiB() {
        try (HudScene scene = new HudScene()) {
            scene.uploadBytesPerNewFrame(50);
            double perFrame = scene.uploadBytesPerNewFrame(200);
            assertTrue(perFrame > 0, "new frames change the report and add a graph column");
            assertTrue(perFrame <= 64 * 1024, "uploaded per frame: " + perFrame + " bytes");
        }
    }
}
