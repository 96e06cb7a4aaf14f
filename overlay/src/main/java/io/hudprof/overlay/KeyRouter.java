package io.hudprof.overlay;

import static org.lwjgl.glfw.GLFW.GLFW_KEY_LAST;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.glfw.GLFW.GLFW_REPEAT;

/**
 * Decides, for each GLFW key event, whether the overlay acts on it and whether the game still gets it.
 * <ul>
 *   <li>While the overlay is hidden nothing is consumed; the toggle key shows it and is passed on too.</li>
 *   <li>While visible, the overlay consumes exactly its bound key combinations (press, repeat and the matching
 *       release) and passes everything else on. The toggle key is never consumed, so the game sees a balanced
 *       press/release stream for it whichever way it toggles.</li>
 *   <li>A release is consumed only if its press was, so a key held when the overlay appears or disappears never
 *       leaves the game with a press and no release.</li>
 * </ul>
 * Works on plain GLFW key codes, so any input path that delivers them can use it; {@link GlfwKeyChain} feeds it from
 * a GLFW window. Allocation-free. Use on the thread that delivers key events.
 */
public final class KeyRouter {
    private final KeyBindings bindings;
    private final HudControls controls;
    private final boolean[] pressConsumed = new boolean[GLFW_KEY_LAST + 1];

    /** Routes keys through {@code bindings} to {@code controls}. */
    public KeyRouter(KeyBindings bindings, HudControls controls) {
        this.bindings = bindings;
        this.controls = controls;
    }

    /**
     * Handles one key event ({@code action} is GLFW_PRESS, GLFW_REPEAT or GLFW_RELEASE); returns true when the
     * overlay consumed it and the game must not see it.
     */
    public boolean onKey(int key, int action, int mods) {
        if (key < 0 || key > GLFW_KEY_LAST) {
            return false;
        }
        if (action == GLFW_RELEASE) {
            boolean consumed = pressConsumed[key];
            pressConsumed[key] = false;
            return consumed;
        }
        if (action != GLFW_PRESS && action != GLFW_REPEAT) {
            return false;
        }
        HudAction bound = bindings.actionFor(key, mods);
        if (bound == HudAction.TOGGLE_OVERLAY) {
            if (action == GLFW_PRESS) {
                controls.toggleVisible();
            }
            return false;
        }
        if (bound == null || !controls.visible()) {
            return false;
        }
        if (action == GLFW_PRESS || bound.repeats()) {
            controls.perform(bound);
        }
        pressConsumed[key] = true;
        return true;
    }

    /** The bindings this router uses. */
    public KeyBindings bindings() {
        return bindings;
    }
}
