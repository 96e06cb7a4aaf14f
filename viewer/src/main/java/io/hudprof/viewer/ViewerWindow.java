package io.hudprof.viewer;

import static org.lwjgl.glfw.GLFW.*;
import static org.lwjgl.opengl.GL11C.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11C.GL_PACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11C.GL_RGB;
import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11C.glClear;
import static org.lwjgl.opengl.GL11C.glClearColor;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL11C.glPixelStorei;
import static org.lwjgl.opengl.GL11C.glReadPixels;
import static org.lwjgl.opengl.GL11C.glViewport;

import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.OverlayConfig;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.lwjgl.glfw.GLFWErrorCallback;
import org.lwjgl.opengl.GL;
import org.lwjgl.stb.STBImageWrite;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;

/**
 * The viewer's own GLFW window: the received profile drawn full-window by the game's HUD ({@link Overlay}: report
 * with the call graph, history graph, strip and value charts, the same keys). An OpenGL 3.3 core context on the
 * desktop, or with {@code headless} GLFW's null platform and a surfaceless EGL context (Mesa), which needs no X
 * server. Create, render and close it on one thread.
 */
final class ViewerWindow implements AutoCloseable {
    private final long handle;
    private final GLFWErrorCallback errors;
    private final RemoteProfile profile;
    private final Overlay hud;
    private final int[] size = new int[2];

    private ViewerWindow(long handle, GLFWErrorCallback errors, RemoteProfile profile, Overlay hud) {
        this.handle = handle;
        this.errors = errors;
        this.profile = profile;
        this.hud = hud;
    }

    /**
     * Opens the window with the HUD shown and its keys installed.
     *
     * @throws IllegalStateException naming the fix when no OpenGL 3.3 context can be had
     */
    static ViewerWindow open(RemoteProfile profile, int width, int height, boolean headless) {
        List<String> messages = new ArrayList<>();
        GLFWErrorCallback errors = GLFWErrorCallback.create((code, text) ->
                messages.add(GLFWErrorCallback.getDescription(text)));
        glfwSetErrorCallback(errors);
        if (headless) {
            glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_NULL);
        } else if (glfwPlatformSupported(GLFW_PLATFORM_X11) && System.getenv("WAYLAND_DISPLAY") == null) {
            glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_X11);
        }
        if (!glfwInit()) {
            glfwSetErrorCallback(null);
            errors.free();
            throw new IllegalStateException("GLFW could not start: " + messages + fix(headless));
        }
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
        if (headless) {
            glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_EGL_CONTEXT_API);
        }
        long handle = glfwCreateWindow(width, height, "hudprof-viewer", 0, 0);
        if (handle == 0) {
            glfwTerminate();
            glfwSetErrorCallback(null);
            errors.free();
            throw new IllegalStateException("no OpenGL 3.3 context for the viewer's window: " + messages
                    + fix(headless));
        }
        glfwMakeContextCurrent(handle);
        glfwSwapInterval(1);
        GL.createCapabilities();
        Overlay hud;
        synchronized (profile.lock()) {
            // The window is the HUD's alone: more rows, longer names, a taller and wider history graph than a
            // game's corner gets. The panel still keeps clear of the graph in a small window.
            hud = Overlay.create(profile.profiler(), OverlayConfig.builder().startVisible(true)
                    .contentScale(Overlay.contentScaleOf(handle)).visibleRows(30).nameChars(44).graphHeight(200)
                    .graphMaxColumns(ViewerMain.HISTORY_FRAMES).graphColumnWidth(2)
                    // No GPU timer: the profile is the client's, gathered on a replay thread, not this window's GL.
                    .gpuTiming(false).build());
            hud.installKeys(handle);
        }
        return new ViewerWindow(handle, errors, profile, hud);
    }

    private static String fix(boolean headless) {
        return headless
                ? ". Install Mesa's EGL (Debian: apt-get install -y libegl1 libegl-mesa0 libgl1-mesa-dri), or drop"
                        + " --headless and run on a desktop or under Xvfb."
                : ". Run it on a desktop with OpenGL 3.3, under Xvfb (xvfb-run -a -s '-screen 0 1280x720x24' java"
                        + " -jar hudprof-viewer.jar), with --headless, or print frames with --text.";
    }

    /** Polls input and draws one frame: a dark background and the HUD over it. Call {@link #swap()} after. */
    void renderFrame() {
        synchronized (profile.lock()) {
            // Keys navigate the profiler, so they are handled under the same lock as its updates.
            glfwPollEvents();
        }
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer w = stack.mallocInt(1);
            IntBuffer h = stack.mallocInt(1);
            glfwGetFramebufferSize(handle, w, h);
            size[0] = w.get(0);
            size[1] = h.get(0);
        }
        glViewport(0, 0, size[0], size[1]);
        glClearColor(0.06f, 0.07f, 0.09f, 1f);
        glClear(GL_COLOR_BUFFER_BIT);
        synchronized (profile.lock()) {
            hud.render(size[0], size[1]);
        }
    }

    void swap() {
        glfwSwapBuffers(handle);
    }

    boolean shouldClose() {
        return glfwWindowShouldClose(handle);
    }

    void title(CharSequence title) {
        glfwSetWindowTitle(handle, title);
    }

    /** The HUD, for its controls. */
    Overlay hud() {
        return hud;
    }

    /**
     * Draws until the window is closed or {@code stop} counts down, about 60 times a second; the title says which
     * client is shown, once a second.
     */
    void loop(CountDownLatch stop, Supplier<String> status) throws InterruptedException {
        long nextTitle = 0;
        while (!shouldClose() && stop.getCount() > 0) {
            long start = System.nanoTime();
            renderFrame();
            swap();
            if (start >= nextTitle) {
                title(status.get());
                nextTitle = start + 1_000_000_000L;
            }
            long wait = 16_000_000L - (System.nanoTime() - start);
            if (wait > 0) {
                stop.await(wait, TimeUnit.NANOSECONDS);
            }
        }
    }

    /** Saves what the last {@link #renderFrame()} drew (before the swap) as an RGB PNG. */
    void screenshot(Path file) throws IOException {
        int width = size[0];
        int height = size[1];
        ByteBuffer pixels = MemoryUtil.memAlloc(width * height * 3);
        ByteBuffer flipped = MemoryUtil.memAlloc(width * height * 3);
        try {
            int alignment = glGetInteger(GL_PACK_ALIGNMENT);
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
            glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels);
            glPixelStorei(GL_PACK_ALIGNMENT, alignment);
            int row = width * 3;
            for (int y = 0; y < height; y++) {
                MemoryUtil.memCopy(MemoryUtil.memAddress(pixels) + (long) (height - 1 - y) * row,
                        MemoryUtil.memAddress(flipped) + (long) y * row, row);
            }
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (!STBImageWrite.stbi_write_png(file.toString(), width, height, 3, flipped, row)) {
                throw new IOException("stbi_write_png could not write " + file);
            }
        } finally {
            MemoryUtil.memFree(pixels);
            MemoryUtil.memFree(flipped);
        }
    }

    @Override
    public void close() {
        synchronized (profile.lock()) {
            hud.close();
        }
        GL.setCapabilities(null);
        glfwMakeContextCurrent(0);
        glfwDestroyWindow(handle);
        glfwTerminate();
        glfwSetErrorCallback(null);
        errors.free();
    }
}
