package io.hudprof.overlay;

import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_CREATION_API;
import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_VERSION_MAJOR;
import static org.lwjgl.glfw.GLFW.GLFW_CONTEXT_VERSION_MINOR;
import static org.lwjgl.glfw.GLFW.GLFW_EGL_CONTEXT_API;
import static org.lwjgl.glfw.GLFW.GLFW_FALSE;
import static org.lwjgl.glfw.GLFW.GLFW_NATIVE_CONTEXT_API;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_COMPAT_PROFILE;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_CORE_PROFILE;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_DEBUG_CONTEXT;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_FORWARD_COMPAT;
import static org.lwjgl.glfw.GLFW.GLFW_OPENGL_PROFILE;
import static org.lwjgl.glfw.GLFW.GLFW_PLATFORM;
import static org.lwjgl.glfw.GLFW.GLFW_PLATFORM_NULL;
import static org.lwjgl.glfw.GLFW.GLFW_PLATFORM_X11;
import static org.lwjgl.glfw.GLFW.GLFW_TRUE;
import static org.lwjgl.glfw.GLFW.GLFW_VISIBLE;
import static org.lwjgl.glfw.GLFW.glfwCreateWindow;
import static org.lwjgl.glfw.GLFW.glfwDefaultWindowHints;
import static org.lwjgl.glfw.GLFW.glfwDestroyWindow;
import static org.lwjgl.glfw.GLFW.glfwInit;
import static org.lwjgl.glfw.GLFW.glfwInitHint;
import static org.lwjgl.glfw.GLFW.glfwMakeContextCurrent;
import static org.lwjgl.glfw.GLFW.glfwTerminate;
import static org.lwjgl.glfw.GLFW.glfwWindowHint;
import static org.lwjgl.opengl.GL11.GL_RENDERER;
import static org.lwjgl.opengl.GL11.GL_RGBA;
import static org.lwjgl.opengl.GL11.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11.GL_VERSION;
import static org.lwjgl.opengl.GL11.glGetString;
import static org.lwjgl.opengl.GL11.glPixelStorei;
import static org.lwjgl.opengl.GL11.glReadPixels;
import static org.lwjgl.opengl.GL11.glGetInteger;
import static org.lwjgl.opengl.GL11.GL_PACK_ALIGNMENT;
import static org.lwjgl.opengl.GL30.GL_COLOR_ATTACHMENT0;
import static org.lwjgl.opengl.GL30.GL_DEPTH24_STENCIL8;
import static org.lwjgl.opengl.GL30.GL_DEPTH_STENCIL_ATTACHMENT;
import static org.lwjgl.opengl.GL30.GL_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30.GL_FRAMEBUFFER_COMPLETE;
import static org.lwjgl.opengl.GL30.GL_RENDERBUFFER;
import static org.lwjgl.opengl.GL30.GL_RGBA8;
import static org.lwjgl.opengl.GL30.glBindFramebuffer;
import static org.lwjgl.opengl.GL30.glBindRenderbuffer;
import static org.lwjgl.opengl.GL30.glCheckFramebufferStatus;
import static org.lwjgl.opengl.GL30.glDeleteFramebuffers;
import static org.lwjgl.opengl.GL30.glDeleteRenderbuffers;
import static org.lwjgl.opengl.GL30.glFramebufferRenderbuffer;
import static org.lwjgl.opengl.GL30.glGenFramebuffers;
import static org.lwjgl.opengl.GL30.glGenRenderbuffers;
import static org.lwjgl.opengl.GL30.glRenderbufferStorage;
import static org.lwjgl.opengl.GL32.GL_CONTEXT_CORE_PROFILE_BIT;
import static org.lwjgl.opengl.GL32.GL_CONTEXT_PROFILE_MASK;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.hudprof.overlay.testing.XvfbDisplay;

import org.lwjgl.Version;
import org.lwjgl.glfw.GLFWErrorCallback;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;
import org.lwjgl.stb.STBImageWrite;
import org.lwjgl.system.MemoryUtil;

/**
 * A real OpenGL context for tests, playing the part of the game: GLFW's null platform with a surfaceless EGL
 * context (no X server needed), or a hidden X11 window when the null platform fails: on DISPLAY if set, else on an
 * Xvfb started for this JVM ({@link XvfbDisplay}).
 * The "game" renders into its own framebuffer object of a chosen size, which the tests read back and save as PNG.
 * Creating the context fails the test with the reasons for each attempt; a GL test never skips silently.
 */
final class GlContext implements AutoCloseable {
    /** Which OpenGL profile the pretend game asks for. */
    enum Profile { CORE, COMPATIBILITY }


    private final long window;
    private final String platform;
    private final GLCapabilities capabilities;
    private final GLFWErrorCallback errorCallback;
    private int framebuffer;
    private int colorBuffer;
    private int depthBuffer;
    private int width;
    private int height;

    private GlContext(long window, String platform, GLFWErrorCallback errorCallback, GLCapabilities caps) {
        this.window = window;
        this.platform = platform;
        this.errorCallback = errorCallback;
        this.capabilities = caps;
    }

    /** Opens a 3.3 context of the given profile with a {@code width x height} game framebuffer bound. */
    static GlContext open(Profile profile, int width, int height) {
        return open(profile, width, height, caps -> caps.OpenGL33);
    }

    /**
     * Opens the driver's default context, asking for no version or profile (as libGDX's GL20 emulation does), with
     * a {@code width x height} game framebuffer bound. {@code expected} checks it is the context the test is about
     * (the build sets {@code MESA_GL_VERSION_OVERRIDE} for these tests); an unexpected one fails the test.
     */
    static GlContext openDefault(int width, int height, java.util.function.Predicate<GLCapabilities> expected) {
        return open(null, width, height, expected);
    }

    private static GlContext open(Profile profile, int width, int height,
                                  java.util.function.Predicate<GLCapabilities> expected) {
        List<String> failures = new ArrayList<>();
        List<String> glfwErrors = new ArrayList<>();
        GLFWErrorCallback callback = GLFWErrorCallback.create((code, description) ->
                glfwErrors.add(GLFWErrorCallback.getDescription(description)));
        callback.set();
        GlContext context = tryPlatform(GLFW_PLATFORM_NULL, "GLFW null platform + EGL (surfaceless)", profile,
                expected, callback, glfwErrors, failures);
        if (context == null) {
            // LWJGL 3.3's GLFW, for one, makes no surfaceless EGL context: use an X server, our own if need be.
            String display = XvfbDisplay.ensure();
            context = tryPlatform(GLFW_PLATFORM_X11, "GLFW X11 hidden window on DISPLAY=" + display, profile,
                    expected, callback, glfwErrors, failures);
        }
        if (context == null) {
            org.lwjgl.glfw.GLFW.glfwSetErrorCallback(null);
            callback.free();
            throw new AssertionError("No OpenGL " + (profile == null ? "default" : "3.3 " + profile)
                    + " context could be created, so the GL tests "
                    + "cannot run. Tried:\n  " + String.join("\n  ", failures)
                    + "\nInstall Mesa (Debian: apt-get install -y libgl1-mesa-dri libglx-mesa0 libegl1 libegl-mesa0) "
                    + "for the EGL path, or run under Xvfb (apt-get install -y xvfb xauth; "
                    + "xvfb-run -a -s '-screen 0 1280x720x24' mvn -B verify).");
        }
        context.createFramebuffer(width, height);
        checkLwjglVersion();
        System.out.println("[hudprof] GL test context: " + context.description() + ", LWJGL "
                + Version.getVersion());
        return context;
    }

    /**
     * The build runs these tests once per supported LWJGL line and names the one it put on the classpath in
     * {@code hudprof.expectedLwjgl}: a pass that silently ran the other version would prove nothing.
     */
    private static void checkLwjglVersion() {
        String expected = System.getProperty("hudprof.expectedLwjgl", "");
        if (!Version.getVersion().startsWith(expected)) {
            throw new AssertionError("this test pass is meant to run LWJGL " + expected + " but the classpath has "
                    + Version.getVersion());
        }
    }

    private static GlContext tryPlatform(int platform, String description, Profile profile,
                                         java.util.function.Predicate<GLCapabilities> expected,
                                         GLFWErrorCallback callback, List<String> glfwErrors, List<String> failures) {
        glfwErrors.clear();
        glfwInitHint(GLFW_PLATFORM, platform);
        boolean initialised = glfwInit();
        // An X server started without -noreset (xvfb-run's) resets when its last client leaves, as the previous
        // test's glfwTerminate makes it do, and refuses connections until it is back: seen under xvfb-run on a
        // loaded machine as "Failed to open display" in 4 of about 40 GL test classes of one run. Its own Xvfb
        // (XvfbDisplay) never resets; an inherited one is given a few seconds to come back.
        for (int retry = 0; !initialised && platform == GLFW_PLATFORM_X11 && retry < 50
                && glfwErrors.toString().contains("Failed to open display"); retry++) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            glfwErrors.clear();
            glfwInitHint(GLFW_PLATFORM, platform);
            initialised = glfwInit();
        }
        if (!initialised) {
            failures.add(description + ": glfwInit failed " + glfwErrors);
            return null;
        }
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
        glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLFW_TRUE);
        if (profile != null) {
            glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
            glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        }
        if (profile == Profile.CORE) {
            glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
            glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        } else if (profile == Profile.COMPATIBILITY) {
            glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_COMPAT_PROFILE);
        }
        glfwWindowHint(GLFW_CONTEXT_CREATION_API,
                platform == GLFW_PLATFORM_NULL ? GLFW_EGL_CONTEXT_API : GLFW_NATIVE_CONTEXT_API);
        long window = glfwCreateWindow(64, 64, "hudprof GL test", 0, 0);
        if (window == 0) {
            failures.add(description + ": glfwCreateWindow failed " + glfwErrors);
            glfwTerminate();
            return null;
        }
        glfwMakeContextCurrent(window);
        GLCapabilities caps = GL.createCapabilities();
        // The profile mask is no valid query below 3.2.
        boolean core = caps.OpenGL32 && (glGetInteger(GL_CONTEXT_PROFILE_MASK) & GL_CONTEXT_CORE_PROFILE_BIT) != 0;
        if (!expected.test(caps) || (profile != null && core != (profile == Profile.CORE))) {
            failures.add(description + ": got " + glGetString(GL_VERSION) + " (core=" + core + "), wanted "
                    + (profile == null ? "the context the test expects (MESA_GL_VERSION_OVERRIDE="
                    + System.getenv("MESA_GL_VERSION_OVERRIDE") + ")" : "3.3 " + profile));
            GL.setCapabilities(null);
            glfwDestroyWindow(window);
            glfwTerminate();
            return null;
        }
        return new GlContext(window, description + ", " + glGetString(GL_VERSION) + ", "
                + glGetString(GL_RENDERER), callback, caps);
    }

    private void createFramebuffer(int w, int h) {
        if (framebuffer != 0) {
            glDeleteFramebuffers(framebuffer);
            glDeleteRenderbuffers(colorBuffer);
            glDeleteRenderbuffers(depthBuffer);
        }
        width = w;
        height = h;
        framebuffer = glGenFramebuffers();
        colorBuffer = glGenRenderbuffers();
        depthBuffer = glGenRenderbuffers();
        glBindRenderbuffer(GL_RENDERBUFFER, colorBuffer);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
        glBindRenderbuffer(GL_RENDERBUFFER, depthBuffer);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, w, h);
        glBindRenderbuffer(GL_RENDERBUFFER, 0);
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colorBuffer);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depthBuffer);
        int status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        if (status != GL_FRAMEBUFFER_COMPLETE) {
            throw new AssertionError("test framebuffer incomplete: 0x" + Integer.toHexString(status));
        }
    }

    /** Replaces the game framebuffer with one of a new size (a window resize). */
    void resize(int w, int h) {
        createFramebuffer(w, h);
    }

    long window() {
        return window;
    }

    GLCapabilities capabilities() {
        return capabilities;
    }

    String description() {
        return platform;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    /** Reads the game framebuffer as RGBA rows, top row first. */
    Image read() {
        ByteBuffer pixels = MemoryUtil.memAlloc(width * height * 4);
        try {
            int previousAlignment = glGetInteger(GL_PACK_ALIGNMENT);
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
            glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
            glPixelStorei(GL_PACK_ALIGNMENT, previousAlignment);
            int[] argb = new int[width * height];
            for (int y = 0; y < height; y++) {
                int glRow = height - 1 - y; // GL's first row is the bottom one
                for (int x = 0; x < width; x++) {
                    int at = (glRow * width + x) * 4;
                    int r = pixels.get(at) & 0xFF;
                    int g = pixels.get(at + 1) & 0xFF;
                    int b = pixels.get(at + 2) & 0xFF;
                    argb[y * width + x] = 0xFF000000 | r << 16 | g << 8 | b;
                }
            }
            return new Image(width, height, argb);
        } finally {
            NativeMemory.free(pixels);
        }
    }

    /** Saves what the framebuffer holds at the end of a test as {@code <TestClass>.<method>.png}. */
    void screenshotOf(org.junit.jupiter.api.TestInfo test) {
        screenshot(test.getTestClass().map(Class::getSimpleName).orElse("test") + "."
                + test.getTestMethod().map(java.lang.reflect.Method::getName).orElse("unknown"));
    }

    /** Reads the framebuffer and saves it as {@code <screenshots>/<name>.png}; returns what was read. */
    Image screenshot(String name) {
        Image image = read();
        Path dir = Path.of(System.getProperty("hudprof.screenshots", "target/screenshots"));
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new AssertionError("cannot create " + dir, e);
        }
        ByteBuffer rgba = MemoryUtil.memAlloc(width * height * 4);
        try {
            for (int i = 0; i < width * height; i++) {
                int p = image.pixels()[i];
                rgba.put((byte) (p >> 16)).put((byte) (p >> 8)).put((byte) p).put((byte) 0xFF);
            }
            rgba.flip();
            Path file = dir.resolve(name + ".png");
            if (!STBImageWrite.stbi_write_png(file.toString(), width, height, 4, rgba, width * 4)) {
                throw new AssertionError("stbi_write_png failed for " + file);
            }
        } finally {
            NativeMemory.free(rgba);
        }
        return image;
    }

    @Override
    public void close() {
        glDeleteFramebuffers(framebuffer);
        glDeleteRenderbuffers(colorBuffer);
        glDeleteRenderbuffers(depthBuffer);
        GL.setCapabilities(null);
        glfwMakeContextCurrent(0);
        glfwDestroyWindow(window);
        glfwTerminate();
        org.lwjgl.glfw.GLFW.glfwSetErrorCallback(null);
        errorCallback.free();
    }
}
