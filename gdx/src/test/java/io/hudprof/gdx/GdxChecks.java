package io.hudprof.gdx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.badlogic.gdx.Input.Keys;
import io.hudprof.testkit.AllocationCheck;

/** The checks the libGDX runs share. */
final class GdxChecks {
    private GdxChecks() {
    }

    static void assertKeyPath(GdxRun.Result r, GdxHud.KeyPath expected) {
        assertTrue(r.lwjglVersion.startsWith("3.3.3"), "libGDX must run on the LWJGL it brings: " + r.lwjglVersion);
        assertEquals(expected, r.keyPath);
    }

    /** HUD pixels, keys after the Stage took input, the game untouched, GL state and errors, zones, statistics. */
    static void assertWholeRun(GdxRun.Result r) {
        assertNotNull(r.shown, "the script did not run: " + r.frames + " frames");
        assertFalse(r.visibleBeforeF3, "the HUD starts hidden");
        assertTrue(r.visibleAfterF3, "F3 after the Stage took input did not show the HUD");
        // Opaque panels (the default): per view its background, then its blended text; the graph picture, guides.
        assertTrue(r.hudDrawCalls >= 1 && r.hudDrawCalls <= 6, "HUD draw calls: " + r.hudDrawCalls);
        int w = GdxRun.W;
        int h = GdxRun.H;
        int hud = GdxRun.changed(r.hidden, r.shown, 0, 0, w / 2, h / 2);
        assertTrue(hud > w * h / 16, "too few HUD pixels: " + hud);
        // The game's own picture (bars and sprite from 0.66 of the width, above 0.58 of the height) is identical
        // with the HUD hidden and shown.
        assertEquals(0, GdxRun.changed(r.hidden, r.shown, (int) (w * 0.65), 0, w, (int) (h * 0.6)),
                "the game's pixels changed with the HUD shown");
        assertEquals("", r.glErrorsAfterCreate, "glGetError after create()");
        assertEquals(0, r.glErrors, "GL errors");
        assertEquals("", r.glErrorsAfterDispose, "glGetError after dispose()");
        assertEquals(0, r.glStateChanges, "the HUD changed libGDX's GL state: " + r.glStateChange);

        assertEquals(io.hudprof.core.report.ReportMode.SELF_TIME, r.modeBeforeM);
        assertEquals(io.hudprof.core.report.ReportMode.HIERARCHICAL_TIME, r.modeAfterM, "M did not change the mode");
        assertTrue(r.stageKeysDown.contains(Keys.W), "the Stage did not get W: " + r.stageKeysDown);
        assertFalse(r.stageKeysDown.contains(Keys.M), "the Stage got M, which the HUD consumed: "
                + r.stageKeysDown);
        assertFalse(r.stageKeysDown.contains(Keys.LEFT), "the Stage got Left, which the HUD consumed");
        assertEquals(10, r.offsetAfterShiftLeft, "Shift+Left is ten frames back");
        assertEquals(0, r.offsetAfterEnd, "End is the live frame");

        assertSearch(r);
        for (String zone : new String[] {"libGDX:render", "Game:Draw", HudprofGdx.BETWEEN_NAME, "hudprof:HUD"}) {
            assertTrue(r.report.contains(zone.substring(zone.indexOf(':') + 1)), zone + " missing from\n" + r.report);
        }
        assertTrue(r.drawCallsStat >= 2, "GLProfiler's draw calls as a statistic: " + r.drawCallsStat);
        // The first rounds still warm up; the rest are judged by AllocationCheck's rule.
        assertTrue(r.allocationRounds.size() >= GdxRun.ROUNDS, "rounds measured: " + r.allocationRounds);
        r.judgedRounds().assertSteady("hudprof on libGDX's render thread");
    }

    /**
     * The search line on this key path: '/', "dra" and Enter filter the report to names containing "dra", the line
     * closes on Enter, and the Stage gets none of those keys or characters, but W and its 'w' after Enter.
     */
    static void assertSearch(GdxRun.Result r) {
        assertEquals("dra", r.searchText, "the text typed after '/' (whose own character is not typed)");
        assertFalse(r.searchTypingAfterEnter, "Enter closes the line");
        assertFalse(r.rowsDuringSearch.isEmpty(), "no rows matched \"dra\"");
        assertTrue(r.rowsDuringSearch.stream().allMatch(name -> name.toLowerCase().contains("dra")),
                "rows that do not match: " + r.rowsDuringSearch);
        assertEquals(java.util.List.of(Keys.W), r.stageKeysDuringSearch, "the Stage's keys around the search");
        assertEquals("w", r.stageTypedDuringSearch, "the Stage's characters around the search");
    }

    /**
     * The mouse: a click on a report row puts the cursor there, once (a click handled twice would be a double-click
     * and open the call graph), a press on the history graph shows that frame and pauses while held, the wheel over
     * the graph zooms exactly one step; the game's Stage sees none of these, and gets every event off the panels and
     * every click while it has caught the cursor (mouse look).
     */
    static void assertMouse(GdxRun.Result r) {
        assertEquals(r.clickedRow, r.cursorAfterClick, "a click on a report row puts the cursor there");
        assertEquals(r.modeBeforeClick, r.modeAfterClick, "one click, handled once, is not a double-click");
        assertEquals(5, r.offsetWhileHeld, "a press on the graph shows the frame under it");
        assertTrue(r.pausedWhileHeld, "paused while the button is held");
        assertFalse(r.pausedAfterRelease, "the release resumes");
        assertEquals(r.rangeBeforeWheel / 2, r.rangeAfterWheel, "one notch over the graph zooms one step");
        assertEquals(java.util.List.of(), r.stageMouseOverPanels, "the Stage got pointer events the HUD used");
        // libGDX's screen coordinates are top-left; its wheel amount is GLFW's negated.
        assertEquals(java.util.List.of("move " + (GdxRun.W - 40) + "," + (GdxRun.H - 30), "down 0", "up 0",
                "scroll 1.0"), r.stageMouseOffPanels, "pointer events off the panels reach the Stage");
        assertTrue(r.stageMouseCaught.containsAll(java.util.List.of("down 0", "up 0")), "with the cursor caught,"
                + " a click over the HUD is the game's: " + r.stageMouseCaught);
        assertEquals(r.cursorBeforeCaughtClick, r.cursorAfterCaughtClick, "the HUD took a click with the cursor"
                + " caught");
    }

    static void assertHeldKeyRepeats(GdxRun.Result r, int min, int max) {
        assertTrue(r.offsetAfterHold >= min && r.offsetAfterHold <= max, "a held Left moved " + r.offsetAfterHold
                + " frames back, expected " + min + ".." + max);
    }
}
