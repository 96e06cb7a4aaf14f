package io.hudprof.demo.gfx;

import static org.lwjgl.opengl.GL33C.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** A GLSL program built from two files under the game's resources; a build failure names the file and the log. */
final class Shader implements AutoCloseable {
    private static final String ROOT = "/io/hudprof/demo/shaders/";

    final int program;

    private Shader(int program) {
        this.program = program;
    }

    /** Compiles {@code <name>.vert} and {@code <name>.frag} and links them. */
    static Shader load(String name) {
        int vertex = compile(GL_VERTEX_SHADER, name + ".vert");
        int fragment;
        try {
            fragment = compile(GL_FRAGMENT_SHADER, name + ".frag");
        } catch (RuntimeException e) {
            glDeleteShader(vertex);
            throw e;
        }
        int program = glCreateProgram();
        glAttachShader(program, vertex);
        glAttachShader(program, fragment);
        glLinkProgram(program);
        glDeleteShader(vertex);
        glDeleteShader(fragment);
        if (glGetProgrami(program, GL_LINK_STATUS) != GL_TRUE) {
            String log = glGetProgramInfoLog(program);
            glDeleteProgram(program);
            throw new IllegalStateException("linking shaders " + ROOT + name + ".vert/.frag failed:\n" + log);
        }
        return new Shader(program);
    }

    private static int compile(int type, String file) {
        String source = read(file);
        int shader = glCreateShader(type);
        glShaderSource(shader, source);
        glCompileShader(shader);
        if (glGetShaderi(shader, GL_COMPILE_STATUS) != GL_TRUE) {
            String log = glGetShaderInfoLog(shader);
            glDeleteShader(shader);
            throw new IllegalStateException("compiling shader " + ROOT + file + " failed:\n" + log);
        }
        return shader;
    }

    private static String read(String file) {
        try (InputStream in = Shader.class.getResourceAsStream(ROOT + file)) {
            if (in == null) {
                throw new IllegalStateException("shader " + ROOT + file + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read shader " + ROOT + file, e);
        }
    }

    /** The location of a uniform; -1 (the driver dropped it) is an error in a shader we wrote. */
    int uniform(String name) {
        int location = glGetUniformLocation(program, name);
        if (location < 0) {
            throw new IllegalStateException("uniform " + name + " not found in shader program " + program);
        }
        return location;
    }

    @Override
    public void close() {
        glDeleteProgram(program);
    }
}
