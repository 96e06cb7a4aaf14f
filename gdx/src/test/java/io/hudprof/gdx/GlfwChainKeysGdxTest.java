package io.hudprof.gdx;

import org.junit.jupiter.api.Test;

/**
 * {@code HudprofGdx.wrap} on libGDX's LWJGL3 backend (GL 3.2 core emulation, LWJGL 3.3.3 as libGDX brings it): keys
 * arrive through the overlay's GLFW callback chained in front of libGDX's, and keep working after a Scene2D Stage
 * took libGDX's input processor. The mouse comes the same way, through the overlay's GLFW callbacks in front of
 * libGDX's: the events the HUD used never reach libGDX, the others reach the Stage, and none is handled twice.
 */
class GlfwChainKeysGdxTest {
    @Test
    void wrappedGameShowsTheHudAndKeysAndMouseSurviveTheStageTakingInput() {
        GdxRun.Result r = GdxRun.run("glfw-chain", GdxHud.KeyPath.AUTO, true);
        GdxChecks.assertKeyPath(r, GdxHud.KeyPath.GLFW_CHAIN);
        GdxChecks.assertWholeRun(r);
        GdxChecks.assertMouse(r);
        GdxChecks.assertHeldKeyRepeats(r, 4, 4);
    }
}
