package io.hudprof.jme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.*;

import java.awt.image.BufferedImage;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import com.jme3.app.DetailedProfiler;
import com.jme3.app.DetailedProfilerState;
import com.jme3.app.SimpleApplication;
import com.jme3.app.state.BaseAppState;
import com.jme3.input.KeyInput;
import com.jme3.input.controls.ActionListener;
import com.jme3.input.controls.KeyTrigger;
import com.jme3.material.Material;
import com.jme3.math.ColorRGBA;
import com.jme3.profile.AppProfiler;
import com.jme3.profile.AppStep;
import com.jme3.profile.SpStep;
import com.jme3.profile.VpStep;
import com.jme3.renderer.ViewPort;
import com.jme3.renderer.queue.RenderQueue;
import com.jme3.scene.Geometry;
import com.jme3.scene.shape.Quad;
import com.jme3.system.AppSettings;
import com.jme3.system.JmeContext;
import com.jme3.system.lwjgl.LwjglWindow;

import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.stats.text.TextReport;
import io.hudprof.overlay.testing.XvfbDisplay;
import io.hudprof.testkit.AllocationCheck;

import org.junit.jupiter.api.Test;
import org.lwjgl.BufferUtils;
import org.lwjgl.Version;
import org.lwjgl.glfw.GLFWKeyCallback;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GL11;
import org.lwjgl.opengl.GLDebugMessageCallback;
import org.lwjgl.opengl.KHRDebug;

/**
 * A real jME {@code SimpleApplication} (jme3-lwjgl3, LWJGL 3.3.6, a 3.2 core context) under Xvfb with
 * {@code new HudprofJme()} attached after the game installed its own {@code AppProfiler}: jME's steps become zones,
 * the game's profiler still receives every call, the HUD draws over the scene with the game's pixels elsewhere
 * unchanged, keys arrive through jME's input (consumed ones never reach the game's mappings), and jME's
 * {@code DetailedProfilerState} toggled on and off leaves hudprof working. With the HUD shown, the GL state jME had
 * before the HUD drew is the state after it, every frame, with no GL error; and hudprof allocates nothing per frame on
 * jME's render thread. jME 3.9 itself allocates every frame (a {@code String[]} for each sub-step it reports to
 * whatever {@code AppProfiler} is installed, and a fixed amount besides), so whole frames of a static scene are
 * measured twice after warm-up: with the game alone (hudprof's state disabled, the game's own profiler in the slot)
 * and with hudprof running and the HUD shown; less the varargs arrays, which the game's profiler counts, the fewest
 * bytes of a window with hudprof must be no more than the fewest of the game alone, and the HUD's draw must allocate 0.
 */
class JmeHudTest {
    static final int W = 960;
    static final int H = 540;
    /**
     * Allocation windows of whole frames: first the game alone (hudprof's state disabled, so none of its code runs,
     * the game's own profiler in jME's slot), then with hudprof back (its profiler wrapping the game's, the HUD shown)
     * for {@link #MAX_ROUNDS} windows.
     */
    static final int HUDPROF_OFF_AT = 190;
    static final int BASELINE_FROM = 200;
    static final int BASELINE_ROUNDS = 3;
    static final int HUDPROF_FROM = BASELINE_FROM + BASELINE_ROUNDS * 100 + 50;
    static final int ROUND_FRAMES = 100;
    /** The windows {@link AllocationCheck}'s rule judges: the last ones, once they hold it. */
    static final int JUDGED_ROUNDS = 5;
    /** One warm-up window, then windows until the last {@link #JUDGED_ROUNDS} hold the rule, at most this many. */
    static final int MAX_ROUNDS = 1 + 4 * JUDGED_ROUNDS;
    static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Heap bytes of a {@code String[n]} on this JVM, measured (see {@link #measureArrayBytes()}). */
    static final long[] ARRAY_BYTES = new long[16];
    static Object sink;

    /**
     * The game's own profiler, installed before hudprof: counts what it receives, and the bytes of the
     * {@code String...} arrays jME's call sites ({@code AppStateManager}, {@code ForwardPipeline}) create for every
     * sub-step whenever any {@code AppProfiler} is installed. hudprof's profiler passes those very arrays on, so they
     * are all counted here; they are jME's allocations, not hudprof's.
     */
    static final class CountingProfiler implements AppProfiler {
        int appSteps;
        int beginFrames;
        int subSteps;
        int vpSteps;
        long jmeArrayBytes;

        private void array(String[] info) {
            if (info != null) {
                jmeArrayBytes += info.length < ARRAY_BYTES.length ? ARRAY_BYTES[info.length] : Long.MIN_VALUE;
            }
        }

        @Override
        public void appStep(AppStep step) {
            appSteps++;
            if (step == AppStep.BeginFrame) {
                beginFrames++;
            }
        }

        @Override
        public void appSubStep(String... additionalInfo) {
            subSteps++;
            array(additionalInfo);
        }

        @Override
        public void vpStep(VpStep step, ViewPort vp, RenderQueue.Bucket bucket) {
            vpSteps++;
        }

        @Override
        public void spStep(SpStep step, String... additionalInfo) {
            array(additionalInfo);
        }
    }

    static final class Game extends SimpleApplication {
        final CountingProfiler counting = new CountingProfiler();
        final CountDownLatch stopped = new CountDownLatch(1);
        final List<String> gameActions = new ArrayList<>();
        /** Typed characters that reached the game unconsumed. */
        final StringBuilder gameChars = new StringBuilder();
        String searchText;
        boolean searchTypingAfterEnter = true;
        HudprofJme hud;
        int frame;
        String lwjgl;
        String glVersion;
        int countedFrom;
        int appStepsInWindow = -1;
        int beginFramesInWindow = -1;
        int vpStepsInWindow = -1;
        boolean visibleBeforeF3;
        boolean visibleAfterF3;
        ReportMode modeAfterM;
        AppProfiler slotWhileDetailed;
        AppProfiler slotAfterDetailedOff;
        long framesAfterDetailed;
        long framesAtDetailedOff;
        int glErrors;
        final List<String> glErrorFrames = new ArrayList<>();
        final List<String> glErrorSources = new java.util.concurrent.CopyOnWriteArrayList<>();
        GLDebugMessageCallback debugCallback;
        byte[] hidden;
        byte[] shown;
        String report;
        Throwable failure;
        final int[] beforeHud = new int[JmeGlState.SIZE];
        final int[] afterHud = new int[JmeGlState.SIZE];
        int glStateChecks;
        int glStateChanges;
        String glStateChange;
        /** Per window: bytes on the render thread less jME's varargs arrays; all of them; the HUD's draw alone. */
        final long[] allocationRounds = new long[MAX_ROUNDS];
        final long[] frameBytes = new long[MAX_ROUNDS];
        final long[] hudBytes = new long[MAX_ROUNDS];
        final long[] baselineRounds = new long[BASELINE_ROUNDS];
        final long[] baselineFrameBytes = new long[BASELINE_ROUNDS];
        int baselines;
        int rounds;
        long roundStart;
        long jmeArraysAtStart;
        long hudStart;
        long hudStartArrays;
        long hudInRound;

        Game() {
            super((com.jme3.app.state.AppState[]) null);
        }

        @Override
        public void simpleInitApp() {
            setAppProfiler(counting);
            Geometry box = new Geometry("panel", new Quad(260, 200));
            Material m = new Material(assetManager, "Common/MatDefs/Misc/Unshaded.j3md");
            m.setColor("Color", ColorRGBA.Orange);
            box.setMaterial(m);
            box.setLocalTranslation(W - 300, H - 260, 0);
            guiNode.attachChild(box);
            viewPort.setBackgroundColor(new ColorRGBA(0.1f, 0.12f, 0.16f, 1f));
            inputManager.addMapping("M pressed", new KeyTrigger(KeyInput.KEY_M));
            inputManager.addMapping("W pressed", new KeyTrigger(KeyInput.KEY_W));
            inputManager.addMapping("D pressed", new KeyTrigger(KeyInput.KEY_D));
            inputManager.addListener((ActionListener) (name, pressed, tpf) -> {
                if (pressed) {
                    gameActions.add(name);
                }
            }, "M pressed", "W pressed", "D pressed");
            // postRender runs in attach order: the GL state is read right before the HUD draws and right after.
            stateManager.attach(new Hook(() -> {
                if (hud.isEnabled() && hud.controls().view().visible()) {
                    JmeGlState.read(beforeHud);
                }
                hudStartArrays = counting.jmeArrayBytes;
                hudStart = THREADS.getCurrentThreadAllocatedBytes();
            }));
            hud = new HudprofJme();
            stateManager.attach(hud);
            // A raw listener of the game's, added after the HUD's (which keeps what it uses from those after it).
            inputManager.addRawInputListener(new com.jme3.input.RawInputListener() {
                @Override
                public void onKeyEvent(com.jme3.input.event.KeyInputEvent evt) {
                    if (evt.getKeyCode() == KeyInput.KEY_UNKNOWN && evt.isPressed() && !evt.isConsumed()) {
                        gameChars.append(evt.getKeyChar());
                    }
                }

                @Override
                public void beginInput() {
                }

                @Override
                public void endInput() {
                }

                @Override
                public void onJoyAxisEvent(com.jme3.input.event.JoyAxisEvent evt) {
                }

                @Override
                public void onJoyButtonEvent(com.jme3.input.event.JoyButtonEvent evt) {
                }

                @Override
                public void onMouseMotionEvent(com.jme3.input.event.MouseMotionEvent evt) {
                }

                @Override
                public void onMouseButtonEvent(com.jme3.input.event.MouseButtonEvent evt) {
                }

                @Override
                public void onTouchEvent(com.jme3.input.event.TouchEvent evt) {
                }
            });
            stateManager.attach(new Hook(() -> {
                // jME's AppStateManager creates a String[] for the profiler before each state's postRender.
                hudInRound += THREADS.getCurrentThreadAllocatedBytes() - hudStart
                        - (counting.jmeArrayBytes - hudStartArrays);
                if (hud.isEnabled() && hud.controls().view().visible()) {
                    JmeGlState.read(afterHud);
                    glStateChecks++;
                    if (!Arrays.equals(beforeHud, afterHud)) {
                        glStateChanges++;
                        glStateChange = "frame " + frame + ": " + JmeGlState.difference(beforeHud, afterHud);
                    }
                }
            }));
            // The script's state goes before DetailedProfilerState, which must be the last to run postRender: once a
            // second jME 3.9's DetailedProfilerState ends its profiler's frame early in its own postRender, so a
            // state after it reports a sub-step into the ended frame, whose GPU timer query jME then leaves running
            // (its real EndFrame returns early) and asks about at the next BeginFrame: GL_INVALID_OPERATION from
            // jME's own glGetQueryObjectiv, with or without hudprof (checked with hudprof's state disabled).
            stateManager.attach(new Reader());
            stateManager.attach(new DetailedProfilerState());
            stateManager.getState(DetailedProfilerState.class).setEnabled(false);
            lwjgl = Version.getVersion();
            glVersion = GL11.glGetString(GL11.GL_VERSION);
            reportGlErrorSources();
        }

        /** Runs a piece of the test in jME's postRender, where its place among the attached states puts it. */
        static final class Hook extends BaseAppState {
            private final Runnable action;

            Hook(Runnable action) {
                this.action = action;
            }

            @Override
            public void postRender() {
                action.run();
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

        /** Reads the framebuffer after the HUD (attached after it, so its postRender runs later) and plays the script. */
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
         * Where a GL error comes from: with KHR_debug (Mesa has it in every context), each error is also reported
         * synchronously, inside the call that raised it, so the Java stack names the call (jME's, hudprof's or this
         * test's); the first few are kept for the failure message. Only errors are enabled, so nothing else calls
         * back (or allocates) in the measured frames.
         */
        private void reportGlErrorSources() {
            if (!GL.getCapabilities().GL_KHR_debug) {
                return;
            }
            debugCallback = GLDebugMessageCallback.create((source, type, id, severity, length, message, user) -> {
                if (type == KHRDebug.GL_DEBUG_TYPE_ERROR && glErrorSources.size() < 4) {
                    java.io.StringWriter trace = new java.io.StringWriter();
                    new Throwable(GLDebugMessageCallback.getMessage(length, message))
                            .printStackTrace(new java.io.PrintWriter(trace));
                    glErrorSources.add("frame " + frame + ": " + trace);
                }
            });
            KHRDebug.glDebugMessageControl(GL11.GL_DONT_CARE, GL11.GL_DONT_CARE, GL11.GL_DONT_CARE,
                    (java.nio.IntBuffer) null, false);
            KHRDebug.glDebugMessageControl(GL11.GL_DONT_CARE, KHRDebug.GL_DEBUG_TYPE_ERROR, GL11.GL_DONT_CARE,
                    (java.nio.IntBuffer) null, true);
            KHRDebug.glDebugMessageCallback(debugCallback, 0);
            GL11.glEnable(KHRDebug.GL_DEBUG_OUTPUT);
            GL11.glEnable(KHRDebug.GL_DEBUG_OUTPUT_SYNCHRONOUS);
        }

        /**
         * jME's {@code DetailedProfilerState} refreshes its display once its {@code time} (seconds, summed from
         * {@code tpf}) passes 1, ending its profiler's frame early in its own {@code postRender}; whether that
         * happens in the 30 frames it is on here depended on how fast the machine ran them (it did when loaded).
         * Making it refresh every frame puts that path in every run.
         */
        private void refreshDetailedProfilerNextFrame() {
            try {
                java.lang.reflect.Field time = DetailedProfilerState.class.getDeclaredField("time");
                time.setAccessible(true);
                time.setFloat(stateManager.getState(DetailedProfilerState.class), 2f);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError("jME's DetailedProfilerState has no float field 'time' any more", e);
            }
        }

        void script() {
            for (int e = GL11.glGetError(); e != GL11.GL_NO_ERROR; e = GL11.glGetError()) {
                glErrors++;
                glErrorFrames.add("frame " + frame + ": 0x" + Integer.toHexString(e));
            }
            if (frame > 50 && frame < 80) {
                refreshDetailedProfilerNextFrame();
            }
            switch (frame) {
                case 10 -> {
                    countedFrom = counting.appSteps;
                    beginFramesInWindow = counting.beginFrames;
                    vpStepsInWindow = counting.vpSteps;
                }
                case 40 -> {
                    appStepsInWindow = counting.appSteps - countedFrom;
                    beginFramesInWindow = counting.beginFrames - beginFramesInWindow;
                    vpStepsInWindow = counting.vpSteps - vpStepsInWindow;
                    visibleBeforeF3 = hud.controls().view().visible();
                    hidden = pixels();
                    tap(GLFW_KEY_F3);
                }
                case 45 -> {
                    visibleAfterF3 = hud.controls().view().visible();
                    shown = pixels();
                    tap(GLFW_KEY_M);
                    tap(GLFW_KEY_W);
                }
                case 50 -> {
                    modeAfterM = ReportController.of(hud.profiler()).mode();
                    tap(GLFW_KEY_M);
                    tap(GLFW_KEY_M);
                    tap(GLFW_KEY_M);
                    stateManager.getState(DetailedProfilerState.class).setEnabled(true);
                }
                // The search line: keys and their characters through the window's GLFW callbacks, as GLFW sends them.
                case 60 -> {
                    typed(GLFW_KEY_SLASH, '/');
                    typed(GLFW_KEY_D, 'd');
                    typed(GLFW_KEY_R, 'r');
                    typed(GLFW_KEY_A, 'a');
                    typed(GLFW_KEY_ENTER, 0);
                }
                case 63 -> {
                    searchText = hud.controls().view().searchText().toString();
                    searchTypingAfterEnter = hud.controls().view().searchTyping();
                    typed(GLFW_KEY_W, 'w');
                }
                case 66 -> hud.controls().clearSearch();
                case 80 -> {
                    slotWhileDetailed = getAppProfiler();
                    framesAfterDetailed = hud.profiler().recordedFrames();
                    stateManager.getState(DetailedProfilerState.class).setEnabled(false);
                }
                case 110 -> {
                    slotAfterDetailedOff = getAppProfiler();
                    framesAtDetailedOff = hud.profiler().recordedFrames();
                }
                // The game alone: hudprof's state disabled (its update, its HUD, its profiler: none runs) and the
                // game's own profiler back in jME's slot, where it sees, and counts, jME's varargs arrays.
                case HUDPROF_OFF_AT -> {
                    hud.setEnabled(false);
                    setAppProfiler(counting);
                }
                // hudprof back: its update wraps the game's profiler again, and the HUD draws.
                case HUDPROF_FROM - 50 -> hud.setEnabled(true);
                default -> {
                }
            }
            // Whole frames of a static scene: the game and this script allocate nothing; jME allocates its varargs
            // arrays for the profiler slot (counted by the game's profiler, subtracted) and a fixed amount besides,
            // measured with the game alone; with hudprof, any byte beyond that is hudprof's.
            if (frame >= BASELINE_FROM && frame <= BASELINE_FROM + BASELINE_ROUNDS * ROUND_FRAMES
                    && (frame - BASELINE_FROM) % ROUND_FRAMES == 0) {
                long now = THREADS.getCurrentThreadAllocatedBytes();
                if (frame > BASELINE_FROM) {
                    baselineFrameBytes[baselines] = now - roundStart;
                    baselineRounds[baselines] = now - roundStart - (counting.jmeArrayBytes - jmeArraysAtStart);
                    baselines++;
                }
                jmeArraysAtStart = counting.jmeArrayBytes;
                roundStart = THREADS.getCurrentThreadAllocatedBytes();
            }
            if (frame >= HUDPROF_FROM && (frame - HUDPROF_FROM) % ROUND_FRAMES == 0) {
                long now = THREADS.getCurrentThreadAllocatedBytes();
                if (frame > HUDPROF_FROM) {
                    frameBytes[rounds] = now - roundStart;
                    hudBytes[rounds] = hudInRound;
                    allocationRounds[rounds] = frameBytes[rounds] - (counting.jmeArrayBytes - jmeArraysAtStart);
                    rounds++;
                    if (rounds == MAX_ROUNDS || AllocationCheck.settled(ROUND_FRAMES, JUDGED_ROUNDS,
                            Arrays.copyOfRange(hudBytes, 1, rounds), rounds - 1)) {
                        finish();
                        return;
                    }
                }
                jmeArraysAtStart = counting.jmeArrayBytes;
                hudInRound = 0;
                roundStart = THREADS.getCurrentThreadAllocatedBytes();
            }
            frame++;
        }

        long fewestBaseline() {
            long fewest = Long.MAX_VALUE;
            for (long b : baselineRounds) {
                fewest = Math.min(fewest, b);
            }
            return fewest;
        }

        private void finish() {
            ReportController.of(hud.profiler()).setMode(ReportMode.HIERARCHICAL_TIME);
            Report r = new Report();
            ReportController.of(hud.profiler()).build(r);
            report = TextReport.render(r);
            framesAtDetailedOff = hud.profiler().recordedFrames() - framesAtDetailedOff;
            frame++;
            stop();
        }

        /** A key press, the character it types (0: none) through the window's char callback, and the release. */
        private void typed(int key, int character) {
            long window = ((LwjglWindow) getContext()).getWindowHandle();
            GLFWKeyCallback keys = glfwSetKeyCallback(window, null);
            glfwSetKeyCallback(window, keys);
            keys.invoke(window, key, glfwGetKeyScancode(key), GLFW_PRESS, 0);
            if (character != 0) {
                org.lwjgl.glfw.GLFWCharCallback chars = glfwSetCharCallback(window, null);
                glfwSetCharCallback(window, chars);
                chars.invoke(window, character);
            }
            keys.invoke(window, key, glfwGetKeyScancode(key), GLFW_RELEASE, 0);
        }

        private void tap(int key) {
            long window = ((LwjglWindow) getContext()).getWindowHandle();
            GLFWKeyCallback current = glfwSetKeyCallback(window, null);
            glfwSetKeyCallback(window, current);
            current.invoke(window, key, glfwGetKeyScancode(key), GLFW_PRESS, 0);
            current.invoke(window, key, glfwGetKeyScancode(key), GLFW_RELEASE, 0);
        }

        private byte[] pixels() {
            ByteBuffer buf = BufferUtils.createByteBuffer(W * H * 4);
            GL11.glPixelStorei(GL11.GL_PACK_ALIGNMENT, 1);
            GL11.glReadPixels(0, 0, W, H, GL11.GL_RGBA, GL11.GL_UNSIGNED_BYTE, buf);
            byte[] out = new byte[W * H * 4];
            for (int y = 0; y < H; y++) {
                buf.position((H - 1 - y) * W * 4);
                buf.get(out, y * W * 4, W * 4);
            }
            return out;
        }

        @Override
        public void destroy() {
            super.destroy();
            if (debugCallback != null) {
                // The context that called it is gone with the window.
                debugCallback.free();
            }
            stopped.countDown();
        }
    }

    @Test
    void jmeStepsBecomeZonesTheHudDrawsAndTheGamesProfilerKeepsEveryCall() throws Exception {
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
        measureArrayBytes();
        game.start(JmeContext.Type.Display);
        assertTrue(game.stopped.await(120, TimeUnit.SECONDS), "the jME application did not finish");
        if (game.failure != null) {
            throw new AssertionError("the script failed on jME's thread", game.failure);
        }
        System.out.println("[hudprof] jME: OpenGL " + game.glVersion + ", LWJGL " + game.lwjgl + ", " + game.frame
                + " frames; bytes on the render thread per window of " + ROUND_FRAMES + " frames, less jME's varargs"
                + " arrays: the game alone " + Arrays.toString(game.baselineRounds) + " (all bytes "
                + Arrays.toString(game.baselineFrameBytes) + "), with hudprof "
                + Arrays.toString(Arrays.copyOf(game.allocationRounds, game.rounds)) + " (all bytes "
                + Arrays.toString(Arrays.copyOf(game.frameBytes, game.rounds)) + ", in the HUD's draw "
                + Arrays.toString(Arrays.copyOf(game.hudBytes, game.rounds)) + "); GL state compared around the"
                + " HUD in " + game.glStateChecks + " frames\n" + game.report);
        save("jme-hud", game.shown);
        save("jme-scene", game.hidden);

        assertTrue(game.lwjgl.startsWith("3.3.6"), "jME must run on the LWJGL it brings: " + game.lwjgl);
        assertTrue(game.rounds >= 1 && game.frame == HUDPROF_FROM + game.rounds * ROUND_FRAMES + 1,
                "the run ended early: " + game.frame + " frames");
        // The game's profiler, installed first, got every step through hudprof's: 11 app steps and 11 viewport steps
        // a frame in a stock SimpleApplication with no audio.
        assertEquals(30, game.beginFramesInWindow);
        assertEquals(11 * 30, game.appStepsInWindow, "app steps the game's own profiler received");
        assertEquals(11 * 30, game.vpStepsInWindow, "viewport steps the game's own profiler received");

        for (String zone : new String[] {"jME:RenderMainViewPorts", "jME:viewport Default",
            "jME:RenderBucket Opaque", "jME:EndFrame (swap, vsync, idle)", "jME:StateManagerUpdate",
            "hudprof:HUD"}) {
            assertTrue(game.report.contains(zone.substring(4)), zone + " missing from\n" + game.report);
        }

        assertFalse(game.visibleBeforeF3);
        assertTrue(game.visibleAfterF3, "F3 through jME's input did not show the HUD");
        assertEquals(ReportMode.HIERARCHICAL_TIME, game.modeAfterM, "M did not reach the HUD");
        assertTrue(game.gameActions.contains("W pressed"), "W did not reach the game: " + game.gameActions);
        assertFalse(game.gameActions.contains("M pressed"), "M reached the game's mapping while the HUD consumed it");
        assertEquals("dra", game.searchText, "'/', then d r a through jME's char events, then Enter");
        assertFalse(game.searchTypingAfterEnter, "Enter closes the search line");
        assertFalse(game.gameActions.contains("D pressed"), "D reached the game while the search line had the keys");
        assertEquals("w", game.gameChars.toString(), "the characters that reached the game");
        assertEquals(0, game.glErrors, "GL errors: " + game.glErrorFrames + ", raised by " + game.glErrorSources);
        assertTrue(game.glStateChecks >= HUDPROF_OFF_AT - 50, "GL state compared around the shown HUD in only "
                + game.glStateChecks + " frames");
        assertEquals(0, game.glStateChanges, "the HUD changed jME's GL state in " + game.glStateChanges
                + " frames, last " + game.glStateChange);
        // The first window warms up (lazy tables, first-time class loads). After it, the HUD's update and draw are
        // judged by AllocationCheck's rule: nothing in most windows, under one object a frame in every one.
        AllocationCheck.lastOf(ROUND_FRAMES, JUDGED_ROUNDS, Arrays.copyOfRange(game.hudBytes, 1, game.rounds),
                game.rounds - 1).assertSteady("the HUD's update and draw on jME's render thread");
        // Whole frames: hudprof's bytes are what a window allocates beyond the game alone. jME's own allocation
        // wobbles between windows by more than one object a frame (seen: 33,600 to 37,216 bytes per 100 frames, the
        // game alone 33,600 to 34,448), so the rule cannot judge each window here: the fewest window with hudprof
        // must be within one object a frame of the fewest of the game alone, which a per-frame allocation breaks.
        long fewest = Arrays.stream(game.allocationRounds, 1, game.rounds).min().orElse(-1);
        assertTrue(fewest - game.fewestBaseline() < (long) AllocationCheck.SMALLEST_OBJECT_BYTES * ROUND_FRAMES,
                "hudprof allocated on jME's render thread in every window of " + ROUND_FRAMES + " frames with the"
                + " HUD shown: bytes besides jME's varargs arrays "
                + Arrays.toString(Arrays.copyOf(game.allocationRounds, game.rounds)) + ", the game alone "
                + Arrays.toString(game.baselineRounds));
        int hud = changed(game.hidden, game.shown, 0, 0, W / 2, H / 2);
        assertTrue(hud > W * H / 16, "too few HUD pixels: " + hud);
        assertEquals(0, changed(game.hidden, game.shown, W - 320, 0, W, 300), "the game's pixels changed");

        assertTrue(game.slotWhileDetailed instanceof JmeStepProfiler s && s.previous() instanceof DetailedProfiler,
                "hudprof did not wrap jME's DetailedProfiler: " + game.slotWhileDetailed);
        assertTrue(game.slotAfterDetailedOff instanceof JmeStepProfiler s && s.previous() == null,
                "hudprof did not come back after DetailedProfilerState cleared the slot: "
                        + game.slotAfterDetailedOff);
        assertTrue(game.framesAtDetailedOff >= 45, "frames recorded after DetailedProfilerState was turned off: "
                + game.framesAtDetailedOff);
    }

    /** Fills {@link #ARRAY_BYTES} with what {@code new String[n]} costs on this JVM (object layout, compressed oops). */
    private static void measureArrayBytes() {
        for (int n = 0; n < ARRAY_BYTES.length; n++) {
            long fewest = Long.MAX_VALUE;
            for (int attempt = 0; attempt < 5; attempt++) {
                long before = THREADS.getCurrentThreadAllocatedBytes();
                sink = new String[n];
                fewest = Math.min(fewest, THREADS.getCurrentThreadAllocatedBytes() - before);
            }
            ARRAY_BYTES[n] = fewest;
        }
        System.out.println("[hudprof] String[n] bytes " + Arrays.toString(ARRAY_BYTES));
        assertTrue(ARRAY_BYTES[1] >= 16 && ARRAY_BYTES[1] <= 32, "String[1] measured as " + ARRAY_BYTES[1] + " bytes");
    }

    private static int changed(byte[] a, byte[] b, int x0, int y0, int x1, int y1) {
        int count = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                int at = (y * W + x) * 4;
                if (a[at] != b[at] || a[at + 1] != b[at + 1] || a[at + 2] != b[at + 2]) {
                    count++;
                }
            }
        }
        return count;
    }

    private static void save(String name, byte[] rgba) throws Exception {
        if (rgba == null) {
            return;
        }
        BufferedImage image = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                int at = (y * W + x) * 4;
                image.setRGB(x, y, (rgba[at] & 0xFF) << 16 | (rgba[at + 1] & 0xFF) << 8 | (rgba[at + 2] & 0xFF));
            }
        }
        Path dir = Path.of(System.getProperty("hudprof.screenshots", "target/screenshots"));
        Files.createDirectories(dir);
        ImageIO.write(image, "png", dir.resolve(name + ".png").toFile());
    }
}
