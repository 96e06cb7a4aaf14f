package io.hudprof.demo;

import static org.lwjgl.glfw.GLFW.*;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lwjgl.glfw.GLFWKeyCallback;

/**
 * Scripted key presses for automated runs, such as {@code "@120:F3,Down,Down,Enter,Left*10,W~60"}. At its frame,
 * each event is handed to whatever key callback the window has at that moment: the overlay's, which passes on
 * what it does not use to the game's, exactly as GLFW does for a real key.
 *
 * <p>Steps are separated by commas: {@code KEY} presses and releases a key; {@code KEY*N} does so N times, one
 * frame apart; {@code KEY~N} holds it down for N frames; {@code @FRAME:} before a step starts it at that frame.
 * A step without {@code @} comes one frame after the previous one's start; the first defaults to frame
 * {@link #DEFAULT_START}, so the profiler has frames to show. KEY is a GLFW key name ({@code F3}, {@code Down},
 * {@code Enter}, {@code Backspace}, {@code Space}, {@code W}, {@code Page_Up}, or the HUD's short names
 * {@code PgUp}, {@code PgDn}, {@code Esc}, {@code Bksp}, {@code -}, {@code =}), optionally after {@code Shift+},
 * {@code Ctrl+}, {@code Alt+} or {@code Super+}.
 */
final class KeyScript {
    static final int DEFAULT_START = 30;
    static final KeyScript EMPTY = new KeyScript(new int[0], new int[0], new int[0], new int[0]);

    private final int[] frames;
    private final int[] keys;
    private final int[] mods;
    private final int[] actions;
    private int next;

    private KeyScript(int[] frames, int[] keys, int[] mods, int[] actions) {
        this.frames = frames;
        this.keys = keys;
        this.mods = mods;
        this.actions = actions;
    }

    /** Parses a script; a bad step throws {@link UsageException} naming it. */
    static KeyScript parse(String script) throws UsageException {
        List<int[]> events = new ArrayList<>();
        int frame = DEFAULT_START;
        boolean first = true;
        for (String raw : script.split(",")) {
            String step = raw.trim();
            if (step.isEmpty()) {
                throw new UsageException("--keys: empty step in \"" + script + "\"");
            }
            if (!first) {
                frame++;
            }
            first = false;
            if (step.startsWith("@")) {
                int colon = step.indexOf(':');
                if (colon < 0) {
                    throw new UsageException("--keys: \"" + step + "\" needs a colon after the frame, as in @120:F3");
                }
                frame = count(step.substring(1, colon), step);
                step = step.substring(colon + 1).trim();
            }
            int repeat = 1;
            int hold = 0;
            int star = step.indexOf('*');
            int tilde = step.indexOf('~');
            if (star > 0) {
                repeat = count(step.substring(star + 1), step);
                step = step.substring(0, star);
            } else if (tilde > 0) {
                hold = count(step.substring(tilde + 1), step);
                step = step.substring(0, tilde);
            }
            int modifiers = 0;
            String key = step;
            int plus;
            while ((plus = key.indexOf('+')) > 0 && plus < key.length() - 1) {
                modifiers |= modifier(key.substring(0, plus), step);
                key = key.substring(plus + 1);
            }
            int code = keyCode(key);
            for (int r = 0; r < repeat; r++) {
                int at = frame + r;
                addPress(events, at, code, modifiers, at + hold);
            }
            frame += repeat - 1;
        }
        events.sort((a, b) -> Integer.compare(a[0], b[0]));
        int n = events.size();
        int[] frames = new int[n];
        int[] keys = new int[n];
        int[] mods = new int[n];
        int[] actions = new int[n];
        for (int i = 0; i < n; i++) {
            int[] e = events.get(i);
            frames[i] = e[0];
            keys[i] = e[1];
            mods[i] = e[2];
            actions[i] = e[3];
        }
        return new KeyScript(frames, keys, mods, actions);
    }

    /** A key press with its modifier keys pressed first and released last, as a keyboard delivers them. */
    private static void addPress(List<int[]> events, int frame, int key, int modifiers, int releaseFrame) {
        int[] modifierKeys = {GLFW_KEY_LEFT_SHIFT, GLFW_KEY_LEFT_CONTROL, GLFW_KEY_LEFT_ALT, GLFW_KEY_LEFT_SUPER};
        int[] modifierBits = {GLFW_MOD_SHIFT, GLFW_MOD_CONTROL, GLFW_MOD_ALT, GLFW_MOD_SUPER};
        for (int m = 0; m < 4; m++) {
            if ((modifiers & modifierBits[m]) != 0) {
                events.add(new int[] {frame, modifierKeys[m], 0, GLFW_PRESS});
            }
        }
        events.add(new int[] {frame, key, modifiers, GLFW_PRESS});
        events.add(new int[] {releaseFrame, key, modifiers, GLFW_RELEASE});
        for (int m = 3; m >= 0; m--) {
            if ((modifiers & modifierBits[m]) != 0) {
                events.add(new int[] {releaseFrame, modifierKeys[m], 0, GLFW_RELEASE});
            }
        }
    }

    private static int count(String text, String step) throws UsageException {
        try {
            int n = Integer.parseInt(text.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--keys: \"" + step + "\": \"" + text + "\" is not a whole number of at least 1");
    }

    private static int modifier(String name, String step) throws UsageException {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "shift" -> GLFW_MOD_SHIFT;
            case "ctrl", "control" -> GLFW_MOD_CONTROL;
            case "alt" -> GLFW_MOD_ALT;
            case "super" -> GLFW_MOD_SUPER;
            default -> throw new UsageException("--keys: \"" + step + "\": unknown modifier " + name
                    + " (use Shift+, Ctrl+, Alt+ or Super+)");
        };
    }

    /** The GLFW key code of a name: a {@code GLFW_KEY_*} constant's suffix in any case, or a short alias. */
    static int keyCode(String name) throws UsageException {
        String alias = switch (name.toLowerCase(Locale.ROOT)) {
            case "pgup" -> "PAGE_UP";
            case "pgdn" -> "PAGE_DOWN";
            case "esc" -> "ESCAPE";
            case "bksp" -> "BACKSPACE";
            case "kpenter" -> "KP_ENTER";
            case "-" -> "MINUS";
            case "=" -> "EQUAL";
            case "shift" -> "LEFT_SHIFT";
            default -> name.toUpperCase(Locale.ROOT);
        };
        if (!alias.isEmpty() && alias.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_')) {
            try {
                Field field = org.lwjgl.glfw.GLFW.class.getField("GLFW_KEY_" + alias);
                int code = field.getInt(null);
                if (code >= 0 && code != GLFW_KEY_LAST) {
                    return code;
                }
            } catch (NoSuchFieldException | IllegalAccessException e) {
                // reported below
            }
        }
        throw new UsageException("--keys: unknown key \"" + name + "\" (GLFW key names such as F3, Down, Enter,"
                + " Left, Backspace, Space, W, Page_Up)");
    }

    /** Number of key events (presses and releases) in the script. */
    int events() {
        return frames.length;
    }

    /** The last frame at which the script does something, or 0 for an empty script. */
    int lastFrame() {
        return frames.length == 0 ? 0 : frames[frames.length - 1];
    }

    /** The events as {@code "frame:key:action:mods"} with GLFW codes, in order, for logs and tests. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < frames.length; i++) {
            if (i > 0) {
                text.append(' ');
            }
            text.append(frames[i]).append(':').append(keys[i]).append(':')
                    .append(actions[i] == GLFW_PRESS ? "press" : "release").append(':').append(mods[i]);
        }
        return text.toString();
    }

    /** Delivers this frame's events through the window's current key callback; returns how many. */
    int apply(long window, int frame) {
        int delivered = 0;
        while (next < frames.length && frames[next] <= frame) {
            // GLFW has no getter for a callback: swap it out and straight back in to learn which one is installed.
            GLFWKeyCallback current = glfwSetKeyCallback(window, null);
            glfwSetKeyCallback(window, current);
            if (current != null) {
                current.invoke(window, keys[next], glfwGetKeyScancode(keys[next]), actions[next], mods[next]);
            }
            next++;
            delivered++;
        }
        return delivered;
    }
}
