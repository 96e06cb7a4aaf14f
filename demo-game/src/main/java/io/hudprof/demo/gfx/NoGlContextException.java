package io.hudprof.demo.gfx;

/** No OpenGL 3.3 context could be created; the message lists what GLFW said and what to install. */
public final class NoGlContextException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NoGlContextException(String message) {
        super(message);
    }
}
