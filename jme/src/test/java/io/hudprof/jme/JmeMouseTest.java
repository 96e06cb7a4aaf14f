package io.hudprof.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_MOUSE_BUTTON_LEFT;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.glfw.GLFW.glfwGetFramebufferSize;
import static org.lwjgl.glfw.GLFW.glfwGetWindowSize;
import static org.lwjgl.glfw.GLFW.glfwSetCursorPosCallback;
import static org.lwjgl.glfw.GLFW.glfwSetMouseButtonCallback;
import static org.lwjgl.glfw.GLFW.glfwSetScrollCallback;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.jme3.app.SimpleApplication;
import com.jme3.app.state.BaseAppState;
import com.jme3.input.MouseInput;
import com.jme3.input.RawInputListener;
import com.jme3.input.controls.ActionListener;
import com.jme3.input.controls.MouseButtonTrigger;
import com.jme3.input.event.JoyAxisEvent;
import com.jme3.input.event.JoyButtonEvent;
import com.jme3.input.event.KeyInputEvent;
import com.jme3.input.event.MouseButtonEvent;
import com.jme3.input.event.MouseMotionEvent;
import com.jme3.input.event.TouchEvent;
import com.jme3.system.AppSettings;
import com.jme3.system.JmeContext;
import com.jme3.system.lwjgl.LwjglWindow;

import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.overlay.HudTargets;
import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.testing.XvfbDisplay;
import io.hudprof.testkit.AllocationCheck;

import org.junit.jupiter.api.Test;
import org.lwjgl.glfw.GLFWCursorPosCallback;
import org.lwjgl.glfw.GLFWMouseButtonCallback;
import org.lwjgl.glfw.GLFWScrollCallback;

/**
 * The HUD's mouse in a real jME {@code SimpleApplication} (jme3-lwjgl3 3.9, LWJGL 3.3.6) under Xvfb: pointer events are
 * delivered through the GLFW callbacks jME installed on its window, as GLFW would, so they take jME's own path (its
 * {@code GlfwMouseInput} queues them, its {@code InputManager} hands them to the raw listeners, then to the mappings).
 * A click on a report row puts the report's cursor there (jME's bottom-up framebuffer coordinates turned into the
 * HUD's), a press on the history graph shows that frame and pauses while held, the wheel over the graph zooms it; none
 * of these reaches the game's raw listener (added after the HUD's state) or its mouse-button mapping. Events off the
 * panels, and all of them while the HUD is hidden, reach both.
 */
class JmeMouseTest {
    static final int W = 960;
    static final int H = 540;
    static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();

    /** The game's raw listener: every mouse event it receives, as text. */
    static final class GameMouse implements RawInputListener {
        final List<String> seen = new ArrayList<>();

        @Override
        public void onMouseMotionEvent(MouseMotionEvent evt) {
            seen.add(evt.getDeltaWheel() != 0 ? "wheel " + evt.getDeltaWheel() : "move " + evt.getX() + "," + evt.getY());
        }

        @Override
        public void onMouseButtonEvent(MouseButtonEvent evt) {
            seen.add("button " + evt.getButtonIndex() + (evt.isPressed() ? " down" : " up"));
        }

        @Override
        public void beginInput() {
        }

        @Override
        public void endInput() {
        }

        @Override
        public void onJoyAxisEvent(JoyAxisEvent evt) {
        }

        @Override
        public void onJoyButtonEvent(JoyButtonEvent evt) {
        }

        @Override
        public void onKeyEvent(KeyInputEvent evt) {
        }

        @Override
        public void onTouchEvent(TouchEvent evt) {
        }
    }

    static final class Game extends SimpleApplication {
        final CountDownLatch stopped = new CountDownLatch(1);
        final GameMouse gameMouse = new GameMouse();
        final List<String> mapped = new ArrayList<>();
        final List<String> log = new ArrayList<>();
        HudprofJme hud;
        int frame;
        long window;
        Throwable failure;
        int cursorAfterClick = -1;
        ReportMode modeAfterClick;
        List<String> gameSawOverPanel;
        List<String> mappedOverPanel;
        int offsetWhileHeld = -1;
        boolean pausedWhileHeld;
        boolean pausedAfterRelease = true;
        double rangeBefore;
        double rangeAfterWheel;
        List<String> gameSawOffPanel;
        List<String> mappedOffPanel;
        List<String> gameSawHidden;
        int cursorBeforeHiddenClick = -2;
        int cursorAfterHiddenClick = -1;
        List<String> gameSawCaptured;
        List<String> mappedCaptured;
        int cursorAfterCapturedClick = -1;
        List<String> gameSawDisabled;
        int cursorAfterDisabledClick = -1;
        AllocationCheck.Windows eventBytes;
        int[] row2;
        double scaleX;
        double scaleY;

        Game() {
            super((com.jme3.app.state.AppState[]) null);
        }

        @Override
        public void simpleInitApp() {
            // Targets are read from the HUD as last drawn and checked against the rows and graph columns of the frames
            // after: the HUD redraws every frame (refresh interval 0), so what it shows is that frame's profile.
            hud = new HudprofJme(io.hudprof.overlay.OverlayConfig.builder()
                    .refreshInterval(java.time.Duration.ZERO).build());
            stateManager.attach(hud);
            // The game's own input, added after the HUD's state, as a game's simpleInitApp would.
            inputManager.addRawInputListener(gameMouse);
            inputManager.addMapping("click", new MouseButtonTrigger(MouseInput.BUTTON_LEFT));
            inputManager.addListener((ActionListener) (name, pressed, tpf) -> mapped.add(name + (pressed
                    ? " down" : " up")), "click");
            stateManager.attach(new Reader());
            window = ((LwjglWindow) getContext()).getWindowHandle();
        }

        /** Plays the script after the HUD drew (attached after it, so its postRender runs later). */
        final class Reader extends BaseAppState {
            @Override
            public void postRender() {
                try {
                    script();
                } catch (Throwable t) {
                    failure = t;
                    stop();
                }
            }

            @Override
            protected void initialize(com.jme3.app.Application app) {
            }

            @Override
            protected void cleanup(com.jme3.app.Application app) {
            }

            @Override
            protected void onEnable() {
            }

            @Override
            protected void onDisable() {
            }
        }

        /**
         * Events injected in one frame's postRender are queued by jME's callbacks and handed to the listeners in the
         * next frame's input step; each step checks the previous one's effect.
         */
        void script() {
            Overlay overlay = hud.overlay();
            switch (frame) {
                case 5 -> {
                    hud.controls().view().setVisible(true);
                    int[] fb = new int[1];
                    int[] fbh = new int[1];
                    int[] w = new int[1];
                    int[] h = new int[1];
                    glfwGetFramebufferSize(window, fb, fbh);
                    glfwGetWindowSize(window, w, h);
                    scaleX = w[0] / (double) fb[0];
                    scaleY = h[0] / (double) fbh[0];
                }
                case 10 -> {
                    // Paused, the report's rows keep their order while the clicks are checked.
                    hud.profiler().setPaused(true);
                    clearSeen();
                    row2 = HudTargets.row(overlay, 2);
                    click(row2[0], row2[1]);
                }
                case 12 -> {
                    cursorAfterClick = ReportController.of(hud.profiler()).cursor();
                    modeAfterClick = ReportController.of(hud.profiler()).mode();
                    hud.profiler().setPaused(false);
                    int[] frame5 = HudTargets.graphFrame(overlay, 5);
                    move(frame5[0], frame5[1]);
                    button(GLFW_PRESS);
                }
                case 14 -> {
                    offsetWhileHeld = ReportController.of(hud.profiler()).frameOffset();
                    pausedWhileHeld = hud.profiler().paused();
                    button(GLFW_RELEASE);
                }
                case 16 -> {
                    pausedAfterRelease = hud.profiler().paused();
                    rangeBefore = hud.controls().view().graphRangeNanos();
                    scroll(1);
                }
                case 18 -> {
                    rangeAfterWheel = hud.controls().view().graphRangeNanos();
                    gameSawOverPanel = List.copyOf(gameMouse.seen);
                    mappedOverPanel = List.copyOf(mapped);
                    clearSeen();
                    hud.controls().liveFrame();
                    click(W - 40, H - 30);
                    scroll(-1);
                }
                case 20 -> {
                    gameSawOffPanel = List.copyOf(gameMouse.seen);
                    mappedOffPanel = List.copyOf(mapped);
                    clearSeen();
                    hud.profiler().setPaused(true);
                    cursorBeforeHiddenClick = ReportController.of(hud.profiler()).cursor();
                    hud.controls().view().setVisible(false);
                    // Another row than the cursor's, so a click the hidden HUD wrongly took would move the cursor.
                    int[] other = HudTargets.row(overlay,
                            cursorBeforeHiddenClick - HudTargets.firstRow(overlay) == 4 ? 5 : 4);
                    click(other[0], other[1]);
                }
                case 22 -> {
                    gameSawHidden = List.copyOf(gameMouse.seen);
                    cursorAfterHiddenClick = ReportController.of(hud.profiler()).cursor();
                    // The HUD shown again, but the game took the pointer (mouse look): the click is the game's.
                    clearSeen();
                    hud.controls().view().setVisible(true);
                    inputManager.setCursorVisible(false);
                    int[] other = HudTargets.row(overlay,
                            cursorAfterHiddenClick - HudTargets.firstRow(overlay) == 4 ? 5 : 4);
                    click(other[0], other[1]);
                }
                case 24 -> {
                    gameSawCaptured = List.copyOf(gameMouse.seen);
                    mappedCaptured = List.copyOf(mapped);
                    cursorAfterCapturedClick = ReportController.of(hud.profiler()).cursor();
                    inputManager.setCursorVisible(true);
                    // hudprof's state disabled: no HUD is drawn, and its last panels take no click.
                    clearSeen();
                    hud.setEnabled(false);
                    int[] row = HudTargets.row(overlay, 1);
                    click(row[0], row[1]);
                }
                case 26 -> {
                    gameSawDisabled = List.copyOf(gameMouse.seen);
                    cursorAfterDisabledClick = ReportController.of(hud.profiler()).cursor();
                    hud.setEnabled(true);
                    eventBytes = eventBytes(overlay);
                    stop();
                }
                default -> {
                }
            }
            frame++;
        }

        /**
         * Bytes a {@link JmeHudInput} on this HUD allocates handling jME events (made beforehand, as jME makes them):
         * moves over the report and off the panels, the wheel, a press and release off the panels; windows of 200
         * rounds each, after a warm-up.
         */
        private AllocationCheck.Windows eventBytes(Overlay overlay) {
            JmeHudInput input = new JmeHudInput();
            input.attach(overlay.keys(), overlay.mouse(), getContext(), inputManager);
            int[] row = HudTargets.row(overlay, 1);
            MouseMotionEvent[] moves = new MouseMotionEvent[7];
            for (int i = 0; i < moves.length; i++) {
                moves[i] = new MouseMotionEvent(row[0] + i, H - row[1], 1, 0, 0, 0);
            }
            MouseMotionEvent off = new MouseMotionEvent(W - 40, 30, 1, 0, 0, 0);
            MouseMotionEvent wheel = new MouseMotionEvent(W - 40, 30, 0, 0, 120, 120);
            MouseButtonEvent press = new MouseButtonEvent(0, true, W - 40, 30);
            MouseButtonEvent release = new MouseButtonEvent(0, false, W - 40, 30);
            return AllocationCheck.measure(200, 5, 200, i -> { }, i -> {
                input.onMouseMotionEvent(moves[i % moves.length]);
                input.onMouseMotionEvent(off);
                input.onMouseMotionEvent(wheel);
                input.onMouseButtonEvent(press);
                input.onMouseButtonEvent(release);
            });
        }

        private void clearSeen() {
            gameMouse.seen.clear();
            mapped.clear();
        }

        /** Moves the pointer to HUD pixel (x, y) through the cursor callback GLFW holds (jME's), in window units. */
        private void move(int x, int y) {
            GLFWCursorPosCallback current = glfwSetCursorPosCallback(window, null);
            glfwSetCursorPosCallback(window, current);
            current.invoke(window, x * scaleX, y * scaleY);
        }

        private void button(int action) {
            GLFWMouseButtonCallback current = glfwSetMouseButtonCallback(window, null);
            glfwSetMouseButtonCallback(window, current);
            current.invoke(window, GLFW_MOUSE_BUTTON_LEFT, action, 0);
        }

        private void scroll(double dy) {
            GLFWScrollCallback current = glfwSetScrollCallback(window, null);
            glfwSetScrollCallback(window, current);
            current.invoke(window, 0, dy);
        }

        private void click(int x, int y) {
            move(x, y);
            button(GLFW_PRESS);
            button(GLFW_RELEASE);
        }

        @Override
        public void destroy() {
            super.destroy();
            stopped.countDown();
        }
    }

    @Test
    void theHudUsesClicksDragsAndWheelOverItsPanelsAndTheGameGetsEveryOtherMouseEvent() throws Exception {
        XvfbDisplay.ensure();
        Game game = new Game();
        AppSettings settings = new AppSettings(true);
        settings.setRenderer(AppSettings.LWJGL_OPENGL32);
        settings.setResolution(W, H);
        settings.setAudioRenderer(null);
        settings.setVSync(false);
        settings.setFrameRate(-1);
        settings.setGammaCorrection(false);
        game.setSettings(settings);
        game.setShowSettings(false);
        game.setPauseOnLostFocus(false);
        assertTrue(THREADS.isThreadAllocatedMemorySupported(), "this JVM cannot count allocated bytes per thread");
        THREADS.setThreadAllocatedMemoryEnabled(true);
        game.start(JmeContext.Type.Display);
        assertTrue(game.stopped.await(120, TimeUnit.SECONDS), "the jME application did not finish");
        if (game.failure != null) {
            throw new AssertionError("the script failed on jME's thread", game.failure);
        }
        assertEquals(2, game.cursorAfterClick, "a click on the third shown row puts the cursor there");
        assertEquals(ReportMode.SELF_TIME, game.modeAfterClick, "one click is not a double-click");
        assertEquals(5, game.offsetWhileHeld, "a press on the graph shows the frame under it");
        assertTrue(game.pausedWhileHeld, "paused while the button is held");
        assertFalse(game.pausedAfterRelease, "the release resumes");
        assertEquals(game.rangeBefore / 2, game.rangeAfterWheel, "the wheel over the graph zooms its scale");
        assertEquals(List.of(), game.gameSawOverPanel, "the game's raw listener saw events the HUD used");
        assertEquals(List.of(), game.mappedOverPanel, "the game's mapping saw clicks the HUD used");

        // jME's coordinates: y up from the bottom of the framebuffer; jME hands over a frame's motion events (the
        // wheel is one) before its button events.
        assertEquals(List.of("move " + (W - 40) + "," + 30, "wheel -120", "button 0 down", "button 0 up"),
                game.gameSawOffPanel, "events off the panels reach the game's raw listener");
        assertEquals(List.of("click down", "click up"), game.mappedOffPanel, "and its mapping");
        assertEquals(3, game.gameSawHidden.size(), "the hidden HUD's events all reach the game: "
                + game.gameSawHidden);
        assertEquals(game.cursorBeforeHiddenClick, game.cursorAfterHiddenClick, "a hidden HUD takes no click");
        // (The pointer is where the hidden HUD's click left it: jME reports no motion for a move of 0.)
        assertEquals(List.of("button 0 down", "button 0 up"), game.gameSawCaptured,
                "with the cursor taken by the game, its click over the HUD is the game's");
        assertEquals(List.of("click down", "click up"), game.mappedCaptured);
        assertEquals(game.cursorBeforeHiddenClick, game.cursorAfterCapturedClick, "the HUD took no click while the"
                + " game had the pointer");
        assertTrue(game.gameSawDisabled.containsAll(List.of("button 0 down", "button 0 up")),
                "with hudprof's state disabled its last panels took a click: " + game.gameSawDisabled);
        assertEquals(game.cursorBeforeHiddenClick, game.cursorAfterDisabledClick);
        assertNotNull(game.eventBytes, "the pointer events were not measured");
        game.eventBytes.assertSteady("the HUD's jME input handling pointer events (5 a frame)");
    }
}
