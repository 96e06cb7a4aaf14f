package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_MOUSE_BUTTON_LEFT;
import static org.lwjgl.glfw.GLFW.GLFW_MOUSE_BUTTON_RIGHT;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.glfw.GLFW.glfwSetCursorPosCallback;
import static org.lwjgl.glfw.GLFW.glfwSetMouseButtonCallback;
import static org.lwjgl.glfw.GLFW.glfwSetScrollCallback;

import java.util.ArrayList;
import java.util.List;

import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.RowRole;
import io.hudprof.testkit.AllocationCheck;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.lwjgl.glfw.GLFWCursorPosCallback;
import org.lwjgl.glfw.GLFWMouseButtonCallback;
import org.lwjgl.glfw.GLFWScrollCallback;

/**
 * The overlay's GLFW mouse callbacks in front of the game's on a real GLFW window: events are delivered through
 * whatever callback GLFW holds for the window at that moment, as GLFW itself would deliver them, and what the HUD did
 * is read back from the framebuffer.
 */
class GlfwMouseChainGlTest {
    private static final int W = 1024;
    private static final int H = 640;

    private static GlContext gl;
    private static ScriptedGame game;
    private final List<String> hostReceived = new ArrayList<>();
    private GLFWCursorPosCallback hostPos;
    private GLFWMouseButtonCallback hostButton;
    private GLFWScrollCallback hostScroll;
    private Overlay overlay;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
        game = new ScriptedGame(64, 12);
        game.frames(60, 1.0);
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
        hostPos = GLFWCursorPosCallback.create((w, x, y) -> hostReceived.add("move " + (int) x + "," + (int) y));
        hostButton = GLFWMouseButtonCallback.create((w, button, action, mods) ->
                hostReceived.add("button " + button + (action == GLFW_PRESS ? " down" : " up")));
        hostScroll = GLFWScrollCallback.create((w, dx, dy) -> hostReceived.add("scroll " + dy));
        glfwSetCursorPosCallback(gl.window(), hostPos);
        glfwSetMouseButtonCallback(gl.window(), hostButton);
        glfwSetScrollCallback(gl.window(), hostScroll);
        overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).visibleRows(8).build());
        overlay.installMouse(gl.window());
        render();
    }

    @AfterEach
    void uninstall(TestInfo test) {
        render();
        gl.screenshotOf(test);
        overlay.close();
        assertEquals(hostPos.address(), glfwSetCursorPosCallback(gl.window(), null).address(),
                "the overlay left its cursor callback installed");
        assertEquals(hostButton.address(), glfwSetMouseButtonCallback(gl.window(), null).address());
        assertEquals(hostScroll.address(), glfwSetScrollCallback(gl.window(), null).address());
        hostPos.free();
        hostButton.free();
        hostScroll.free();
    }

    private Image render() {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        return gl.read();
    }

    /** Moves the pointer through the cursor callback GLFW holds now. */
    private void move(int x, int y) {
        GLFWCursorPosCallback current = glfwSetCursorPosCallback(gl.window(), null);
        glfwSetCursorPosCallback(gl.window(), current);
        current.invoke(gl.window(), x, y);
    }

    private void button(int button, int action) {
        GLFWMouseButtonCallback current = glfwSetMouseButtonCallback(gl.window(), null);
        glfwSetMouseButtonCallback(gl.window(), current);
        current.invoke(gl.window(), button, action, 0);
    }

    private void scroll(double dy) {
        GLFWScrollCallback current = glfwSetScrollCallback(gl.window(), null);
        glfwSetScrollCallback(gl.window(), current);
        current.invoke(gl.window(), 0, dy);
    }

    private void click(int x, int y) {
        move(x, y);
        button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS);
        button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE);
    }

    private ReportPanelView panel() {
        return overlay.panel();
    }

    /** The centre of shown row {@code i} (0 = first shown), at the name column. */
    private int rowX() {
        return panel().bounds().left() + 40;
    }

    private int rowY(int i) {
        return panel().rowsTop() + i * panel().rowHeight() + panel().rowHeight() / 2;
    }

    @Test
    void hoverHighlightsTheRowUnderThePointerAndKeepsTheMoveFromTheGame() {
        Image before = render();
        move(rowX(), rowY(3));
        Image after = render();
        int x = panel().bounds().left() + 3;
        assertTrue(Image.luminance(after.rgb(x, rowY(3))) > Image.luminance(before.rgb(x, rowY(3))) + 8,
                "the hovered row's band is lighter");
        assertEquals(before.rgb(x, rowY(5)), after.rgb(x, rowY(5)), "other rows unchanged");
        assertTrue(hostReceived.isEmpty(), "a move over a panel is the HUD's: " + hostReceived);
        move(W - 5, 5);
        assertEquals(List.of("move " + (W - 5) + ",5"), hostReceived, "a move outside the panels is the game's");
    }

    @Test
    void clickPutsTheCursorOnTheRowAndDoubleClickShowsItsCallGraph() {
        // The render between the clicks can outlast a double-click's 400 ms on a loaded machine: the clicks' clock
        // stands still, so the second click is the double-click it means to be.
        overlay.mouse().clock(() -> 1_000_000_000L);
        click(rowX(), rowY(2));
        Image image = render();
        assertEquals(2, ReportController.of(game.profiler).cursor());
        assertEquals(2, HudProbe.highlightedRow(image, panel()), "the cursor band is drawn on the clicked row");
        assertEquals(ReportMode.SELF_TIME, ReportController.of(game.profiler).mode());
        String zone = overlay.report().row(2).name();
        click(rowX(), rowY(2));
        assertEquals(ReportMode.CALL_GRAPH, ReportController.of(game.profiler).mode(), "a double-click selects");
        render();
        assertEquals(zone, overlay.report().focusName());
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
    }

    @Test
    void clickOnACallerRowGoesToThatCallersCallGraph() {
        ReportController.of(game.profiler).showCallGraph(ScriptedGame.RAYCAST);
        render();
        Report report = overlay.report();
        int parent = -1;
        for (int i = 0; i < panel().shownRows(); i++) {
            if (report.row(panel().firstRow() + i).role() == RowRole.PARENT) {
                parent = i;
                break;
            }
        }
        assertTrue(parent >= 0, "Raycast's call graph lists its callers");
        String caller = report.row(panel().firstRow() + parent).name();
        click(rowX(), rowY(parent));
        render();
        assertEquals(caller, overlay.report().focusName());
    }

    @Test
    void wheelScrollsALongReportWithoutMovingTheCursor() {
        assertTrue(overlay.report().rowCount() > panel().shownRows(), "the report is longer than the panel");
        move(rowX(), rowY(1));
        scroll(-1);
        Image image = render();
        assertEquals(3, panel().firstRow(), "three rows per notch");
        assertEquals(0, ReportController.of(game.profiler).cursor());
        assertEquals(-1, HudProbe.highlightedRow(image, panel()), "the cursor row scrolled out of view");
        scroll(1);
        render();
        assertEquals(0, panel().firstRow());
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
    }

    @Test
    void clickAndDragOnTheGraphShowFramesAndPauseOnlyWhileHeld() {
        HistoryGraphView graph = overlay.graph();
        Box plot = graph.strip().plot();
        int column = graph.strip().columnWidth();
        move(plot.right() - 5 * column - column / 2 - 1, plot.top() + 10);
        button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS);
        assertEquals(5, ReportController.of(game.profiler).frameOffset());
        assertTrue(game.profiler.paused(), "paused while the button is held");
        Image image = render();
        // The selected-frame tick: white, a gap's half (3 px at scale 1) under the plot.
        assertEquals(0xFFFFFF, image.rgb(graph.strip().columnLeft(5) + column / 2, plot.bottom() + 4),
                "the marker sits under the frame clicked");
        assertTrue(image.rgb(graph.strip().columnLeft(0) + column / 2, plot.bottom() + 4) != 0xFFFFFF);
        move(plot.right() - 12 * column - column / 2, plot.top() + 10);
        assertEquals(12, ReportController.of(game.profiler).frameOffset(), "dragging scrubs");
        button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE);
        assertFalse(game.profiler.paused(), "the release resumes what was running");
        assertEquals(12, ReportController.of(game.profiler).frameOffset());
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
    }

    @Test
    void wheelOverTheGraphZoomsItsScale() {
        Box plot = overlay.graph().strip().plot();
        double range = overlay.controls().view().graphRangeNanos();
        move(plot.left() + 10, plot.top() + 10);
        scroll(1);
        assertEquals(range / 2, overlay.controls().view().graphRangeNanos());
        scroll(-1);
        scroll(-1);
        assertEquals(range * 2, overlay.controls().view().graphRangeNanos());
        assertTrue(hostReceived.isEmpty(), hostReceived.toString());
    }

    @Test
    void draggingTheTitleMovesThePanelAndItsCornerChangesItsRows() {
        Box bounds = panel().bounds();
        int left = bounds.left();
        int top = bounds.top();
        move(left + 50, top + 5);
        button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS);
        move(left + 250, top + 45);
        button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE);
        Image image = render();
        assertEquals(left + 200, panel().bounds().left());
        assertEquals(top + 40, panel().bounds().top());
        assertTrue(HudProbe.brightPixels(image, left + 200, left + 500, top + 40, top + 40 + panel().rowHeight())
                > 100, "the title is drawn where the panel went");

        int rows = panel().shownRows();
        Box moved = panel().bounds();
        move(moved.right() - 2, moved.bottom() - 2);
        button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS);
        move(moved.right() - 2, moved.bottom() - 2 - 3 * panel().rowHeight());
        button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE);
        render();
        assertEquals(rows - 3, panel().shownRows());

        overlay.controls().resetLayout();
        render();
        assertEquals(left, panel().bounds().left());
        assertEquals(rows, panel().shownRows());
    }

    @Test
    void aDraggedLayoutIsSavedAtCloseAndComesBackNextRun(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.nio.file.Path file = dir.resolve("hud-state.properties");
        overlay.close();
        OverlayConfig config = OverlayConfig.builder().startVisible(true).visibleRows(8).stateFile(file).build();
        overlay = Overlay.create(game.profiler, config);
        overlay.installMouse(gl.window());
        render();
        Box graph = overlay.graph().strip().bounds();
        int graphLeft = graph.left();
        int graphTop = graph.top();
        move(graph.right() - 30, graph.top() + 4);
        button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS);
        move(graph.right() + 170, graph.top() - 296);
        button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE);
        overlay.controls().toggleUnits();
        render();
        assertEquals(graphLeft + 200, overlay.graph().strip().bounds().left());
        overlay.close();
        assertTrue(java.nio.file.Files.exists(file), "closing saves the changed layout");

        overlay = Overlay.create(game.profiler, config);
        overlay.installMouse(gl.window());
        Image image = render();
        assertEquals(graphLeft + 200, overlay.graph().strip().bounds().left());
        assertEquals(graphTop - 300, overlay.graph().strip().bounds().top());
        assertTrue(overlay.controls().view().unitsHz());
        Box plot = overlay.graph().strip().plot();
        assertTrue(HudProbe.columnHeight(image, overlay.graph(), 0) > 0, "the graph's columns are drawn where the"
                + " graph went (plot at " + plot.left() + "," + plot.top() + ")");
        overlay.controls().view().setUnitsHz(false);
    }

    @Test
    void eventsOutsideThePanelsOrWhileHiddenReachTheGameUntouched() {
        click(W - 5, 5);
        scroll(1);
        overlay.controls().view().setVisible(false);
        click(rowX(), rowY(2));
        scroll(-1);
        button(GLFW_MOUSE_BUTTON_RIGHT, GLFW_PRESS);
        button(GLFW_MOUSE_BUTTON_RIGHT, GLFW_RELEASE);
        assertEquals(List.of("move " + (W - 5) + ",5", "button 0 down", "button 0 up", "scroll 1.0",
                "move " + rowX() + "," + rowY(2), "button 0 down", "button 0 up", "scroll -1.0", "button 1 down",
                "button 1 up"), hostReceived);
        assertEquals(0, ReportController.of(game.profiler).cursor());
    }

    @Test
    void aReleaseGoesWhereItsPressWent() {
        move(rowX(), rowY(1));
        button(GLFW_MOUSE_BUTTON_RIGHT, GLFW_PRESS);
        move(W - 5, H - 5);
        button(GLFW_MOUSE_BUTTON_RIGHT, GLFW_RELEASE);
        assertEquals(List.of("move " + (W - 5) + "," + (H - 5)), hostReceived, "press over the panel, release"
                + " outside: both the HUD's");
        button(GLFW_MOUSE_BUTTON_RIGHT, GLFW_PRESS);
        move(rowX(), rowY(1));
        button(GLFW_MOUSE_BUTTON_RIGHT, GLFW_RELEASE);
        assertEquals(List.of("move " + (W - 5) + "," + (H - 5), "button 1 down", "button 1 up"), hostReceived,
                "press outside, release over the panel: both the game's");
    }

    @Test
    void movingTheMouseOverTheHudAllocatesNothing() {
        GLFWCursorPosCallback chain = glfwSetCursorPosCallback(gl.window(), null);
        glfwSetCursorPosCallback(gl.window(), chain);
        AllocationCheck.measure(200, 5, 200, f -> {
            if (f % 200 == 0) {
                hostReceived.clear();
            }
            game.frame(1.0);
            ScriptedGame.drawScene(W, H);
        }, f -> {
            chain.invoke(gl.window(), rowX(), rowY(f % 6) + f % 3);
            chain.invoke(gl.window(), overlay.graph().strip().plot().left() + f % 200,
                    overlay.graph().strip().plot().top() + 5);
            overlay.render(W, H);
        }).assertSteady("the pointer moving over the HUD");
    }
}
