package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.lwjgl.opengl.GL11.GL_BLEND;
import static org.lwjgl.opengl.GL11.GL_CULL_FACE;
import static org.lwjgl.opengl.GL11.GL_DEPTH_TEST;
import static org.lwjgl.opengl.GL11.GL_DST_COLOR;
import static org.lwjgl.opengl.GL11.GL_FLOAT;
import static org.lwjgl.opengl.GL11.GL_FRONT;
import static org.lwjgl.opengl.GL11.GL_BACK;
import static org.lwjgl.opengl.GL11.GL_FRONT_AND_BACK;
import static org.lwjgl.opengl.GL11.GL_LINE;
import static org.lwjgl.opengl.GL11.GL_NEVER;
import static org.lwjgl.opengl.GL11.GL_NO_ERROR;
import static org.lwjgl.opengl.GL11.GL_ONE;
import static org.lwjgl.opengl.GL11.GL_POINT;
import static org.lwjgl.opengl.GL11.GL_SCISSOR_TEST;
import static org.lwjgl.opengl.GL11.GL_SHORT;
import static org.lwjgl.opengl.GL11.GL_STENCIL_TEST;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_2D;
import static org.lwjgl.opengl.GL11.GL_UNPACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11.GL_UNPACK_ROW_LENGTH;
import static org.lwjgl.opengl.GL11.GL_UNSIGNED_SHORT;
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
import static org.lwjgl.opengl.GL15.GL_STATIC_DRAW;
import static org.lwjgl.opengl.GL15.glBindBuffer;
import static org.lwjgl.opengl.GL15.glBufferData;
import static org.lwjgl.opengl.GL15.glDeleteBuffers;
import static org.lwjgl.opengl.GL15.glGenBuffers;
import static org.lwjgl.opengl.GL20.glBlendEquationSeparate;
import static org.lwjgl.opengl.GL20.glDeleteProgram;
import static org.lwjgl.opengl.GL20.glDisableVertexAttribArray;
import static org.lwjgl.opengl.GL20.glEnableVertexAttribArray;
import static org.lwjgl.opengl.GL20.glUseProgram;
import static org.lwjgl.opengl.GL20.glVertexAttribPointer;
import static org.lwjgl.opengl.GL21.GL_PIXEL_UNPACK_BUFFER;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lwjgl.opengl.ARBInstancedArrays;
import org.lwjgl.opengl.ARBVertexArrayObject;
import org.lwjgl.opengl.GLCapabilities;
import io.hudprof.testkit.AllocationCheck;

/**
 * The OpenGL 2.1 path (GLSL 120, no vertex array of its own) on a real 2.1 compatibility context: the build runs this
 * class in its own JVM with {@code MESA_GL_VERSION_OVERRIDE=2.1}, and every test first checks that it got exactly
 * that. The HUD appears with no GL error, the game's state (vertex attributes of vertex array 0 included) is the same
 * afterwards, and a frame allocates nothing.
 */
class Gl21PathGlTest {
    private static final int W = 960;
    private static final int H = 540;

    private GlContext gl;
    private ScriptedGame game;

    /** What MESA_GL_VERSION_OVERRIDE=2.1 gives: 2.1 and nothing above it. */
    static boolean isOpenGl21(GLCapabilities caps) {
        return caps.OpenGL21 && !caps.OpenGL30;
    }

    @BeforeEach
    void open() {
        gl = GlContext.openDefault(W, H, Gl21PathGlTest::isOpenGl21);
        game = new ScriptedGame(128, 6);
        game.frames(100, 1.0);
    }

    @AfterEach
    void close(TestInfo test) {
        if (gl != null) {
            gl.screenshotOf(test);
            game.close();
            gl.close();
        }
    }

    @Test
    void overlayTakesTheGl21PathAndDrawsTheHudWithNoGlError() {
        assertEquals(GlSupport.Path.LEGACY, GlSupport.current().path);
        try (GlDebugLog debug = new GlDebugLog()) {
            GlStatePreservationGlTest.assertDebugLogIsLive(debug);
            ScriptedGame.drawScene(W, H);
            Image scene = gl.read();
            try (Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).keepPixels(true).refreshWarmUp(0).build())) {
                overlay.render(W, H);
                // Opaque panels (the default): each view's background, then its blended text; the graph's picture;
                // drawn into the kept copy (ARB_framebuffer_object here), then one draw copies it over the game.
                assertTrue(overlay.pixelsKept(), "the 2.1 context's framebuffer objects keep the HUD's pixels");
                assertTrue(overlay.lastDrawCalls() >= 2 && overlay.lastDrawCalls() <= 7,
                        "draw calls: " + overlay.lastDrawCalls());
                assertEquals(GL_NO_ERROR, GlDebugLog.drainGlErrors(), "glGetError after the overlay");
                assertEquals(List.of(), debug.errors(), "KHR_debug errors");
                Image refreshed = gl.read();
                // No time passed on the game's clock: the next frame puts the kept copy back, the same pixels.
                ScriptedGame.drawScene(W, H);
                overlay.render(W, H);
                assertFalse(overlay.refresh().lastRefreshed());
                assertEquals(1, overlay.lastDrawCalls(), "a frame between refreshes is one draw");
                assertEquals(GL_NO_ERROR, GlDebugLog.drainGlErrors(), "glGetError after a frame between refreshes");
                Image hud = gl.screenshot("gl21-hud");
                assertEquals(0, hud.countChanged(refreshed, 0, 0, W, H), "the copy shows the refreshed HUD exactly");
                ReportPanelView panel = overlay.panel();
                Box box = panel.bounds();
                int changed = hud.countChanged(scene, box.left(), box.top(), box.right(), box.bottom());
                assertTrue(changed > box.width() * box.height() / 2, "the panel was not drawn: " + changed);
                int text = HudProbe.brightPixels(hud, box.left(), box.right(), panel.rowsTop(),
                        panel.rowsTop() + panel.rowHeight() * 3);
                assertTrue(text > 100, "no text in the first rows: " + text);
                HistoryGraphView graph = overlay.graph();
                assertTrue(HudProbe.columnHeight(hud, graph, 0) > 10, "the graph's latest column is missing");
                assertEquals(0, hud.countChanged(scene, 0, 0, Math.min(box.left(), graph.strip().bounds().left()), H / 3),
                        "the HUD drew outside its panel and graph");
            }
        }
    }

    /**
     * A GL2-style game (libGDX's GL20 emulation) leaves its attribute pointers in vertex array 0; with ARB_vertex_array
     * object a game may also have its own vertex array bound. Either way, every state is the same afterwards.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void everyHostStateIsTheSameAfterCreateAndRender(boolean gameVertexArrayBound) {
        GLCapabilities caps = gl.capabilities();
        assertTrue(!gameVertexArrayBound || caps.GL_ARB_vertex_array_object,
                "Mesa's 2.1 context lacks ARB_vertex_array_object, which this case needs");
        try (GlDebugLog debug = new GlDebugLog()) {
            ScriptedGame.drawScene(W, H);
            Image scene = gl.read();
            int[] objects = setHostileGl21State(caps, gameVertexArrayBound);
            Map<String, String> before = HostGlState.read(false);
            assertTrue(before.containsKey("vertex attrib 1 pointer"), "the state reading misses the attributes");

            Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).build());
            GlStatePreservationGlTest.assertSameState(before, HostGlState.read(false), "Overlay.create");
            overlay.render(W, H);
            GlStatePreservationGlTest.assertSameState(before, HostGlState.read(false), "Overlay.render");
            overlay.render(W, H);
            GlStatePreservationGlTest.assertSameState(before, HostGlState.read(false), "a second Overlay.render");
            assertEquals(GL_NO_ERROR, GlDebugLog.drainGlErrors(), "glGetError after the overlay");
            assertEquals(List.of(), debug.errors(), "KHR_debug errors");

            glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
            glColorMask(true, true, true, true);
            glViewport(0, 0, W, H);
            Image hud = gl.screenshot("gl21-state-" + (gameVertexArrayBound ? "game-vao" : "vao0"));
            ReportPanelView panel = overlay.panel();
            Box box = panel.bounds();
            int changed = hud.countChanged(scene, box.left(), box.top(), box.right(), box.bottom());
            assertTrue(changed > box.width() * box.height() / 2,
                    "the HUD did not draw over the scene despite the host's hostile state: " + changed);
            overlay.close();
            deleteHostObjects(objects, caps);
        }
    }

    /** State an OpenGL 2.1 game might leave behind; returns the GL objects it made. */
    private static int[] setHostileGl21State(GLCapabilities caps, boolean gameVertexArrayBound) {
        int program = HostProgram.createGl21();
        glUseProgram(program);
        int vertices = glGenBuffers();
        int otherBuffer = glGenBuffers();
        int elements = glGenBuffers();
        glBindBuffer(GL_ARRAY_BUFFER, vertices);
        glBufferData(GL_ARRAY_BUFFER, 256, GL_STATIC_DRAW);
        glBindBuffer(GL_ARRAY_BUFFER, otherBuffer);
        glBufferData(GL_ARRAY_BUFFER, 256, GL_STATIC_DRAW);
        // Vertex array 0, as a GL2 game leaves it: odd formats, offsets and buffers on the overlay's three indices.
        glBindBuffer(GL_ARRAY_BUFFER, vertices);
        glVertexAttribPointer(0, 3, GL_FLOAT, false, 12, 4);
        glEnableVertexAttribArray(0);
        glBindBuffer(GL_ARRAY_BUFFER, otherBuffer);
        glVertexAttribPointer(1, 4, GL_UNSIGNED_SHORT, true, 16, 8);
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(2, 2, GL_SHORT, false, 6, 32);
        glDisableVertexAttribArray(2);
        // Index 3 is not the overlay's: left as the game set it (disabled, since an enabled array there would also be
        // fetched by the overlay's draw, as in Dear ImGui's backend).
        glVertexAttribPointer(3, 1, GL_FLOAT, false, 0, 0);
        if (caps.GL_ARB_instanced_arrays) {
            ARBInstancedArrays.glVertexAttribDivisorARB(1, 2);
        }
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, elements);
        int vertexArray = 0;
        int vertexArrayElements = 0;
        if (gameVertexArrayBound) {
            vertexArray = ARBVertexArrayObject.glGenVertexArrays();
            ARBVertexArrayObject.glBindVertexArray(vertexArray);
            vertexArrayElements = glGenBuffers();
            glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, vertexArrayElements);
            glBindBuffer(GL_ARRAY_BUFFER, vertices);
            glVertexAttribPointer(0, 2, GL_FLOAT, false, 8, 16);
            glEnableVertexAttribArray(0);
        }
        glBindBuffer(GL_ARRAY_BUFFER, otherBuffer);
        int textureOnUnit0 = glGenTextures();
        int textureOnUnit3 = glGenTextures();
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, textureOnUnit0);
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
        glPolygonMode(GL_FRONT, GL_LINE);
        glPolygonMode(GL_BACK, GL_POINT);
        int unpackBuffer = glGenBuffers();
        glBindBuffer(GL_PIXEL_UNPACK_BUFFER, unpackBuffer);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
        glPixelStorei(GL_UNPACK_ROW_LENGTH, 7);
        return new int[] {program, vertices, otherBuffer, elements, textureOnUnit0, textureOnUnit3, unpackBuffer,
            vertexArray, vertexArrayElements};
    }

    private static void deleteHostObjects(int[] o, GLCapabilities caps) {
        glUseProgram(0);
        glDeleteProgram(o[0]);
        if (o[7] != 0) {
            ARBVertexArrayObject.glBindVertexArray(0);
            ARBVertexArrayObject.glDeleteVertexArrays(o[7]);
            glDeleteBuffers(o[8]);
        }
        if (caps.GL_ARB_instanced_arrays) {
            ARBInstancedArrays.glVertexAttribDivisorARB(1, 0);
        }
        for (int a = 0; a < 4; a++) {
            glDisableVertexAttribArray(a);
        }
        glDeleteBuffers(new int[] {o[1], o[2], o[3], o[6]});
        glDeleteTextures(new int[] {o[4], o[5]});
    }

    /** As {@code ZeroAllocationGlTest} measures the 3.3 path: warm up, then a round of frames with exactly 0 bytes. */
    @Test
    void renderAllocatesNothingAfterWarmUpOnTheGl21Path() {
        try (Overlay overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).build())) {
            AllocationCheck.measure(300, 5, 300, f -> {
                game.frame(1.0 + (f % 5) * 0.1);
                ScriptedGame.drawScene(W, H);
            }, f -> overlay.render(W, H)).assertSteady("Overlay.render on the 2.1 path");
        }
    }
}
