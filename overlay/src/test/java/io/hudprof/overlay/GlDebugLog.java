package io.hudprof.overlay;

import static org.lwjgl.opengl.GL11.GL_NO_ERROR;
import static org.lwjgl.opengl.GL11.glEnable;
import static org.lwjgl.opengl.GL11.glGetError;
import static org.lwjgl.opengl.GL43.GL_DEBUG_OUTPUT;
import static org.lwjgl.opengl.GL43.GL_DEBUG_OUTPUT_SYNCHRONOUS;
import static org.lwjgl.opengl.GL43.GL_DEBUG_TYPE_ERROR;
import static org.lwjgl.opengl.GL43.glDebugMessageCallback;

import java.util.ArrayList;
import java.util.List;

import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLDebugMessageCallback;
import org.lwjgl.opengl.KHRDebug;

/**
 * Collects the driver's KHR_debug error messages, synchronously, so a test can assert that the overlay caused none.
 * Installed by the test (the "game"), never by the overlay.
 */
final class GlDebugLog implements AutoCloseable {
    private final List<String> errors = new ArrayList<>();
    private final GLDebugMessageCallback callback;

    GlDebugLog() {
        if (!GL.getCapabilities().GL_KHR_debug && !GL.getCapabilities().OpenGL43) {
            throw new AssertionError("the test context has no KHR_debug; cannot check for GL errors");
        }
        callback = GLDebugMessageCallback.create((source, type, id, severity, length, message, userParam) -> {
            if (type == GL_DEBUG_TYPE_ERROR) {
                errors.add(GLDebugMessageCallback.getMessage(length, message));
            }
        });
        glEnable(GL_DEBUG_OUTPUT);
        glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        if (GL.getCapabilities().OpenGL43) {
            glDebugMessageCallback(callback, 0);
        } else {
            KHRDebug.glDebugMessageCallback(callback, 0);
        }
    }

    /** Error messages received so far. */
    List<String> errors() {
        return List.copyOf(errors);
    }

    void clear() {
        errors.clear();
    }

    /** Drains glGetError; returns the first error code found, or GL_NO_ERROR. */
    static int drainGlErrors() {
        int first = GL_NO_ERROR;
        for (int error = glGetError(); error != GL_NO_ERROR; error = glGetError()) {
            if (first == GL_NO_ERROR) {
                first = error;
            }
        }
        return first;
    }

    @Override
    public void close() {
        if (GL.getCapabilities().OpenGL43) {
            glDebugMessageCallback(null, 0);
        } else {
            KHRDebug.glDebugMessageCallback(null, 0);
        }
        callback.free();
    }
}
