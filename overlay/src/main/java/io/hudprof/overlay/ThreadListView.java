package io.hudprof.overlay;

import io.hudprof.core.Metric;
import io.hudprof.core.ValueUnit;
import io.hudprof.core.format.TextLine;
import io.hudprof.core.report.Report;

/**
 * The thread selector's list (PStats opens a graph per thread; here a list): "all threads" and each thread with
 * events in the frame the report shows, with its busy time there (time inside any zone, from the report's own
 * values, so it follows the averaging and scrubbing), the selected one highlighted and a thread that ended in the
 * frame marked. Drawn in the top-right corner under the spike list's place; allocation-free; render thread only.
 */
final class ThreadListView {
    private static final int NAME_CHARS = 28;
    private static final int CHARS = NAME_CHARS + 22;
    private static final int MAX_ROWS = 16;

    private final HudMetrics metrics;
    private final TextLine line = new TextLine(CHARS + 8);

    ThreadListView(HudMetrics metrics) {
        this.metrics = metrics;
    }

    void draw(Report report, int top, int framebufferWidth, DrawList list) {
        int threads = Math.min(MAX_ROWS, report.threadCount());
        int pad = metrics.pad();
        int row = metrics.rowHeight();
        int width = 2 * pad + CHARS * metrics.cell();
        int height = 2 * pad + (threads + 2) * row;
        int left = Anchor.TOP_RIGHT.left(framebufferWidth, width, metrics.scaled(8));
        list.rect(left, top, left + width, top + height, HudPalette.BACKGROUND);
        list.frame(left, top, left + width, top + height, 1, HudPalette.BORDER);
        int x = left + pad;
        int y = top + pad + metrics.textDrop();
        line.clear().append("threads (Y / Shift+Y)   busy in frame");
        list.text(x, y, line, HudPalette.HEADER);
        int selected = report.shownThread();
        for (int i = -1; i < threads; i++) {
            int rowTop = top + pad + (i + 2) * row;
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
                    ValueUnit.BYTES.append(report.threadBusy(i), line);
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
            list.text(x, rowTop + metrics.textDrop(), line, ended ? HudPalette.PROBLEM : HudPalette.TEXT);
        }
    }
}
