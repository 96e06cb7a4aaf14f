package io.hudprof.overlay;

import static org.lwjgl.glfw.GLFW.GLFW_CURSOR;
import static org.lwjgl.glfw.GLFW.GLFW_CURSOR_DISABLED;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.glfwGetFramebufferSize;
import static org.lwjgl.glfw.GLFW.glfwGetInputMode;
import static org.lwjgl.glfw.GLFW.glfwGetWindowSize;
import static org.lwjgl.glfw.GLFW.glfwSetCursorEnterCallback;
import static org.lwjgl.glfw.GLFW.glfwSetCursorPosCallback;
import static org.lwjgl.glfw.GLFW.glfwSetMouseButtonCallback;
import static org.lwjgl.glfw.GLFW.glfwSetScrollCallback;

import org.lwjgl.glfw.GLFWCursorEnterCallback;
import org.lwjgl.glfw.GLFWCursorPosCallback;
import org.lwjgl.glfw.GLFWMouseButtonCallback;
import org.lwjgl.glfw.GLFWScrollCallback;

/**
 * The overlay's GLFW mouse callbacks (cursor position, cursor enter, button, scroll), installed in front of the ones
 * the game had, as {@link GlfwKeyChain} does for keys: every event the HUD does not use ({@link HudMouse} says which:
 * none while the HUD is hidden or the pointer is outside its panels) goes on to the game's callback unchanged, and
 * cursor-enter events always do. GLFW gives cursor positions in window coordinates; they are scaled to framebuffer
 * pixels (the HUD's) with the window's current sizes, read into reused arrays. While the game has disabled the
 * cursor ({@code GLFW_CURSOR_DISABLED}: mouse look, where positions are virtual and unbounded) every event is the
 * game's but the release of a press the HUD used. Closing it puts the game's callbacks
 * back. For engines that own the GLFW callbacks (libGDX), call {@link HudMouse} from the engine's input system.
 */
public final class GlfwMouseChain implements AutoCloseable {
    private final long window;
    private final HudMouse mouse;
    private final int[] windowWidth = new int[1];
    private final int[] windowHeight = new int[1];
    private final int[] framebufferWidth = new int[1];
    private final int[] framebufferHeight = new int[1];
    private final GLFWCursorPosCallback previousPos;
    private final GLFWCursorEnterCallback previousEnter;
    private final GLFWMouseButtonCallback previousButton;
    private final GLFWScrollCallback previousScroll;
    private GLFWCursorPosCallback ownPos;
    private GLFWCursorEnterCallback ownEnter;
    private GLFWMouseButtonCallback ownButton;
    private GLFWScrollCallback ownScroll;

    private GlfwMouseChain(long window, HudMouse mouse) {
        this.window = window;
        this.mouse = mouse;
        ownPos = GLFWCursorPosCallback.create(this::onPos);
        ownEnter = GLFWCursorEnterCallback.create(this::onEnter);
        ownButton = GLFWMouseButtonCallback.create(this::onButton);
        ownScroll = GLFWScrollCallback.create(this::onScroll);
        previousPos = glfwSetCursorPosCallback(window, ownPos);
        previousEnter = glfwSetCursorEnterCallback(window, ownEnter);
        previousButton = glfwSetMouseButtonCallback(window, ownButton);
        previousScroll = glfwSetScrollCallback(window, ownScroll);
    }

    /** Installs the overlay's mouse handling on a GLFW window, chaining to its current mouse callbacks. */
    public static GlfwMouseChain install(long window, HudMouse mouse) {
        if (window == 0) {
            throw new IllegalArgumentException("GLFW window handle is 0 (NULL)");
        }
        return new GlfwMouseChain(window, mouse);
    }

    /** Whether the game took the pointer (mouse look): then its events are the game's wherever it points. */
    private boolean pointerTaken(long win) {
        return glfwGetInputMode(win, GLFW_CURSOR) == GLFW_CURSOR_DISABLED;
    }

    private void onPos(long win, double x, double y) {
        if (pointerTaken(win)) {
            mouse.left();
            if (previousPos != null) {
                previousPos.invoke(win, x, y);
            }
            return;
        }
        glfwGetWindowSize(win, windowWidth, windowHeight);
        glfwGetFramebufferSize(win, framebufferWidth, framebufferHeight);
        double sx = windowWidth[0] > 0 ? framebufferWidth[0] / (double) windowWidth[0] : 1;
        double sy = windowHeight[0] > 0 ? framebufferHeight[0] / (double) windowHeight[0] : 1;
        if (!mouse.moved(x * sx, y * sy) && previousPos != null) {
            previousPos.invoke(win, x, y);
        }
    }

    private void onEnter(long win, boolean entered) {
        if (!entered) {
            mouse.left();
        }
        if (previousEnter != null) {
            previousEnter.invoke(win, entered);
        }
    }

    private void onButton(long win, int button, int action, int mods) {
        boolean pressed = action == GLFW_PRESS;
        // A release goes to the HUD even with the pointer taken: it uses it exactly when it used the press.
        if ((pressed && pointerTaken(win) || !mouse.button(button, pressed)) && previousButton != null) {
            previousButton.invoke(win, button, action, mods);
        }
    }

    private void onScroll(long win, double dx, double dy) {
        if ((pointerTaken(win) || !mouse.scrolled(dy)) && previousScroll != null) {
            previousScroll.invoke(win, dx, dy);
        }
    }

    /** The game's cursor-position callback (what unused moves are passed to), or null. */
    public GLFWCursorPosCallback previousCursorPos() {
        return previousPos;
    }

    /** The game's mouse-button callback, or null. */
    public GLFWMouseButtonCallback previousButton() {
        return previousButton;
    }

    /** The game's scroll callback, or null. */
    public GLFWScrollCallback previousScroll() {
        return previousScroll;
    }

    /**
     * Puts the game's previous callbacks back and frees the overlay's. A callback something else installed over the
     * overlay's in the meantime is left in place.
     */
    @Override
    public void close() {
        if (ownPos == null) {
            return;
        }
        GLFWCursorPosCallback pos = glfwSetCursorPosCallback(window, previousPos);
        if (pos != null && pos.address() != ownPos.address()) {
            glfwSetCursorPosCallback(window, pos);
        }
        GLFWCursorEnterCallback enter = glfwSetCursorEnterCallback(window, previousEnter);
        if (enter != null && enter.address() != ownEnter.address()) {
            glfwSetCursorEnterCallback(window, enter);
        }
        GLFWMouseButtonCallback button = glfwSetMouseButtonCallback(window, previousButton);
        if (button != null && button.address() != ownButton.address()) {
            glfwSetMouseButtonCallback(window, button);
        }
        GLFWScrollCallback scroll = glfwSetScrollCallback(window, previousScroll);
        if (scroll != null && scroll.address() != ownScroll.address()) {
            glfwSetScrollCallback(window, scroll);
        }
        ownPos.free();
        ownEnter.free();
        ownButton.free();
        ownScroll.free();
        ownPos = null;
        ownEnter = null;
        ownButton = null;
        ownScroll = null;
    }
}
