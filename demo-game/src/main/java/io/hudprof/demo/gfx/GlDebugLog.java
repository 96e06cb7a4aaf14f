package io.hudprof.demo.gfx;

import static org.lwjgl.opengl.GL43C.*;

import java.io.PrintStream;
import org.lwjgl.opengl.GLCapabilities;
import org.lwjgl.opengl.GLDebugMessageCallback;
import org.lwjgl.opengl.KHRDebug;

/**
 * Listens to the driver through KHR_debug: every message of type error (and every high-severity one) is printed
 * as a line starting with {@code "GL error:"} and counted, so a run can fail on them. Synchronous output, so the
 * message arrives inside the GL call that caused it. Low-severity notifications are switched off.
 */
public final class GlDebugLog implements AutoCloseable {
    private static final int PRINT_LIMIT = 50;

    private final GLDebugMessageCallback callback;
    private final PrintStream out;
    private long errors;

    private GlDebugLog(PrintStream out) {
        this.out = out;
        this.callback = GLDebugMessageCallback.create(this::onMessage);
    }

    /**
     * Installs the listener in the current context.
     *
     * @throws IllegalStateException when the context has no KHR_debug, so errors could go unseen
     */
    public static GlDebugLog install(GLCapabilities caps, PrintStream out) {
        if (!caps.GL_KHR_debug && !caps.OpenGL43) {
            throw new IllegalStateException("--gl-debug needs KHR_debug or OpenGL 4.3, and this context has neither");
        }
        GlDebugLog log = new GlDebugLog(out);
        glEnable(GL_DEBUG_OUTPUT);
        glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        KHRDebug.glDebugMessageCallback(log.callback, 0);
        glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_NOTIFICATION, (int[]) null, false);
        return log;
    }

    private void onMessage(int source, int type, int id, int severity, int length, long message, long user) {
        if (type != GL_DEBUG_TYPE_ERROR && severity != GL_DEBUG_SEVERITY_HIGH) {
            return;
        }
        errors++;
        if (errors <= PRINT_LIMIT) {
            out.println("GL error: " + GLDebugMessageCallback.getMessage(length, message) + " (type 0x"
                    + Integer.toHexString(type) + ", id " + id + ")");
        }
    }

    /** Errors reported so far. */
    public long errors() {
        return errors;
    }

    @Override
    public void close() {
        KHRDebug.glDebugMessageCallback(null, 0);
        glDisable(GL_DEBUG_OUTPUT);
        callback.free();
    }
}
