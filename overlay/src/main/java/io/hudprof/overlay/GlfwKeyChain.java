package io.hudprof.overlay;

import static org.lwjgl.glfw.GLFW.glfwSetKeyCallback;

import org.lwjgl.glfw.GLFWKeyCallback;

/**
 * The overlay's GLFW key callback, installed in front of the one the game had: keys the overlay does not use (and
 * all keys while it is hidden) go on to the game's callback unchanged. Closing it puts the game's callback back.
 * For engines that own the GLFW callbacks (libGDX), use {@link HudControls} from the engine's input system instead.
 */
public final class GlfwKeyChain implements AutoCloseable {
    private final long window;
    private final KeyRouter router;
    private final GLFWKeyCallback previous;
    private GLFWKeyCallback own;

    private GlfwKeyChain(long window, KeyRouter router) {
        this.window = window;
        this.router = router;
        this.own = GLFWKeyCallback.create(this::onKey);
        this.previous = glfwSetKeyCallback(window, own);
    }

    private void onKey(long win, int key, int scancode, int action, int mods) {
        if (!router.onKey(key, action, mods) && previous != null) {
            previous.invoke(win, key, scancode, action, mods);
        }
    }

    /** Installs the overlay's key handling on a GLFW window, chaining to its current key callback. */
    public static GlfwKeyChain install(long window, KeyRouter router) {
        if (window == 0) {
            throw new IllegalArgumentException("GLFW window handle is 0 (NULL)");
        }
        return new GlfwKeyChain(window, router);
    }

    /** The callback that was installed before the overlay's (what unused keys are passed to), or null. */
    public GLFWKeyCallback previous() {
        return previous;
    }

    /**
     * Puts the game's previous callback back and frees the overlay's. If something replaced the overlay's callback
     * in the meantime, that newer callback is left in place.
     */
    @Override
    public void close() {
        if (own == null) {
            return;
        }
        GLFWKeyCallback current = glfwSetKeyCallback(window, previous);
        if (current != null && current.address() != own.address()) {
            glfwSetKeyCallback(window, current);
        }
        own.free();
        own = null;
    }
}
