package io.hudprof.bench;

import static org.lwjgl.glfw.GLFW.*;
import static org.lwjgl.opengl.GL11.GL_RENDERER;
import static org.lwjgl.opengl.GL11.glGetString;

import org.lwjgl.opengl.GL;

/** The plain harnesses' window: an OpenGL 3.3 core GLFW window, current, swap interval 0. */
final class BenchWindow {
    private BenchWindow() {
    }

    /**
     * Opens the window, makes its context current and prints the renderer and the load average at the start.
     *
     * @return the GLFW window handle; the caller destroys it and terminates GLFW
     */
    static long openCore33(int width, int height, String title) {
        if (!glfwInit()) {
            throw new IllegalStateException("glfwInit failed: run under an X server (xvfb-run -a)");
        }
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        long window = glfwCreateWindow(width, height, title, 0, 0);
        if (window == 0) {
            throw new IllegalStateException("no OpenGL 3.3 core window");
        }
        glfwMakeContextCurrent(window);
        glfwSwapInterval(0);
        GL.createCapabilities();
        System.out.println("OpenGL " + glGetString(GL_RENDERER) + ", load average at start "
                + MachineInfo.loadAverage());
        return window;
    }
}
