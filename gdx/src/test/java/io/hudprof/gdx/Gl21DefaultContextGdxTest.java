package io.hudprof.gdx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * libGDX's default configuration on an OpenGL 2.1 context (what macOS gives without {@code setOpenGLEmulation}; here
 * Mesa is told to report 2.1): the wrapped game runs every frame, and the HUD either draws on the overlay's 2.1 path
 * or is off after one warning — it never takes the game down or leaves a GL error behind.
 */
class Gl21DefaultContextGdxTest {
    @Test
    void wrappedGameRunsOnLibGdxsDefaultGl21Context() {
        GdxRun.Result r = GdxRun.run("gl21-default", GdxHud.KeyPath.AUTO, false);
        assertTrue(r.glVersion.startsWith("2.1"), "not a 2.1 context: " + r.glVersion);
        assertNotNull(r.shown, "the game stopped after " + r.frames + " frames");
        assertFalse(r.visibleBeforeF3);
        assertTrue(r.visibleAfterF3, "F3 did not show the HUD");
        // libGDX's own GL errors before create() are drained and named, not hudprof's; none after create, render or
        // dispose, where libGDX's GLProfiler would report the overlay's to the game.
        assertEquals("", r.glErrorsAfterCreate, "glGetError after create() (libGDX left before it: "
                + r.glErrorsBeforeCreate + ")");
        assertEquals(0, r.glErrors, "GL errors after render()");
        assertEquals("", r.glErrorsAfterDispose, "glGetError after dispose()");
        assertEquals(0, r.glStateChanges, "the HUD changed libGDX's GL state: " + r.glStateChange);
        assertEquals(0, GdxRun.changed(r.hidden, r.shown, (int) (GdxRun.W * 0.65), 0, GdxRun.W,
                (int) (GdxRun.H * 0.6)), "the game's pixels changed with the HUD shown");
        assertTrue(r.hudDrawCalls >= 1, "the HUD did not draw on the 2.1 path: " + r.hudDrawCalls);
    }
}
