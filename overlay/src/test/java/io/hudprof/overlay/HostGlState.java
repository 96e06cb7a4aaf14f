package io.hudprof.overlay;

import static org.lwjgl.opengl.GL11.*;
import static org.lwjgl.opengl.GL13.GL_ACTIVE_TEXTURE;
import static org.lwjgl.opengl.GL13.GL_TEXTURE0;
import static org.lwjgl.opengl.GL13.glActiveTexture;
import static org.lwjgl.opengl.GL14.GL_BLEND_DST_ALPHA;
import static org.lwjgl.opengl.GL14.GL_BLEND_DST_RGB;
import static org.lwjgl.opengl.GL14.GL_BLEND_SRC_ALPHA;
import static org.lwjgl.opengl.GL14.GL_BLEND_SRC_RGB;
import static org.lwjgl.opengl.GL15.GL_ARRAY_BUFFER_BINDING;
import static org.lwjgl.opengl.GL15.GL_ELEMENT_ARRAY_BUFFER_BINDING;
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
import static org.lwjgl.opengl.GL20.glGetVertexAttribPointer;
import static org.lwjgl.opengl.GL20.glGetVertexAttribi;
import static org.lwjgl.opengl.GL21.GL_PIXEL_UNPACK_BUFFER_BINDING;
import static org.lwjgl.opengl.GL30.GL_DRAW_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL30.GL_READ_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL30.GL_VERTEX_ARRAY_BINDING;
import static org.lwjgl.opengl.GL30.GL_VERTEX_ATTRIB_ARRAY_INTEGER;
import static org.lwjgl.opengl.GL30.glBindVertexArray;
import static org.lwjgl.opengl.GL31.GL_PRIMITIVE_RESTART;
import static org.lwjgl.opengl.GL31.GL_PRIMITIVE_RESTART_INDEX;
import static org.lwjgl.opengl.GL33.GL_SAMPLER_BINDING;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;

/**
 * The test's own reading of the GL state a host game cares about, written independently of the overlay's
 * {@code GlStateGuard} so a gap in the guard cannot hide itself. Values are kept as text under readable names, so
 * a failed comparison prints exactly which state changed.
 */
final class HostGlState {
    private HostGlState() {
    }

    static Map<String, String> read(boolean coreProfile) {
        GLCapabilities caps = GL.getCapabilities();
        boolean vertexArrays = caps.OpenGL30 || caps.GL_ARB_vertex_array_object;
        Map<String, String> s = new LinkedHashMap<>();
        s.put("program", i(GL_CURRENT_PROGRAM));
        if (vertexArrays) {
            s.put("vertex array", i(GL_VERTEX_ARRAY_BINDING));
        }
        s.put("array buffer", i(GL_ARRAY_BUFFER_BINDING));
        s.put("element array buffer", i(GL_ELEMENT_ARRAY_BUFFER_BINDING));
        if (!vertexArrays || glGetInteger(GL_VERTEX_ARRAY_BINDING) != 0 || !coreProfile) {
            for (int a = 0; a < 4; a++) {
                readAttribute(s, caps, a);
            }
        }
        if (vertexArrays && glGetInteger(GL_VERTEX_ARRAY_BINDING) != 0 && !coreProfile) {
            // The 2.1 path writes attribute pointers into vertex array 0: it must come back untouched as well.
            int bound = glGetInteger(GL_VERTEX_ARRAY_BINDING);
            glBindVertexArray(0);
            s.put("vertex array 0: element array buffer", i(GL_ELEMENT_ARRAY_BUFFER_BINDING));
            for (int a = 0; a < 4; a++) {
                Map<String, String> zero = new LinkedHashMap<>();
                readAttribute(zero, caps, a);
                zero.forEach((k, v) -> s.put("vertex array 0: " + k, v));
            }
            glBindVertexArray(bound);
        }
        int active = glGetInteger(GL_ACTIVE_TEXTURE);
        s.put("active texture", "GL_TEXTURE0+" + (active - GL_TEXTURE0));
        s.put("texture 2D on active unit", i(GL_TEXTURE_BINDING_2D));
        glActiveTexture(GL_TEXTURE0);
        s.put("texture 2D on unit 0", i(GL_TEXTURE_BINDING_2D));
        if (caps.OpenGL33 || caps.GL_ARB_sampler_objects) {
            s.put("sampler on unit 0", i(GL_SAMPLER_BINDING));
        }
        glActiveTexture(active);
        s.put("blend", b(GL_BLEND));
        s.put("blend src rgb", i(GL_BLEND_SRC_RGB));
        s.put("blend dst rgb", i(GL_BLEND_DST_RGB));
        s.put("blend src alpha", i(GL_BLEND_SRC_ALPHA));
        s.put("blend dst alpha", i(GL_BLEND_DST_ALPHA));
        s.put("blend equation rgb", i(GL_BLEND_EQUATION_RGB));
        s.put("blend equation alpha", i(GL_BLEND_EQUATION_ALPHA));
        s.put("depth test", b(GL_DEPTH_TEST));
        s.put("depth mask", String.valueOf(glGetBoolean(GL_DEPTH_WRITEMASK)));
        s.put("scissor test", b(GL_SCISSOR_TEST));
        s.put("cull face", b(GL_CULL_FACE));
        s.put("stencil test", b(GL_STENCIL_TEST));
        if (caps.OpenGL31) {
            s.put("primitive restart", b(GL_PRIMITIVE_RESTART));
            s.put("primitive restart index", i(GL_PRIMITIVE_RESTART_INDEX));
        }
        s.put("scissor box", ints(GL_SCISSOR_BOX, 4));
        s.put("viewport", ints(GL_VIEWPORT, 4));
        byte[] mask = new byte[4];
        java.nio.ByteBuffer m = org.lwjgl.BufferUtils.createByteBuffer(4);
        glGetBooleanv(GL_COLOR_WRITEMASK, m);
        m.get(mask);
        s.put("color mask", Arrays.toString(mask));
        s.put("polygon mode", ints(GL_POLYGON_MODE, coreProfile ? 1 : 2));
        s.put("unpack alignment", i(GL_UNPACK_ALIGNMENT));
        s.put("unpack row length", i(GL_UNPACK_ROW_LENGTH));
        s.put("unpack skip rows", i(GL_UNPACK_SKIP_ROWS));
        s.put("unpack skip pixels", i(GL_UNPACK_SKIP_PIXELS));
        s.put("pixel unpack buffer", i(GL_PIXEL_UNPACK_BUFFER_BINDING));
        if (caps.OpenGL30 || caps.GL_ARB_framebuffer_object) {
            s.put("draw framebuffer", i(GL_DRAW_FRAMEBUFFER_BINDING));
            s.put("read framebuffer", i(GL_READ_FRAMEBUFFER_BINDING));
        }
        return s;
    }

    /** Everything about one vertex attribute array of the bound vertex array. */
    private static void readAttribute(Map<String, String> s, GLCapabilities caps, int a) {
        String at = "vertex attrib " + a + " ";
        s.put(at + "enabled", String.valueOf(glGetVertexAttribi(a, GL_VERTEX_ATTRIB_ARRAY_ENABLED)));
        s.put(at + "size", String.valueOf(glGetVertexAttribi(a, GL_VERTEX_ATTRIB_ARRAY_SIZE)));
        s.put(at + "type", String.valueOf(glGetVertexAttribi(a, GL_VERTEX_ATTRIB_ARRAY_TYPE)));
        s.put(at + "normalized", String.valueOf(glGetVertexAttribi(a, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED)));
        s.put(at + "stride", String.valueOf(glGetVertexAttribi(a, GL_VERTEX_ATTRIB_ARRAY_STRIDE)));
        s.put(at + "buffer", String.valueOf(glGetVertexAttribi(a, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING)));
        s.put(at + "pointer", String.valueOf(glGetVertexAttribPointer(a, GL_VERTEX_ATTRIB_ARRAY_POINTER)));
        if (caps.OpenGL30) {
            s.put(at + "integer", String.valueOf(glGetVertexAttribi(a, GL_VERTEX_ATTRIB_ARRAY_INTEGER)));
        }
        if (caps.OpenGL33 || caps.GL_ARB_instanced_arrays) {
            s.put(at + "divisor", String.valueOf(glGetVertexAttribi(a, 0x88FE))); // GL_VERTEX_ATTRIB_ARRAY_DIVISOR
        }
    }

    private static String i(int pname) {
        return String.valueOf(glGetInteger(pname));
    }

    private static String b(int capability) {
        return String.valueOf(glIsEnabled(capability));
    }

    private static String ints(int pname, int count) {
        int[] values = new int[4];
        glGetIntegerv(pname, values);
        return Arrays.toString(Arrays.copyOf(values, count));
    }
}
