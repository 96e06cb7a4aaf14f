package io.hudprof.jme;

import static org.lwjgl.glfw.GLFW.GLFW_MOD_ALT;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_CONTROL;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SHIFT;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SUPER;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.glfw.GLFW.GLFW_REPEAT;

import com.jme3.input.InputManager;
import com.jme3.input.KeyInput;
import com.jme3.input.RawInputListener;
import com.jme3.input.event.JoyAxisEvent;
import com.jme3.input.event.JoyButtonEvent;
import com.jme3.input.event.KeyInputEvent;
import com.jme3.input.event.MouseButtonEvent;
import com.jme3.input.event.MouseMotionEvent;
import com.jme3.input.event.TouchEvent;
import com.jme3.input.lwjgl.GlfwKeyMap;
import com.jme3.system.JmeContext;

import io.hudprof.overlay.HudMouse;
import io.hudprof.overlay.KeyRouter;

/**
 * The HUD's keys and mouse through jME's {@code InputManager}: a raw input listener that hands each event to the
 * overlay and marks the ones the HUD used consumed, so they never reach the game's input mappings (its fly camera
 * included) nor the raw listeners added after this one; every other event goes on untouched.
 *
 * <p>Keys: jME key codes are translated back to GLFW's (jME's own {@link GlfwKeyMap}), the modifier state is kept from
 * the modifier keys' events (jME's key events carry none), and repeats go on as GLFW repeats, into the overlay's
 * {@link KeyRouter}. Mouse: jME's LWJGL3 input (3.9) reports the pointer in framebuffer pixels with y up from the
 * bottom (it scales GLFW's window coordinates by the framebuffer-to-window ratio), so {@link HudMouse} gets
 * {@code (x, framebufferHeight - y)}; buttons keep GLFW's numbering (left 0, right 1, middle 2); the wheel comes as a
 * motion event whose {@code getDeltaWheel()} is 120 per notch. jME hands over all motion events of a frame before
 * its button events, so a button event first moves the HUD's pointer to the position the event carries. While the game hides
 * the cursor ({@code inputManager.setCursorVisible(false)}: a fly camera's mouse look, where jME's pointer position is
 * a virtual one) the HUD takes no pointer event but the release of a press it took.
 *
 * <p>Until {@link #attach} gives it an overlay (it is registered with the input manager when the state is attached,
 * before it is initialised, so it comes before the game's own raw listeners) it passes everything on.
 * Allocation-free. jME calls it on the render thread.
 */
final class JmeHudInput implements RawInputListener {
    /** jME's wheel units per notch ({@code GlfwMouseInput} multiplies GLFW's offsets by 120). */
    static final double WHEEL_PER_NOTCH = 120;

    private KeyRouter router;
    /** The last typed character's press went to the HUD's search line, so its release does too. */
    private boolean charTaken;
    private HudMouse mouse;
    private JmeContext context;
    private InputManager inputManager;
    /** Where the HUD's pointer was last put, in the HUD's pixels (top-left origin); MIN_VALUE before any. */
    private int pointerX = Integer.MIN_VALUE;
    private int pointerY = Integer.MIN_VALUE;
    private int leftShift;
    private int rightShift;
    private int leftControl;
    private int rightControl;
    private int leftAlt;
    private int rightAlt;
    private int leftSuper;
    private int rightSuper;

    JmeHudInput() {
    }

    /**
     * Routes events to an overlay's keys and mouse from now on; {@code display} gives the framebuffer's height, and
     * {@code input} whether the cursor is shown.
     */
    void attach(KeyRouter keys, HudMouse pointer, JmeContext display, InputManager input) {
        this.router = keys;
        this.mouse = pointer;
        this.context = display;
        this.inputManager = input;
    }

    /** Passes every event on from now on (the overlay is gone). */
    void detach() {
        router = null;
        mouse = null;
        context = null;
        inputManager = null;
    }

    @Override
    public void onKeyEvent(KeyInputEvent evt) {
        if (router == null) {
            return;
        }
        int code = evt.getKeyCode();
        if (code == KeyInput.KEY_UNKNOWN && evt.getKeyChar() != 0) {
            // jME's GLFW input sends each typed character as a press and a release with no key code.
            if (evt.isPressed() ? router.onChar(evt.getKeyChar()) : charTaken) {
                evt.setConsumed();
            }
            charTaken = evt.isPressed() && evt.isConsumed();
            return;
        }
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
        if (mouse == null) {
            return;
        }
        if (!inputManager.isCursorVisible()) {
            // The game took the pointer (a fly camera's mouse look): its motion is the game's, wherever it points.
            mouse.left();
            pointerX = Integer.MIN_VALUE;
            return;
        }
        int wheel = evt.getDeltaWheel();
        boolean used = wheel != 0
                ? mouse.scrolled(wheel / WHEEL_PER_NOTCH)
                : movePointer(evt.getX(), evt.getY());
        if (used) {
            evt.setConsumed();
        }
    }

    @Override
    public void onMouseButtonEvent(MouseButtonEvent evt) {
        if (mouse == null) {
            return;
        }
        boolean pointing = inputManager.isCursorVisible();
        if (evt.isPressed() && !pointing) {
            // A press with the pointer taken is the game's; a release still goes to the HUD, which uses it exactly
            // when it used the press.
            return;
        }
        int x = evt.getX();
        int y = context.getFramebufferHeight() - evt.getY();
        if (pointing && (x != pointerX || y != pointerY)) {
            // The press happened where the event says; later motion of the same frame was delivered before it.
            movePointer(evt.getX(), evt.getY());
        }
        if (mouse.button(evt.getButtonIndex(), evt.isPressed())) {
            evt.setConsumed();
        }
    }

    /** Moves the HUD's pointer to jME's {@code (x, y)} (framebuffer pixels, y up); whether the HUD used the move. */
    private boolean movePointer(int x, int y) {
        pointerX = x;
        pointerY = context.getFramebufferHeight() - y;
        return mouse.moved(pointerX, pointerY);
    }

    @Override
    public void onTouchEvent(TouchEvent evt) {
    }
}
