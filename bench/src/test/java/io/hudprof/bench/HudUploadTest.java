package io.hudprof.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.overlay.HudFrame;
import io.hudprof.overlay.OverlayConfig;
import org.junit.jupiter.api.Test;

/**
 * The HUD's per-frame draw list and upload do not grow with the history graph's length: a 512-column graph costs the
 * same vertices and uploads as a 64-column one; a new frame uploads its changed quads and new graph columns.
 */
class HudUploadTest {
    /** Vertices and steady-state upload of a HUD with a {@code columns}-frame graph, after frames have scrolled on. */
    private static long[] measure(int columns) {
        try (SyntheticGame game = new SyntheticGame(512);
             HudFrame hud = HudFrame.create(game.profiler(), OverlayConfig.builder().startVisible(true)
                     .visibleRows(HudScene.ROWS).graphMaxColumns(columns).build())) {
            game.frames(600);
            for (int i = 0; i < 20; i++) {
                game.frame();
                hud.build(1920, 1080);
            }
            assertEquals(columns, hud.graphColumns());
            return new long[]{hud.vertexCount(), hud.uploadBytes(), hud.vertexBytes()};
        }
    }

    @Test
    void graphLengthDoesNotChangeTheVerticesAndAddsOnlyNewColumnsToTheUpload() {
        long[] short64 = measure(64);
        long[] long512 = measure(512);
        assertTrue(Math.abs(long512[0] - short64[0]) <= 8, "vertices: 64 columns " + short64[0] + ", 512 columns "
                + long512[0]);
        assertTrue(Math.abs(long512[1] - short64[1]) < 4 * 1024, "uploaded per frame: 64 columns " + short64[1]
                + " bytes, 512 columns " + long512[1]);
        assertTrue(long512[1] < long512[2] / 2, "a new frame uploads what changed (" + long512[1] + " bytes), not the"
                + " whole list (" + long512[2] + ")");
    }

    @Test
    void theBenchmarkHudUploadsAtMost64KiBAFrame() {
        try (HudScene scene = new HudScene()) {
            scene.uploadBytesPerNewFrame(20);
            double perFrame = scene.uploadBytesPerNewFrame(100);
            // 24,020 vertices of 20 bytes and 36,030 indices of 4 bytes (610 KiB) before the graph became a picture.
            assertTrue(perFrame > 0 && perFrame <= 64 * 1024, "uploaded per frame: " + perFrame + " bytes");
        }
    }
}
