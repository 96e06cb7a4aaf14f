package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ENTER;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F3;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F9;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_KP_ENTER;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_LEFT;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_M;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_UP;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_CAPS_LOCK;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_CONTROL;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_NUM_LOCK;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SHIFT;

import java.util.List;

import org.junit.jupiter.api.Test;

class KeyBindingsTest {
    private final KeyBindings defaults = KeyBindings.defaults();

    @Test
    void defaultsToggleWithF3() {
        assertEquals(HudAction.TOGGLE_OVERLAY, defaults.actionFor(GLFW_KEY_F3, 0));
    }

    @Test
    void shiftSelectsTheTenFrameStep() {
        assertEquals(HudAction.FRAME_OLDER, defaults.actionFor(GLFW_KEY_LEFT, 0));
        assertEquals(HudAction.FRAME_OLDER_10, defaults.actionFor(GLFW_KEY_LEFT, GLFW_MOD_SHIFT));
    }

    @Test
    void lockModifiersAreIgnoredButControlMustMatch() {
        assertEquals(HudAction.CURSOR_UP, defaults.actionFor(GLFW_KEY_UP, GLFW_MOD_CAPS_LOCK | GLFW_MOD_NUM_LOCK));
        assertNull(defaults.actionFor(GLFW_KEY_UP, GLFW_MOD_CONTROL));
    }

    @Test
    void everyActionHasADefaultKey() {
        for (HudAction action : HudAction.values()) {
            assertTrue(!defaults.describe(action).isEmpty(), action + " has no default key");
        }
    }

    @Test
    void toggleKeyIsConfigurable() {
        KeyBindings keys = defaults.toBuilder().bind(HudAction.TOGGLE_OVERLAY, GLFW_KEY_F9).build();
        assertEquals(HudAction.TOGGLE_OVERLAY, keys.actionFor(GLFW_KEY_F9, 0));
        assertNull(keys.actionFor(GLFW_KEY_F3, 0));
    }

    @Test
    void bindingOneKeyToTwoActionsFailsNamingBoth() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> defaults.toBuilder().add(HudAction.TOGGLE_PAUSE, GLFW_KEY_M, 0).build());
        assertTrue(e.getMessage().contains("CYCLE_MODE") && e.getMessage().contains("TOGGLE_PAUSE"), e.getMessage());
    }

    @Test
    void helpEntriesGroupNeighbouringActionsAndListAlternatives() {
        List<String> help = defaults.helpEntries();
        assertTrue(help.contains("F3 show/hide"), help.toString());
        assertTrue(help.contains("Up/Down cursor"), help.toString());
        assertTrue(help.contains("Enter/KpEnter call graph"), help.toString());
        assertTrue(help.contains("Shift+Left/Shift+Right 10 frames"), help.toString());
        assertTrue(help.contains("-/= graph scale"), help.toString());
    }

    @Test
    void unboundActionsLeaveTheHelp() {
        KeyBindings keys = defaults.toBuilder().unbind(HudAction.SELECT).build();
        assertNull(keys.actionFor(GLFW_KEY_ENTER, 0));
        assertNull(keys.actionFor(GLFW_KEY_KP_ENTER, 0));
        assertTrue(keys.helpEntries().stream().noneMatch(e -> e.endsWith("call graph")));
    }
}
