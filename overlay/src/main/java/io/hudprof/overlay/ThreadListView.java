package io.hudprof.overlay;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.Metric;
import io.hudprof.core.ProfileData;
import io.hudprof.core.ValueUnit;
import io.hudprof.core.report.Report;
import io.hudprof.stats.text.TextLine;
import io.hudprof.stats.text.UnitText;

/**
 * The thread selector's list: "all threads" and each thread with
 * events in the frame the report shows, with its busy time there (time inside any zone, from the report's own
 * values, so it follows the averaging and scrubbing), the selected one highlighted and a thread that ended in the
 * frame marked; with one thread selected, that thread's own strip chart of busy time per history frame (PStats opens
 * a graph per thread). Drawn in the top-right corner, under the spike list when it is shown, or where the user moved
 * it; a list with more threads than its rows scrolls. Allocation-free; render thread only.
 */
final class ThreadListView {
    private static final int NAME_CHARS = 28;
    private static final int CHARS = NAME_CHARS + 22;
    private static final int MAX_ROWS = 16;

    /** Frames the selected thread's strip chart shows at most. */
    private static final int GRAPH_FRAMES = 180;
    private static final int GRAPH_ROWS = 3;

    private final HudMetrics metrics;
    private final ThreadSeries series;
    private final FrameHistory history;
    private final double targetNanos;
    private final TextLine line = new TextLine(CHARS + 8);
    private final Box bounds = new Box();
    /** The thread rows shown (scrolled by the wheel). */
    private final ScrolledRows window = new ScrolledRows();
    /** Where the "all threads" row starts in the last draw. */
    private int rowsTop;

    ThreadListView(HudMetrics metrics, ProfileData data, double targetFrameRate) {
        this.metrics = metrics;
        this.series = new ThreadSeries(data);
        this.history = data.history();
        this.targetNanos = targetFrameRate > 0 ? 1e9 / targetFrameRate : 1e9 / 60;
    }

    /**
     * Draws the list at {@code top} in the top-right corner, or where the user moved it, with as many thread rows as
     * the user gave it ({@link HudLayout.Panel#THREADS}, scrolled by {@link #scroll}).
     */
    void draw(Report report, int top, HudLayout layout, int framebufferWidth, int framebufferHeight, DrawList list) {
        int pad = metrics.pad();
        int row = metrics.rowHeight();
        int selected = report.shownThread();
        boolean graph = selected >= 0 && report.metric() == Metric.TIME;
        int fixedRows = 2 + (graph ? GRAPH_ROWS + 1 : 0);
        int fitRows = Math.max(1, (framebufferHeight - 2 * pad) / row - fixedRows);
        int threads = Math.min(Math.min(fitRows, layout.size(HudLayout.Panel.THREADS, MAX_ROWS)),
                report.threadCount());
        // A thread picked by Y (or a click) is scrolled into view.
        window.show(threads, report.threadCount(), selected);
        int first = window.first();
        // A framebuffer narrower than the list cuts its lines rather than its right edge.
        int chars = Math.max(8, Math.min(CHARS, (framebufferWidth - 2 * pad) / metrics.cell()));
        int width = 2 * pad + chars * metrics.cell();
        int height = 2 * pad + (threads + fixedRows) * row;
        bounds.set(Anchor.TOP_RIGHT.left(framebufferWidth, width, metrics.scaled(8)), top, width, height);
        layout.place(HudLayout.Panel.THREADS, bounds, metrics.ui(), framebufferWidth, framebufferHeight);
        int left = bounds.left();
        top = bounds.top();
        rowsTop = top + pad + row;
        list.panel(left, top, left + width, top + height);
        list.frame(left, top, left + width, top + height, 1, HudPalette.BORDER);
        int x = left + pad;
        int y = top + pad + metrics.textDrop();
        line.clear().append("threads (Y / Shift+Y)   busy in frame");
        line.truncate(Math.min(line.length(), chars));
        list.text(x, y, line, HudPalette.HEADER);
        for (int r = -1; r < threads; r++) {
            int i = r < 0 ? -1 : first + r;
            int rowTop = top + pad + (r + 2) * row;
            if (i == selected) {
                list.rect(left + 1, rowTop, left + width - 1, rowTop + row, HudPalette.CURSOR);
            }
            line.clear();
            if (i < 0) {
                line.append("all threads");
            } else {
                String name = report.threadName(i);
                if (name.length() > NAME_CHARS - 1) {
                    line.append(name, NAME_CHARS - 2).append('~');
                } else {
                    line.append(name);
                }
                line.spaces(NAME_CHARS - line.length());
                int from = line.length();
                if (report.frameAvailable() && report.metric() == Metric.ALLOCATED_BYTES) {
                    UnitText.append(ValueUnit.BYTES, report.threadBusy(i), line);
                } else if (report.frameAvailable()) {
                    line.appendScaled(report.threadBusy(i), -6, 2).append(" ms");
                } else {
                    line.append('-');
                }
                line.alignRight(from, 10);
                if (report.threadEndedInFrame(i)) {
                    line.append(report.threadDiedInZone(i) ? "  ended in zone" : "  ended");
                }
            }
            boolean ended = i >= 0 && report.threadEndedInFrame(i);
            line.truncate(Math.min(line.length(), chars));
            list.text(x, rowTop + metrics.textDrop(), line, ended ? HudPalette.PROBLEM : HudPalette.TEXT);
        }
        if (graph) {
            drawGraph(report.threadRootZone(selected), report.frameOffset(), x, top + pad + (threads + 2) * row,
                    width - 2 * pad, list);
        }
    }

    /** Where the list was last drawn. */
    Box bounds() {
        return bounds;
    }

    /** Thread rows the last draw showed (besides "all threads"). */
    int shownRows() {
        return window.shown();
    }

    /** The first thread (index into the report's threads) the last draw showed. */
    int firstShown() {
        return window.first();
    }

    /** Scrolls the thread rows by {@code rows} (positive: down), kept inside the list when next drawn. */
    void scroll(int rows) {
        window.scroll(rows);
    }

    /**
     * The row at framebuffer pixel (x, y) in the last draw: a thread's index in the report, {@code -1} for "all
     * threads", or {@code -2} for none (the header, the graph, outside).
     */
    int threadAt(int x, int y) {
        if (!bounds.contains(x, y) || y < rowsTop) {
            return -2;
        }
        int r = (y - rowsTop) / metrics.rowHeight();
        return r == 0 ? -1 : r - 1 < window.shown() ? window.first() + r - 1 : -2;
    }

    /** Whether (x, y) is on the header line (or the padding above it), where a drag moves the list. */
    boolean onTitle(int x, int y) {
        return bounds.contains(x, y) && y < rowsTop;
    }

    /**
     * The selected thread's own strip chart: its busy time per history frame, newest on the right, the frame the
     * report shows marked, scaled to two target frames with the target as a line.
     */
    private void drawGraph(int root, int shownOffset, int x, int y, int width, DrawList list) {
        int row = metrics.rowHeight();
        line.clear().append("busy per frame, this thread");
        list.text(x, y + metrics.textDrop(), line, HudPalette.HEADER);
        int plotTop = y + row;
        int plotHeight = GRAPH_ROWS * row;
        int plotBottom = plotTop + plotHeight;
        list.plotGround(x, plotTop, x + width, plotBottom);
        int frames = Math.min(Math.min(GRAPH_FRAMES, history.size()), width);
        float column = (float) width / Math.max(1, Math.min(GRAPH_FRAMES, history.capacity()));
        double range = 2 * targetNanos;
        for (int ago = 0; ago < frames; ago++) {
            double busy = series.busyNanos(root, ago);
            float x1 = x + width - ago * column;
            float x0 = x1 - Math.max(1, column);
            if (ago == shownOffset) {
                list.rect(x0, plotTop, x1, plotBottom, HudPalette.MARKED_COLUMN);
            }
            if (Double.isNaN(busy) || busy <= 0) {
                continue;
            }
            float h = (float) Math.min(plotHeight, busy / range * plotHeight);
            list.rect(x0, plotBottom - h, x1, plotBottom, HudPalette.CHART_BAR);
        }
        int targetY = plotBottom - plotHeight / 2;
        list.rect(x, targetY, x + width, targetY + metrics.line(), HudPalette.TARGET_LINE);
    }
}
