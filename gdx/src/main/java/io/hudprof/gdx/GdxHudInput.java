package io.hudprof.gdx;

import static org.lwjgl.glfw.GLFW.GLFW_KEY_UNKNOWN;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.glfw.GLFW.GLFW_REPEAT;

import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.InputAdapter;
import com.badlogic.gdx.InputMultiplexer;
import com.badlogic.gdx.InputProcessor;
import com.badlogic.gdx.Input.Keys;

import io.hudprof.overlay.HudMouse;
import io.hudprof.overlay.KeyRouter;

/**
 * The HUD's keys and mouse through libGDX's input system, for backends where the overlay cannot chain GLFW's
 * callbacks (or for a game that routes input itself): translates libGDX key codes to GLFW's and hands them to the
 * overlay's {@link KeyRouter}, so the same bindings and the same consumed-press/release rules apply as on GLFW; and
 * hands pointer events to the overlay's {@link HudMouse}, in back-buffer pixels (libGDX's screen coordinates are
 * logical, top-left origin: they are scaled by {@code getBackBufferWidth() / getWidth()}, which is 1 in libGDX's
 * {@code HdpiMode.Pixels}). Every method returns whether the HUD used the event, so a game's processor behind this one
 * gets exactly the others: none over a shown HUD's panels, all of them while it is hidden or while the game has
 * caught the cursor (mouse look; the release of a press the HUD took is still the HUD's). Only the first pointer
 * (the mouse) is the HUD's; libGDX's button numbers are GLFW's (left 0, right 1, middle 2); the wheel's
 * {@code amountY} is GLFW's offset negated. libGDX's
 * {@code keyDown} carries neither modifiers nor repeats, so this processor keeps the modifier state from the
 * modifier keys' own events, and {@link #frame(long)} repeats a held HUD key the way an OS does (after 400 ms, 20
 * times a second) — Shift+Left and a held Down work as they do on GLFW.
 *
 * <p>{@link #frame(long)} also keeps this processor first: when the game replaces libGDX's input processor (a
 * Scene2D {@code Stage} calls {@code setInputProcessor}), the next frame puts an {@link InputMultiplexer} of this
 * processor and the game's in its place, so keys the HUD consumes never reach the game and the others all do.
 * Use on libGDX's render thread; allocation-free except when the game replaces its processor.
 */
public final class GdxHudInput extends InputAdapter {
    static final long REPEAT_DELAY_NANOS = 400_000_000L;
    static final long REPEAT_INTERVAL_NANOS = 50_000_000L;
    private static final int MAX_REPEATS_PER_FRAME = 4;

    private final KeyRouter router;
    /** The HUD's mouse, or null when pointer events reach the HUD another way (GLFW callbacks). */
    private final HudMouse mouse;
    /** Where the HUD's pointer was last put, in back-buffer pixels; MIN_VALUE before any. */
    private int pointerX = Integer.MIN_VALUE;
    private int pointerY = Integer.MIN_VALUE;
    /** Held modifier keys, one bit per libGDX modifier key code's slot in {@link #modifierSlot}. */
    private int heldModifiers;
    private int repeatKey = GLFW_KEY_UNKNOWN;
    private long nextRepeatNanos;
    private boolean repeatArmed;
    private InputProcessor installed;

    /** Routes libGDX key events into {@code router} (the overlay's {@code keys()}); pointer events are not used. */
    public GdxHudInput(KeyRouter router) {
        this(router, null);
    }

    /**
     * Routes libGDX key events into {@code router} (the overlay's {@code keys()}) and pointer events into
     * {@code mouse} (the overlay's {@code mouse()}; {@code null} to leave them all to the game).
     */
    public GdxHudInput(KeyRouter router, HudMouse mouse) {
        this.router = router;
        this.mouse = mouse;
    }

    @Override
    public boolean mouseMoved(int screenX, int screenY) {
        return pointing() && movePointer(screenX, screenY);
    }

    @Override
    public boolean touchDragged(int screenX, int screenY, int pointer) {
        return pointing() && pointer == 0 && movePointer(screenX, screenY);
    }

    @Override
    public boolean touchDown(int screenX, int screenY, int pointer, int button) {
        return press(screenX, screenY, pointer, button, true);
    }

    @Override
    public boolean touchUp(int screenX, int screenY, int pointer, int button) {
        return press(screenX, screenY, pointer, button, false);
    }

    /** A cancelled touch releases its button: a drag the HUD started ends (and a paused profile resumes). */
    @Override
    public boolean touchCancelled(int screenX, int screenY, int pointer, int button) {
        return press(screenX, screenY, pointer, button, false);
    }

    @Override
    public boolean scrolled(float amountX, float amountY) {
        // libGDX negates GLFW's offsets: positive amountY is towards the user, HudMouse's positive is away.
        return pointing() && mouse.scrolled(-amountY);
    }

    private boolean press(int screenX, int screenY, int pointer, int button, boolean pressed) {
        if (mouse == null || pointer != 0) {
            return false;
        }
        boolean pointing = pointing();
        if (pressed && !pointing) {
            // A press with the cursor caught is the game's; a release goes to the HUD, which uses it exactly when it
            // used the press.
            return false;
        }
        if (pointing && (pixelX(screenX) != pointerX || pixelY(screenY) != pointerY)) {
            // The button event says where it happened; put the HUD's pointer there first.
            movePointer(screenX, screenY);
        }
        return mouse.button(button, pressed);
    }

    /**
     * Whether pointer events can be the HUD's: there is a mouse, and the game has not caught the cursor
     * ({@code Gdx.input.setCursorCatched(true)}: mouse look, where positions are not a pointer's). With the cursor
     * caught the HUD's pointer leaves its panels.
     */
    private boolean pointing() {
        if (mouse == null) {
            return false;
        }
        if (Gdx.input.isCursorCatched()) {
            mouse.left();
            pointerX = Integer.MIN_VALUE;
            return false;
        }
        return true;
    }

    private boolean movePointer(int screenX, int screenY) {
        pointerX = pixelX(screenX);
        pointerY = pixelY(screenY);
        return mouse.moved(pointerX, pointerY);
    }

    private static int pixelX(int screenX) {
        int logical = Gdx.graphics.getWidth();
        return logical > 0 ? (int) ((long) screenX * Gdx.graphics.getBackBufferWidth() / logical) : screenX;
    }

    private static int pixelY(int screenY) {
        int logical = Gdx.graphics.getHeight();
        return logical > 0 ? (int) ((long) screenY * Gdx.graphics.getBackBufferHeight() / logical) : screenY;
    }

    @Override
    public boolean keyDown(int keycode) {
        int slot = modifierSlot(keycode);
        if (slot >= 0) {
            heldModifiers |= 1 << slot;
        }
        int key = GdxKeyCodes.toGlfw(keycode);
        boolean consumed = router.onKey(key, GLFW_PRESS, modifiers());
        if (consumed) {
            repeatKey = key;
            repeatArmed = false;
        }
        return consumed;
    }

    @Override
    public boolean keyUp(int keycode) {
        int slot = modifierSlot(keycode);
        if (slot >= 0) {
            heldModifiers &= ~(1 << slot);
        }
        int key = GdxKeyCodes.toGlfw(keycode);
        if (key == repeatKey) {
            repeatKey = GLFW_KEY_UNKNOWN;
        }
        return router.onKey(key, GLFW_RELEASE, modifiers());
    }

    /**
     * A typed character: the HUD's search line takes it (and the game does not get it) while the line is open,
     * as the GLFW char callback's does.
     */
    @Override
    public boolean keyTyped(char character) {
        return router.onChar(character);
    }

    /** The GLFW modifier bits of the modifier keys held now. */
    public int modifiers() {
        int mods = 0;
        for (int slot = 0; slot < MODIFIER_KEYS.length; slot++) {
            if ((heldModifiers & (1 << slot)) != 0) {
                mods |= GdxKeyCodes.modifierBit(MODIFIER_KEYS[slot]);
            }
        }
        return mods;
    }

    /**
     * Once per frame, with the time now ({@code System.nanoTime()}): repeats a held HUD key, and puts this processor
     * back in front if the game replaced libGDX's input processor since the last frame.
     */
    public void frame(long nowNanos) {
        if (repeatKey != GLFW_KEY_UNKNOWN) {
            if (!repeatArmed) {
                repeatArmed = true;
                nextRepeatNanos = nowNanos + REPEAT_DELAY_NANOS;
            }
            for (int i = 0; i < MAX_REPEATS_PER_FRAME && nowNanos - nextRepeatNanos >= 0; i++) {
                router.onKey(repeatKey, GLFW_REPEAT, modifiers());
                nextRepeatNanos += REPEAT_INTERVAL_NANOS;
            }
            if (nowNanos - nextRepeatNanos >= 0) {
                nextRepeatNanos = nowNanos + REPEAT_INTERVAL_NANOS;
            }
        }
        keepFirst();
    }

    /** Puts this processor in front of libGDX's current input processor unless it is there already. */
    public void keepFirst() {
        InputProcessor current = Gdx.input.getInputProcessor();
        if (current != null && current == installed) {
            return;
        }
        installed = current == null || current == this ? this : new InputMultiplexer(this, current);
        Gdx.input.setInputProcessor(installed);
    }

    /** Takes this processor out of libGDX's input chain, leaving the game's processor in place. */
    public void uninstall() {
        InputProcessor current = Gdx.input.getInputProcessor();
        if (current == installed && installed != null) {
            Gdx.input.setInputProcessor(installed instanceof InputMultiplexer m && m.size() > 1
                    ? m.getProcessors().get(1) : null);
        }
        installed = null;
    }

    private static final int[] MODIFIER_KEYS = {
        Keys.SHIFT_LEFT, Keys.SHIFT_RIGHT, Keys.CONTROL_LEFT, Keys.CONTROL_RIGHT, Keys.ALT_LEFT, Keys.ALT_RIGHT,
        Keys.SYM,
    };

    private static int modifierSlot(int keycode) {
        for (int slot = 0; slot < MODIFIER_KEYS.length; slot++) {
            if (MODIFIER_KEYS[slot] == keycode) {
                return slot;
            }
        }
        return -1;
    }
}
