package io.hudprof.overlay;

import io.hudprof.capture.Spike;
import io.hudprof.capture.SpikeCapture;
import io.hudprof.core.Metric;
import io.hudprof.core.Zone;
import io.hudprof.stats.text.TextLine;
import io.hudprof.stats.text.UnitText;

/**
 * The spike list: the most recent captured spikes, newest first, each as its frame number, frame time, the zone that
 * grew most against the average (and by how much), with allocation per zone on the zone whose allocation grew most
 * (when there is room), and its first note (a GC pause that overlapped it), with the spike
 * the user jumped to highlighted. Drawn in the top-right corner, or where the user moved it, with as many rows as the
 * user gave it ({@link HudLayout.Panel#SPIKES}); a list longer than its rows scrolls ({@link #scroll}), and the row
 * jumped to is scrolled into view. Allocation-free; render thread only.
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
    /** The spike rows shown (scrolled by the wheel). */
    private final ScrolledRows window = new ScrolledRows();

    SpikeListView(HudMetrics metrics) {
        this.metrics = metrics;
    }

    void draw(SpikeCapture spikes, int selected, HudLayout layout, int framebufferWidth, int framebufferHeight,
              DrawList list) {
        int pad = metrics.pad();
        int fitRows = Math.max(1, (framebufferHeight - 2 * pad) / metrics.rowHeight() - 1);
        int rows = Math.min(Math.min(fitRows, layout.size(HudLayout.Panel.SPIKES, MAX_ROWS)), spikes.recentCount());
        // A jump (N or a click) brings its row into view.
        window.show(rows, spikes.recentCount(), selected);
        int first = window.first();
        // A framebuffer narrower than the list cuts its lines rather than its right edge.
        int chars = Math.max(8, Math.min(CHARS, (framebufferWidth - 2 * pad) / metrics.cell()));
        int width = 2 * pad + chars * metrics.cell();
        int height = 2 * pad + (rows + 1) * metrics.rowHeight();
        int left = Anchor.TOP_RIGHT.left(framebufferWidth, width, metrics.scaled(8));
        int top = Anchor.TOP_RIGHT.top(0, height, metrics.scaled(8));
        bounds.set(left, top, width, height);
        layout.place(HudLayout.Panel.SPIKES, bounds, metrics.ui(), framebufferWidth, framebufferHeight);
        left = bounds.left();
        top = bounds.top();
        list.panel(left, top, left + width, top + height);
        list.frame(left, top, left + width, top + height, 1, HudPalette.BORDER);
        int x = left + pad;
        int y = top + pad + metrics.textDrop();
        line.clear().append("spikes: ").append(spikes.captured()).append(" caught, ");
        if (rows < spikes.recentCount()) {
            line.append(first + 1).append('-').append(first + rows).append(" of ").append(spikes.recentCount())
                    .append(", ");
        }
        line.append("rule ");
        if (ruleOf != spikes) {
            ruleOf = spikes;
            ruleText = spikes.rule().toString();
        }
        line.append(ruleText, CHARS - line.length());
        line.truncate(Math.min(line.length(), chars));
        list.text(x, y, line, HudPalette.HEADER);
        for (int r = 0; r < rows; r++) {
            int i = first + r;
            Spike spike = spikes.recent(i);
            int rowTop = top + pad + (r + 1) * metrics.rowHeight();
            if (i == selected) {
                list.rect(left + 1, rowTop, left + width - 1, rowTop + metrics.rowHeight(), HudPalette.CURSOR);
            }
            line.clear().append('#').append(spike.frameNumber());
            line.spaces(Math.max(1, 8 - line.length()));
            int from = line.length();
            line.appendScaled(spike.frameNanos(), -6, 1).append(" ms");
            line.alignRight(from, 9).append("  ");
            if (spike.blamesPause()) {
                // The JVM stopped the game (a GC pause, a safepoint): the zone it landed in is not named for it.
                line.append("JVM pause ").appendScaled(spike.pauseNanos(), -6, 1).append(" ms");
            } else if (spike.grewZone() >= 0) {
                Zone zone = Zone.byId(spike.grewZone());
                line.append(zone == null ? "?" : zone.name(), 18).append(" +").appendScaled(spike.grewNanos(), -6, 1)
                        .append(" ms");
            }
            int allocZone = spike.grewZone(Metric.ALLOCATED_BYTES);
            if (allocZone >= 0 && line.length() + 24 <= CHARS) {
                Zone zone = Zone.byId(allocZone);
                line.append("  alloc ").append(zone == null ? "?" : zone.name(), 12).append(" +");
                UnitText.append(Metric.ALLOCATED_BYTES.unit(), spike.grew(Metric.ALLOCATED_BYTES), line);
            }
            if (spike.noteCount() > 0) {
                String note = spike.pauseNote() != null ? spike.pauseNote() : spike.note(0);
                line.append("  ").append(note, Math.max(0, CHARS - line.length()));
            }
            line.truncate(Math.min(line.length(), chars));
            list.text(x, rowTop + metrics.textDrop(), line, spike.noteCount() > 0 ? HudPalette.PROBLEM
                    : HudPalette.TEXT);
        }
    }

    /** Where the list was last drawn. */
    Box bounds() {
        return bounds;
    }

    /** Scrolls the list by {@code rows} (positive: towards older spikes), kept inside it when next drawn. */
    void scroll(int rows) {
        window.scroll(rows);
    }

    /** The first spike (index into the recent spikes) the last draw showed. */
    int firstShown() {
        return window.first();
    }

    /** Spike rows the last draw showed. */
    int shownRows() {
        return window.shown();
    }

    /** The recent spike whose row is at framebuffer pixel (x, y) in the last draw, or -1. */
    int spikeAt(int x, int y) {
        int rowsTop = bounds.top() + metrics.pad() + metrics.rowHeight();
        if (!bounds.contains(x, y) || y < rowsTop) {
            return -1;
        }
        int r = (y - rowsTop) / metrics.rowHeight();
        return r < window.shown() ? window.first() + r : -1;
    }

    /** Whether (x, y) is on the header line (or the padding above it), where a drag moves the list. */
    boolean onTitle(int x, int y) {
        return bounds.contains(x, y) && y < bounds.top() + metrics.pad() + metrics.rowHeight();
    }
}
