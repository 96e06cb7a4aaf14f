package io.hudprof.overlay;

import static org.lwjgl.glfw.GLFW.GLFW_KEY_BACKSPACE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ENTER;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ESCAPE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_KP_ENTER;
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
 *   <li>While the search line is open ({@link HudAction#SEARCH}), every key but the toggle is consumed: Backspace
 *       edits, Enter keeps the filter and closes the line, Esc clears it; typed characters come through
 *       {@link #onChar} and are consumed too. The character of the key that opened the line is not typed.
 *       {@link HudAction#CLEAR_SEARCH} (Esc) is consumed only while a filter is active.</li>
 * </ul>
 * Works on plain GLFW key codes, so any input path that delivers them can use it; {@link GlfwKeyChain} feeds it from
 * a GLFW window. Allocation-free. Use on the thread that delivers key events.
 */
public final class KeyRouter {
    private final KeyBindings bindings;
    private final HudControls controls;
    private final boolean[] pressConsumed = new boolean[GLFW_KEY_LAST + 1];
    /** The key that opened the search line has yet to deliver its character, which is not part of the text. */
    private boolean skipOpeningChar;
    /** Enter or Esc just closed the line: a control character they type (libGDX's '\r') is not the game's. */
    private boolean skipClosingChar;

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
        boolean consumed = route(key, action, mods);
        if (consumed) {
            controls.touched();
        }
        return consumed;
    }

    private boolean route(int key, int action, int mods) {
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
        skipOpeningChar = false;
        skipClosingChar = false;
        HudAction bound = bindings.actionFor(key, mods);
        if (bound != HudAction.TOGGLE_OVERLAY && controls.view().searchTyping() && controls.view().visible()) {
            typeKey(key, action);
            pressConsumed[key] = true;
            return true;
        }
        if (bound == HudAction.CLEAR_SEARCH && !controls.view().searchActive()) {
            return false;
        }
        if (bound == HudAction.TOGGLE_OVERLAY) {
            if (action == GLFW_PRESS) {
                controls.toggleVisible();
            }
            return false;
        }
        if (bound == null || !controls.view().visible()) {
            return false;
        }
        if (action == GLFW_PRESS || bound.repeats()) {
            controls.perform(bound);
            skipOpeningChar = bound == HudAction.SEARCH;
        }
        pressConsumed[key] = true;
        return true;
    }

    /** A key while the search line is open: the editing keys act, every other key does nothing. */
    private void typeKey(int key, int action) {
        if (key == GLFW_KEY_BACKSPACE) {
            controls.searchBackspace();
        } else if (action == GLFW_PRESS && (key == GLFW_KEY_ENTER || key == GLFW_KEY_KP_ENTER)) {
            controls.commitSearch();
            skipClosingChar = true;
        } else if (action == GLFW_PRESS && key == GLFW_KEY_ESCAPE) {
            controls.clearSearch();
            skipClosingChar = true;
        }
    }

    /**
     * Handles one typed character (a Unicode code point, as GLFW's char callback or an engine's key-typed event
     * gives it); returns true when the search line took it and the game must not see it. Outside the search line
     * nothing is consumed.
     */
    public boolean onChar(int codePoint) {
        if (!controls.view().searchTyping() || !controls.view().visible()) {
            boolean closing = skipClosingChar && Character.isISOControl(codePoint);
            skipOpeningChar = false;
            skipClosingChar = false;
            return closing;
        }
        if (skipOpeningChar) {
            skipOpeningChar = false;
            return true;
        }
        controls.searchType(codePoint);
        controls.touched();
        return true;
    }

    /** The bindings this router uses. */
    public KeyBindings bindings() {
        return bindings;
    }
}
