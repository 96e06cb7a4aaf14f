package io.hudprof.gdx;

import static org.lwjgl.glfw.GLFW.*;

import com.badlogic.gdx.Input.Keys;

/**
 * libGDX key codes ({@link Keys}) to GLFW key codes, the ones the overlay's {@code KeyBindings} use: the inverse of
 * what libGDX's LWJGL3 backend does to GLFW's key events. GLFW keys libGDX has no code for have no entry; the right
 * Super key, which libGDX reports as {@code SYM} like the left one, comes back as {@code GLFW_KEY_LEFT_SUPER}. A static table; allocation-free.
 */
public final class GdxKeyCodes {
    private static final int[] TO_GLFW = new int[Keys.MAX_KEYCODE + 1];

    static {
        java.util.Arrays.fill(TO_GLFW, GLFW_KEY_UNKNOWN);
        for (int i = 0; i < 26; i++) {
            put(Keys.A + i, GLFW_KEY_A + i);
        }
        for (int i = 0; i < 10; i++) {
            put(Keys.NUM_0 + i, GLFW_KEY_0 + i);
            put(Keys.NUMPAD_0 + i, GLFW_KEY_KP_0 + i);
        }
        // libGDX numbers F1..F12 and F13..F24 in two separate runs.
        for (int i = 0; i < 12; i++) {
            put(Keys.F1 + i, GLFW_KEY_F1 + i);
            put(Keys.F13 + i, GLFW_KEY_F13 + i);
        }
        put(Keys.SPACE, GLFW_KEY_SPACE);
        put(Keys.APOSTROPHE, GLFW_KEY_APOSTROPHE);
        put(Keys.COMMA, GLFW_KEY_COMMA);
        put(Keys.MINUS, GLFW_KEY_MINUS);
        put(Keys.PERIOD, GLFW_KEY_PERIOD);
        put(Keys.SLASH, GLFW_KEY_SLASH);
        put(Keys.SEMICOLON, GLFW_KEY_SEMICOLON);
        put(Keys.EQUALS, GLFW_KEY_EQUAL);
        put(Keys.LEFT_BRACKET, GLFW_KEY_LEFT_BRACKET);
        put(Keys.BACKSLASH, GLFW_KEY_BACKSLASH);
        put(Keys.RIGHT_BRACKET, GLFW_KEY_RIGHT_BRACKET);
        put(Keys.GRAVE, GLFW_KEY_GRAVE_ACCENT);
        put(Keys.WORLD_1, GLFW_KEY_WORLD_1);
        put(Keys.WORLD_2, GLFW_KEY_WORLD_2);
        put(Keys.ESCAPE, GLFW_KEY_ESCAPE);
        put(Keys.ENTER, GLFW_KEY_ENTER);
        put(Keys.TAB, GLFW_KEY_TAB);
        put(Keys.BACKSPACE, GLFW_KEY_BACKSPACE);
        put(Keys.INSERT, GLFW_KEY_INSERT);
        put(Keys.FORWARD_DEL, GLFW_KEY_DELETE);
        put(Keys.RIGHT, GLFW_KEY_RIGHT);
        put(Keys.LEFT, GLFW_KEY_LEFT);
        put(Keys.DOWN, GLFW_KEY_DOWN);
        put(Keys.UP, GLFW_KEY_UP);
        put(Keys.PAGE_UP, GLFW_KEY_PAGE_UP);
        put(Keys.PAGE_DOWN, GLFW_KEY_PAGE_DOWN);
        put(Keys.HOME, GLFW_KEY_HOME);
        put(Keys.END, GLFW_KEY_END);
        put(Keys.CAPS_LOCK, GLFW_KEY_CAPS_LOCK);
        put(Keys.SCROLL_LOCK, GLFW_KEY_SCROLL_LOCK);
        put(Keys.NUM_LOCK, GLFW_KEY_NUM_LOCK);
        put(Keys.PRINT_SCREEN, GLFW_KEY_PRINT_SCREEN);
        put(Keys.PAUSE, GLFW_KEY_PAUSE);
        put(Keys.NUMPAD_DOT, GLFW_KEY_KP_DECIMAL);
        put(Keys.NUMPAD_DIVIDE, GLFW_KEY_KP_DIVIDE);
        put(Keys.NUMPAD_MULTIPLY, GLFW_KEY_KP_MULTIPLY);
        put(Keys.NUMPAD_SUBTRACT, GLFW_KEY_KP_SUBTRACT);
        put(Keys.NUMPAD_ADD, GLFW_KEY_KP_ADD);
        put(Keys.NUMPAD_ENTER, GLFW_KEY_KP_ENTER);
        put(Keys.NUMPAD_EQUALS, GLFW_KEY_KP_EQUAL);
        put(Keys.SHIFT_LEFT, GLFW_KEY_LEFT_SHIFT);
        put(Keys.CONTROL_LEFT, GLFW_KEY_LEFT_CONTROL);
        put(Keys.ALT_LEFT, GLFW_KEY_LEFT_ALT);
        put(Keys.SYM, GLFW_KEY_LEFT_SUPER);
        put(Keys.SHIFT_RIGHT, GLFW_KEY_RIGHT_SHIFT);
        put(Keys.CONTROL_RIGHT, GLFW_KEY_RIGHT_CONTROL);
        put(Keys.ALT_RIGHT, GLFW_KEY_RIGHT_ALT);
        put(Keys.MENU, GLFW_KEY_MENU);
    }

    private GdxKeyCodes() {
    }

    private static void put(int gdx, int glfw) {
        TO_GLFW[gdx] = glfw;
    }

    /** The GLFW key code for a libGDX key code, or {@code GLFW_KEY_UNKNOWN} (-1) when GLFW has none. */
    public static int toGlfw(int gdxKey) {
        return gdxKey >= 0 && gdxKey < TO_GLFW.length ? TO_GLFW[gdxKey] : GLFW_KEY_UNKNOWN;
    }

    /** The GLFW modifier bit a libGDX modifier key stands for (shift, control, alt, super), or 0. */
    static int modifierBit(int gdxKey) {
        switch (gdxKey) {
            case Keys.SHIFT_LEFT:
            case Keys.SHIFT_RIGHT:
                return GLFW_MOD_SHIFT;
            case Keys.CONTROL_LEFT:
            case Keys.CONTROL_RIGHT:
                return GLFW_MOD_CONTROL;
            case Keys.ALT_LEFT:
            case Keys.ALT_RIGHT:
                return GLFW_MOD_ALT;
            case Keys.SYM:
                return GLFW_MOD_SUPER;
            default:
                return 0;
        }
    }
}
