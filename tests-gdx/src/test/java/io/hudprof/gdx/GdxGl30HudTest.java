package io.hudprof.gdx;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.badlogic.gdx.backends.lwjgl3.Lwjgl3ApplicationConfiguration;

import org.junit.jupiter.api.Test;

/**
 * The HUD in a stock libGDX {@code Lwjgl3Application} with the GL 3.2 core emulation the overlay recommends, on the
 * LWJGL 3.3.3 libGDX 1.14 brings (the overlay was compiled against 3.4).
 */
class GdxGl30HudTest {
    @Test
    void hudDrawsOverALibGdxGameOnLwjgl333WithTheGameUntouched() {
        HudGame.Result result = GdxHudRun.run("gdx-gl30",
                config -> config.setOpenGLEmulation(Lwjgl3ApplicationConfiguration.GLEmulation.GL30, 3, 2));
        assertTrue(result.glVersion.contains("Core Profile"), "not a core context: " + result.glVersion);
        GdxHudRun.assertHudOverUntouchedGame(result);
    }
}
