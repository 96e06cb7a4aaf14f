package io.hudprof.gdx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

/**
 * The other key path, forced on the LWJGL3 backend: libGDX's key events translated into the overlay's key router by
 * {@link GdxHudInput}, which keeps itself in front of the Stage the game installs after start-up; modifiers come from
 * the modifier keys' own events and repeats are made from the time a key is held, since libGDX gives neither. The
 * mouse takes the same processor: libGDX's own GLFW callbacks queue the events, the processor hands them to the HUD
 * and returns true for exactly the ones it used, so the Stage behind it gets the others; handing it pointer events
 * allocates nothing.
 */
class InputProcessorKeysGdxTest {
    @Test
    void translatedKeysAndPointerEventsGiveTheSameBindingsModifiersRepeatsAndConsumption() {
        GdxRun.Result r = GdxRun.run("input-processor", GdxHud.KeyPath.INPUT_PROCESSOR, true);
        GdxChecks.assertKeyPath(r, GdxHud.KeyPath.INPUT_PROCESSOR);
        GdxChecks.assertWholeRun(r);
        GdxChecks.assertMouse(r);
        // Held 700 ms: the press, then a repeat every 50 ms after 400 ms (GLFW's own repeats do not reach keyDown).
        GdxChecks.assertHeldKeyRepeats(r, 4, 12);
        assertEquals(java.util.List.of(), r.keyTableMismatches, "GdxKeyCodes is not the inverse of libGDX's mapping");
        assertNotNull(r.pointerEventBytes, "the pointer events were not measured");
        r.pointerEventBytes.assertSteady("handing the HUD's processor pointer events (5 a frame)");
    }
}
