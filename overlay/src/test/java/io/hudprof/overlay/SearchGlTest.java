package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_A;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ENTER;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ESCAPE;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_M;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_SLASH;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.glfw.GLFW.glfwSetCharCallback;
import static org.lwjgl.glfw.GLFW.glfwSetKeyCallback;

import io.hudprof.core.TimelineFrame;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.lwjgl.glfw.GLFWCharCallback;
import org.lwjgl.glfw.GLFWKeyCallback;

/**
 * The HUD's search on a real GLFW window: key and char events go through whatever callbacks GLFW holds for the
 * window (the overlay's chain in front of the game's), as GLFW delivers them; the rows left, the game's callbacks
 * starved while the line is open, and the timeline's dimmed bars. Screenshots under target/screenshots.
 */
class SearchGlTest {
    private static final int W = 1280;
    private static final int H = 720;
    private static GlContext gl;
    private static ScriptedGame game;
    private final List<String> gameReceived = new ArrayList<>();
    private GLFWKeyCallback hostKeys;
    private GLFWCharCallback hostChars;
    private Overlay overlay;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
        game = new ScriptedGame(32, 0, 1 << 12);
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
        ZoneSearch.of(ReportController.of(game.profiler)).clear();
        hostKeys = GLFWKeyCallback.create((window, key, scancode, action, mods) ->
                gameReceived.add("key " + key + (action == GLFW_PRESS ? " down" : action == GLFW_RELEASE ? " up" : " repeat")));
        hostChars = GLFWCharCallback.create((window, codePoint) -> gameReceived.add("char " + (char) codePoint));
        glfwSetKeyCallback(gl.window(), hostKeys);
        glfwSetCharCallback(gl.window(), hostChars);
        overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).build());
        overlay.installKeys(gl.window());
    }

    @AfterEach
    void uninstall(TestInfo test) {
        overlay.close();
        GLFWKeyCallback leftKeys = glfwSetKeyCallback(gl.window(), null);
        GLFWCharCallback leftChars = glfwSetCharCallback(gl.window(), null);
        hostKeys.free();
        hostChars.free();
        assertTrue(leftKeys == null || leftKeys.address() == hostKeys.address(), "the key callback is the game's again");
        assertTrue(leftChars == null || leftChars.address() == hostChars.address(), "the char callback is the game's again");
    }

    /** One key as GLFW delivers it through the window's current callbacks: press, its character (if any), release. */
    private void press(int key, char typed) {
        GLFWKeyCallback keys = glfwSetKeyCallback(gl.window(), null);
        glfwSetKeyCallback(gl.window(), keys);
        GLFWCharCallback chars = glfwSetCharCallback(gl.window(), null);
        glfwSetCharCallback(gl.window(), chars);
        keys.invoke(gl.window(), key, 0, GLFW_PRESS, 0);
        if (typed != 0) {
            chars.invoke(gl.window(), typed);
        }
        keys.invoke(gl.window(), key, 0, GLFW_RELEASE, 0);
    }

    private void type(String text) {
        for (char c : text.toCharArray()) {
            press(GLFW_KEY_A + Character.toUpperCase(c) - 'A', c);
        }
    }

    private Image draw(String name) {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        return gl.screenshot(name);
    }

    private static List<String> names(Report report) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < report.rowCount(); i++) {
            names.add(report.row(i).name());
        }
        return names;
    }

    @Test
    void typingFiltersTheReportAndTheGameGetsNothingUntilEnter() {
        press(GLFW_KEY_SLASH, '/');
        type("cast");
        Image typing = draw("search-typing");
        assertEquals(List.of(), gameReceived, "the line took every key and character");
        assertEquals(List.of("Raycast"), names(overlay.frame().report()));
        assertEquals("search: cast_  Enter keep  Esc clear",
                overlay.frame().panel().searchLine().toString().substring(0, 36));
        assertTrue(HudProbe.brightPixels(typing, overlay.frame().panel().bounds().left(),
                overlay.frame().panel().bounds().right(), overlay.frame().panel().bounds().top(),
                overlay.frame().panel().rowsTop()) > 200, "title, search line and headers are drawn");

        press(GLFW_KEY_ENTER, (char) 0);
        press(GLFW_KEY_M, 'm');
        draw("search-kept-hierarchical");
        assertEquals(ReportMode.HIERARCHICAL_TIME, ReportController.of(game.profiler).mode(), "M navigates again");
        List<String> hier = names(overlay.frame().report());
        assertTrue(hier.containsAll(List.of("Raycast", "Physics", "AI", "Update")), hier.toString());
        assertFalse(hier.contains("Render") || hier.contains("Render:Draw"), hier.toString());
        assertEquals(List.of("char m"), gameReceived, "M's key is the HUD's, its character the game's as before");

        gameReceived.clear();
        press(GLFW_KEY_ESCAPE, (char) 0);
        assertFalse(overlay.controls().view().searchActive());
        press(GLFW_KEY_ESCAPE, (char) 0);
        assertEquals(List.of("key " + GLFW_KEY_ESCAPE + " down", "key " + GLFW_KEY_ESCAPE + " up"), gameReceived,
                "the first Esc cleared the filter, the second is the game's");
    }

    @Test
    void theTimelineDimsTheBarsThatDoNotMatch() {
        overlay.controls().toggleTimeline();
        Image before = draw("search-timeline-unfiltered");
        press(GLFW_KEY_SLASH, '/');
        type("draw");
        press(GLFW_KEY_ENTER, (char) 0);
        Image after = draw("search-timeline-draw");

        TimelineView view = overlay.frame().timelineView();
        TimelineFrame frame = overlay.controls().timeline().frame();
        Box plot = view.plot();
        double start = frame.startNanos();
        double pixelsPerNano = plot.width() / (frame.endNanos() - start);
        int rows = plot.height() / overlay.frame().metrics().rowHeight();
        int matching = 0;
        int dimmed = 0;
        for (int b = 0; b < frame.barCount(); b++) {
            int x = plot.left() + (int) (((frame.barStart(b) + frame.barEnd(b)) / 2.0 - start) * pixelsPerNano);
            int y = plot.top() + frame.barDepth(b) * overlay.frame().metrics().rowHeight() + 2;
            if (frame.barDepth(b) >= rows || frame.barEnd(b) - frame.barStart(b) < 200_000) {
                continue;
            }
            String name = io.hudprof.core.Zone.byId(frame.barZone(b)).name();
            if (name.toLowerCase().contains("draw")) {
                assertEquals(Integer.toHexString(before.rgb(x, y)), Integer.toHexString(after.rgb(x, y)),
                        name + "'s bar keeps its colour");
                matching++;
            } else {
                assertTrue(Image.luminance(after.rgb(x, y)) < Image.luminance(before.rgb(x, y)) - 20,
                        name + "'s bar is dimmed: " + Integer.toHexString(before.rgb(x, y)) + " -> "
                                + Integer.toHexString(after.rgb(x, y)));
                dimmed++;
            }
        }
        assertEquals(1, matching, "Render:Draw's one bar");
        assertTrue(dimmed >= 4, "the other bars: " + dimmed);
    }
}
