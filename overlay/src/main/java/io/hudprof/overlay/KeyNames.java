package io.hudprof.overlay;

import static org.lwjgl.glfw.GLFW.*;

/** Short printable names of GLFW key codes and modifier bits, for the help line and error messages. */
final class KeyNames {
    private KeyNames() {
    }

    /** The name of a key and its modifiers, e.g. "Shift+Left", "F3", "PgUp", "M". */
    static String describe(int key, int mods) {
        StringBuilder name = new StringBuilder();
        if ((mods & GLFW_MOD_CONTROL) != 0) {
            name.append("Ctrl+");
        }
        if ((mods & GLFW_MOD_ALT) != 0) {
            name.append("Alt+");
        }
        if ((mods & GLFW_MOD_SUPER) != 0) {
            name.append("Super+");
        }
        if ((mods & GLFW_MOD_SHIFT) != 0) {
            name.append("Shift+");
        }
        return name.append(key(key)).toString();
    }

    static String key(int key) {
        if (key >= GLFW_KEY_F1 && key <= GLFW_KEY_F25) {
            return "F" + (key - GLFW_KEY_F1 + 1);
        }
        if ((key >= GLFW_KEY_A && key <= GLFW_KEY_Z) || (key >= GLFW_KEY_0 && key <= GLFW_KEY_9)) {
            return String.valueOf((char) key);
        }
        if (key >= GLFW_KEY_KP_0 && key <= GLFW_KEY_KP_9) {
            return "Kp" + (key - GLFW_KEY_KP_0);
        }
        switch (key) {
            case GLFW_KEY_UP: return "Up";
            case GLFW_KEY_DOWN: return "Down";
            case GLFW_KEY_LEFT: return "Left";
            case GLFW_KEY_RIGHT: return "Right";
            case GLFW_KEY_PAGE_UP: return "PgUp";
            case GLFW_KEY_PAGE_DOWN: return "PgDn";
            case GLFW_KEY_HOME: return "Home";
            case GLFW_KEY_END: return "End";
            case GLFW_KEY_INSERT: return "Ins";
            case GLFW_KEY_DELETE: return "Del";
            case GLFW_KEY_ENTER: return "Enter";
            case GLFW_KEY_KP_ENTER: return "KpEnter";
            case GLFW_KEY_BACKSPACE: return "Bksp";
            case GLFW_KEY_TAB: return "Tab";
            case GLFW_KEY_ESCAPE: return "Esc";
            case GLFW_KEY_SPACE: return "Space";
            case GLFW_KEY_PAUSE: return "Pause";
            case GLFW_KEY_KP_ADD: return "Kp+";
            case GLFW_KEY_KP_SUBTRACT: return "Kp-";
            case GLFW_KEY_KP_MULTIPLY: return "Kp*";
            case GLFW_KEY_KP_DIVIDE: return "Kp/";
            case GLFW_KEY_KP_DECIMAL: return "Kp.";
            case GLFW_KEY_MINUS: return "-";
            case GLFW_KEY_EQUAL: return "=";
            case GLFW_KEY_LEFT_BRACKET: return "[";
            case GLFW_KEY_RIGHT_BRACKET: return "]";
            case GLFW_KEY_COMMA: return ",";
            case GLFW_KEY_PERIOD: return ".";
            case GLFW_KEY_SLASH: return "/";
            case GLFW_KEY_BACKSLASH: return "\\";
            case GLFW_KEY_SEMICOLON: return ";";
            case GLFW_KEY_APOSTROPHE: return "'";
            case GLFW_KEY_GRAVE_ACCENT: return "`";
            default: return "key" + key;
        }
    }
}
