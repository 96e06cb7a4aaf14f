package io.hudprof.overlay;

import static org.lwjgl.glfw.GLFW.GLFW_KEY_0;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_1;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_2;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_T;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_B;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_BACKSPACE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_C;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_DOWN;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_END;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ESCAPE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_SLASH;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_HOME;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ENTER;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_EQUAL;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F3;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_G;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_H;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_L;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_LEFT_BRACKET;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_N;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_O;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_RIGHT_BRACKET;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_KP_ENTER;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_LAST;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_LEFT;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_M;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_MINUS;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_P;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_PAGE_DOWN;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_PAGE_UP;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_RIGHT;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_K;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_U;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_UP;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_V;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_X;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_COMMA;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_I;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_PERIOD;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_R;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_TAB;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_Y;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_Z;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_ALT;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_CONTROL;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SHIFT;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SUPER;

import java.util.ArrayList;
import java.util.List;

/**
 * Which GLFW key (plus Shift/Ctrl/Alt/Super modifiers) triggers which {@link HudAction}. Immutable; build a changed
 * copy with {@link #toBuilder()}. Lock-key modifiers (Caps Lock, Num Lock) are ignored when matching, the others
 * must match exactly, so Ctrl+Up stays the game's even though Up is the overlay's.
 *
 * <p>Defaults: F3 show/hide; Up/Down cursor; PgUp/PgDn page; Enter (or keypad Enter) call graph; Backspace parent;
 * M mode; V averaging; P pause; Left/Right frame; Shift+Left/Shift+Right 10 frames; End live; G graph;
 * U ms/Hz; -/= graph scale; C value chart; ]/[ next/previous statistic of the chart's category (drilled up: next/previous
 * category); Shift+C chart the category (same-unit statistics stacked) or the statistic; Ctrl+B add a guide bar to the value
 * chart; Ctrl+Shift+B remove it; K category strip chart; Shift+Up/Shift+Down category cursor;
 * Shift+Enter drill down (on the top row: up); Shift+Backspace drill up; B add a guide bar; Shift+B remove it;
 * 0 auto scale; T time/allocated bytes;
 * L spike list; N next spike; X export trace; Shift+X capture on/off; Ctrl+X capture the last frames; H key help; R timeline; Tab gives the timeline the arrows and Enter
 * (bar cursor, call graph of the bar) and back; Y/Shift+Y next/previous thread; I thread list; Z/Shift+Z timeline
 * zoom; ,/. timeline pan; / search (typing goes to the search line until Enter or Esc); Esc clears the search
 * (consumed only while there is one).
 */
public final class KeyBindings {
    /** The modifier bits that take part in matching. */
    public static final int MODIFIER_MASK = GLFW_MOD_SHIFT | GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER;

    private static final KeyBindings DEFAULTS = new Builder()
            .bind(HudAction.TOGGLE_OVERLAY, GLFW_KEY_F3)
            .bind(HudAction.CURSOR_UP, GLFW_KEY_UP)
            .bind(HudAction.CURSOR_DOWN, GLFW_KEY_DOWN)
            .bind(HudAction.PAGE_UP, GLFW_KEY_PAGE_UP)
            .bind(HudAction.PAGE_DOWN, GLFW_KEY_PAGE_DOWN)
            .bind(HudAction.SELECT, GLFW_KEY_ENTER)
            .add(HudAction.SELECT, GLFW_KEY_KP_ENTER, 0)
            .bind(HudAction.SELECT_PARENT, GLFW_KEY_BACKSPACE)
            .bind(HudAction.CYCLE_MODE, GLFW_KEY_M)
            .bind(HudAction.CYCLE_AVERAGING, GLFW_KEY_V)
            .bind(HudAction.TOGGLE_PAUSE, GLFW_KEY_P)
            .bind(HudAction.FRAME_OLDER, GLFW_KEY_LEFT)
            .bind(HudAction.FRAME_NEWER, GLFW_KEY_RIGHT)
            .bind(HudAction.FRAME_OLDER_10, GLFW_KEY_LEFT, GLFW_MOD_SHIFT)
            .bind(HudAction.FRAME_NEWER_10, GLFW_KEY_RIGHT, GLFW_MOD_SHIFT)
            .bind(HudAction.LIVE_FRAME, GLFW_KEY_END)
            .bind(HudAction.TOGGLE_GRAPH, GLFW_KEY_G)
            .bind(HudAction.TOGGLE_SPIKES, GLFW_KEY_L)
            .bind(HudAction.NEXT_SPIKE, GLFW_KEY_N)
            .bind(HudAction.EXPORT_TRACE, GLFW_KEY_X)
            .bind(HudAction.TOGGLE_CAPTURE, GLFW_KEY_X, GLFW_MOD_SHIFT)
            .bind(HudAction.CAPTURE_RECENT, GLFW_KEY_X, GLFW_MOD_CONTROL)
            .bind(HudAction.TOGGLE_UNITS, GLFW_KEY_U)
            .bind(HudAction.GRAPH_ZOOM_OUT, GLFW_KEY_MINUS)
            .bind(HudAction.GRAPH_ZOOM_IN, GLFW_KEY_EQUAL)
            .bind(HudAction.CYCLE_CHART, GLFW_KEY_C)
            .bind(HudAction.CHART_NEXT, GLFW_KEY_RIGHT_BRACKET)
            .bind(HudAction.CHART_PREVIOUS, GLFW_KEY_LEFT_BRACKET)
            .bind(HudAction.CHART_CATEGORY, GLFW_KEY_C, GLFW_MOD_SHIFT)
            .bind(HudAction.ADD_CHART_GUIDE, GLFW_KEY_B, GLFW_MOD_CONTROL)
            .bind(HudAction.REMOVE_CHART_GUIDE, GLFW_KEY_B, GLFW_MOD_CONTROL | GLFW_MOD_SHIFT)
            .bind(HudAction.TOGGLE_CATEGORIES, GLFW_KEY_K)
            .bind(HudAction.CATEGORY_CURSOR_UP, GLFW_KEY_UP, GLFW_MOD_SHIFT)
            .bind(HudAction.CATEGORY_CURSOR_DOWN, GLFW_KEY_DOWN, GLFW_MOD_SHIFT)
            .bind(HudAction.CATEGORY_DRILL_DOWN, GLFW_KEY_ENTER, GLFW_MOD_SHIFT)
            .bind(HudAction.CATEGORY_DRILL_UP, GLFW_KEY_BACKSPACE, GLFW_MOD_SHIFT)
            .bind(HudAction.ADD_GUIDE_BAR, GLFW_KEY_B)
            .bind(HudAction.REMOVE_GUIDE_BAR, GLFW_KEY_B, GLFW_MOD_SHIFT)
            .bind(HudAction.AUTO_SCALE, GLFW_KEY_0)
            .bind(HudAction.TOGGLE_METRIC, GLFW_KEY_T)
            .bind(HudAction.TOGGLE_HELP, GLFW_KEY_H)
            .bind(HudAction.CYCLE_DISTRIBUTION, GLFW_KEY_O)
            .bind(HudAction.MARK_DIFF_A, GLFW_KEY_1)
            .bind(HudAction.MARK_DIFF_B, GLFW_KEY_2)
            .bind(HudAction.CLEAR_DIFF, GLFW_KEY_1, GLFW_MOD_SHIFT)
            .bind(HudAction.TOGGLE_HISTOGRAM, GLFW_KEY_O, GLFW_MOD_SHIFT)
            .bind(HudAction.RESET_LAYOUT, GLFW_KEY_HOME)
            .bind(HudAction.TOGGLE_TIMELINE, GLFW_KEY_R)
            .bind(HudAction.FOCUS_TIMELINE, GLFW_KEY_TAB)
            .bind(HudAction.NEXT_THREAD, GLFW_KEY_Y)
            .bind(HudAction.PREVIOUS_THREAD, GLFW_KEY_Y, GLFW_MOD_SHIFT)
            .bind(HudAction.TOGGLE_THREAD_LIST, GLFW_KEY_I)
            .bind(HudAction.TIMELINE_ZOOM_IN, GLFW_KEY_Z)
            .bind(HudAction.TIMELINE_ZOOM_OUT, GLFW_KEY_Z, GLFW_MOD_SHIFT)
            .bind(HudAction.TIMELINE_PAN_LEFT, GLFW_KEY_COMMA)
            .bind(HudAction.TIMELINE_PAN_RIGHT, GLFW_KEY_PERIOD)
            .bind(HudAction.SEARCH, GLFW_KEY_SLASH)
            .bind(HudAction.CLEAR_SEARCH, GLFW_KEY_ESCAPE)
            .build();

    private final int[] keys;
    private final int[] mods;
    private final HudAction[] actions;

    private KeyBindings(int[] keys, int[] mods, HudAction[] actions) {
        this.keys = keys;
        this.mods = mods;
        this.actions = actions;
    }

    /** The default bindings listed in the class description. */
    public static KeyBindings defaults() {
        return DEFAULTS;
    }

    /** A builder with no bindings at all. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these bindings. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        for (int i = 0; i < keys.length; i++) {
            builder.add(actions[i], keys[i], mods[i]);
        }
        return builder;
    }

    /**
     * The action bound to a GLFW key and modifier bits, or {@code null}. A linear scan over a couple of dozen
     * entries: no hashing, no boxing, no allocation.
     */
    public HudAction actionFor(int key, int modifiers) {
        int wanted = modifiers & MODIFIER_MASK;
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] == key && mods[i] == wanted) {
                return actions[i];
            }
        }
        return null;
    }

    /** The keys bound to an action, e.g. "Enter/KpEnter", or the empty string when it has none. */
    public String describe(HudAction action) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < keys.length; i++) {
            if (actions[i] == action) {
                if (text.length() > 0) {
                    text.append('/');
                }
                text.append(KeyNames.describe(keys[i], mods[i]));
            }
        }
        return text.toString();
    }

    /**
     * The help line as separate entries such as "Up/Down cursor" or "P pause", in {@link HudAction} order;
     * neighbouring actions with the same help label share one entry. Unbound actions are left out.
     */
    public List<String> helpEntries() {
        List<String> entries = new ArrayList<>();
        HudAction[] all = HudAction.values();
        for (int i = 0; i < all.length; ) {
            StringBuilder keysText = new StringBuilder();
            int j = i;
            for (; j < all.length && all[j].helpLabel().equals(all[i].helpLabel()); j++) {
                String described = describe(all[j]);
                if (!described.isEmpty()) {
                    if (keysText.length() > 0) {
                        keysText.append('/');
                    }
                    keysText.append(described);
                }
            }
            if (keysText.length() > 0) {
                entries.add(keysText + " " + all[i].helpLabel());
            }
            i = j;
        }
        return entries;
    }

    @Override
    public String toString() {
        return String.join("  ", helpEntries());
    }

    /** Collects bindings; {@link #build()} rejects a key combination given to two different actions. */
    public static final class Builder {
        private final List<int[]> keyMods = new ArrayList<>();
        private final List<HudAction> actions = new ArrayList<>();

        private Builder() {
        }

        /** Binds {@code action} to {@code key} alone, replacing the action's previous keys. */
        public Builder bind(HudAction action, int key) {
            return bind(action, key, 0);
        }

        /** Binds {@code action} to {@code key} with exactly these modifiers, replacing its previous keys. */
        public Builder bind(HudAction action, int key, int modifiers) {
            unbind(action);
            return add(action, key, modifiers);
        }

        /** Adds another key for {@code action}, keeping the ones it has. */
        public Builder add(HudAction action, int key, int modifiers) {
            if (action == null) {
                throw new NullPointerException("action");
            }
            if (key < 0 || key > GLFW_KEY_LAST) {
                throw new IllegalArgumentException("not a GLFW key code: " + key + " (use the GLFW_KEY_* constants)");
            }
            if ((modifiers & ~MODIFIER_MASK) != 0) {
                throw new IllegalArgumentException("modifiers must be GLFW_MOD_SHIFT/CONTROL/ALT/SUPER bits: "
                        + modifiers);
            }
            keyMods.add(new int[] {key, modifiers});
            actions.add(action);
            return this;
        }

        /** Removes every key of {@code action}; the action is then only reachable through {@link HudControls}. */
        public Builder unbind(HudAction action) {
            for (int i = actions.size() - 1; i >= 0; i--) {
                if (actions.get(i) == action) {
                    actions.remove(i);
                    keyMods.remove(i);
                }
            }
            return this;
        }

        /** The bindings; throws {@link IllegalArgumentException} naming both actions if a key is bound twice. */
        public KeyBindings build() {
            int n = actions.size();
            int[] keys = new int[n];
            int[] mods = new int[n];
            HudAction[] bound = new HudAction[n];
            for (int i = 0; i < n; i++) {
                keys[i] = keyMods.get(i)[0];
                mods[i] = keyMods.get(i)[1];
                bound[i] = actions.get(i);
                for (int j = 0; j < i; j++) {
                    if (keys[j] == keys[i] && mods[j] == mods[i]) {
                        if (bound[j] == bound[i]) {
                            throw new IllegalArgumentException(KeyNames.describe(keys[i], mods[i])
                                    + " is bound to " + bound[i] + " twice");
                        }
                        throw new IllegalArgumentException(KeyNames.describe(keys[i], mods[i]) + " is bound to both "
                                + bound[j] + " and " + bound[i] + "; unbind one of them or pick another key");
                    }
                }
            }
            return new KeyBindings(keys, mods, bound);
        }
    }
}
