package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11.GL_NO_ERROR;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Shaders load from the classpath; failures name the file and carry the driver's info log. */
class ShaderProgramGlTest {
    private static GlContext gl;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, 64, 64);
    }

    @AfterAll
    static void close() {
        if (gl != null) {
            gl.close();
        }
    }

    @Test
    void bundledShadersCompileAndLinkFromTheClasspath() {
        ShaderProgram program = ShaderProgram.load(ShaderProgram.HUD_VERTEX, ShaderProgram.HUD_FRAGMENT);
        try {
            assertTrue(program.id() != 0);
            assertTrue(program.uniform("uFramebufferSize") >= 0);
        } finally {
            program.delete();
        }
        assertEquals(GL_NO_ERROR, GlDebugLog.drainGlErrors());
    }

    @Test
    void compileErrorNamesTheFileAndCarriesTheInfoLog() {
        OverlayLoadException e = assertThrows(OverlayLoadException.class,
                () -> ShaderProgram.load(ShaderProgram.HUD_VERTEX, "shaders/test/broken.frag"));
        assertEquals("shaders/test/broken.frag", e.file());
        assertTrue(e.getMessage().startsWith("shaders/test/broken.frag: GLSL shader failed to compile"),
                e.getMessage());
        assertTrue(e.getMessage().contains("undeclaredColour"), "driver log missing: " + e.getMessage());
        assertEquals(GL_NO_ERROR, GlDebugLog.drainGlErrors());
    }

    @Test
    void linkErrorNamesBothFilesAndCarriesTheInfoLog() {
        OverlayLoadException e = assertThrows(OverlayLoadException.class,
                () -> ShaderProgram.load("shaders/test/mismatched.vert", ShaderProgram.HUD_FRAGMENT));
        assertTrue(e.getMessage().startsWith("shaders/test/mismatched.vert + shaders/hud.frag: GLSL program failed"
                + " to link"), e.getMessage());
        assertTrue(e.getMessage().contains("vTexCoord"), "driver log missing: " + e.getMessage());
    }

    @Test
    void missingShaderFileIsNamed() {
        OverlayLoadException e = assertThrows(OverlayLoadException.class,
                () -> ShaderProgram.load("shaders/nope.vert", ShaderProgram.HUD_FRAGMENT));
        assertEquals("shaders/nope.vert", e.file());
        assertTrue(e.getMessage().contains("not found on the classpath"), e.getMessage());
    }

    @Test
    void missingUniformIsReportedAgainstTheProgramFiles() {
        ShaderProgram program = ShaderProgram.load(ShaderProgram.HUD_VERTEX, ShaderProgram.HUD_FRAGMENT);
        try {
            OverlayLoadException e = assertThrows(OverlayLoadException.class, () -> program.uniform("uMissing"));
            assertTrue(e.getMessage().contains("shaders/hud.vert + shaders/hud.frag")
                    && e.getMessage().contains("uMissing"), e.getMessage());
        } finally {
            program.delete();
        }
    }
}
