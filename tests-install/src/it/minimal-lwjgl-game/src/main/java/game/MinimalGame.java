package game;

import static org.lwjgl.glfw.GLFW.*;
import static org.lwjgl.opengl.GL11.*;
import static org.lwjgl.opengl.GL30.*;

import java.nio.ByteBuffer;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.OverlayConfig;
import io.hudprof.stats.text.TextReport;

import org.lwjgl.Version;
import org.lwjgl.glfw.GLFWErrorCallback;
import org.lwjgl.opengl.GL;
import org.lwjgl.system.MemoryUtil;

/**
 * The smallest LWJGL game with hudprof's HUD: no window system (GLFW's null platform with a surfaceless EGL context,
 * Mesa), a frame buffer object as the screen, one zone, a few frames with the HUD shown, then a read-back that
 * checks the HUD drew. Prints one line and exits 0 when it did, anything else exits 1.
 */
public final class MinimalGame {
    static final int W = 640;
    static final int H = 360;
    static final Zone DRAW = Zone.define("Game:draw");

    public static void main(String[] args) {
        GLFWErrorCallback.createPrint(System.err).set();
        glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_NULL);
        if (!glfwInit()) {
            fail("glfwInit failed with GLFW's null platform");
        }
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_EGL_CONTEXT_API);
        long window = glfwCreateWindow(W, H, "minimal game", 0, 0);
        if (window == 0) {
            fail("no OpenGL 3.3 core context from GLFW's null platform and EGL (Debian: apt-get install -y libegl1"
                    + " libegl-mesa0 libgl1-mesa-dri)");
        }
        glfwMakeContextCurrent(window);
        GL.createCapabilities();
        String gl = glGetString(GL_VERSION) + ", " + glGetString(GL_RENDERER);

        // The game's screen: a surfaceless context has no default frame buffer to read back.
        int fbo = glGenFramebuffers();
        int color = glGenRenderbuffers();
        glBindRenderbuffer(GL_RENDERBUFFER, color);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
        if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
            fail("frame buffer incomplete");
        }

        // README.md's Quick start: the profiler once, the overlay with the game's context current.
        Profiler profiler = Hudprof.start();
        Overlay hud = Overlay.create(profiler, OverlayConfig.defaults());
        hud.controls().view().setVisible(true);
        int frames = 20;
        for (int f = 0; f < frames; f++) {
            DRAW.begin();
            glViewport(0, 0, W, H);
            glClearColor(0f, 0f, 0f, 1f);
            glClear(GL_COLOR_BUFFER_BIT);
            DRAW.end();
            Hudprof.update();
            hud.render(W, H);
            glfwPollEvents();
        }

        ByteBuffer pixels = MemoryUtil.memAlloc(W * H * 4);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
        int lit = 0;
        for (int i = 0; i < W * H; i++) {
            if ((pixels.get(i * 4) | pixels.get(i * 4 + 1) | pixels.get(i * 4 + 2)) != 0) {
                lit++;
            }
        }
        MemoryUtil.memFree(pixels);
        int error = glGetError();
        Report report = new Report();
        ReportController.of(profiler).build(report);
        String text = TextReport.render(report);

        hud.close();
        glDeleteFramebuffers(fbo);
        glDeleteRenderbuffers(color);
        glfwDestroyWindow(window);
        glfwTerminate();

        if (error != GL_NO_ERROR) {
            fail("GL error 0x" + Integer.toHexString(error));
        }
        if (lit < W * H / 32) {
            fail("the HUD drew too few pixels over the black scene: " + lit + " of " + W * H);
        }
        if (!text.contains("draw")) {
            fail("the game's zone is missing from the report:\n" + text);
        }
        System.out.println("[minimal-lwjgl-game] hudprof HUD drawn: " + lit + " of " + W * H + " pixels lit after "
                + frames + " frames; LWJGL " + Version.getVersion() + ", OpenGL " + gl);
    }

    private static void fail(String why) {
        System.out.println("[minimal-lwjgl-game] FAILED: " + why);
        System.exit(1);
    }
}
