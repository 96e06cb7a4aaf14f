package io.hudprof.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.*;

import org.junit.jupiter.api.Test;

class KeyScriptTest {
    @Test
    void stepsFollowOneFrameApartFromTheDefaultStart() throws UsageException {
        KeyScript script = KeyScript.parse("F3,Down,Enter");
        int start = KeyScript.DEFAULT_START;
        assertEquals(start + ":" + GLFW_KEY_F3 + ":press:0 " + start + ":" + GLFW_KEY_F3 + ":release:0 "
                + (start + 1) + ":" + GLFW_KEY_DOWN + ":press:0 " + (start + 1) + ":" + GLFW_KEY_DOWN + ":release:0 "
                + (start + 2) + ":" + GLFW_KEY_ENTER + ":press:0 " + (start + 2) + ":" + GLFW_KEY_ENTER
                + ":release:0", script.toString());
    }

    @Test
    void atFrameRepeatAndHoldPlaceEventsWhereAsked() throws UsageException {
        KeyScript script = KeyScript.parse("@100:Left*3,W~20,@50:P");
        String events = script.toString();
        assertTrue(events.startsWith("50:" + GLFW_KEY_P + ":press:0 50:" + GLFW_KEY_P + ":release:0 100:"), events);
        assertTrue(events.contains("102:" + GLFW_KEY_LEFT + ":release:0"), events);
        // W follows the last Left press (frame 102) and is held down for 20 frames.
        assertTrue(events.contains("103:" + GLFW_KEY_W + ":press:0"), events);
        assertTrue(events.endsWith("123:" + GLFW_KEY_W + ":release:0"), events);
        assertEquals(2 + 6 + 2, script.events());
        assertEquals(123, script.lastFrame());
    }

    @Test
    void modifiersArePressedAroundTheKeyLikeAKeyboardDoes() throws UsageException {
        String events = KeyScript.parse("@10:Shift+Left").toString();
        assertEquals("10:" + GLFW_KEY_LEFT_SHIFT + ":press:0 10:" + GLFW_KEY_LEFT + ":press:" + GLFW_MOD_SHIFT
                + " 10:" + GLFW_KEY_LEFT + ":release:" + GLFW_MOD_SHIFT + " 10:" + GLFW_KEY_LEFT_SHIFT
                + ":release:0", events);
    }

    @Test
    void keyNamesAcceptGlfwNamesInAnyCaseAndTheHudsShortNames() throws UsageException {
        assertEquals(GLFW_KEY_PAGE_UP, KeyScript.keyCode("page_up"));
        assertEquals(GLFW_KEY_PAGE_UP, KeyScript.keyCode("PgUp"));
        assertEquals(GLFW_KEY_BACKSPACE, KeyScript.keyCode("Bksp"));
        assertEquals(GLFW_KEY_EQUAL, KeyScript.keyCode("="));
        assertEquals(GLFW_KEY_F12, KeyScript.keyCode("f12"));
        assertEquals(GLFW_KEY_KP_ENTER, KeyScript.keyCode("KpEnter"));
    }

    @Test
    void badStepsNameTheProblem() {
        assertTrue(assertThrows(UsageException.class, () -> KeyScript.parse("F3,Dwn")).getMessage()
                .contains("unknown key \"Dwn\""));
        assertTrue(assertThrows(UsageException.class, () -> KeyScript.parse("Left*0")).getMessage()
                .contains("\"0\" is not a whole number of at least 1"));
        assertTrue(assertThrows(UsageException.class, () -> KeyScript.parse("@12F3")).getMessage()
                .contains("needs a colon"));
        assertTrue(assertThrows(UsageException.class, () -> KeyScript.parse("Hyper+A")).getMessage()
                .contains("unknown modifier Hyper"));
        assertTrue(assertThrows(UsageException.class, () -> KeyScript.parse("F3,,Down")).getMessage()
                .contains("empty step"));
        assertTrue(assertThrows(UsageException.class, () -> KeyScript.parse("LAST")).getMessage()
                .contains("unknown key"));
    }
}
