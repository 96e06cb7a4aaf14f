package io.hudprof.jme;

import static org.lwjgl.glfw.GLFW.GLFW_MOD_ALT;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_CONTROL;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SHIFT;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SUPER;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.glfw.GLFW.GLFW_REPEAT;

import com.jme3.input.KeyInput;
import com.jme3.input.RawInputListener;
import com.jme3.input.event.JoyAxisEvent;
import com.jme3.input.event.JoyButtonEvent;
import com.jme3.input.event.KeyInputEvent;
import com.jme3.input.event.MouseButtonEvent;
import com.jme3.input.event.MouseMotionEvent;
import com.jme3.input.event.TouchEvent;
import com.jme3.input.lwjgl.GlfwKeyMap;

import io.hudprof.overlay.KeyRouter;

/**
 * The HUD's keys through jME's {@code InputManager}: a raw input listener that translates jME key codes back to GLFW's
 * (jME's own {@link GlfwKeyMap}), keeps the modifier state from the modifier keys' events (jME's key events carry
 * none), passes repeats on as GLFW repeats, and hands each event to the overlay's {@link KeyRouter}. An event the
 * HUD consumes is marked consumed, so it never reaches the game's input mappings. Allocation-free.
 */
final class JmeHudInput implements RawInputListener {
    private final KeyRouter router;
    private int leftShift;
    private int rightShift;
    private int leftControl;
    private int rightControl;
    private int leftAlt;
    private int rightAlt;
    private int leftSuper;
    private int rightSuper;

    JmeHudInput(KeyRouter router) {
        this.router = router;
    }

    @Override
    public void onKeyEvent(KeyInputEvent evt) {
        int code = evt.getKeyCode();
        int held = evt.isPressed() ? 1 : 0;
        switch (code) {
            case KeyInput.KEY_LSHIFT -> leftShift = held;
            case KeyInput.KEY_RSHIFT -> rightShift = held;
            case KeyInput.KEY_LCONTROL -> leftControl = held;
            case KeyInput.KEY_RCONTROL -> rightControl = held;
            case KeyInput.KEY_LMENU -> leftAlt = held;
            case KeyInput.KEY_RMENU -> rightAlt = held;
            case KeyInput.KEY_LMETA -> leftSuper = held;
            case KeyInput.KEY_RMETA -> rightSuper = held;
            default -> {
            }
        }
        int action = evt.isRepeating() ? GLFW_REPEAT : evt.isPressed() ? GLFW_PRESS : GLFW_RELEASE;
        if (router.onKey(GlfwKeyMap.fromJmeKeyCode(code), action, modifiers())) {
            evt.setConsumed();
        }
    }

    /** The GLFW modifier bits of the modifier keys held now. */
    int modifiers() {
        return ((leftShift | rightShift) != 0 ? GLFW_MOD_SHIFT : 0)
                | ((leftControl | rightControl) != 0 ? GLFW_MOD_CONTROL : 0)
                | ((leftAlt | rightAlt) != 0 ? GLFW_MOD_ALT : 0)
                | ((leftSuper | rightSuper) != 0 ? GLFW_MOD_SUPER : 0);
    }

    @Override
    public void beginInput() {
    }

    @Override
    public void endInput() {
    }

    @Override
    public void onJoyAxisEvent(JoyAxisEvent evt) {
    }

    @Override
    public void onJoyButtonEvent(JoyButtonEvent evt) {
    }

    @Override
    public void onMouseMotionEvent(MouseMotionEvent evt) {
    }

    @Override
    public void onMouseButtonEvent(MouseButtonEvent evt) {
    }

    @Override
    public void onTouchEvent(TouchEvent evt) {
    }
}
