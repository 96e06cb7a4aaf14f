package io.hudprof.gdx;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The HUD in a stock libGDX {@code Lwjgl3Application} with libGDX's default GL20 emulation on a real OpenGL 2.1
 * context (the build runs this class with {@code MESA_GL_VERSION_OVERRIDE=2.1}, as a macOS legacy context or an old
 * driver would give): the overlay takes its GLSL 120 path, and libGDX's SpriteBatch and ShapeRenderer, which set
 * their attribute pointers on vertex array 0 as the overlay does, draw the same picture frame after frame.
 */
class GdxGl20HudTest {
    @Test
    void hudDrawsOverALibGdxGl20GameOnAnOpenGl21Context() {
        HudGame.Result result = GdxHudRun.run("gdx-gl20-on-gl21", config -> { });
        assertTrue(result.glVersion.startsWith("2.1"), "this pass needs MESA_GL_VERSION_OVERRIDE=2.1: "
                + result.glVersion);
        GdxHudRun.assertHudOverUntouchedGame(result);
    }
}
