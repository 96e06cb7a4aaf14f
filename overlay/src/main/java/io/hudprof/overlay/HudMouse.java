package io.hudprof.overlay;

import io.hudprof.core.Profiler;

/**
 * The HUD's mouse: pointer events in framebuffer pixels, hit-tested against where the last frame drew each panel,
 * turned into {@link HudControls} actions. Every method returns whether the HUD used the event; the caller passes
 * the others on to the game ({@link GlfwMouseChain} does this for GLFW callbacks; a libGDX {@code InputProcessor} or
 * jME {@code RawInputListener} calls these methods and returns their answer).
 *
 * <ul>
 *   <li>Report panel: hovering highlights a row; a click puts the cursor on it (on a caller row of the call graph it
 *       goes to that caller); a double-click selects it (Enter); the wheel scrolls a long report; dragging the title
 *       line moves the panel, dragging its bottom-right corner changes how many rows it shows.</li>
 *   <li>History graph: a click or drag on the plot shows that frame, pausing the profile while the button is held
 *       (as it was afterwards); the wheel zooms the scale; dragging elsewhere on it moves it, dragging its
 *       bottom-right corner changes the plot's height.</li>
 *   <li>Over the frame timeline, the value chart and the spike list, events are used (kept from the game) but do
 *       nothing yet.</li>
 *   <li>Nothing is used while the HUD is hidden or the pointer is outside its panels. A release is used exactly when
 *       its press was, so the game never sees half a click; moves are used only over a panel or during a drag the
 *       HUD started.</li>
 * </ul>
 * Allocation-free. Call on the render thread (the thread GLFW delivers callbacks on).
 */
public final class HudMouse {
    /** Two clicks on the same row this close together are a double-click. */
    static final long DOUBLE_CLICK_NANOS = 400_000_000L;
    /** GLFW's left button; other buttons over a panel are used (kept from the game) but do nothing. */
    private static final int LEFT = 0;
    private static final int BUTTONS = 8;
    private static final int WHEEL_ROWS = 3;

    private enum Drag { NONE, SELECT_FRAME, MOVE_REPORT, MOVE_GRAPH, SIZE_REPORT, SIZE_GRAPH }

    private final HudFrame hud;
    private final HudControls controls;
    private final Profiler profiler;
    private final boolean[] pressUsed = new boolean[BUTTONS];
    private int x = -1;
    private int y = -1;
    private Drag drag = Drag.NONE;
    private int dragLastX;
    private int dragLastY;
    private int dragStartY;
    private int dragStartSize;
    private boolean pausedBeforeDrag;
    private int lastClickRow = -1;
    private long lastClickNanos;

    HudMouse(HudFrame hud, HudControls controls, Profiler profiler) {
        this.hud = hud;
        this.controls = controls;
        this.profiler = profiler;
    }

    /** The pointer moved to framebuffer pixel (x, y). */
    public boolean moved(double px, double py) {
        x = (int) Math.floor(px);
        y = (int) Math.floor(py);
        if (!controls.visible()) {
            hud.panel().hover(-1);
            endDrag();
            return false;
        }
        ReportPanelView panel = hud.panel();
        panel.hover(panel.rowAt(x, y));
        if (drag != Drag.NONE) {
            continueDrag();
            return true;
        }
        return overPanel();
    }

    /** The pointer left the window: no row is hovered. */
    public void left() {
        hud.panel().hover(-1);
        x = -1;
        y = -1;
    }

    /** A button ({@code 0} = left, GLFW's numbering) was pressed or released at the last position moved to. */
    public boolean button(int button, boolean pressed) {
        return button(button, pressed, System.nanoTime());
    }

    /** As {@link #button(int, boolean)}, at a given time (for double-clicks), in {@code System.nanoTime} units. */
    public boolean button(int button, boolean pressed, long nanos) {
        int b = button < 0 || button >= BUTTONS ? BUTTONS - 1 : button;
        if (!pressed) {
            boolean used = pressUsed[b];
            pressUsed[b] = false;
            if (b == LEFT) {
                endDrag();
            }
            return used;
        }
        if (!controls.visible() || !overPanel()) {
            return false;
        }
        pressUsed[b] = true;
        if (b == LEFT) {
            press(nanos);
        }
        return true;
    }

    /** The wheel turned by {@code dy} notches (positive: away from the user) at the last position moved to. */
    public boolean scrolled(double dy) {
        if (!controls.visible() || dy == 0) {
            return false;
        }
        if (hud.panel().bounds().contains(x, y)) {
            controls.scrollReport(dy > 0 ? -WHEEL_ROWS : WHEEL_ROWS);
            return true;
        }
        if (graphShown() && hud.graph().strip().bounds().contains(x, y)) {
            if (dy > 0) {
                controls.graphZoomIn();
            } else {
                controls.graphZoomOut();
            }
            return true;
        }
        return overPanel();
    }

    private void press(long nanos) {
        ReportPanelView panel = hud.panel();
        Box report = panel.bounds();
        float ui = hud.metrics().ui();
        if (report.contains(x, y)) {
            if (onGrip(report)) {
                startDrag(Drag.SIZE_REPORT, panel.shownRows());
            } else if (panel.onTitle(x, y)) {
                startDrag(Drag.MOVE_REPORT, 0);
            } else {
                int row = panel.rowAt(x, y);
                if (row >= 0) {
                    click(row, nanos);
                }
            }
            return;
        }
        if (graphShown()) {
            StripPlot strip = hud.graph().strip();
            if (onGrip(strip.bounds())) {
                startDrag(Drag.SIZE_GRAPH, Math.round(strip.plot().height() / ui));
            } else if (strip.plot().contains(x, y) && !controls.categoriesShown()) {
                pausedBeforeDrag = profiler.paused();
                profiler.setPaused(true);
                startDrag(Drag.SELECT_FRAME, 0);
                continueDrag();
            } else if (strip.bounds().contains(x, y)) {
                startDrag(Drag.MOVE_GRAPH, 0);
            }
        }
    }

    private void click(int row, long nanos) {
        if (row == lastClickRow && nanos - lastClickNanos <= DOUBLE_CLICK_NANOS) {
            controls.openRow(row);
            lastClickRow = -1;
            return;
        }
        controls.clickRow(row);
        lastClickRow = row;
        lastClickNanos = nanos;
    }

    private void startDrag(Drag kind, int size) {
        drag = kind;
        dragLastX = x;
        dragLastY = y;
        dragStartY = y;
        dragStartSize = size;
    }

    private void continueDrag() {
        HudLayout layout = controls.layout();
        float ui = hud.metrics().ui();
        switch (drag) {
            case SELECT_FRAME -> {
                int frame = hud.graph().frameAt(profiler.history(), x);
                if (frame >= 0) {
                    controls.showFrame(frame);
                }
            }
            case MOVE_REPORT -> layout.drag(HudLayout.Panel.REPORT, x - dragLastX, y - dragLastY, ui);
            case MOVE_GRAPH -> layout.drag(HudLayout.Panel.GRAPH, x - dragLastX, y - dragLastY, ui);
            case SIZE_REPORT -> layout.resize(HudLayout.Panel.REPORT,
                    Math.max(1, dragStartSize + Math.round((y - dragStartY) / (float) hud.metrics().rowHeight())));
            case SIZE_GRAPH -> layout.resize(HudLayout.Panel.GRAPH,
                    Math.max(16, dragStartSize + Math.round((y - dragStartY) / ui)));
            case NONE -> { }
        }
        dragLastX = x;
        dragLastY = y;
    }

    private void endDrag() {
        if (drag == Drag.SELECT_FRAME && !pausedBeforeDrag) {
            profiler.setPaused(false);
        }
        drag = Drag.NONE;
    }

    /** The bottom-right corner square (one character cell) that resizes a panel. */
    private boolean onGrip(Box box) {
        int grip = Math.max(4, hud.metrics().cell());
        return box.contains(x, y) && x >= box.right() - grip && y >= box.bottom() - grip;
    }

    private boolean graphShown() {
        return hud.graphDrawn() || hud.categoryChartDrawn();
    }

    /** Whether the pointer is over any panel the last frame drew. */
    private boolean overPanel() {
        if (hud.panel().bounds().contains(x, y)) {
            return true;
        }
        if (graphShown() && hud.graph().strip().bounds().contains(x, y)) {
            return true;
        }
        if (hud.timelineDrawn() && hud.timelineView().bounds().contains(x, y)) {
            return true;
        }
        if (controls.spikeListVisible() && hud.spikeListView().bounds().contains(x, y)) {
            return true;
        }
        return hud.chartShown() && hud.chart().strip().bounds().contains(x, y);
    }

    /** Whether a drag the HUD started is in progress. */
    public boolean dragging() {
        return drag != Drag.NONE;
    }
}
