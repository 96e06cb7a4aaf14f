package io.hudprof.overlay;

/**
 * Where the last frame drew the HUD's report rows and history graph, in framebuffer pixels (origin top-left), for
 * tests in other modules (the engine adapters, the viewer) that point a real mouse at them. Public and in the
 * overlay's package, so the overlay's test-jar can read the views' package-private geometry on the class path.
 */
public final class HudTargets {
    private HudTargets() {
    }

    /** The point {@code {x, y}} in shown report row {@code i} (0 = the first row on screen), at the name column. */
    public static int[] row(Overlay hud, int i) {
        ReportPanelView panel = hud.panel();
        return new int[] {panel.bounds().left() + 40, panel.rowsTop() + i * panel.rowHeight() + panel.rowHeight() / 2};
    }

    /** Rows the report panel shows. */
    public static int shownRows(Overlay hud) {
        return hud.panel().shownRows();
    }

    /** The report row (0 = the first of the report) shown first on screen. */
    public static int firstRow(Overlay hud) {
        return hud.panel().firstRow();
    }

    /** The report panel's edges: {@code {left, top, right, bottom}} (right and bottom exclusive). */
    public static int[] report(Overlay hud) {
        Box b = hud.panel().bounds();
        return new int[] {b.left(), b.top(), b.right(), b.bottom()};
    }

    /** The point {@code {x, y}} on the history graph's column for the frame {@code framesAgo} back, near its top. */
    public static int[] graphFrame(Overlay hud, int framesAgo) {
        StripPlot strip = hud.graph().strip();
        return new int[] {strip.columnLeft(framesAgo) + strip.columnWidth() / 2, strip.plot().top() + 10};
    }
}
