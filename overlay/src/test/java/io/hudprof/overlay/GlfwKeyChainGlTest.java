package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_DOWN;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F3;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_M;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_P;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_UP;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_W;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_CONTROL;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.glfw.GLFW.glfwSetKeyCallback;

import java.util.ArrayList;
import java.util.List;

import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.lwjgl.glfw.GLFWKeyCallback;

/**
 * The overlay's GLFW key callback sits in front of the game's on a real GLFW window. Key events are delivered
 * through whatever callback GLFW holds for the window at that moment, as GLFW itself would deliver them.
 */
class GlfwKeyChainGlTest {
    private static GlContext gl;
    private static ScriptedGame game;
    private final List<String> hostReceived = new ArrayList<>();
    private GLFWKeyCallback host;
    private Overlay overlay;
    private boolean overlayClosed;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, 960, 540);
        game = new ScriptedGame(32, 0);
        game.frames(10, 1.0);
    }

    @AfterAll
    static void close() {
        if (game != null) {
            game.close();
        }
        if (gl != null) {
            gl.close();
        }
    }

    @BeforeEach
    void installHostThenOverlay() {
        game.resetNavigation();
        host = GLFWKeyCallback.create((window, key, scancode, action, mods) ->
                hostReceived.add(key + (action == GLFW_PRESS ? " down" : action == GLFW_RELEASE ? " up" : " repeat")
                        + (mods != 0 ? " mods " + mods : "")));
        glfwSetKeyCallback(gl.window(), host);
        overlay = Overlay.create(game.profiler, OverlayConfig.defaults());
        overlayClosed = false;
        overlay.installKeys(gl.window());
    }

    @AfterEach
    void uninstall(TestInfo test) {
        // What the keys did, for people to look at: the overlay's state drawn over the pretend game.
        ScriptedGame.drawScene(gl.width(), gl.height());
        if (!overlayClosed) {
            overlay.render(gl.width(), gl.height());
        }
        gl.screenshotOf(test);
        overlay.close();
        GLFWKeyCallback left = glfwSetKeyCallback(gl.window(), null);
        host.free();
        assertTrue(left == null || left.address() == host.address(), "overlay left its callback installed");
    }

    /** Sends one key event to the callback GLFW currently holds for the window. */
    private void deliver(int key, int action, int mods) {
        GLFWKeyCallback current = glfwSetKeyCallback(gl.window(), null);
        glfwSetKeyCallback(gl.window(), current);
        if (current != null) {
            current.invoke(gl.window(), key, 0, action, mods);
        }
    }

    private void tap(int key, int mods) {
        deliver(key, GLFW_PRESS, mods);
        deliver(key, GLFW_RELEASE, mods);
    }

    @Test
    void hostCallbackStillReceivesKeysTheOverlayDoesNotUse() {
        overlay.controls().view().setVisible(true);
        tap(GLFW_KEY_W, 0);
        tap(GLFW_KEY_UP, GLFW_MOD_CONTROL);
        tap(GLFW_KEY_DOWN, 0);
        assertEquals(List.of(GLFW_KEY_W + " down", GLFW_KEY_W + " up", GLFW_KEY_UP + " down mods 2",
                GLFW_KEY_UP + " up mods 2"), hostReceived, "the overlay's Down must not reach the game");
        assertEquals(1, ReportController.of(game.profiler).cursor(), "the overlay acted on Down");
    }

    @Test
    void whileHiddenEveryKeyReachesTheHostAndTheOverlayIgnoresThem() {
        tap(GLFW_KEY_DOWN, 0);
        tap(GLFW_KEY_M, 0);
        tap(GLFW_KEY_P, 0);
        assertEquals(6, hostReceived.size(), hostReceived.toString());
        assertEquals(0, ReportController.of(game.profiler).cursor());
        assertEquals(ReportMode.SELF_TIME, ReportController.of(game.profiler).mode());
    }

    @Test
    void toggleKeyShowsTheOverlayAndStillReachesTheHost() {
        tap(GLFW_KEY_F3, 0);
        assertTrue(overlay.controls().view().visible());
        assertEquals(List.of(GLFW_KEY_F3 + " down", GLFW_KEY_F3 + " up"), hostReceived);
    }

    @Test
    void closingTheOverlayPutsTheHostCallbackBack() {
        overlay.controls().view().setVisible(true);
        overlay.close();
        overlayClosed = true;
        GLFWKeyCallback current = glfwSetKeyCallback(gl.window(), null);
        glfwSetKeyCallback(gl.window(), current);
        assertEquals(host.address(), current.address());
        tap(GLFW_KEY_DOWN, 0);
        assertEquals(List.of(GLFW_KEY_DOWN + " down", GLFW_KEY_DOWN + " up"), hostReceived);
    }

    @Test
    void installsOnAWindowThatHadNoKeyCallback() {
        overlay.close();
        glfwSetKeyCallback(gl.window(), null);
        overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).build());
        GlfwKeyChain chain = overlay.installKeys(gl.window());
        assertNull(chain.previous());
        tap(GLFW_KEY_W, 0);
        tap(GLFW_KEY_DOWN, 0);
        assertEquals(1, ReportController.of(game.profiler).cursor());
        assertTrue(hostReceived.isEmpty());
    }
}
