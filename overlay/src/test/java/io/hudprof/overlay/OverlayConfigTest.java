package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OverlayConfigTest {
    @Test
    void badValuesFailAtBuildTimeNamingTheSetting() {
        assertNamed("visibleRows", () -> OverlayConfig.builder().visibleRows(0));
        assertNamed("targetFrameRate", () -> OverlayConfig.builder().targetFrameRate(0));
        assertNamed("scale", () -> OverlayConfig.builder().scale(Float.NaN));
        assertNamed("graphZones", () -> OverlayConfig.builder().graphZones(ZoneColors.PALETTE_SIZE));
        assertNamed("panel", () -> OverlayConfig.builder().panel(null, 0, 0));
        assertNamed("keys", () -> OverlayConfig.builder().keys(null));
    }

    private static void assertNamed(String setting, Runnable bad) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::run);
        assertTrue(e.getMessage().contains(setting), e.getMessage());
    }

    @Test
    void graphRangeDefaultsToTwoTargetFrames() {
        assertEquals(2000.0 / 50, OverlayConfig.builder().targetFrameRate(50).build().graphRangeMillis, 1e-9);
    }

    @Test
    void fontSizeFollowsScaleAndContentScaleUnlessFixed() {
        OverlayConfig derived = OverlayConfig.builder().scale(1.5f).build();
        assertEquals(15, OverlayConfig.defaults().fontPixels(1f));
        assertEquals(30, OverlayConfig.defaults().fontPixels(2f));
        assertEquals(45, derived.fontPixels(2f));
        assertEquals(20, OverlayConfig.builder().fontPixels(20).build().fontPixels(2f));
    }
}
