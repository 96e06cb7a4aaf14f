package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_DOWN;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.opengl.GL11.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11.glClear;
import static org.lwjgl.opengl.GL11.glClearColor;
import static org.lwjgl.opengl.GL11.glGetInteger;
import static org.lwjgl.opengl.GL30.GL_DRAW_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL30.GL_READ_FRAMEBUFFER_BINDING;

import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * {@code OverlayConfig.refreshInterval}: a shown HUD redraws its content only when the interval has passed on the
 * profiler's (manual) clock, or at once after an input or a change of what it shows; the frames between show the
 * last refresh's pixels exactly, over whatever the game drew, and leave the game untouched elsewhere. The game draws
 * into a framebuffer object of its own (not 0), which must be bound again after every frame.
 */
class HudRefreshGlTest {
    private static final int W = 1024;
    private static final int H = 600;
    private static final int HISTORY = 48;
    /** The scripted game's frame is about 11 ms at load 1: the 100 ms interval passes every ninth frame or so. */
    private static final Duration INTERVAL = Duration.ofMillis(100);

    private static GlContext gl;
    private ScriptedGame game;
    private Overlay overlay;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
    }

    @AfterAll
    static void close() {
        if (gl != null) {
            gl.close();
        }
    }

    @AfterEach
    void stop(TestInfo test) {
        gl.screenshotOf(test);
        if (overlay != null) {
            overlay.close();
        }
        if (game != null) {
            game.close();
        }
    }

    /** An overlay that keeps its pixels between refreshes (what most tests here pin); {@link #startDefault} does not. */
    private void start(OverlayConfig.Builder config) {
        start(config.keepPixels(true), null);
    }

    private void start(OverlayConfig.Builder config, GlSupport support) {
        startDefault(config.keepPixels(true), support);
    }

    /** Without the JIT warm-up: each test here pins when the refreshes come. */
    private void startDefault(OverlayConfig.Builder config, GlSupport support) {
        startWarmingUp(config, support, 0);
    }

    /** Once shown, the first {@code warmUpFrames} frames refresh every frame ({@code OverlayConfig.refreshWarmUp}). */
    private void startWarmingUp(OverlayConfig.Builder config, GlSupport support, int warmUpFrames) {
        config.refreshWarmUp(warmUpFrames);
        game = new ScriptedGame(HISTORY, 0);
        OverlayConfig built = config.startVisible(true).graphColumnWidth(6).graphHeight(160).build();
        overlay = support == null ? Overlay.create(game.profiler, built) : Overlay.create(game.profiler, built, support);
        game.frames(HISTORY, 1.0);
    }

    /** The banded test scene, shifted by {@code shift} bands so each frame's game differs, with the HUD over it. */
    private Image frame(int shift) {
        drawScene(shift);
        int gameFramebuffer = glGetInteger(GL_DRAW_FRAMEBUFFER_BINDING);
        overlay.render(W, H);
        assertEquals(gameFramebuffer, glGetInteger(GL_DRAW_FRAMEBUFFER_BINDING), "the game's draw framebuffer");
        assertEquals(gameFramebuffer, glGetInteger(GL_READ_FRAMEBUFFER_BINDING), "the game's read framebuffer");
        return gl.read();
    }

    private static Image scene(int shift) {
        drawScene(shift);
        return gl.read();
    }

    private static void drawScene(int shift) {
        if (shift % 2 == 0) {
            ScriptedGame.drawScene(W, H);
        } else {
            glClearColor(0.9f, 0.1f, 0.2f + 0.1f * (shift % 5), 1f);
            glClear(GL_COLOR_BUFFER_BIT);
        }
    }

    /** Pixels of {@code a} and {@code b} that differ inside the last draw list's covers (the HUD's panels). */
    private int changedInCovers(Image a, Image b) {
        DrawList list = overlay.drawList();
        int changed = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                if (inCover(list, x, y) && a.rgb(x, y) != b.rgb(x, y)) {
                    changed++;
                }
            }
        }
        return changed;
    }

    /** Pixels of {@code a} and {@code b} that differ outside the last draw list's covers. */
    private int changedOutsideCovers(Image a, Image b) {
        DrawList list = overlay.drawList();
        int changed = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                if (!inCover(list, x, y) && a.rgb(x, y) != b.rgb(x, y)) {
                    changed++;
                }
            }
        }
        return changed;
    }

    private static boolean inCover(DrawList list, int x, int y) {
        for (int c = 0; c < list.coverCount(); c++) {
            if (x >= list.cover(c, 0) && y >= list.cover(c, 1) && x < list.cover(c, 2) && y < list.cover(c, 3)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void betweenRefreshesThePanelsShowTheLastRefreshedPixelsOverAChangingGame() {
        start(OverlayConfig.builder().refreshInterval(INTERVAL));
        Image refreshed = frame(0);
        assertTrue(overlay.refresh().lastRefreshed(), "the first frame shown draws the HUD");
        assertTrue(overlay.drawList().selfContained(), "the default HUD lies on its opaque panels");
        assertTrue(overlay.pixelsKept(), "the refresh kept its pixels off screen");
        Box panel = overlay.panel().bounds();
        Box graph = overlay.graph().strip().bounds();
        assertTrue(inCover(overlay.drawList(), panel.left() + 2, panel.top() + 2)
                && inCover(overlay.drawList(), graph.left() + 2, graph.bottom() - 2), "both views are covers");
        int cached = 0;
        for (int f = 1; f <= 6; f++) {
            // Each frame's numbers differ (the load changes; 6 frames stay within the interval), and so does the game.
            game.frame(1.0 + 0.05 * f);
            Image shown = frame(f);
            if (overlay.refresh().lastRefreshed()) {
                break;
            }
            cached++;
            if (f == 1) {
                gl.screenshot("hud-refresh-cached-over-another-game");
            }
            assertEquals(1, overlay.lastDrawCalls(), "a cached frame is one draw call");
            assertEquals(0, overlay.lastUploadBytes(), "a cached frame uploads nothing");
            assertEquals(0, changedInCovers(shown, refreshed),
                    "frame " + f + ": the panels show the refreshed HUD's pixels exactly");
            assertEquals(0, changedOutsideCovers(shown, scene(f)), "frame " + f + ": the game is untouched elsewhere");
        }
        assertTrue(cached >= 5, "frames within the interval show the cached HUD: " + cached);
        // Past the interval on the profiler's clock the HUD is drawn again, with the numbers of now.
        game.frames(10, 1.0 + 0.37 * 7);
        Image later = frame(0);
        assertTrue(overlay.refresh().lastRefreshed(), "the interval passed: the HUD refreshed");
        assertTrue(changedInCovers(later, refreshed) > 0, "the refreshed HUD shows new numbers");
        gl.screenshot("hud-refresh-later");
    }

    @Test
    void anInputTheHudUsesRefreshesItOnTheNextFrame() {
        start(OverlayConfig.builder().refreshInterval(Duration.ofSeconds(10)));
        Image first = frame(0);
        game.frame(1.0);
        frame(0);
        assertFalse(overlay.refresh().lastRefreshed(), "within the interval, nothing changed: cached");

        // A key the HUD uses, through the key router GLFW's callback feeds.
        assertTrue(overlay.keys().onKey(GLFW_KEY_DOWN, GLFW_PRESS, 0));
        overlay.keys().onKey(GLFW_KEY_DOWN, GLFW_RELEASE, 0);
        game.frame(1.0);
        Image afterKey = frame(0);
        assertTrue(overlay.refresh().lastRefreshed(), "a key the HUD used refreshes it on the next frame");
        assertTrue(changedInCovers(afterKey, first) > 0, "the cursor moved on screen");
        game.frame(1.0);
        frame(0);
        assertFalse(overlay.refresh().lastRefreshed(), "and the frame after is cached again");

        // The pointer over a report row (hover), then off the HUD (the hover clears): each refreshes once.
        Box panel = overlay.panel().bounds();
        assertTrue(overlay.mouse().moved(panel.left() + 20, panel.top() + panel.height() / 2));
        game.frame(1.0);
        frame(0);
        assertTrue(overlay.refresh().lastRefreshed(), "hovering a row refreshes");
        assertFalse(overlay.mouse().moved(W - 5, 5));
        game.frame(1.0);
        frame(0);
        assertTrue(overlay.refresh().lastRefreshed(), "leaving the panel clears the hover: refreshes");
        assertFalse(overlay.mouse().moved(W - 6, 6));
        game.frame(1.0);
        frame(0);
        assertFalse(overlay.refresh().lastRefreshed(), "moving over the game alone does not");

        // A change made by calling the controls (another input system, or the game), and a pause.
        overlay.controls().cycleMode();
        game.frame(1.0);
        frame(0);
        assertTrue(overlay.refresh().lastRefreshed(), "a mode change through the controls refreshes");
        game.profiler.setPaused(true);
        game.frame(1.0);
        frame(0);
        assertTrue(overlay.refresh().lastRefreshed(), "pausing refreshes");
        game.profiler.setPaused(false);

        // Hidden and shown again: the first frame shown is drawn, never an old picture.
        overlay.controls().toggleVisible();
        game.frame(1.0);
        frame(0);
        assertEquals(0, overlay.lastDrawCalls(), "hidden: nothing drawn");
        overlay.controls().toggleVisible();
        game.frame(1.0);
        frame(0);
        assertTrue(overlay.refresh().lastRefreshed(), "shown again: refreshed");
    }

    @Test
    void theCursorFollowingItsZoneAsRowsReorderIsNoReasonToRefresh() {
        start(OverlayConfig.builder().refreshInterval(INTERVAL));
        io.hudprof.core.report.ReportController report = io.hudprof.core.report.ReportController.of(game.profiler);
        // Rows ordered by the last frame alone, the cursor on the top row: the zone with the most self time at load 1
        // (Render:Draw, 3.5 ms).
        report.setAveraging(io.hudprof.core.Averaging.INSTANTANEOUS);
        report.setCursor(0);
        game.frame(1.0);
        frame(0);
        int row = report.cursor();
        // Frames of about 1.3 ms: the zones scaled by the load fall below the fixed ones (audio, the frame's own
        // time), so the refresh after the interval reorders the rows and moves the cursor's row with its zone.
        for (int f = 0; f < 300 && report.cursor() == row; f++) {
            game.frame(0.05);
            overlay.render(W, H);
        }
        assertTrue(report.cursor() != row, "the rows reordered under the cursor: row " + report.cursor());
        assertTrue(overlay.refresh().lastRefreshed(), "by the refresh that built the new report");
        game.frame(0.05);
        overlay.render(W, H);
        assertFalse(overlay.refresh().lastRefreshed(), "the cursor's row following its zone is no reason to refresh");
        game.frame(0.05);
        overlay.render(W, H);
        assertFalse(overlay.refresh().lastRefreshed());
    }

    @Test
    void aNewFramebufferSizeRefreshes() {
        start(OverlayConfig.builder().refreshInterval(Duration.ofSeconds(10)));
        frame(0);
        game.frame(1.0);
        overlay.render(W - 100, H);
        assertTrue(overlay.refresh().lastRefreshed(), "another size: drawn for it");
        game.frame(1.0);
        overlay.render(W - 100, H);
        assertFalse(overlay.refresh().lastRefreshed());
        game.frame(1.0);
        frame(0);
        assertTrue(overlay.refresh().lastRefreshed(), "back to the first size: drawn again");
    }

    /**
     * On a fast game a refresh interval is hundreds of frames, more than the graph is wide: painted at the refresh, they
     * were a whole repaint of the picture and a history read per column in one frame (3-5 ms on a 1.5 ms frame,
     * measured on an H200: a spike blamed on hudprof). Between refreshes the graph keeps its picture current instead,
     * and what the refresh then shows is what a HUD drawn every frame shows.
     */
    @Test
    void betweenRefreshesTheGraphPaintsEachNewFrameSoARefreshPaintsOnlyItsOwnAndShowsWhatDrawingEveryFrameShows() {
        int between = 3 * HISTORY;
        startDefault(OverlayConfig.builder().refreshInterval(Duration.ofSeconds(10)), null);
        frame(0);
        GraphColumns columns = overlay.graph().columns();
        assertTrue(overlay.graph().strip().columns() <= HISTORY, "fewer columns than frames between the refreshes");
        long repaints = columns.repaints();
        long painted = columns.paintedColumns();
        for (int f = 1; f <= between; f++) {
            game.frame(1.0 + 0.05 * (f % 9));
            frame(0);
            assertFalse(overlay.refresh().lastRefreshed(), "within the interval");
            assertEquals(painted + f, columns.paintedColumns(), "frame " + f + " painted its own column");
            assertEquals(0, overlay.lastUploadBytes(), "and uploaded nothing");
        }
        overlay.refresh().forget();
        game.frame(1.3);
        frame(0);
        gl.screenshot("graph-kept-current-refreshed");
        assertTrue(overlay.refresh().lastRefreshed());
        assertEquals(repaints, columns.repaints(), "no whole repaint at the refresh");
        assertEquals(painted + between + 1, columns.paintedColumns(), "the refresh painted its own frame only");
        assertTrue(overlay.lastUploadBytes() > 0, "the refresh uploads the columns painted since the last one");
        int shown = overlay.graph().strip().columns();
        int[] tops = new int[shown];
        for (int i = 0; i < shown; i++) {
            tops[i] = columns.columnTop(i);
        }
        overlay.close();
        overlay = null;
        game.close();

        // The same game drawn every frame: each column as high, in its place. (The order of the colours stacked in
        // a column may differ: a column keeps the zone order of the draw that painted it, and Physics and Raycast
        // tie here, so every frame's draw may order them its own way.)
        startDefault(OverlayConfig.builder().refreshInterval(Duration.ZERO), null);
        frame(0);
        for (int f = 1; f <= between; f++) {
            game.frame(1.0 + 0.05 * (f % 9));
            frame(0);
        }
        game.frame(1.3);
        frame(0);
        gl.screenshot("graph-kept-current-every-frame");
        assertEquals(shown, overlay.graph().strip().columns());
        for (int i = 0; i < shown; i++) {
            assertEquals(overlay.graph().columns().columnTop(i), tops[i], "column " + i + " back: its height");
        }
        java.util.Set<Integer> heights = new java.util.HashSet<>();
        for (int top : tops) {
            heights.add(top);
        }
        assertTrue(heights.size() >= 5, "the columns' heights vary, so a column out of place would show: " + heights);
    }

    @Test
    void onceShownTheHudRefreshesEveryFrameForItsWarmUpThenAtTheInterval() {
        startWarmingUp(OverlayConfig.builder().refreshInterval(Duration.ofSeconds(10)), null, 20);
        frame(0);
        for (int f = 1; f < 20; f++) {
            game.frame(1.0);
            frame(0);
            assertTrue(overlay.refresh().lastRefreshed(), "warm-up frame " + f + " refreshes");
        }
        for (int f = 0; f < 10; f++) {
            game.frame(1.0);
            frame(0);
            assertFalse(overlay.refresh().lastRefreshed(), "after the warm-up the interval applies");
        }
        // Hidden and shown again: the one refresh a showing needs, no second warm-up.
        overlay.controls().view().setVisible(false);
        frame(0);
        overlay.controls().view().setVisible(true);
        game.frame(1.0);
        frame(0);
        assertTrue(overlay.refresh().lastRefreshed(), "shown again: refreshed");
        game.frame(1.0);
        frame(0);
        assertFalse(overlay.refresh().lastRefreshed(), "the warm-up is once per overlay");
        assertEquals(21, overlay.refresh().refreshes());
    }

    @Test
    void theWarmUpEndsAfterTwoSecondsOnTheProfilersClockEvenWithFramesLeft() {
        startWarmingUp(OverlayConfig.builder().refreshInterval(Duration.ofSeconds(10)), null,
                OverlayConfig.DEFAULT_REFRESH_WARM_UP_FRAMES);
        frame(0);
        int warm = 1;
        // Frames of about 101 ms: the 2 s pass after about 20 of them.
        for (int f = 1; f < 40; f++) {
            game.frame(10.0);
            frame(0);
            warm += overlay.refresh().lastRefreshed() ? 1 : 0;
        }
        assertTrue(warm >= 18 && warm <= 21, "refreshed every frame for about 2 s, then not: " + warm);
    }

    @Test
    void intervalZeroDrawsEveryFrameAsBefore() {
        start(OverlayConfig.builder().refreshInterval(Duration.ZERO));
        for (int f = 0; f < 4; f++) {
            game.frame(1.0 + 0.37 * f);
            frame(f);
            assertTrue(overlay.refresh().lastRefreshed(), "every frame refreshes");
            assertFalse(overlay.pixelsKept(), "and draws straight over the game, keeping no copy");
        }
        assertEquals(0, overlay.refresh().replays());
    }

    @Test
    void translucentPanelsDrawTheKeptDrawListAgainOverTheNewGame() {
        start(OverlayConfig.builder().refreshInterval(Duration.ofSeconds(10)).opaquePanels(false));
        Image refreshed = frame(0);
        assertFalse(overlay.drawList().selfContained(), "translucent panels depend on the game under them");
        assertFalse(overlay.pixelsKept(), "so no copy is kept");
        int calls = overlay.lastDrawCalls();
        game.frame(2.0);
        Image again = frame(0);
        assertFalse(overlay.refresh().lastRefreshed());
        assertEquals(calls, overlay.lastDrawCalls(), "the kept list's commands, drawn again");
        assertEquals(0, overlay.lastUploadBytes(), "from the buffers that hold them: nothing uploaded");
        assertEquals(0, again.countChanged(refreshed, 0, 0, W, H), "over the same game, the same picture");
        game.frame(2.0);
        Image overOther = frame(1);
        Box panel = overlay.panel().bounds();
        int x = panel.left() + 1;
        int y = panel.bottom() - 2;
        assertTrue(Image.distance(overOther.rgb(x, y), refreshed.rgb(x, y)) > 10,
                "the new game shows through the translucent panel, as it does when drawn live");
        assertTrue(overOther.countChanged(scene(1), panel.left(), panel.top(), panel.right(), panel.bottom()) > 1000,
                "the HUD is drawn over the new game");
    }

    @Test
    void byDefaultTheKeptDrawListIsDrawnAgainWithoutAnOffScreenFramebuffer() {
        startDefault(OverlayConfig.builder().refreshInterval(Duration.ofSeconds(10)), null);
        Image refreshed = frame(0);
        assertFalse(overlay.pixelsKept(), "no copy is kept unless keepPixels asks for it");
        int calls = overlay.lastDrawCalls();
        game.frame(2.0);
        Image shown = frame(1);
        assertFalse(overlay.refresh().lastRefreshed());
        assertEquals(calls, overlay.lastDrawCalls(), "the kept list's commands, drawn again");
        assertEquals(0, overlay.lastUploadBytes(), "nothing uploaded");
        assertEquals(0, changedInCovers(shown, refreshed), "the opaque panels look the same over another game");
        assertEquals(0, changedOutsideCovers(shown, scene(1)), "and the game is untouched elsewhere");
    }

    @Test
    void withoutFramebufferObjectsTheDrawListIsDrawnAgain() {
        start(OverlayConfig.builder().refreshInterval(Duration.ofSeconds(10)),
                GlSupport.current().withoutFramebufferObjects());
        Image refreshed = frame(0);
        assertFalse(overlay.pixelsKept(), "no framebuffer objects: no copy");
        game.frame(2.0);
        Image shown = frame(1);
        assertFalse(overlay.refresh().lastRefreshed());
        assertTrue(overlay.lastDrawCalls() > 1, "the list's commands drawn again: " + overlay.lastDrawCalls());
        assertEquals(0, changedInCovers(shown, refreshed), "the opaque panels look the same over another game");
        assertEquals(0, changedOutsideCovers(shown, scene(1)), "and the game is untouched elsewhere");
    }

    @Test
    void textOutsideTheOpaquePanelsIsNotCached() {
        game = new ScriptedGame(HISTORY, 0);
        try (HudFrame hud = HudFrame.create(game.profiler, OverlayConfig.builder().startVisible(true).build())) {
            game.frames(4, 1.0);
            hud.build(W, H);
            DrawList list = hud.drawList();
            assertTrue(list.selfContained(), "the HUD as drawn lies on its panels");
            list.text(W - 40, H - 20, "loose", 0xFFFFFFFF);
            assertFalse(list.selfContained(), "text over the game depends on it: the HUD is drawn as a whole");
            list.reset(W, H);
            list.panel(10, 10, 200, 100);
            list.text(20, 20, "on the panel", 0xFFFFFFFF);
            assertTrue(list.selfContained());
            list.rect(150, 50, 260, 60, 0x80FFFFFF);
            assertFalse(list.selfContained(), "a blended bar reaching past the panel");
            list.reset(W, H);
            list.text(20, 20, "under a panel drawn later", 0xFFFFFFFF);
            list.panel(10, 10, 400, 100);
            assertFalse(list.selfContained(), "blended before its panel was drawn: it was blended over the game");
            list.reset(W, H);
            list.panel(10, 10, 100, 100);
            list.panel(100, 10, 200, 100);
            list.text(90, 40, "straddles", 0xFFFFFFFF);
            assertTrue(list.selfContained(), "two panels side by side cover a string across their edge");
        }
    }
}
