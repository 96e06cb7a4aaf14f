package io.hudprof.overlay;

import static org.lwjgl.opengl.GL11.GL_VERSION;
import static org.lwjgl.opengl.GL11.glGetIntegerv;
import static org.lwjgl.opengl.GL11.glGetString;
import static org.lwjgl.opengl.GL32.GL_CONTEXT_CORE_PROFILE_BIT;
import static org.lwjgl.opengl.GL32.GL_CONTEXT_PROFILE_MASK;

import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;

/**
 * What the game's current OpenGL context lets the overlay do, read once from the game's {@link GLCapabilities}: which
 * drawing path it takes, and which optional pieces of state exist (so the state guard never queries or sets state
 * the context lacks, which would raise {@code GL_INVALID_ENUM} in the game's error queue).
 */
final class GlSupport {
    /** How the overlay draws. */
    enum Path {
        /** OpenGL 3.2+ (core or compatibility): GLSL 150 and its own vertex array object. */
        MODERN,
        /**
         * OpenGL 2.1 compatibility (libGDX's default GL20 emulation, macOS's legacy context): GLSL 120, no vertex
         * array object of its own, attribute pointers set before each draw and the game's put back afterwards.
         */
        LEGACY,
        /** Below 2.1, or a forward-compatible 3.0/3.1 context: the overlay draws nothing. */
        NONE
    }

    final Path path;
    final boolean coreProfile;
    /** Vertex array objects exist (3.0 or ARB_vertex_array_object), so a binding must be saved and restored. */
    final boolean vertexArrays;
    /** Sampler objects exist (3.3 or ARB_sampler_objects); one bound to unit 0 would override the atlas's filtering. */
    final boolean samplers;
    /** {@code GL_PRIMITIVE_RESTART} exists (3.1). */
    final boolean primitiveRestart;
    /**
     * ARB_instanced_arrays exists: the legacy path (below 3.2) saves and clears the divisors of its attributes.
     * The modern path needs none of this, its own vertex array never has a divisor.
     */
    final boolean attribDivisors;
    /** Integer attributes exist (3.0); the legacy path restores them with {@code glVertexAttribIPointer}. */
    final boolean integerAttribs;
    /**
     * Framebuffer objects with separate draw and read bindings exist (3.0 or ARB_framebuffer_object, whose entry
     * points are 3.0's): the HUD can keep its pixels off screen between refreshes ({@code HudCache}). EXT_framebuffer_object
     * alone has one binding for both, so it is not used.
     */
    final boolean framebufferObjects;
    final String version;

    private GlSupport(GLCapabilities caps) {
        version = String.valueOf(glGetString(GL_VERSION));
        coreProfile = coreProfile(caps);
        vertexArrays = caps.OpenGL30 || caps.GL_ARB_vertex_array_object;
        samplers = caps.OpenGL33 || caps.GL_ARB_sampler_objects;
        primitiveRestart = caps.OpenGL31;
        attribDivisors = caps.GL_ARB_instanced_arrays;
        integerAttribs = caps.OpenGL30;
        framebufferObjects = caps.OpenGL30 || caps.GL_ARB_framebuffer_object;
        if (caps.OpenGL32) {
            path = Path.MODERN;
        } else if (caps.OpenGL21 && !coreProfile) {
            path = Path.LEGACY;
        } else {
            path = Path.NONE;
        }
    }

    /** The same context's support with framebuffer objects left unused (what a context without them gets). */
    private GlSupport(GlSupport other) {
        version = other.version;
        coreProfile = other.coreProfile;
        vertexArrays = other.vertexArrays;
        samplers = other.samplers;
        primitiveRestart = other.primitiveRestart;
        attribDivisors = other.attribDivisors;
        integerAttribs = other.integerAttribs;
        framebufferObjects = false;
        path = other.path;
    }

    /** This support without framebuffer objects: tests take the path of a context that lacks them. */
    GlSupport withoutFramebufferObjects() {
        return new GlSupport(this);
    }

    /** Reads the current context; {@code caps} must be the current context's capabilities. */
    static GlSupport of(GLCapabilities caps) {
        return new GlSupport(caps);
    }

    /** Reads the context current on this thread, through the capabilities the game created for it. */
    static GlSupport current() {
        GLCapabilities caps;
        try {
            caps = GL.getCapabilities();
        } catch (IllegalStateException e) {
            throw new IllegalStateException("hudprof overlay: no OpenGL context is current on this thread; create "
                    + "the overlay on the game's render thread after its GL.createCapabilities()", e);
        }
        return new GlSupport(caps);
    }

    /**
     * A 3.2+ context says its profile; a 3.1 context without ARB_compatibility has no fixed-function or client-side
     * pieces either. {@code GL_CONTEXT_PROFILE_MASK} is not a valid query below 3.2.
     */
    private static boolean coreProfile(GLCapabilities caps) {
        if (caps.OpenGL32) {
            int[] mask = new int[1];
            glGetIntegerv(GL_CONTEXT_PROFILE_MASK, mask);
            return (mask[0] & GL_CONTEXT_CORE_PROFILE_BIT) != 0;
        }
        return caps.OpenGL31 && !caps.GL_ARB_compatibility;
    }

    boolean canDraw() {
        return path != Path.NONE;
    }

    boolean legacy() {
        return path == Path.LEGACY;
    }

    /** One line for the game's log: what the context lacks, and how a game gets a context the overlay can use. */
    String whyNotDrawing() {
        return "hudprof overlay: HUD disabled, profiling continues. The game's OpenGL context (" + version
                + (coreProfile ? ", core profile" : "") + ") has neither OpenGL 3.2 nor 2.1 with the compatibility "
                + "profile; ask for a 3.2+ core context (libGDX: config.setOpenGLEmulation("
                + "Lwjgl3ApplicationConfiguration.GLEmulation.GL30, 3, 2); GLFW: GLFW_CONTEXT_VERSION_MAJOR 3, "
                + "MINOR 2, GLFW_OPENGL_CORE_PROFILE) or update the graphics driver";
    }
}
