package io.hudprof.overlay;

import static org.lwjgl.glfw.GLFW.glfwSetCharCallback;
import static org.lwjgl.glfw.GLFW.glfwSetKeyCallback;

import org.lwjgl.glfw.GLFWCharCallback;
import org.lwjgl.glfw.GLFWKeyCallback;

/**
 * The overlay's GLFW key callback, installed in front of the one the game had: keys the overlay does not use (and
 * all keys while it is hidden) go on to the game's callback unchanged; likewise its char callback, which takes
 * typed characters only while the HUD's search line is open. Closing it puts the game's callbacks back.
 * For engines that own the GLFW callbacks (libGDX), use {@link HudControls} from the engine's input system instead.
 */
public final class GlfwKeyChain implements AutoCloseable {
    private final long window;
    private final KeyRouter router;
    private final GLFWKeyCallback previous;
    private GLFWKeyCallback own;
    private final GLFWCharCallback previousChar;
    private GLFWCharCallback ownChar;

    private GlfwKeyChain(long window, KeyRouter router) {
        this.window = window;
        this.router = router;
        this.own = GLFWKeyCallback.create(this::onKey);
        this.previous = glfwSetKeyCallback(window, own);
        this.ownChar = GLFWCharCallback.create(this::onChar);
        this.previousChar = glfwSetCharCallback(window, ownChar);
    }

    private void onChar(long win, int codePoint) {
        if (!router.onChar(codePoint) && previousChar != null) {
            previousChar.invoke(win, codePoint);
        }
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
        GLFWCharCallback currentChar = glfwSetCharCallback(window, previousChar);
        if (currentChar != null && currentChar.address() != ownChar.address()) {
            glfwSetCharCallback(window, currentChar);
        }
        ownChar.free();
        ownChar = null;
    }
}
