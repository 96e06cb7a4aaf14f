package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_DOWN;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F3;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_LEFT;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_M;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_P;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_UNKNOWN;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_UP;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_W;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_CONTROL;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SHIFT;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.glfw.GLFW.GLFW_REPEAT;

import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Which key events the overlay consumes, and what they do; no GL needed. */
class KeyRouterTest {
    private ScriptedGame game;
    private HudControls controls;
    private KeyRouter router;

    @BeforeEach
    void start() {
        game = new ScriptedGame(64, 10);
        game.frames(40, 1.0);
        controls = new HudControls(game.profiler, OverlayConfig.defaults());
        router = new KeyRouter(KeyBindings.defaults(), controls);
    }

    @AfterEach
    void stop() {
        game.close();
    }

    private boolean tap(int key, int mods) {
        boolean pressed = router.onKey(key, GLFW_PRESS, mods);
        boolean released = router.onKey(key, GLFW_RELEASE, mods);
        assertEquals(pressed, released, "a release must go the same way as its press");
        return pressed;
    }

    @Test
    void whileHiddenNoKeyIsConsumedAndNothingHappens() {
        assertFalse(tap(GLFW_KEY_DOWN, 0));
        assertFalse(tap(GLFW_KEY_M, 0));
        assertFalse(tap(GLFW_KEY_P, 0));
        assertEquals(ReportMode.SELF_TIME, ReportController.of(game.profiler).mode());
        assertFalse(game.profiler.paused());
    }

    @Test
    void toggleKeyShowsAndHidesButIsPassedOnBothWays() {
        assertFalse(tap(GLFW_KEY_F3, 0));
        assertTrue(controls.view().visible());
        assertFalse(tap(GLFW_KEY_F3, 0));
        assertFalse(controls.view().visible());
    }

    @Test
    void whileVisibleBoundKeysAreConsumedAndAct() {
        controls.view().setVisible(true);
        assertTrue(tap(GLFW_KEY_DOWN, 0));
        assertEquals(1, ReportController.of(game.profiler).cursor());
        assertTrue(tap(GLFW_KEY_M, 0));
        assertEquals(ReportMode.HIERARCHICAL_TIME, ReportController.of(game.profiler).mode());
        assertTrue(tap(GLFW_KEY_P, 0));
        assertTrue(game.profiler.paused());
        assertTrue(tap(GLFW_KEY_LEFT, GLFW_MOD_SHIFT));
        assertEquals(10, ReportController.of(game.profiler).frameOffset());
    }

    @Test
    void whileVisibleUnboundKeysAndOtherModifiersPassThrough() {
        controls.view().setVisible(true);
        assertFalse(tap(GLFW_KEY_W, 0));
        assertFalse(tap(GLFW_KEY_UP, GLFW_MOD_CONTROL));
        assertFalse(tap(GLFW_KEY_UNKNOWN, 0));
        assertEquals(0, ReportController.of(game.profiler).cursor());
    }

    @Test
    void heldCursorKeyRepeatsButHeldModeKeyDoesNot() {
        controls.view().setVisible(true);
        assertTrue(router.onKey(GLFW_KEY_DOWN, GLFW_PRESS, 0));
        assertTrue(router.onKey(GLFW_KEY_DOWN, GLFW_REPEAT, 0));
        assertTrue(router.onKey(GLFW_KEY_DOWN, GLFW_REPEAT, 0));
        assertTrue(router.onKey(GLFW_KEY_DOWN, GLFW_RELEASE, 0));
        assertEquals(3, ReportController.of(game.profiler).cursor());
        assertTrue(router.onKey(GLFW_KEY_M, GLFW_PRESS, 0));
        assertTrue(router.onKey(GLFW_KEY_M, GLFW_REPEAT, 0));
        assertTrue(router.onKey(GLFW_KEY_M, GLFW_RELEASE, 0));
        assertEquals(ReportMode.HIERARCHICAL_TIME, ReportController.of(game.profiler).mode());
    }

    @Test
    void keyHeldWhileTheOverlayAppearsKeepsItsReleaseForTheGame() {
        assertFalse(router.onKey(GLFW_KEY_DOWN, GLFW_PRESS, 0));
        assertFalse(tap(GLFW_KEY_F3, 0));
        assertFalse(router.onKey(GLFW_KEY_DOWN, GLFW_RELEASE, 0), "the game saw the press, so it gets the release");
    }

    @Test
    void keyHeldWhileTheOverlayHidesKeepsItsReleaseForTheOverlay() {
        controls.view().setVisible(true);
        assertTrue(router.onKey(GLFW_KEY_DOWN, GLFW_PRESS, 0));
        controls.view().setVisible(false);
        assertTrue(router.onKey(GLFW_KEY_DOWN, GLFW_RELEASE, 0), "the game never saw the press");
    }
}
