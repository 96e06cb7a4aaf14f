package io.hudprof.overlay;

import static org.lwjgl.opengl.GL20.GL_COMPILE_STATUS;
import static org.lwjgl.opengl.GL20.GL_FRAGMENT_SHADER;
import static org.lwjgl.opengl.GL20.GL_LINK_STATUS;
import static org.lwjgl.opengl.GL20.GL_VERTEX_SHADER;
import static org.lwjgl.opengl.GL20.glAttachShader;
import static org.lwjgl.opengl.GL20.glBindAttribLocation;
import static org.lwjgl.opengl.GL20.glCompileShader;
import static org.lwjgl.opengl.GL20.glCreateProgram;
import static org.lwjgl.opengl.GL20.glCreateShader;
import static org.lwjgl.opengl.GL20.glDeleteProgram;
import static org.lwjgl.opengl.GL20.glDeleteShader;
import static org.lwjgl.opengl.GL20.glDetachShader;
import static org.lwjgl.opengl.GL20.glGetProgramInfoLog;
import static org.lwjgl.opengl.GL20.glGetProgrami;
import static org.lwjgl.opengl.GL20.glGetShaderInfoLog;
import static org.lwjgl.opengl.GL20.glGetShaderi;
import static org.lwjgl.opengl.GL20.glGetUniformLocation;
import static org.lwjgl.opengl.GL20.glLinkProgram;
import static org.lwjgl.opengl.GL20.glShaderSource;

/**
 * A GLSL program built from two classpath files. Compile and link failures throw {@link OverlayLoadException}
 * naming the file(s) and carrying the driver's info log. Must be created, used and deleted with the owning
 * context current.
 */
final class ShaderProgram {
    /** The overlay's vertex shader, packed from the top-level {@code shaders/} folder. */
    static final String HUD_VERTEX = "shaders/hud.vert";
    /** The overlay's fragment shader. */
    static final String HUD_FRAGMENT = "shaders/hud.frag";
    /** The same program in GLSL 120, for OpenGL 2.1 compatibility contexts. */
    static final String HUD_VERTEX_GL21 = "shaders/hud-gl21.vert";
    static final String HUD_FRAGMENT_GL21 = "shaders/hud-gl21.frag";
    /** RGBA pictures (the graph's columns, the HUD's kept pixels). */
    static final String HUD_FRAGMENT_IMAGE = "shaders/hud-image.frag";
    static final String HUD_FRAGMENT_IMAGE_GL21 = "shaders/hud-image-gl21.frag";
    /**
     * The vertex attributes by location, bound by name before linking: GLSL 150 and 120 have no
     * {@code layout(location)}, and the draw list's attribute pointers use these indices.
     */
    static final String[] ATTRIBUTES = {"aPosition", "aTexCoord", "aColor"};

    private final String description;
    private int program;

    private ShaderProgram(String description, int program) {
        this.description = description;
        this.program = program;
    }

    /** Compiles and links the two shader files; on failure nothing is left allocated in the context. */
    static ShaderProgram load(String vertexPath, String fragmentPath) {
        String description = vertexPath + " + " + fragmentPath;
        int vertex = compile(vertexPath, GL_VERTEX_SHADER);
        int fragment;
        try {
            fragment = compile(fragmentPath, GL_FRAGMENT_SHADER);
        } catch (RuntimeException e) {
            glDeleteShader(vertex);
            throw e;
        }
        int program = glCreateProgram();
        glAttachShader(program, vertex);
        glAttachShader(program, fragment);
        for (int location = 0; location < ATTRIBUTES.length; location++) {
            glBindAttribLocation(program, location, ATTRIBUTES[location]);
        }
        glLinkProgram(program);
        boolean linked = glGetProgrami(program, GL_LINK_STATUS) != 0;
        String log = linked ? "" : glGetProgramInfoLog(program);
        // The program keeps the compiled code; the shader objects are only needed until the link.
        glDetachShader(program, vertex);
        glDetachShader(program, fragment);
        glDeleteShader(vertex);
        glDeleteShader(fragment);
        if (!linked) {
            glDeleteProgram(program);
            throw new OverlayLoadException(description, "GLSL program failed to link:\n" + trimLog(log));
        }
        return new ShaderProgram(description, program);
    }

    private static int compile(String path, int type) {
        String source = Resources.text(path);
        int shader = glCreateShader(type);
        glShaderSource(shader, source);
        glCompileShader(shader);
        if (glGetShaderi(shader, GL_COMPILE_STATUS) == 0) {
            String log = glGetShaderInfoLog(shader);
            glDeleteShader(shader);
            throw new OverlayLoadException(path, "GLSL shader failed to compile:\n" + trimLog(log));
        }
        return shader;
    }

    private static String trimLog(String log) {
        String trimmed = log == null ? "" : log.strip();
        return trimmed.isEmpty() ? "(the driver gave no info log)" : trimmed;
    }

    /** The GL program name. */
    int id() {
        return program;
    }

    /**
     * The location of a uniform the overlay relies on; a missing one (renamed in the file, or optimised away)
     * is a broken shader file, so it fails here rather than drawing nothing later.
     */
    int uniform(String name) {
        int location = glGetUniformLocation(program, name);
        if (location < 0) {
            throw new OverlayLoadException(description, "the program has no active uniform '" + name + "'");
        }
        return location;
    }

    /** Deletes the program; safe to call twice. */
    void delete() {
        if (program != 0) {
            glDeleteProgram(program);
            program = 0;
        }
    }
}
