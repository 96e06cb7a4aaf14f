package io.hudprof.overlay;

import static org.lwjgl.opengl.GL11.GL_BACK;
import static org.lwjgl.opengl.GL11.GL_BLEND;
import static org.lwjgl.opengl.GL11.GL_COLOR_WRITEMASK;
import static org.lwjgl.opengl.GL11.GL_CULL_FACE;
import static org.lwjgl.opengl.GL11.GL_DEPTH_TEST;
import static org.lwjgl.opengl.GL11.GL_FILL;
import static org.lwjgl.opengl.GL11.GL_FRONT;
import static org.lwjgl.opengl.GL11.GL_FRONT_AND_BACK;
import static org.lwjgl.opengl.GL11.GL_ONE;
import static org.lwjgl.opengl.GL11.GL_ONE_MINUS_SRC_ALPHA;
import static org.lwjgl.opengl.GL11.GL_POLYGON_MODE;
import static org.lwjgl.opengl.GL11.GL_SCISSOR_BOX;
import static org.lwjgl.opengl.GL11.GL_SCISSOR_TEST;
import static org.lwjgl.opengl.GL11.GL_SRC_ALPHA;
import static org.lwjgl.opengl.GL11.GL_STENCIL_TEST;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_2D;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_BINDING_2D;
import static org.lwjgl.opengl.GL11.GL_UNPACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11.GL_UNPACK_ROW_LENGTH;
import static org.lwjgl.opengl.GL11.GL_UNPACK_SKIP_PIXELS;
import static org.lwjgl.opengl.GL11.GL_UNPACK_SKIP_ROWS;
import static org.lwjgl.opengl.GL11.GL_VIEWPORT;
import static org.lwjgl.opengl.GL11.glBindTexture;
import static org.lwjgl.opengl.GL11.glColorMask;
import static org.lwjgl.opengl.GL11.glDisable;
import static org.lwjgl.opengl.GL11.glEnable;
import static org.lwjgl.opengl.GL11.glGetBooleanv;
import static org.lwjgl.opengl.GL11.glGetIntegerv;
import static org.lwjgl.opengl.GL11.glIsEnabled;
import static org.lwjgl.opengl.GL11.glPixelStorei;
import static org.lwjgl.opengl.GL11.glPolygonMode;
import static org.lwjgl.opengl.GL11.glScissor;
import static org.lwjgl.opengl.GL11.glViewport;
import static org.lwjgl.opengl.GL13.GL_ACTIVE_TEXTURE;
import static org.lwjgl.opengl.GL13.GL_TEXTURE0;
import static org.lwjgl.opengl.GL13.glActiveTexture;
import static org.lwjgl.opengl.GL14.GL_BLEND_DST_ALPHA;
import static org.lwjgl.opengl.GL14.GL_BLEND_DST_RGB;
import static org.lwjgl.opengl.GL14.GL_BLEND_SRC_ALPHA;
import static org.lwjgl.opengl.GL14.GL_BLEND_SRC_RGB;
import static org.lwjgl.opengl.GL14.GL_FUNC_ADD;
import static org.lwjgl.opengl.GL14.glBlendFuncSeparate;
import static org.lwjgl.opengl.GL15.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15.GL_ARRAY_BUFFER_BINDING;
import static org.lwjgl.opengl.GL15.GL_ELEMENT_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15.GL_ELEMENT_ARRAY_BUFFER_BINDING;
import static org.lwjgl.opengl.GL15.glBindBuffer;
import static org.lwjgl.opengl.GL20.GL_BLEND_EQUATION_ALPHA;
import static org.lwjgl.opengl.GL20.GL_BLEND_EQUATION_RGB;
import static org.lwjgl.opengl.GL20.GL_CURRENT_PROGRAM;
import static org.lwjgl.opengl.GL20.glBlendEquationSeparate;
import static org.lwjgl.opengl.GL20.glUseProgram;
import static org.lwjgl.opengl.GL21.GL_PIXEL_UNPACK_BUFFER;
import static org.lwjgl.opengl.GL21.GL_PIXEL_UNPACK_BUFFER_BINDING;
import static org.lwjgl.opengl.GL30.GL_VERTEX_ARRAY_BINDING;
import static org.lwjgl.opengl.GL30.glBindVertexArray;
import static org.lwjgl.opengl.GL31.GL_PRIMITIVE_RESTART;
import static org.lwjgl.opengl.GL32.GL_CONTEXT_CORE_PROFILE_BIT;
import static org.lwjgl.opengl.GL32.GL_CONTEXT_PROFILE_MASK;
import static org.lwjgl.opengl.GL33.GL_SAMPLER_BINDING;
import static org.lwjgl.opengl.GL33.glBindSampler;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;

import org.lwjgl.system.MemoryUtil;

/**
 * Saves every piece of GL state the overlay touches, sets the overlay's own, and puts the game's back afterwards,
 * so the game never notices the HUD. Covered: program, vertex array, array and element buffers, active texture unit,
 * unit 0's 2D texture and sampler, blend enable/equations/functions, depth/scissor/cull/stencil/primitive-restart
 * enables, scissor box, viewport, colour write mask and polygon mode; for atlas uploads also the pixel-unpack buffer
 * and the unpack alignment, row length and skips.
 *
 * <p>All queries go through the context's current capabilities (the game's), with reused native scratch memory, so
 * a save/restore pair allocates nothing on the Java heap. One instance per context, used by the render thread only.
 */
final class GlStateGuard implements AutoCloseable {
    private final boolean coreProfile;
    private IntBuffer scratch = MemoryUtil.memAllocInt(4);
    private ByteBuffer mask = MemoryUtil.memAlloc(4);

    private int program;
    private int vertexArray;
    private int arrayBuffer;
    private int elementBuffer;
    private int activeTexture;
    private int texture0;
    private int sampler0;
    private boolean blend;
    private int blendSrcRgb;
    private int blendDstRgb;
    private int blendSrcAlpha;
    private int blendDstAlpha;
    private int blendEquationRgb;
    private int blendEquationAlpha;
    private boolean depthTest;
    private boolean scissorTest;
    private boolean cullFace;
    private boolean stencilTest;
    private boolean primitiveRestart;
    private final int[] scissorBox = new int[4];
    private final int[] viewport = new int[4];
    private final boolean[] colorMask = new boolean[4];
    private int polygonFront;
    private int polygonBack;

    private int unpackBuffer;
    private int unpackAlignment;
    private int unpackRowLength;
    private int unpackSkipRows;
    private int unpackSkipPixels;

    /** Reads which profile the current context has; the polygon-mode restore depends on it. */
    GlStateGuard() {
        this.coreProfile = (integer(GL_CONTEXT_PROFILE_MASK) & GL_CONTEXT_CORE_PROFILE_BIT) != 0;
    }

    boolean coreProfile() {
        return coreProfile;
    }

    /** Records the game's state. Leaves texture unit 0 active (the overlay's unit). */
    void save() {
        program = integer(GL_CURRENT_PROGRAM);
        vertexArray = integer(GL_VERTEX_ARRAY_BINDING);
        arrayBuffer = integer(GL_ARRAY_BUFFER_BINDING);
        elementBuffer = integer(GL_ELEMENT_ARRAY_BUFFER_BINDING);
        activeTexture = integer(GL_ACTIVE_TEXTURE);
        glActiveTexture(GL_TEXTURE0);
        texture0 = integer(GL_TEXTURE_BINDING_2D);
        sampler0 = integer(GL_SAMPLER_BINDING);
        blend = glIsEnabled(GL_BLEND);
        blendSrcRgb = integer(GL_BLEND_SRC_RGB);
        blendDstRgb = integer(GL_BLEND_DST_RGB);
        blendSrcAlpha = integer(GL_BLEND_SRC_ALPHA);
        blendDstAlpha = integer(GL_BLEND_DST_ALPHA);
        blendEquationRgb = integer(GL_BLEND_EQUATION_RGB);
        blendEquationAlpha = integer(GL_BLEND_EQUATION_ALPHA);
        depthTest = glIsEnabled(GL_DEPTH_TEST);
        scissorTest = glIsEnabled(GL_SCISSOR_TEST);
        cullFace = glIsEnabled(GL_CULL_FACE);
        stencilTest = glIsEnabled(GL_STENCIL_TEST);
        primitiveRestart = glIsEnabled(GL_PRIMITIVE_RESTART);
        readInts(GL_SCISSOR_BOX, scissorBox);
        readInts(GL_VIEWPORT, viewport);
        mask.clear();
        glGetBooleanv(GL_COLOR_WRITEMASK, mask);
        for (int i = 0; i < 4; i++) {
            colorMask[i] = mask.get(i) != 0;
        }
        scratch.clear();
        scratch.put(0, GL_FILL).put(1, GL_FILL);
        glGetIntegerv(GL_POLYGON_MODE, scratch);
        polygonFront = scratch.get(0);
        polygonBack = coreProfile ? polygonFront : scratch.get(1);
    }

    /**
     * One integer of state. LWJGL's {@code glGetInteger(int)} allocates a little on every call (measured: 56 bytes
     * with 3.4.3), so the query goes through reused native memory instead.
     */
    private int integer(int pname) {
        scratch.clear();
        glGetIntegerv(pname, scratch);
        return scratch.get(0);
    }

    private void readInts(int pname, int[] dest) {
        scratch.clear();
        glGetIntegerv(pname, scratch);
        for (int i = 0; i < dest.length; i++) {
            dest[i] = scratch.get(i);
        }
    }

    /**
     * Sets the fixed-function state the overlay draws with: straight (not premultiplied) alpha blending, no depth, stencil or
     * culling, scissoring on, filled polygons, all colour channels written, viewport over the whole framebuffer.
     */
    void applyOverlayState(int framebufferWidth, int framebufferHeight) {
        glEnable(GL_BLEND);
        glBlendEquationSeparate(GL_FUNC_ADD, GL_FUNC_ADD);
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
        glDisable(GL_DEPTH_TEST);
        glDisable(GL_CULL_FACE);
        glDisable(GL_STENCIL_TEST);
        // A game's restart index could collide with one of the overlay's vertex indices.
        glDisable(GL_PRIMITIVE_RESTART);
        glEnable(GL_SCISSOR_TEST);
        glColorMask(true, true, true, true);
        glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
        glViewport(0, 0, framebufferWidth, framebufferHeight);
        // A sampler object bound by the game would override the atlas's own filtering and wrapping.
        glBindSampler(0, 0);
    }

    /** Puts back everything {@link #save()} recorded. */
    void restore() {
        glUseProgram(program);
        glBindVertexArray(vertexArray);
        // The element buffer binding belongs to the vertex array just rebound; a core context has none at 0.
        if (vertexArray != 0 || !coreProfile) {
            glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, elementBuffer);
        }
        glBindBuffer(GL_ARRAY_BUFFER, arrayBuffer);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, texture0);
        glBindSampler(0, sampler0);
        glActiveTexture(activeTexture);
        setEnabled(GL_BLEND, blend);
        glBlendEquationSeparate(blendEquationRgb, blendEquationAlpha);
        glBlendFuncSeparate(blendSrcRgb, blendDstRgb, blendSrcAlpha, blendDstAlpha);
        setEnabled(GL_DEPTH_TEST, depthTest);
        setEnabled(GL_SCISSOR_TEST, scissorTest);
        setEnabled(GL_CULL_FACE, cullFace);
        setEnabled(GL_STENCIL_TEST, stencilTest);
        setEnabled(GL_PRIMITIVE_RESTART, primitiveRestart);
        glScissor(scissorBox[0], scissorBox[1], scissorBox[2], scissorBox[3]);
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
        glColorMask(colorMask[0], colorMask[1], colorMask[2], colorMask[3]);
        if (coreProfile || polygonFront == polygonBack) {
            glPolygonMode(GL_FRONT_AND_BACK, polygonFront);
        } else {
            glPolygonMode(GL_FRONT, polygonFront);
            glPolygonMode(GL_BACK, polygonBack);
        }
    }

    /** Records the pixel-unpack state and sets tightly packed client memory as the upload source. */
    void saveUnpackForUpload() {
        unpackBuffer = integer(GL_PIXEL_UNPACK_BUFFER_BINDING);
        unpackAlignment = integer(GL_UNPACK_ALIGNMENT);
        unpackRowLength = integer(GL_UNPACK_ROW_LENGTH);
        unpackSkipRows = integer(GL_UNPACK_SKIP_ROWS);
        unpackSkipPixels = integer(GL_UNPACK_SKIP_PIXELS);
        // With a game's pixel-unpack buffer bound, glTexImage2D would read from that buffer, not from the atlas.
        glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
        glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
        glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
    }

    void restoreUnpack() {
        glBindBuffer(GL_PIXEL_UNPACK_BUFFER, unpackBuffer);
        glPixelStorei(GL_UNPACK_ALIGNMENT, unpackAlignment);
        glPixelStorei(GL_UNPACK_ROW_LENGTH, unpackRowLength);
        glPixelStorei(GL_UNPACK_SKIP_ROWS, unpackSkipRows);
        glPixelStorei(GL_UNPACK_SKIP_PIXELS, unpackSkipPixels);
    }

    private static void setEnabled(int capability, boolean enabled) {
        if (enabled) {
            glEnable(capability);
        } else {
            glDisable(capability);
        }
    }

    @Override
    public void close() {
        if (scratch != null) {
            MemoryUtil.memFree(scratch);
            MemoryUtil.memFree(mask);
            scratch = null;
            mask = null;
        }
    }
}
