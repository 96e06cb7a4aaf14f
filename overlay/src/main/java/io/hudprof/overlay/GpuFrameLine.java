package io.hudprof.overlay;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.format.TextLine;

/**
 * The history graph's GPU frame time: a step line, one segment per column at the height of that frame's GPU time
 * (first GPU timestamp to last), against the same scale and target guide lines as the CPU columns under it, so a
 * GPU-bound frame shows as the line rising over its column. Frames whose GPU results have not arrived (the newest
 * few) or never will (dropped) leave a gap. Kept apart from {@link HistoryGraphView}, which only calls it.
 * Allocation-free.
 */
final class GpuFrameLine {
    /** Draws the line in the plot (inside the graph's clip); {@code range} is the plot's top in ns. */
    void draw(FrameHistory history, StripPlot strip, double range, HudMetrics metrics, DrawList list) {
        Box plot = strip.plot();
        int shown = Math.min(strip.columns(), history.size());
        double pixelsPerNano = plot.height() / range;
        int thick = Math.max(2, metrics.line() * 2);
        int previousY = Integer.MIN_VALUE;
        for (int i = 0; i < shown; i++) {
            long gpu = history.gpuFrameNanos(i);
            if (gpu < 0) {
                previousY = Integer.MIN_VALUE;
                continue;
            }
            int y = plot.bottom() - (int) Math.round(gpu * pixelsPerNano);
            int x0 = strip.columnLeft(i);
            int x1 = x0 + strip.columnWidth();
            list.rect(x0, y - thick / 2, x1, y - thick / 2 + thick, HudPalette.GPU_LINE);
            if (previousY != Integer.MIN_VALUE && previousY != y) {
                // Column i-1 is to the right of column i: join the two steps at their shared edge.
                list.rect(x1 - thick / 2, Math.min(y, previousY) - thick / 2, x1 - thick / 2 + thick,
                        Math.max(y, previousY) - thick / 2 + thick, HudPalette.GPU_LINE);
            }
            previousY = y;
        }
    }

    /** Appends the selected frame's GPU time to the graph's title, when it has one. */
    void appendTitle(TextLine line, FrameHistory history, int selected) {
        long gpu = history.gpuFrameNanos(selected);
        if (gpu >= 0) {
            line.append("  gpu ").appendScaled(gpu, -6, 2).append(" ms");
        }
    }
}
