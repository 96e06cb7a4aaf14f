package io.hudprof.demo.gfx;

import static org.lwjgl.glfw.GLFW.*;
import static org.lwjgl.opengl.GL11C.GL_RENDERER;
import static org.lwjgl.opengl.GL11C.GL_VERSION;
import static org.lwjgl.opengl.GL11C.glFlush;
import static org.lwjgl.opengl.GL32C.GL_SYNC_FLUSH_COMMANDS_BIT;
import static org.lwjgl.opengl.GL32C.GL_SYNC_GPU_COMMANDS_COMPLETE;
import static org.lwjgl.opengl.GL32C.glClientWaitSync;
import static org.lwjgl.opengl.GL32C.glDeleteSync;
import static org.lwjgl.opengl.GL32C.glFenceSync;
import static org.lwjgl.opengl.GL11C.glGetString;

import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import org.lwjgl.glfw.GLFWErrorCallback;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;
import org.lwjgl.system.MemoryStack;

/**
 * The game's GLFW window and its OpenGL 3.3 core context. On a desktop it is an ordinary window; headless it uses
 * GLFW's null platform with a surfaceless EGL context (Mesa), which needs no X server and still has a readable back
 * buffer. When no context can be had, {@link #open} throws {@link NoGlContextException} with every GLFW error and
 * the packages that fix it.
 */
public final class GameWindow implements AutoCloseable {
    private final long handle;
    private final GLFWErrorCallback errors;
    private final GLCapabilities capabilities;
    private final String description;
    private final boolean surfaceless;
    private static final int FRAMES_IN_FLIGHT = 2;
    private final long[] fences = new long[FRAMES_IN_FLIGHT];
    private int swaps;

    private GameWindow(long handle, GLFWErrorCallback errors, GLCapabilities capabilities, String description,
                       boolean surfaceless) {
        this.surfaceless = surfaceless;
        this.handle = handle;
        this.errors = errors;
        this.capabilities = capabilities;
        this.description = description;
    }

    /**
     * Opens a window of {@code width} x {@code height} with a current OpenGL 3.3 core context.
     *
     * @param headless GLFW's null platform and EGL instead of the desktop's window system
     * @param debug    ask for a debug context, so KHR_debug reports every error as it happens
     * @param vsync    wait for the display's refresh at each swap
     */
    public static GameWindow open(String title, int width, int height, boolean headless, boolean debug,
                                  boolean vsync) {
        List<String> messages = new ArrayList<>();
        GLFWErrorCallback errors = GLFWErrorCallback.create((code, text) ->
                messages.add(GLFWErrorCallback.getDescription(text) + " (0x" + Integer.toHexString(code) + ")"));
        glfwSetErrorCallback(errors);
        if (headless) {
            glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_NULL);
        } else if (glfwPlatformSupported(GLFW_PLATFORM_X11) && System.getenv("WAYLAND_DISPLAY") == null) {
            // Under Xvfb this skips a Wayland probe whose failure GLFW would report as an error.
            glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_X11);
        }
        if (!glfwInit()) {
            glfwSetErrorCallback(null);
            errors.free();
            throw new NoGlContextException("GLFW could not start " + (headless ? "its null platform" : "a window system")
                    + ": " + messages + fix(headless));
        }
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, debug ? GLFW_TRUE : GLFW_FALSE);
        glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
        if (headless) {
            glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_EGL_CONTEXT_API);
        }
        long handle = glfwCreateWindow(width, height, title, 0, 0);
        if (handle == 0) {
            glfwTerminate();
            glfwSetErrorCallback(null);
            errors.free();
            throw new NoGlContextException("no OpenGL 3.3 core context could be created " + (headless
                    ? "with GLFW's null platform and EGL" : "on this display") + ": " + messages + fix(headless));
        }
        glfwMakeContextCurrent(handle);
        glfwSwapInterval(vsync ? 1 : 0);
        GLCapabilities capabilities = GL.createCapabilities();
        String description = glGetString(GL_VERSION) + ", " + glGetString(GL_RENDERER)
                + (headless ? " (GLFW null platform, EGL)" : "");
        messages.clear();
        return new GameWindow(handle, errors, capabilities, description, headless);
    }

    private static String fix(boolean headless) {
        return headless
                ? ". Install Mesa's EGL (Debian: apt-get install -y libegl1 libegl-mesa0 libgl1-mesa-dri), or drop"
                        + " --headless and run under Xvfb."
                : ". Run it on a desktop with OpenGL 3.3, under Xvfb (apt-get install -y xvfb xauth libgl1-mesa-dri"
                        + " libglx-mesa0; xvfb-run -a -s '-screen 0 1280x720x24' ...), or with --headless.";
    }

    /** The GLFW window handle. */
    public long handle() {
        return handle;
    }

    /** The context's GL capabilities (the overlay and the debug log use the game's, never their own). */
    public GLCapabilities capabilities() {
        return capabilities;
    }

    /** GL version and renderer, for the log. */
    public String description() {
        return description;
    }

    public boolean shouldClose() {
        return glfwWindowShouldClose(handle);
    }

    /** Writes the framebuffer's size in pixels into {@code size[0]}, {@code size[1]}. */
    public void framebufferSize(int[] size) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer w = stack.mallocInt(1);
            IntBuffer h = stack.mallocInt(1);
            glfwGetFramebufferSize(handle, w, h);
            size[0] = w.get(0);
            size[1] = h.get(0);
        }
    }

    public void swapBuffers() {
        glfwSwapBuffers(handle);
        if (surfaceless) {
            // A surfaceless context has nothing to swap, so the swap submits nothing: flush as a real swap would, or
            // the driver keeps the frame's commands (and GPU timer results) until its own buffers fill.
            glFlush();
        }
        // At most FRAMES_IN_FLIGHT frames queued on the GPU, as a driver's swap enforces: Mesa's llvmpipe under Xvfb
        // or surfaceless does not, and would let the CPU run any number of frames ahead of the rendering.
        int slot = swaps++ % FRAMES_IN_FLIGHT;
        if (fences[slot] != 0) {
            glClientWaitSync(fences[slot], GL_SYNC_FLUSH_COMMANDS_BIT, Long.MAX_VALUE);
            glDeleteSync(fences[slot]);
        }
        fences[slot] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    }

    public void setTitle(CharSequence title) {
        glfwSetWindowTitle(handle, title);
    }

    @Override
    public void close() {
        for (long fence : fences) {
            if (fence != 0) {
                glDeleteSync(fence);
            }
        }
        GL.setCapabilities(null);
        glfwMakeContextCurrent(0);
        glfwDestroyWindow(handle);
        glfwTerminate();
        glfwSetErrorCallback(null);
        errors.free();
    }
}
