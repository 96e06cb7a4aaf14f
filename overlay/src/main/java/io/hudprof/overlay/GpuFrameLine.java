package io.hudprof.overlay;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.format.TextLine;

/**
 * The history graph's GPU frame time in its title. The line itself is part of the column picture
 * ({@link GraphColumns}): one level mark per column at the height of that frame's GPU time (the time inside its
 * outermost GPU zones), against the same scale and target guide lines as the CPU columns, so a GPU-bound frame shows
 * as its mark rising to the top of its column; frames whose GPU results have not arrived (the newest few) or never
 * will (dropped) have none. Allocation-free.
 */
final class GpuFrameLine {
    /** Appends the selected frame's GPU time to the graph's title, when it has one. */
    void appendTitle(TextLine line, FrameHistory history, int selected) {
        long gpu = history.gpuFrameNanos(selected);
        if (gpu >= 0) {
            line.append("  gpu ").appendScaled(gpu, -6, 2).append(" ms");
        }
    }
}
