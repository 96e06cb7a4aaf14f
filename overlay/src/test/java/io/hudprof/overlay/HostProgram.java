package io.hudprof.overlay;

import static org.lwjgl.opengl.GL20.GL_FRAGMENT_SHADER;
import static org.lwjgl.opengl.GL20.GL_LINK_STATUS;
import static org.lwjgl.opengl.GL20.GL_VERTEX_SHADER;
import static org.lwjgl.opengl.GL20.glAttachShader;
import static org.lwjgl.opengl.GL20.glCompileShader;
import static org.lwjgl.opengl.GL20.glCreateProgram;
import static org.lwjgl.opengl.GL20.glCreateShader;
import static org.lwjgl.opengl.GL20.glDeleteShader;
import static org.lwjgl.opengl.GL20.glGetProgramInfoLog;
import static org.lwjgl.opengl.GL20.glGetProgrami;
import static org.lwjgl.opengl.GL20.glLinkProgram;
import static org.lwjgl.opengl.GL20.glShaderSource;

/** A pretend game's own shader program, so the state tests have a real, non-zero program bound. */
final class HostProgram {
    private HostProgram() {
    }

    static int create() {
        return link("#version 330 core\nlayout(location = 0) in vec3 p;\n"
                + "void main() { gl_Position = vec4(p, 1.0); }\n",
                "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(1.0, 0.0, 1.0, 1.0); }\n");
    }

    /** The same in GLSL 120, for an OpenGL 2.1 game. */
    static int createGl21() {
        return link("#version 120\nattribute vec3 p;\nvoid main() { gl_Position = vec4(p, 1.0); }\n",
                "#version 120\nvoid main() { gl_FragColor = vec4(1.0, 0.0, 1.0, 1.0); }\n");
    }

    private static int link(String vertexSource, String fragmentSource) {
        int vertex = glCreateShader(GL_VERTEX_SHADER);
        glShaderSource(vertex, vertexSource);
        glCompileShader(vertex);
        int fragment = glCreateShader(GL_FRAGMENT_SHADER);
        glShaderSource(fragment, fragmentSource);
        glCompileShader(fragment);
        int program = glCreateProgram();
        glAttachShader(program, vertex);
        glAttachShader(program, fragment);
        glLinkProgram(program);
        glDeleteShader(vertex);
        glDeleteShader(fragment);
        if (glGetProgrami(program, GL_LINK_STATUS) == 0) {
            throw new AssertionError("host test program failed to link: " + glGetProgramInfoLog(program));
        }
        return program;
    }
}
