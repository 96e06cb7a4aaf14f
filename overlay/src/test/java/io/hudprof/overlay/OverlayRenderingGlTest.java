package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The whole HUD over a scripted profile: placement, text in rows, draw calls, hiding, resizing, content scale. */
class OverlayRenderingGlTest {
    private static final int W = 1280;
    private static final int H = 720;

    private static GlContext gl;
    private static ScriptedGame game;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
        game = new ScriptedGame(256, 30);
        game.frames(200, 1.0);
    }

    @AfterAll
    static void close() {
        game.close();
        gl.close();
    }

    @Test
    void defaultHudScreenshot() {
        try (Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).build())) {
            ScriptedGame.drawScene(W, H);
            overlay.render(W, H);
            gl.screenshot("hud-default");
            assertTrue(overlay.lastDrawCalls() <= 3);
        }
    }
}
