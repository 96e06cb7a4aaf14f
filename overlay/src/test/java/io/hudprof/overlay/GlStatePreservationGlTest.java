package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11.GL_BACK;
import static org.lwjgl.opengl.GL11.GL_BLEND;
import static org.lwjgl.opengl.GL11.GL_CULL_FACE;
import static org.lwjgl.opengl.GL11.GL_DEPTH_TEST;
import static org.lwjgl.opengl.GL11.GL_DST_COLOR;
import static org.lwjgl.opengl.GL11.GL_FLOAT;
import static org.lwjgl.opengl.GL11.GL_FRONT;
import static org.lwjgl.opengl.GL11.GL_FRONT_AND_BACK;
import static org.lwjgl.opengl.GL11.GL_LINE;
import static org.lwjgl.opengl.GL11.GL_NEVER;
import static org.lwjgl.opengl.GL11.GL_NO_ERROR;
import static org.lwjgl.opengl.GL11.GL_ONE;
import static org.lwjgl.opengl.GL11.GL_POINT;
import static org.lwjgl.opengl.GL11.GL_SCISSOR_TEST;
import static org.lwjgl.opengl.GL11.GL_STENCIL_TEST;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_2D;
import static org.lwjgl.opengl.GL11.GL_UNPACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11.GL_UNPACK_ROW_LENGTH;
import static org.lwjgl.opengl.GL11.GL_ZERO;
import static org.lwjgl.opengl.GL11.glBindTexture;
import static org.lwjgl.opengl.GL11.glColorMask;
import static org.lwjgl.opengl.GL11.glCullFace;
import static org.lwjgl.opengl.GL11.glDeleteTextures;
import static org.lwjgl.opengl.GL11.glDepthMask;
import static org.lwjgl.opengl.GL11.glEnable;
import static org.lwjgl.opengl.GL11.glGenTextures;
import static org.lwjgl.opengl.GL11.glPixelStorei;
import static org.lwjgl.opengl.GL11.glPolygonMode;
import static org.lwjgl.opengl.GL11.glScissor;
import static org.lwjgl.opengl.GL11.glStencilFunc;
import static org.lwjgl.opengl.GL11.glViewport;
import static org.lwjgl.opengl.GL13.GL_TEXTURE0;
import static org.lwjgl.opengl.GL13.GL_TEXTURE3;
import static org.lwjgl.opengl.GL13.glActiveTexture;
import static org.lwjgl.opengl.GL14.GL_FUNC_REVERSE_SUBTRACT;
import static org.lwjgl.opengl.GL14.GL_MAX;
import static org.lwjgl.opengl.GL14.glBlendFuncSeparate;
import static org.lwjgl.opengl.GL15.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15.GL_ELEMENT_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15.glBindBuffer;
import static org.lwjgl.opengl.GL15.glDeleteBuffers;
import static org.lwjgl.opengl.GL15.glGenBuffers;
import static org.lwjgl.opengl.GL20.glBlendEquationSeparate;
import static org.lwjgl.opengl.GL20.glDeleteProgram;
import static org.lwjgl.opengl.GL20.glEnableVertexAttribArray;
import static org.lwjgl.opengl.GL20.glUseProgram;
import static org.lwjgl.opengl.GL20.glVertexAttribPointer;
import static org.lwjgl.opengl.GL21.GL_PIXEL_UNPACK_BUFFER;
import static org.lwjgl.opengl.GL30.glBindVertexArray;
import static org.lwjgl.opengl.GL30.glDeleteVertexArrays;
import static org.lwjgl.opengl.GL30.glGenVertexArrays;
import static org.lwjgl.opengl.GL31.GL_PRIMITIVE_RESTART;
import static org.lwjgl.opengl.GL31.glPrimitiveRestartIndex;
import static org.lwjgl.opengl.GL33.glBindSampler;
import static org.lwjgl.opengl.GL33.glDeleteSamplers;
import static org.lwjgl.opengl.GL33.glGenSamplers;

import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The overlay is invisible to the game's GL state: a game leaves unusual state behind (its own program, vertex
 * array, buffers, textures on two units, a sampler, odd blending, depth/stencil/cull/scissor on, a small viewport,
 * a partial colour mask, wireframe polygons, a pixel-unpack buffer and odd unpack settings, primitive restart), the
 * overlay is created and draws a full HUD, and every one of those values is the same afterwards, in a core and in a
 * compatibility context, with no GL error and no KHR_debug error message.
 */
class GlStatePreservationGlTest {
    private static final int W = 960;
    private static final int H = 540;

    @ParameterizedTest
    @EnumSource(GlContext.Profile.class)
    void everyHostStateIsTheSameAfterCreateAndRender(GlContext.Profile profile) {
        try (GlContext gl = GlContext.open(profile, W, H);
             GlDebugLog debug = new GlDebugLog();
             ScriptedGame game = new ScriptedGame(128, 6)) {
            boolean core = profile == GlContext.Profile.CORE;
            assertDebugLogIsLive(debug);
            game.frames(100, 1.0);
            ScriptedGame.drawScene(W, H);
            Image scene = gl.read();

            int[] objects = setHostileHostState(core);
            Map<String, String> before = HostGlState.read(core);

            Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).keepPixels(true).refreshWarmUp(0).build());
            assertSameState(before, HostGlState.read(core), "Overlay.create");

            overlay.render(W, H);
            assertSameState(before, HostGlState.read(core), "Overlay.render");
            assertTrue(overlay.pixelsKept(), "the refresh drew into the overlay's own framebuffer and copied it back");
            // Within the refresh interval (no time passed on the game's clock): the kept copy is put back.
            overlay.render(W, H);
            assertFalse(overlay.refresh().lastRefreshed());
            assertSameState(before, HostGlState.read(core), "Overlay.render between refreshes");
            overlay.controls().view().setVisible(false);
            overlay.render(W, H);
            assertSameState(before, HostGlState.read(core), "a hidden Overlay.render");

            assertEquals(GL_NO_ERROR, GlDebugLog.drainGlErrors(), "glGetError after the overlay");
            assertEquals(java.util.List.of(), debug.errors(), "KHR_debug errors");

            resetHostStateForReadback();
            Image hud = gl.screenshot("state-" + profile.name().toLowerCase());
            ReportPanelView panel = overlay.panel();
            int changed = hud.countChanged(scene, panel.bounds().left(), panel.bounds().top(), panel.bounds().right(),
                    panel.bounds().bottom());
            assertTrue(changed > panel.bounds().width() * panel.bounds().height() / 2,
                    "the HUD did not draw over the scene despite the host's hostile state: " + changed);
            overlay.close();
            deleteHostObjects(objects);
        }
    }

    static void assertSameState(Map<String, String> before, Map<String, String> after, String what) {
        StringBuilder changes = new StringBuilder();
        for (Map.Entry<String, String> entry : before.entrySet()) {
            String now = after.get(entry.getKey());
            if (!entry.getValue().equals(now)) {
                changes.append("\n  ").append(entry.getKey()).append(": ").append(entry.getValue()).append(" -> ")
                        .append(now);
            }
        }
        assertEquals(before.keySet(), after.keySet());
        assertTrue(changes.length() == 0, what + " changed the game's GL state:" + changes);
    }

    static void assertDebugLogIsLive(GlDebugLog debug) {
        glEnable(0x7FFF_FFFF);
        assertFalse(debug.errors().isEmpty(), "the KHR_debug callback did not report a deliberate error");
        assertTrue(GlDebugLog.drainGlErrors() != GL_NO_ERROR);
        debug.clear();
    }

    /** Sets state a game might leave bound; returns the GL objects it made. */
    private static int[] setHostileHostState(boolean core) {
        int program = HostProgram.create();
        glUseProgram(program);
        int vertexArray = glGenVertexArrays();
        int vertices = glGenBuffers();
        int elements = glGenBuffers();
        int otherBuffer = glGenBuffers();
        glBindVertexArray(vertexArray);
        glBindBuffer(GL_ARRAY_BUFFER, vertices);
        glVertexAttribPointer(0, 3, GL_FLOAT, false, 12, 0);
        glEnableVertexAttribArray(0);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, elements);
        glBindBuffer(GL_ARRAY_BUFFER, otherBuffer);
        int textureOnUnit0 = glGenTextures();
        int textureOnUnit3 = glGenTextures();
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, textureOnUnit0);
        int sampler = glGenSamplers();
        glBindSampler(0, sampler);
        glActiveTexture(GL_TEXTURE3);
        glBindTexture(GL_TEXTURE_2D, textureOnUnit3);
        glEnable(GL_BLEND);
        glBlendFuncSeparate(GL_DST_COLOR, GL_ZERO, GL_ONE, GL_ONE);
        glBlendEquationSeparate(GL_FUNC_REVERSE_SUBTRACT, GL_MAX);
        glEnable(GL_DEPTH_TEST);
        glDepthMask(false);
        glEnable(GL_CULL_FACE);
        glCullFace(GL_FRONT_AND_BACK);
        glEnable(GL_STENCIL_TEST);
        glStencilFunc(GL_NEVER, 0, 0xFF);
        glEnable(GL_SCISSOR_TEST);
        glScissor(1, 2, 3, 4);
        glViewport(5, 6, 70, 80);
        glColorMask(true, false, true, false);
        if (core) {
            glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        } else {
            glPolygonMode(GL_FRONT, GL_LINE);
            glPolygonMode(GL_BACK, GL_POINT);
        }
        glEnable(GL_PRIMITIVE_RESTART);
        glPrimitiveRestartIndex(3);
        int unpackBuffer = glGenBuffers();
        glBindBuffer(GL_PIXEL_UNPACK_BUFFER, unpackBuffer);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
        glPixelStorei(GL_UNPACK_ROW_LENGTH, 7);
        return new int[] {program, vertexArray, vertices, elements, otherBuffer, textureOnUnit0, textureOnUnit3,
            sampler, unpackBuffer};
    }

    /** Puts back what glReadPixels and the scene need (a real game would do the same for its next frame). */
    private static void resetHostStateForReadback() {
        glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
        glColorMask(true, true, true, true);
        glViewport(0, 0, W, H);
    }

    private static void deleteHostObjects(int[] o) {
        glUseProgram(0);
        glBindVertexArray(0);
        glBindSampler(0, 0);
        glDeleteProgram(o[0]);
        glDeleteVertexArrays(o[1]);
        glDeleteBuffers(new int[] {o[2], o[3], o[4], o[8]});
        glDeleteTextures(new int[] {o[5], o[6]});
        glDeleteSamplers(o[7]);
    }
}
