package io.hudprof.gdx;

import static org.lwjgl.glfw.GLFW.*;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import javax.imageio.ImageIO;

import com.badlogic.gdx.ApplicationListener;
import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.backends.lwjgl3.DefaultLwjgl3Input;
import com.badlogic.gdx.backends.lwjgl3.Lwjgl3Application;
import com.badlogic.gdx.backends.lwjgl3.Lwjgl3ApplicationConfiguration;
import com.badlogic.gdx.utils.ScreenUtils;

import io.hudprof.core.Averaging;
import io.hudprof.core.Profiler;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.stats.text.TextReport;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.Stat;
import io.hudprof.stats.Stats;
import io.hudprof.overlay.HudTargets;
import io.hudprof.overlay.OverlayConfig;
import io.hudprof.overlay.testing.XvfbDisplay;
import io.hudprof.testkit.AllocationCheck;

import org.lwjgl.Version;
import org.lwjgl.glfw.GLFWCharCallback;
import org.lwjgl.glfw.GLFWCursorPosCallback;
import org.lwjgl.glfw.GLFWKeyCallback;
import org.lwjgl.glfw.GLFWMouseButtonCallback;
import org.lwjgl.glfw.GLFWScrollCallback;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GL11;

/**
 * Runs {@link StageGame}, wrapped by {@link HudprofGdx#wrap}, in a real {@link Lwjgl3Application} on the test
 * thread, under an outer listener (the harness) that plays a script of key events through the GLFW key callback the
 * window holds (as GLFW itself delivers them) and pointer events through its mouse callbacks, reads the framebuffer after the HUD, compares GL state before and after
 * the HUD, and measures what hudprof allocates per frame on the render thread.
 */
final class GdxRun {
    static final int W = 960;
    static final int H = 540;
    static final int WARM_UP_UNTIL = 170;
    static final int ROUND_FRAMES = 100;
    /**
     * Rounds of {@link #ROUND_FRAMES} measured after {@link #WARM_UP_UNTIL}: the first {@link #WARM_UP_ROUNDS} still
     * warm up (the HUD meets new values for a while: a wider number, a new row, each a one-off growth), the rest are
     * judged.
     */
    static final int ROUNDS = 10;
    static final int WARM_UP_ROUNDS = 3;
    /** Rounds past {@link #ROUNDS} while the last judged ones do not hold the rule yet (the JIT settling late). */
    static final int MAX_ROUNDS = WARM_UP_ROUNDS + 4 * (ROUNDS - WARM_UP_ROUNDS);
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** What the run saw, checked by the tests once the application has exited. */
    static final class Result {
        /** The allocation rounds AllocationCheck's rule judges: the last ones after the warm-up rounds. */
        io.hudprof.testkit.AllocationCheck.Windows judgedRounds() {
            long[] measured = allocationRounds.stream().skip(WARM_UP_ROUNDS).mapToLong(Long::longValue).toArray();
            return io.hudprof.testkit.AllocationCheck.lastOf(ROUND_FRAMES, ROUNDS - WARM_UP_ROUNDS, measured,
                    measured.length);
        }

        String glVersion;
        String lwjglVersion;
        GdxHud.KeyPath keyPath;
        int frames;
        int glErrors;
        /** GL errors libGDX left before the listener's {@code create()} (drained, so they are not hudprof's). */
        String glErrorsBeforeCreate = "";
        /** GL errors right after the wrapped listener's {@code create()} and after its {@code dispose()}. */
        String glErrorsAfterCreate = "";
        String glErrorsAfterDispose = "";
        int glStateChanges;
        String glStateChange;
        boolean visibleBeforeF3;
        boolean visibleAfterF3;
        io.hudprof.core.report.ReportMode modeBeforeM;
        io.hudprof.core.report.ReportMode modeAfterM;
        int offsetAfterShiftLeft;
        int offsetAfterEnd;
        int offsetAfterHold;
        int hudDrawCalls;
        byte[] hidden;
        byte[] shown;
        List<Integer> stageKeysDown;
        final List<Long> allocationRounds = new ArrayList<>();
        String report;
        double drawCallsStat = Double.NaN;
        List<String> keyTableMismatches = new ArrayList<>();
        int cursorBeforeClick = -1;
        int cursorAfterClick = -1;
        io.hudprof.core.report.ReportMode modeBeforeClick;
        io.hudprof.core.report.ReportMode modeAfterClick;
        int offsetWhileHeld = -1;
        boolean pausedWhileHeld;
        boolean pausedAfterRelease = true;
        double rangeBeforeWheel;
        double rangeAfterWheel;
        int clickedRow = -2;
        List<String> stageMouseOverPanels;
        List<String> stageMouseOffPanels;
        List<String> stageMouseCaught;
        int cursorBeforeCaughtClick = -1;
        int cursorAfterCaughtClick = -2;
        /** The search: its text after '/', "dra" and Enter, whether the line was still open, what the Stage got. */
        String searchText;
        boolean searchTypingAfterEnter = true;
        String stageTypedDuringSearch;
        List<Integer> stageKeysDuringSearch;
        List<String> rowsDuringSearch;
        /** Fewest bytes of several rounds of pointer events handed to the HUD's processor (INPUT_PROCESSOR only). */
        AllocationCheck.Windows pointerEventBytes;
    }

    private GdxRun() {
    }

    static long allocatedBytes() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    /** Starts the application (its constructor returns once it has exited) and returns what the harness saw. */
    static Result run(String name, GdxHud.KeyPath keys, boolean gl32) {
        XvfbDisplay.ensure();
        if (!THREADS.isThreadAllocatedMemorySupported()) {
            throw new AssertionError("this JVM cannot count allocated bytes per thread");
        }
        THREADS.setThreadAllocatedMemoryEnabled(true);
        Lwjgl3ApplicationConfiguration config = new Lwjgl3ApplicationConfiguration();
        config.setTitle("hudprof-gdx " + name);
        config.setWindowedMode(W, H);
        config.setResizable(false);
        config.useVsync(false);
        config.disableAudio(true);
        if (gl32) {
            config.setOpenGLEmulation(Lwjgl3ApplicationConfiguration.GLEmulation.GL30, 3, 2);
        }
        StageGame game = new StageGame();
        // Click targets are read from the HUD as last drawn and checked against the rows of the frames after: the HUD
        // redraws every frame (refresh interval 0), so what it shows is that frame's profile. With the default
        // interval a click lands on the row the user saw, which a later refresh may show elsewhere (JmeMouseTest too).
        Harness harness = new Harness(game, HudprofGdx.wrap(game, OverlayConfig.builder()
                .refreshInterval(java.time.Duration.ZERO).build(), keys));
        new Lwjgl3Application(harness, config);
        Result r = harness.result;
        r.stageKeysDown = game.stageKeysDown;
        System.out.println("[hudprof] libGDX " + name + ": OpenGL " + r.glVersion + ", LWJGL " + r.lwjglVersion
                + ", keys " + r.keyPath + ", " + r.frames + " frames, HUD draw calls " + r.hudDrawCalls
                + ", hudprof bytes per round of " + ROUND_FRAMES + " frames " + r.allocationRounds);
        if (r.shown != null) {
            save("gdx-" + name + "-hud", r.shown);
            save("gdx-" + name + "-scene", r.hidden);
        }
        return r;
    }

    /** The outer listener: the wrapped game inside, the test's script and measurements around it. */
    private static final class Harness implements ApplicationListener {
        final Result result = new Result();
        private final StageGame game;
        private final ApplicationListener wrapped;
        private long window;
        private int frame;
        private long roundBytes;
        private final int[] afterHud = new int[STATE_SIZE];

        Harness(StageGame game, ApplicationListener wrapped) {
            this.game = game;
            this.wrapped = wrapped;
        }

        @Override
        public void create() {
            result.glErrorsBeforeCreate = drainGlErrors();
            wrapped.create();
            result.glErrorsAfterCreate = drainGlErrors();
            window = Lwjgl3Windows.windowHandle(Gdx.graphics);
            result.glVersion = GL11.glGetString(GL11.GL_VERSION);
            result.lwjglVersion = Version.getVersion();
            result.keyPath = HudprofGdx.hudOf(wrapped).keyPath();
            DefaultLwjgl3Input input = (DefaultLwjgl3Input) Gdx.input;
            for (int glfw = GLFW_KEY_SPACE; glfw <= GLFW_KEY_LAST; glfw++) {
                int gdx = input.getGdxKeyCode(glfw);
                if (gdx != 0 && glfw != GLFW_KEY_RIGHT_SUPER && GdxKeyCodes.toGlfw(gdx) != glfw) {
                    result.keyTableMismatches.add("GLFW " + glfw + " -> libGDX " + gdx + " -> GLFW "
                            + GdxKeyCodes.toGlfw(gdx));
                }
            }
        }

        @Override
        public void render() {
            GdxHud hud = HudprofGdx.hudOf(wrapped);
            boolean checkState = frame < WARM_UP_UNTIL;
            long before = allocatedBytes();
            wrapped.render();
            long hudprofBytes = allocatedBytes() - before - game.lastRenderBytes;
            if (checkState) {
                snapshot(afterHud);
                if (!Arrays.equals(game.stateAtEnd, afterHud)) {
                    result.glStateChanges++;
                    result.glStateChange = Arrays.toString(game.stateAtEnd) + " -> "
                            + Arrays.toString(afterHud);
                }
                for (int e = GL11.glGetError(); e != GL11.GL_NO_ERROR; e = GL11.glGetError()) {
                    result.glErrors++;
                }
            }
            script(hud);
            if (frame >= WARM_UP_UNTIL) {
                roundBytes += hudprofBytes;
                if ((frame - WARM_UP_UNTIL) % ROUND_FRAMES == ROUND_FRAMES - 1) {
                    result.allocationRounds.add(roundBytes);
                    boolean done = result.allocationRounds.size() == MAX_ROUNDS
                            || result.allocationRounds.size() >= ROUNDS && result.judgedRounds().steady();
                    roundBytes = 0;
                    if (done) {
                        finish(hud);
                        Gdx.app.exit();
                    }
                }
            }
            frame++;
            result.frames = frame;
        }

        private void script(GdxHud hud) {
            Profiler profiler = hud.profiler();
            switch (frame) {
                case 8 -> {
                    result.visibleBeforeF3 = hud.controls().view().visible();
                    result.hidden = ScreenUtils.getFrameBufferPixels(0, 0, W, H, true);
                    tap(GLFW_KEY_F3, 0);
                }
                case 12 -> {
                    result.visibleAfterF3 = hud.controls().view().visible();
                    result.shown = ScreenUtils.getFrameBufferPixels(0, 0, W, H, true);
                    result.hudDrawCalls = hud.overlay().lastDrawCalls();
                    result.modeBeforeM = ReportController.of(profiler).mode();
                    tap(GLFW_KEY_M, 0);
                    tap(GLFW_KEY_W, 0);
                }
                case 16 -> {
                    result.modeAfterM = ReportController.of(profiler).mode();
                    key(GLFW_KEY_LEFT_SHIFT, GLFW_PRESS, GLFW_MOD_SHIFT);
                    key(GLFW_KEY_LEFT, GLFW_PRESS, GLFW_MOD_SHIFT);
                    key(GLFW_KEY_LEFT, GLFW_RELEASE, GLFW_MOD_SHIFT);
                    key(GLFW_KEY_LEFT_SHIFT, GLFW_RELEASE, 0);
                }
                case 20 -> {
                    result.offsetAfterShiftLeft = ReportController.of(profiler).frameOffset();
                    tap(GLFW_KEY_END, 0);
                }
                case 60 -> {
                    result.offsetAfterEnd = ReportController.of(profiler).frameOffset();
                    key(GLFW_KEY_LEFT, GLFW_PRESS, 0);
                    for (int i = 0; i < 3; i++) {
                        key(GLFW_KEY_LEFT, GLFW_REPEAT, 0);
                    }
                }
                case 61 -> sleep(700);
                case 64 -> key(GLFW_KEY_LEFT, GLFW_RELEASE, 0);
                case 67 -> {
                    result.offsetAfterHold = ReportController.of(profiler).frameOffset();
                    tap(GLFW_KEY_END, 0);
                }
                // The mouse, through the GLFW callbacks the window holds: the overlay's in front of libGDX's on the
                // GLFW chain, libGDX's own otherwise (queued, then handed to the processors in the next frame).
                case 80 -> {
                    // Paused, the report's rows keep their order while the click is checked.
                    profiler.setPaused(true);
                    game.stageMouse.clear();
                    result.cursorBeforeClick = ReportController.of(profiler).cursor();
                    result.modeBeforeClick = ReportController.of(profiler).mode();
                    // A row other than the cursor's, so the click has something to change.
                    int first = HudTargets.firstRow(hud.overlay());
                    int shown = result.cursorBeforeClick - first == 2 ? 3 : 2;
                    result.clickedRow = first + shown;
                    int[] row = HudTargets.row(hud.overlay(), shown);
                    click(row[0], row[1]);
                }
                case 82 -> {
                    result.cursorAfterClick = ReportController.of(profiler).cursor();
                    result.modeAfterClick = ReportController.of(profiler).mode();
                    // The wheel over the report (used: the Stage must not see it).
                    scroll(-1);
                }
                case 84 -> {
                    profiler.setPaused(false);
                    int[] column = HudTargets.graphFrame(hud.overlay(), 5);
                    move(column[0], column[1]);
                    button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS);
                }
                case 86 -> {
                    result.offsetWhileHeld = ReportController.of(profiler).frameOffset();
                    result.pausedWhileHeld = profiler.paused();
                    button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE);
                }
                case 88 -> {
                    result.pausedAfterRelease = profiler.paused();
                    result.rangeBeforeWheel = hud.controls().view().graphRangeNanos();
                    scroll(1);
                }
                case 90 -> {
                    result.rangeAfterWheel = hud.controls().view().graphRangeNanos();
                    result.stageMouseOverPanels = List.copyOf(game.stageMouse);
                    game.stageMouse.clear();
                    hud.controls().liveFrame();
                    click(W - 40, H - 30);
                    scroll(-1);
                }
                case 92 -> {
                    result.stageMouseOffPanels = List.copyOf(game.stageMouse);
                    if (result.keyPath == GdxHud.KeyPath.INPUT_PROCESSOR) {
                        result.pointerEventBytes = pointerEventBytes(hud);
                    }
                    // The game catches the cursor (mouse look): a click over the HUD's report is the game's.
                    Gdx.input.setCursorCatched(true);
                    profiler.setPaused(true);
                    game.stageMouse.clear();
                    result.cursorBeforeCaughtClick = ReportController.of(profiler).cursor();
                    int first = HudTargets.firstRow(hud.overlay());
                    int[] row = HudTargets.row(hud.overlay(), result.cursorBeforeCaughtClick - first == 1 ? 2 : 1);
                    click(row[0], row[1]);
                }
                case 94 -> {
                    result.stageMouseCaught = List.copyOf(game.stageMouse);
                    result.cursorAfterCaughtClick = ReportController.of(profiler).cursor();
                    Gdx.input.setCursorCatched(false);
                    profiler.setPaused(false);
                }
                // The search line: keys and their characters as GLFW delivers them (a key, then its character).
                case 96 -> {
                    game.stageKeysDown.clear();
                    game.stageTyped.setLength(0);
                    ReportController.of(profiler).setMode(io.hudprof.core.report.ReportMode.SELF_TIME);
                    typed(GLFW_KEY_SLASH, '/');
                    typed(GLFW_KEY_D, 'd');
                    typed(GLFW_KEY_R, 'r');
                    typed(GLFW_KEY_A, 'a');
                    typed(GLFW_KEY_ENTER, 0);
                }
                case 98 -> {
                    result.searchText = hud.controls().view().searchText().toString();
                    result.searchTypingAfterEnter = hud.controls().view().searchTyping();
                    Report report = new Report();
                    ReportController.of(profiler).build(report);
                    result.rowsDuringSearch = new ArrayList<>();
                    for (int i = 0; i < report.rowCount(); i++) {
                        result.rowsDuringSearch.add(report.row(i).name());
                    }
                    typed(GLFW_KEY_W, 'w');
                }
                case 100 -> {
                    result.stageTypedDuringSearch = game.stageTyped.toString();
                    result.stageKeysDuringSearch = List.copyOf(game.stageKeysDown);
                    hud.controls().clearSearch();
                }
                default -> {
                }
            }
        }

        private void finish(GdxHud hud) {
            Profiler profiler = hud.profiler();
            ReportController.of(profiler).setMode(io.hudprof.core.report.ReportMode.HIERARCHICAL_TIME);
            Report report = new Report();
            ReportController.of(profiler).build(report);
            result.report = TextReport.render(report);
            FrameStatistics stats = FrameStatistics.attachedTo(profiler);
            for (Stat stat : Stats.all()) {
                if (stat.name().equals("libGDX/Draw calls") && stats != null) {
                    result.drawCallsStat = stats.frameValue(stat, Averaging.INSTANTANEOUS);
                }
            }
        }

        /**
         * Bytes allocated handing the HUD's processor pointer events as libGDX would (moves over the report and the
         * graph, a press and release off the panels, the wheel off them): windows of 200 rounds, after a warm-up.
         */
        private AllocationCheck.Windows pointerEventBytes(GdxHud hud) {
            com.badlogic.gdx.InputProcessor input = hud.inputProcessor();
            int[] row = HudTargets.row(hud.overlay(), 1);
            return AllocationCheck.measure(200, 5, 200, i -> { }, i -> {
                input.mouseMoved(row[0] + i % 7, row[1]);
                input.mouseMoved(W - 40, H - 30 - i % 5);
                input.touchDown(W - 40, H - 30, 0, 0);
                input.touchUp(W - 40, H - 30, 0, 0);
                input.scrolled(0, 1);
            });
        }

        /** Moves the pointer to back-buffer pixel (x, y) through the cursor callback GLFW holds, in window units. */
        private void move(int x, int y) {
            int[] fw = new int[1];
            int[] fh = new int[1];
            int[] ww = new int[1];
            int[] wh = new int[1];
            glfwGetFramebufferSize(window, fw, fh);
            glfwGetWindowSize(window, ww, wh);
            GLFWCursorPosCallback current = glfwSetCursorPosCallback(window, null);
            glfwSetCursorPosCallback(window, current);
            current.invoke(window, x * (double) ww[0] / fw[0], y * (double) wh[0] / fh[0]);
        }

        private void button(int button, int action) {
            GLFWMouseButtonCallback current = glfwSetMouseButtonCallback(window, null);
            glfwSetMouseButtonCallback(window, current);
            current.invoke(window, button, action, 0);
        }

        private void scroll(double dy) {
            GLFWScrollCallback current = glfwSetScrollCallback(window, null);
            glfwSetScrollCallback(window, current);
            current.invoke(window, 0, dy);
        }

        private void click(int x, int y) {
            move(x, y);
            button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS);
            button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE);
        }

        /** A key press, the character it types (0: none) through the window's char callback, and the release. */
        private void typed(int key, int character) {
            key(key, GLFW_PRESS, 0);
            if (character != 0) {
                GLFWCharCallback current = glfwSetCharCallback(window, null);
                glfwSetCharCallback(window, current);
                current.invoke(window, character);
            }
            key(key, GLFW_RELEASE, 0);
        }

        private void tap(int key, int mods) {
            key(key, GLFW_PRESS, mods);
            key(key, GLFW_RELEASE, mods);
        }

        /** Delivers a key event through whatever key callback GLFW holds for the window now. */
        private void key(int key, int action, int mods) {
            GLFWKeyCallback current = glfwSetKeyCallback(window, null);
            glfwSetKeyCallback(window, current);
            current.invoke(window, key, glfwGetKeyScancode(key), action, mods);
        }

        @Override
        public void resize(int width, int height) {
            wrapped.resize(width, height);
        }

        @Override
        public void pause() {
            wrapped.pause();
        }

        @Override
        public void resume() {
            wrapped.resume();
        }

        @Override
        public void dispose() {
            drainGlErrors();
            wrapped.dispose();
            result.glErrorsAfterDispose = drainGlErrors();
        }
    }

    /** Every GL error queued, in hex, space-separated ("" for none). */
    static String drainGlErrors() {
        StringBuilder errors = new StringBuilder();
        for (int e = GL11.glGetError(), n = 0; e != GL11.GL_NO_ERROR && n < 16; e = GL11.glGetError(), n++) {
            errors.append(errors.length() == 0 ? "" : " ").append("0x").append(Integer.toHexString(e));
        }
        return errors.toString();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static final int STATE_SIZE = 30;

    /** The GL state the HUD must leave as it found it, read with LWJGL directly (GLProfiler would count Gdx.gl). */
    static void snapshot(int[] dest) {
        int[] v = new int[4];
        int i = 0;
        int[] singles = {
            0x8B8D /* CURRENT_PROGRAM */, 0x8894 /* ARRAY_BUFFER_BINDING */, 0x8895 /* ELEMENT_ARRAY_BUFFER_BINDING */,
            0x84E0 /* ACTIVE_TEXTURE */, 0x8069 /* TEXTURE_BINDING_2D */, 0x0BE2 /* BLEND */, 0x80C9 /* BLEND_SRC_RGB */,
            0x80C8 /* BLEND_DST_RGB */, 0x80CB /* BLEND_SRC_ALPHA */, 0x80CA /* BLEND_DST_ALPHA */,
            0x8009 /* BLEND_EQUATION_RGB */, 0x0B71 /* DEPTH_TEST */, 0x0C11 /* SCISSOR_TEST */, 0x0B44 /* CULL_FACE */,
            0x0B90 /* STENCIL_TEST */, 0x0B72 /* DEPTH_WRITEMASK */, 0x0CF5 /* UNPACK_ALIGNMENT */,
        };
        for (int name : singles) {
            dest[i++] = GL11.glGetInteger(name);
        }
        dest[i++] = GL.getCapabilities().OpenGL30 ? GL11.glGetInteger(0x85B5 /* VERTEX_ARRAY_BINDING */) : -1;
        for (int name : new int[] {0x0BA2 /* VIEWPORT */, 0x0C10 /* SCISSOR_BOX */, 0x0C23 /* COLOR_WRITEMASK */}) {
            GL11.glGetIntegerv(name, v);
            for (int c : v) {
                dest[i++] = c;
            }
        }
        if (i != STATE_SIZE) {
            throw new AssertionError("state size " + i);
        }
    }

    private static void save(String name, byte[] rgba) {
        BufferedImage image = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                int at = (y * W + x) * 4;
                image.setRGB(x, y, (rgba[at] & 0xFF) << 16 | (rgba[at + 1] & 0xFF) << 8 | (rgba[at + 2] & 0xFF));
            }
        }
        Path dir = Path.of(System.getProperty("hudprof.screenshots", "target/screenshots"));
        try {
            Files.createDirectories(dir);
            ImageIO.write(image, "png", dir.resolve(name + ".png").toFile());
        } catch (IOException e) {
            throw new AssertionError("cannot save " + name + ".png in " + dir, e);
        }
    }

    /** Pixels that differ between two frames in a rectangle (rows top first). */
    static int changed(byte[] a, byte[] b, int x0, int y0, int x1, int y1) {
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
}
