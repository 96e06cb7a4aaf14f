package io.hudprof.jme;

import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GL11;

/**
 * The GL state the HUD must leave as it found it: the same values, in the same order, that the libGDX adapter's test
 * reads ({@code gdx/src/test/.../GdxRun.snapshot}), read with LWJGL directly into int arrays, so that reading allocates
 * nothing on the heap and can run inside the frames whose allocations are counted.
 */
final class JmeGlState {
    static final int SIZE = 30;

    private static final int[] SINGLES = {
        0x8B8D /* CURRENT_PROGRAM */, 0x8894 /* ARRAY_BUFFER_BINDING */, 0x8895 /* ELEMENT_ARRAY_BUFFER_BINDING */,
        0x84E0 /* ACTIVE_TEXTURE */, 0x8069 /* TEXTURE_BINDING_2D */, 0x0BE2 /* BLEND */, 0x80C9 /* BLEND_SRC_RGB */,
        0x80C8 /* BLEND_DST_RGB */, 0x80CB /* BLEND_SRC_ALPHA */, 0x80CA /* BLEND_DST_ALPHA */,
        0x8009 /* BLEND_EQUATION_RGB */, 0x0B71 /* DEPTH_TEST */, 0x0C11 /* SCISSOR_TEST */, 0x0B44 /* CULL_FACE */,
        0x0B90 /* STENCIL_TEST */, 0x0B72 /* DEPTH_WRITEMASK */, 0x0CF5 /* UNPACK_ALIGNMENT */,
    };
    private static final String[] SINGLE_NAMES = {"program", "array buffer", "element array buffer", "active texture",
        "texture 2D", "blend", "blend src rgb", "blend dst rgb", "blend src alpha", "blend dst alpha",
        "blend equation rgb", "depth test", "scissor test", "cull face", "stencil test", "depth mask",
        "unpack alignment"};
    private static final int[] QUADS = {0x0BA2 /* VIEWPORT */, 0x0C10 /* SCISSOR_BOX */, 0x0C23 /* COLOR_WRITEMASK */};
    private static final String[] QUAD_NAMES = {"viewport", "scissor box", "color mask"};

    private static final int[] FOUR = new int[4];

    private JmeGlState() {
    }

    /** Reads the state into {@code dest} (length {@link #SIZE}). */
    static void read(int[] dest) {
        int i = 0;
        for (int name : SINGLES) {
            dest[i++] = integer(name);
        }
        dest[i++] = GL.getCapabilities().OpenGL30 ? integer(0x85B5 /* VERTEX_ARRAY_BINDING */) : -1;
        for (int name : QUADS) {
            GL11.glGetIntegerv(name, FOUR);
            for (int c : FOUR) {
                dest[i++] = c;
            }
        }
    }

    /** {@code glGetInteger} through an array: LWJGL's {@code glGetInteger(int)} wraps a stack buffer in a new object. */
    private static int integer(int name) {
        GL11.glGetIntegerv(name, FOUR);
        return FOUR[0];
    }

    /** The values that differ between two readings, by name. */
    static String difference(int[] before, int[] after) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < SIZE; i++) {
            if (before[i] != after[i]) {
                s.append(s.length() == 0 ? "" : ", ").append(name(i)).append(": ").append(before[i]).append(" -> ")
                        .append(after[i]);
            }
        }
        return s.toString();
    }

    private static String name(int i) {
        if (i < SINGLES.length) {
            return SINGLE_NAMES[i];
        }
        if (i == SINGLES.length) {
            return "vertex array";
        }
        int q = i - SINGLES.length - 1;
        return QUAD_NAMES[q / 4] + "[" + q % 4 + "]";
    }
}
