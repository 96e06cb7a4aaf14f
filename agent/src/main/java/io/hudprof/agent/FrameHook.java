package io.hudprof.agent;

import io.hudprof.core.Profiler;
import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.OverlayConfig;
import org.lwjgl.glfw.GLFW;

/**
 * What instrumented game classes call instead of {@code GLFW.glfwSwapBuffers} and {@code Overlay.create}: public
 * because code in any package calls it, not an API to call by hand. Nothing here throws into the game: the work
 * before the swap catches its own failures, and the real swap always happens.
 */
public final class FrameHook {
    private static volatile AgentRuntime runtime;

    private FrameHook() {
    }

    static void install(AgentRuntime agent) {
        runtime = agent;
    }

    /** Ends the frame (update, HUD) and then swaps the window's buffers as the game asked. */
    public static void swapBuffers(long window) {
        AgentRuntime agent = runtime;
        if (agent != null) {
            agent.beforeSwap(window);
        }
        GLFW.glfwSwapBuffers(window);
    }

    /** The game creates a HUD of its own: the agent draws none. */
    public static Overlay gameOverlay(Profiler profiler, OverlayConfig config) {
        AgentRuntime agent = runtime;
        if (agent != null) {
            agent.gameDrawsHud();
        }
        return Overlay.create(profiler, config);
    }
}
