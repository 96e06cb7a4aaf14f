package io.hudprof.overlay;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.format.TextLine;

/**
 * The history graph's GPU frame time: one level mark per column at the height of that frame's GPU time (the time
 * inside its outermost GPU zones), against the same scale and target guide lines as the CPU columns under it, so a
 * GPU-bound frame shows as its mark rising to the top of its column. Frames whose GPU results have not arrived (the
 * newest few) or never will (dropped) leave a gap. Kept apart from {@link HistoryGraphView}, which only calls it.
 * Allocation-free.
 */
final class GpuFrameLine {
    /** Draws the line in the plot (inside the graph's clip); {@code range} is the plot's top in ns. */
    void draw(FrameHistory history, StripPlot strip, double range, HudMetrics metrics, DrawList list) {
        Box plot = strip.plot();
        int shown = Math.min(strip.columns(), history.size());
        double pixelsPerNano = plot.height() / range;
        int thick = Math.max(2, metrics.line() * 2);
        for (int i = 0; i < shown; i++) {
            long gpu = history.gpuFrameNanos(i);
            if (gpu < 0) {
                continue;
            }
            // One level mark per column, no joins: GPU times jump from frame to frame, and joined steps would paint
            // over the CPU columns.
            int y = plot.bottom() - (int) Math.round(gpu * pixelsPerNano);
            int x0 = strip.columnLeft(i);
            list.rect(x0, y - thick / 2, x0 + strip.columnWidth(), y - thick / 2 + thick, HudPalette.GPU_LINE);
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
