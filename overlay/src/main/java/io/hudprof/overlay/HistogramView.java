package io.hudprof.overlay;

import io.hudprof.core.Metric;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Distribution;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportRow;
import io.hudprof.stats.text.TextLine;
import io.hudprof.stats.text.UnitText;
import java.util.Arrays;

/**
 * The histogram of one zone's per-frame values over the frames history holds: the zone under the report's cursor,
 * its self or hierarchical value (the distribution columns' choice; hierarchical while they are off), in
 * {@value #BINS} equal bins from its smallest to its largest value. The bin of the frame the report shows (the live
 * frame, or the one scrubbed to) is drawn in the cursor's colour, and lines mark the median and the 95th percentile
 * (nearest rank, as the report's distribution columns). Drawn in the bottom-right corner ({@link
 * HudLayout.Panel#HISTOGRAM}). Allocation-free once its arrays have grown; render thread only.
 */
final class HistogramView {
    static final int BINS = 32;
    private static final int CHARS = 52;
    private static final int PLOT_ROWS = 6;

    private final HudMetrics metrics;
    private final TextLine line = new TextLine(CHARS + 16);
    private final Box bounds = new Box();
    private final int[] counts = new int[BINS];
    private double[] values = new double[0];
    private double[] sorted = new double[0];
    /** What the last draw found, for tests: bin counts, the shown frame's bin, and the zone drawn (-1: none). */
    private int shownBin = -1;
    private int zone = -1;
    private int frames;

    HistogramView(HudMetrics metrics) {
        this.metrics = metrics;
    }

    /**
     * @param below1 a panel the histogram sits above when it would overlap it at its corner (the history graph), or
     *               null; {@code below2} likewise (the timeline band)
     */
    void draw(ReportController controller, Report report, int historyCapacity, Box below1, Box below2,
              HudLayout layout, int framebufferWidth, int framebufferHeight, DrawList list) {
        if (values.length < historyCapacity) {
            values = new double[historyCapacity];
            sorted = new double[historyCapacity];
        }
        int pad = metrics.pad();
        int chars = Math.max(16, Math.min(CHARS, (framebufferWidth - 2 * pad) / metrics.cell()));
        int width = 2 * pad + chars * metrics.cell();
        int plotHeight = PLOT_ROWS * metrics.rowHeight();
        int height = 2 * pad + 2 * metrics.rowHeight() + plotHeight;
        int boxLeft = Anchor.BOTTOM_RIGHT.left(framebufferWidth, width, metrics.scaled(8));
        int boxBottom = framebufferHeight - metrics.scaled(8);
        boxBottom = above(below1, boxLeft, boxBottom);
        boxBottom = above(below2, boxLeft, boxBottom);
        bounds.set(boxLeft, boxBottom - height, width, height);
        layout.place(HudLayout.Panel.HISTOGRAM, bounds, metrics.ui(), framebufferWidth, framebufferHeight);
        int left = bounds.left();
        int top = bounds.top();
        list.panel(left, top, left + width, top + height);
        list.frame(left, top, left + width, top + height, 1, HudPalette.BORDER);
        int x = left + pad;
        int y = top + pad + metrics.textDrop();

        Distribution basis = controller.distribution() == Distribution.SELF ? Distribution.SELF : Distribution.HIER;
        ReportRow row = report.cursor() >= 0 && report.cursor() < report.rowCount() ? report.row(report.cursor()) : null;
        zone = row == null ? -1 : row.zoneId();
        frames = zone < 0 ? 0 : controller.zoneFrameValues(zone, basis, values);
        Arrays.fill(counts, 0);
        shownBin = -1;
        line.clear().append("histogram: ");
        if (frames == 0) {
            line.append(zone < 0 ? "no zone under the cursor" : "no history frames with per-state values");
            list.text(x, y, line.truncate(Math.min(line.length(), chars)), HudPalette.HEADER);
            return;
        }
        Zone z = Zone.byId(zone);
        line.append(z == null ? "?" : z.name(), 24).append(' ').append(basis.label())
                .append(controller.metric() == Metric.ALLOCATED_BYTES ? " bytes" : " ms").append(", ").append(frames)
                .append(" frames");
        list.text(x, y, line.truncate(Math.min(line.length(), chars)), HudPalette.HEADER);

        System.arraycopy(values, 0, sorted, 0, frames);
        Arrays.sort(sorted, 0, frames);
        double min = sorted[0];
        double max = sorted[frames - 1];
        double median = sorted[rankIndex(50, frames)];
        double p95 = sorted[rankIndex(95, frames)];
        int offset = report.frameOffset();
        for (int i = 0; i < frames; i++) {
            counts[bin(values[i], min, max)]++;
        }
        if (offset >= 0 && offset < frames) {
            shownBin = bin(values[offset], min, max);
        }
        int most = 1;
        for (int count : counts) {
            most = Math.max(most, count);
        }
        boolean bytes = controller.metric() == Metric.ALLOCATED_BYTES;
        line.clear().append("min ");
        value(min, bytes).append(" med ");
        value(median, bytes).append(" p95 ");
        value(p95, bytes).append(" max ");
        value(max, bytes);
        if (shownBin >= 0) {
            line.append(" | #").append(report.frameNumber()).append(' ');
            value(values[offset], bytes);
        }
        list.text(x, y + metrics.rowHeight(), line.truncate(Math.min(line.length(), chars)), HudPalette.TEXT);

        int plotLeft = x;
        int plotRight = left + width - pad;
        int plotBottom = top + height - pad;
        int plotTop = plotBottom - plotHeight;
        list.plotGround(plotLeft, plotTop, plotRight, plotBottom);
        float binWidth = (plotRight - plotLeft) / (float) BINS;
        for (int b = 0; b < BINS; b++) {
            if (counts[b] == 0) {
                continue;
            }
            // At least two pixels, so a bin of a single frame among hundreds still shows.
            float barHeight = Math.max(2f, plotHeight * counts[b] / (float) most);
            float x0 = plotLeft + b * binWidth;
            list.rect(x0 + 1, plotBottom - barHeight, x0 + binWidth - 1, plotBottom,
                    b == shownBin ? HudPalette.MARKER : HudPalette.CHART_BAR);
        }
        marker(median, min, max, plotLeft, plotRight, plotTop, plotBottom, HudPalette.TARGET_LINE, list);
        marker(p95, min, max, plotLeft, plotRight, plotTop, plotBottom, HudPalette.HOT, list);
    }

    private TextLine value(double v, boolean bytes) {
        if (bytes) {
            UnitText.append(Metric.ALLOCATED_BYTES.unit(), v, line);
            return line;
        }
        return line.appendScaled(v, -6, 3);
    }

    /** The bottom edge that keeps a box from {@code left} to the right edge clear of {@code panel}. */
    private int above(Box panel, int left, int bottom) {
        if (panel == null || panel.right() <= left || panel.top() >= bottom) {
            return bottom;
        }
        return Math.min(bottom, panel.top() - metrics.scaled(4));
    }

    private static void marker(double v, double min, double max, int left, int right, int top, int bottom, int rgba,
                               DrawList list) {
        float at = max > min ? (float) ((v - min) / (max - min)) : 0.5f;
        float px = left + at * (right - left);
        list.rect(px - 1, top, px + 1, bottom, rgba);
    }

    /** The bin of {@code v} among {@value #BINS} equal bins over [min, max] (the max in the last). */
    static int bin(double v, double min, double max) {
        if (!(max > min)) {
            return BINS / 2;
        }
        int b = (int) ((v - min) / (max - min) * BINS);
        return Math.max(0, Math.min(BINS - 1, b));
    }

    /** The 0-based index of the nearest-rank percentile, as the report's distribution columns use. */
    static int rankIndex(int percent, int n) {
        return Math.max(1, (int) (((long) percent * n + 99) / 100)) - 1;
    }

    Box bounds() {
        return bounds;
    }

    int zone() {
        return zone;
    }

    int frames() {
        return frames;
    }

    int shownBin() {
        return shownBin;
    }

    int count(int bin) {
        return counts[bin];
    }
}
