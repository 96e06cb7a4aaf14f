package io.hudprof.overlay;

import io.hudprof.core.Metric;
import io.hudprof.core.Zone;
import io.hudprof.core.format.TextLine;
import io.hudprof.core.spike.Spike;
import io.hudprof.core.spike.SpikeCapture;

/**
 * The spike list: the most recent captured spikes, newest first, each as its frame number, frame time, the zone that
 * grew most against the average (and by how much), with allocation per zone on the zone whose allocation grew most
 * (when there is room), and its first note (a GC pause that overlapped it), with the spike
 * the user jumped to highlighted. Drawn in the top-right corner; allocation-free; render thread only.
 */
final class SpikeListView {
    private static final int CHARS = 72;
    private static final int MAX_ROWS = 12;

    private final HudMetrics metrics;
    private final TextLine line = new TextLine(CHARS + 8);
    private final Box bounds = new Box();
    /** The rule's text, made once per capture rather than per frame. */
    private SpikeCapture ruleOf;
    private String ruleText = "";

    SpikeListView(HudMetrics metrics) {
        this.metrics = metrics;
    }

    void draw(SpikeCapture spikes, int selected, int framebufferWidth, DrawList list) {
        int rows = Math.min(MAX_ROWS, spikes.recentCount());
        int pad = metrics.pad();
        int width = 2 * pad + CHARS * metrics.cell();
        int height = 2 * pad + (rows + 1) * metrics.rowHeight();
        int left = Anchor.TOP_RIGHT.left(framebufferWidth, width, metrics.scaled(8));
        int top = Anchor.TOP_RIGHT.top(0, height, metrics.scaled(8));
        bounds.set(left, top, width, height);
        list.rect(left, top, left + width, top + height, HudPalette.BACKGROUND);
        list.frame(left, top, left + width, top + height, 1, HudPalette.BORDER);
        int x = left + pad;
        int y = top + pad + metrics.textDrop();
        line.clear().append("spikes: ").append(spikes.captured()).append(" caught, rule ");
        if (ruleOf != spikes) {
            ruleOf = spikes;
            ruleText = spikes.rule().toString();
        }
        line.append(ruleText, CHARS - line.length());
        list.text(x, y, line, HudPalette.HEADER);
        for (int i = 0; i < rows; i++) {
            Spike spike = spikes.recent(i);
            int rowTop = top + pad + (i + 1) * metrics.rowHeight();
            if (i == selected) {
                list.rect(left + 1, rowTop, left + width - 1, rowTop + metrics.rowHeight(), HudPalette.CURSOR);
            }
            line.clear().append('#').append(spike.frameNumber());
            line.spaces(Math.max(1, 8 - line.length()));
            int from = line.length();
            line.appendScaled(spike.frameNanos(), -6, 1).append(" ms");
            line.alignRight(from, 9).append("  ");
            if (spike.grewZone() >= 0) {
                Zone zone = Zone.byId(spike.grewZone());
                line.append(zone == null ? "?" : zone.name(), 18).append(" +").appendScaled(spike.grewNanos(), -6, 1)
                        .append(" ms");
            }
            int allocZone = spike.grewZone(Metric.ALLOCATED_BYTES);
            if (allocZone >= 0 && line.length() + 24 <= CHARS) {
                Zone zone = Zone.byId(allocZone);
                line.append("  alloc ").append(zone == null ? "?" : zone.name(), 12).append(" +");
                Metric.ALLOCATED_BYTES.unit().append(spike.grew(Metric.ALLOCATED_BYTES), line);
            }
            if (spike.noteCount() > 0) {
                line.append("  ").append(spike.note(0), Math.max(0, CHARS - line.length()));
            }
            list.text(x, rowTop + metrics.textDrop(), line, spike.noteCount() > 0 ? HudPalette.PROBLEM
                    : HudPalette.TEXT);
        }
    }

    /** Where the list was last drawn. */
    Box bounds() {
        return bounds;
    }
}
