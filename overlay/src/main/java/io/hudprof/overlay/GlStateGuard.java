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
import static org.lwjgl.opengl.GL20.GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING;
import static org.lwjgl.opengl.GL20.GL_VERTEX_ATTRIB_ARRAY_ENABLED;
import static org.lwjgl.opengl.GL20.GL_VERTEX_ATTRIB_ARRAY_NORMALIZED;
import static org.lwjgl.opengl.GL20.GL_VERTEX_ATTRIB_ARRAY_POINTER;
import static org.lwjgl.opengl.GL20.GL_VERTEX_ATTRIB_ARRAY_SIZE;
import static org.lwjgl.opengl.GL20.GL_VERTEX_ATTRIB_ARRAY_STRIDE;
import static org.lwjgl.opengl.GL20.GL_VERTEX_ATTRIB_ARRAY_TYPE;
import static org.lwjgl.opengl.GL20.glDisableVertexAttribArray;
import static org.lwjgl.opengl.GL20.glEnableVertexAttribArray;
import static org.lwjgl.opengl.GL20.glGetVertexAttribiv;
import static org.lwjgl.opengl.GL20.nglGetVertexAttribPointerv;
import static org.lwjgl.opengl.GL20.glVertexAttribPointer;
import static org.lwjgl.opengl.GL20.glBlendEquationSeparate;
import static org.lwjgl.opengl.GL20.glUseProgram;
import static org.lwjgl.opengl.GL21.GL_PIXEL_UNPACK_BUFFER;
import static org.lwjgl.opengl.GL21.GL_PIXEL_UNPACK_BUFFER_BINDING;
import static org.lwjgl.opengl.GL30.GL_VERTEX_ARRAY_BINDING;
import static org.lwjgl.opengl.GL30.GL_VERTEX_ATTRIB_ARRAY_INTEGER;
import static org.lwjgl.opengl.GL30.glBindVertexArray;
import static org.lwjgl.opengl.GL30.glVertexAttribIPointer;
import static org.lwjgl.opengl.GL31.GL_PRIMITIVE_RESTART;
import static org.lwjgl.opengl.GL33.GL_SAMPLER_BINDING;
import static org.lwjgl.opengl.GL33.glBindSampler;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;

import org.lwjgl.opengl.ARBInstancedArrays;
import org.lwjgl.system.MemoryUtil;

/**
 * Saves every piece of GL state the overlay touches, sets the overlay's own, and puts the game's back afterwards,
 * so the game never notices the HUD. Covered: program, vertex array, array and element buffers, active texture unit,
 * unit 0's 2D texture and sampler, blend enable/equations/functions, depth/scissor/cull/stencil/primitive-restart
 * enables, scissor box, viewport, colour write mask and polygon mode; for atlas and graph-picture uploads also the
 * pixel-unpack buffer and the unpack alignment, row length and skips (a new graph column is a sub-rectangle read with a
 * row length and a pixel skip). The overlay's textures are only ever bound on unit 0. On the OpenGL 2.1 path, which has no vertex array of its own, also
 * attributes 0–2 of vertex array 0 (enabled, size, type, normalised, integer, stride, pointer, buffer, divisor) and
 * that vertex array's element buffer.
 *
 * <p>State the context does not have (a sampler binding below 3.3, primitive restart below 3.1, ...) is neither read
 * nor set, so the guard never puts an error into the game's error queue. All queries go through the context's
 * current capabilities (the game's), with reused native scratch memory, so a save/restore pair allocates nothing on
 * the Java heap. One instance per context, used by the render thread only.
 */
final class GlStateGuard implements AutoCloseable {
    /** The attributes the overlay's program reads; arrays the game enabled at other indices are left alone. */
    static final int ATTRIBUTES = 3;

    private final GlSupport support;
    private IntBuffer scratch = MemoryUtil.memAllocInt(4);
    /** The colour write mask's 4 booleans, or one pointer (8 bytes) while attributes are saved. */
    private ByteBuffer mask = MemoryUtil.memAlloc(8);

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

    private final boolean[] attribEnabled = new boolean[ATTRIBUTES];
    private final int[] attribSize = new int[ATTRIBUTES];
    private final int[] attribType = new int[ATTRIBUTES];
    private final boolean[] attribNormalized = new boolean[ATTRIBUTES];
    private final boolean[] attribInteger = new boolean[ATTRIBUTES];
    private final int[] attribStride = new int[ATTRIBUTES];
    private final long[] attribPointer = new long[ATTRIBUTES];
    private final int[] attribBuffer = new int[ATTRIBUTES];
    private final int[] attribDivisor = new int[ATTRIBUTES];

    private int unpackBuffer;
    private int unpackAlignment;
    private int unpackRowLength;
    private int unpackSkipRows;
    private int unpackSkipPixels;

    /** A guard for the current context, whose support was read by {@link GlSupport#of}. */
    GlStateGuard(GlSupport support) {
        this.support = support;
    }

    /**
     * Records the game's state. Leaves texture unit 0 active (the overlay's unit) and, on the 2.1 path, vertex array
     * 0 bound, since that is where the overlay's attribute pointers go.
     */
    void save() {
        program = integer(GL_CURRENT_PROGRAM);
        if (support.vertexArrays) {
            vertexArray = integer(GL_VERTEX_ARRAY_BINDING);
            if (support.legacy() && vertexArray != 0) {
                // Attribute pointers set now would land in the game's vertex array.
                glBindVertexArray(0);
            }
        }
        arrayBuffer = integer(GL_ARRAY_BUFFER_BINDING);
        elementBuffer = integer(GL_ELEMENT_ARRAY_BUFFER_BINDING);
        if (support.legacy()) {
            saveAttributes();
        }
        activeTexture = integer(GL_ACTIVE_TEXTURE);
        glActiveTexture(GL_TEXTURE0);
        texture0 = integer(GL_TEXTURE_BINDING_2D);
        if (support.samplers) {
            sampler0 = integer(GL_SAMPLER_BINDING);
        }
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
        if (support.primitiveRestart) {
            primitiveRestart = glIsEnabled(GL_PRIMITIVE_RESTART);
        }
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
        polygonBack = support.coreProfile ? polygonFront : scratch.get(1);
    }

    private void saveAttributes() {
        long pointer = NativeMemory.address(mask);
        for (int a = 0; a < ATTRIBUTES; a++) {
            attribEnabled[a] = attribute(a, GL_VERTEX_ATTRIB_ARRAY_ENABLED) != 0;
            attribSize[a] = attribute(a, GL_VERTEX_ATTRIB_ARRAY_SIZE);
            attribType[a] = attribute(a, GL_VERTEX_ATTRIB_ARRAY_TYPE);
            attribNormalized[a] = attribute(a, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED) != 0;
            attribInteger[a] = support.integerAttribs && attribute(a, GL_VERTEX_ATTRIB_ARRAY_INTEGER) != 0;
            attribStride[a] = attribute(a, GL_VERTEX_ATTRIB_ARRAY_STRIDE);
            attribBuffer[a] = attribute(a, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING);
            attribDivisor[a] = support.attribDivisors ? attribute(a, ARBInstancedArrays.GL_VERTEX_ATTRIB_ARRAY_DIVISOR_ARB) : 0;
            // The pointer form with a raw address: LWJGL's glGetVertexAttribPointer(int, int) allocates a wrapper.
            nglGetVertexAttribPointerv(a, GL_VERTEX_ATTRIB_ARRAY_POINTER, pointer);
            attribPointer[a] = MemoryUtil.memGetAddress(pointer);
        }
    }

    private int attribute(int index, int pname) {
        scratch.clear();
        glGetVertexAttribiv(index, pname, scratch);
        return scratch.get(0);
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
     * Sets the fixed-function state the overlay draws with: straight (not premultiplied) alpha blending, no depth,
     * stencil or culling, scissoring on, filled polygons, all colour channels written, viewport over the whole
     * framebuffer; on the 2.1 path no attribute divisors on the overlay's attributes.
     */
    void applyOverlayState(int framebufferWidth, int framebufferHeight) {
        glEnable(GL_BLEND);
        glBlendEquationSeparate(GL_FUNC_ADD, GL_FUNC_ADD);
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
        glDisable(GL_DEPTH_TEST);
        glDisable(GL_CULL_FACE);
        glDisable(GL_STENCIL_TEST);
        if (support.primitiveRestart) {
            // A game's restart index could collide with one of the overlay's vertex indices.
            glDisable(GL_PRIMITIVE_RESTART);
        }
        glEnable(GL_SCISSOR_TEST);
        glColorMask(true, true, true, true);
        glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
        glViewport(0, 0, framebufferWidth, framebufferHeight);
        if (support.samplers) {
            // A sampler object bound by the game would override the atlas's own filtering and wrapping.
            glBindSampler(0, 0);
        }
        if (support.legacy() && support.attribDivisors) {
            for (int a = 0; a < ATTRIBUTES; a++) {
                // An instanced game's divisor would repeat one vertex's position for every vertex of the HUD.
                if (attribDivisor[a] != 0) {
                    divisor(a, 0);
                }
            }
        }
    }

    /** Puts back everything {@link #save()} recorded. */
    void restore() {
        glUseProgram(program);
        if (support.legacy()) {
            // Vertex array 0 is still bound: its attributes and element buffer are what the overlay changed.
            restoreAttributes();
            glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, elementBuffer);
        }
        glBindBuffer(GL_ARRAY_BUFFER, arrayBuffer);
        if (support.vertexArrays) {
            glBindVertexArray(vertexArray);
        }
        // The element buffer binding belongs to the vertex array just rebound; a core context has none at 0.
        if (!support.legacy() && (vertexArray != 0 || !support.coreProfile)) {
            glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, elementBuffer);
        }
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, texture0);
        if (support.samplers) {
            glBindSampler(0, sampler0);
        }
        glActiveTexture(activeTexture);
        setEnabled(GL_BLEND, blend);
        glBlendEquationSeparate(blendEquationRgb, blendEquationAlpha);
        glBlendFuncSeparate(blendSrcRgb, blendDstRgb, blendSrcAlpha, blendDstAlpha);
        setEnabled(GL_DEPTH_TEST, depthTest);
        setEnabled(GL_SCISSOR_TEST, scissorTest);
        setEnabled(GL_CULL_FACE, cullFace);
        setEnabled(GL_STENCIL_TEST, stencilTest);
        if (support.primitiveRestart) {
            setEnabled(GL_PRIMITIVE_RESTART, primitiveRestart);
        }
        glScissor(scissorBox[0], scissorBox[1], scissorBox[2], scissorBox[3]);
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
        glColorMask(colorMask[0], colorMask[1], colorMask[2], colorMask[3]);
        if (support.coreProfile || polygonFront == polygonBack) {
            glPolygonMode(GL_FRONT_AND_BACK, polygonFront);
        } else {
            glPolygonMode(GL_FRONT, polygonFront);
            glPolygonMode(GL_BACK, polygonBack);
        }
    }

    private void restoreAttributes() {
        for (int a = 0; a < ATTRIBUTES; a++) {
            // A pointer is recorded against the array buffer bound when it is set, so bind the game's first.
            glBindBuffer(GL_ARRAY_BUFFER, attribBuffer[a]);
            if (attribInteger[a]) {
                glVertexAttribIPointer(a, attribSize[a], attribType[a], attribStride[a], attribPointer[a]);
            } else {
                glVertexAttribPointer(a, attribSize[a], attribType[a], attribNormalized[a], attribStride[a],
                        attribPointer[a]);
            }
            if (attribDivisor[a] != 0) {
                divisor(a, attribDivisor[a]);
            }
            if (attribEnabled[a]) {
                glEnableVertexAttribArray(a);
            } else {
                glDisableVertexAttribArray(a);
            }
        }
    }

    /** Only on the 2.1 path, so below 3.2: the divisor there can only come from ARB_instanced_arrays. */
    private static void divisor(int index, int value) {
        ARBInstancedArrays.glVertexAttribDivisorARB(index, value);
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
            NativeMemory.free(scratch);
            NativeMemory.free(mask);
            scratch = null;
            mask = null;
        }
    }
}
