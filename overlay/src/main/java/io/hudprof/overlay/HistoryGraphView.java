package io.hudprof.overlay;

import io.hudprof.capture.SpikeCapture;
import io.hudprof.core.FrameHistory;
import io.hudprof.core.Metric;
import io.hudprof.core.ValueUnit;
import io.hudprof.core.Zone;
import io.hudprof.stats.ZoneRanking;
import io.hudprof.stats.text.TextLine;
import io.hudprof.stats.text.UnitText;

/**
 * IProf's history graph with PStats' guide lines: one column per recorded frame, newest on the right, each the
 * stacked self time of the most expensive zones in stable colours (the rest of the frame in grey on top), a legend
 * with each zone's time in the selected frame, the frame selected by scrubbing marked, and horizontal guide lines at
 * the target frame time and its harmonics, labelled in ms or Hz. With the HUD on {@link Metric#ALLOCATED_BYTES}, the
 * columns stack each zone's allocated bytes instead (the rest of the frame's bytes in grey), scaled to the largest
 * frame shown, and the title gives the selected frame's bytes and allocation rate.
 *
 * <p>With one thread selected (Y / Shift+Y, {@link #thread}), the graph is that thread's strip chart, as PStats opens
 * one per thread: each column is the thread's busy time (inside any zone) under its whole recorded time in the frame,
 * from {@link ThreadSeries}; the title names the thread and the legend gives both for the selected frame. Selecting
 * another thread repaints the whole picture, as a scale change does. The thread graph is in time (the allocation view
 * shows the whole frame's bytes).
 *
 * <p>The columns are a scrolling picture ({@link GraphColumns}): each frame paints only the new frame's column and
 * the list gets one image (two quads), so the graph's cost does not grow with its width; columns taller than the
 * range are cut at the picture's top. The picture is the HUD's second draw command (another texture), the guide lines
 * and spike marks over it the third. Allocation-free; render thread only.
 */
final class HistoryGraphView {
    private static final int LABEL_CHARS = 8;
    private static final int LEGEND_NAME_CHARS = 16;
    private static final int LEGEND_VALUE_CHARS = 7;
    private static final int LEGEND_CHARS = 2 + LEGEND_NAME_CHARS + LEGEND_VALUE_CHARS;
    /** Byte values carry their unit ("12.50 KiB"): the legend is wider in the allocation view. */
    private static final int LEGEND_BYTES_VALUE_CHARS = 10;

    private final OverlayConfig config;
    private final HudMetrics metrics;
    private final ZoneRanking ranking;
    private final ThreadSeries series;
    private final ZoneColors colors = new ZoneColors();
    private final GraphColumnCache cache;
    private final GraphColumns columns = new GraphColumns();
    private final StripPlot strip = new StripPlot();
    private final int[] zoneIds;
    private final int[] zoneColors;
    /** Legend names, looked up when the shown zones change rather than per row per frame. */
    private final String[] zoneNames;
    private final long[] selectedSelf;
    private final GuideBars guides;
    private final TextLine line = new TextLine(64);
    /** The title, kept apart from the legend's scratch line so that it can be read back. */
    private final TextLine title = new TextLine(64);
    private int zones;
    private Metric metric = Metric.TIME;
    /** Root zone of the thread whose frames the graph shows, or -1 for all threads (the whole frame's zones). */
    private int threadRoot = -1;
    private String threadName;
    /** Whether the legend fitted beside the plot in the last layout. */
    private boolean legendShown = true;

    HistoryGraphView(OverlayConfig config, HudMetrics metrics, ZoneRanking ranking, ThreadSeries series) {
        this.config = config;
        this.metrics = metrics;
        this.ranking = ranking;
        this.series = series;
        zoneIds = new int[config.graphZones];
        zoneColors = new int[config.graphZones];
        zoneNames = new String[config.graphZones];
        selectedSelf = new long[config.graphZones];
        cache = new GraphColumnCache(config.graphZones);
        guides = new GuideBars(config.targetFrameRate);
    }

    /**
     * Shows one thread's frames ({@code root}, its root zone, named {@code name}) or, with -1, all threads' (the
     * default). Call before {@link #layout}; changing the thread repaints the columns on the next draw.
     */
    void thread(int root, String name) {
        threadRoot = root < 0 || name == null ? -1 : root;
        threadName = threadRoot < 0 ? null : name;
    }

    /** The thread root the graph shows, or -1 for all threads. */
    int thread() {
        return threadRoot;
    }

    /**
     * Picks this frame's zones and sizes and places the graph (before anything is drawn, so the report panel can
     * keep clear of it), anchored above the bottom {@code bandBelow} pixels the timeline keeps.
     */
    void layout(FrameHistory history, Metric shown, HudLayout layout, int framebufferWidth, int framebufferHeight,
                int bandBelow) {
        metric = threadRoot < 0 && history.holds(shown) ? shown : Metric.TIME;
        zones = ranking.topZones(metric, zoneIds);
        colors.assign(zoneIds, zones, zoneColors);
        if (cache.follow(history, metric, zoneIds, zones)) {
            for (int i = 0; i < zones; i++) {
                Zone zone = Zone.byId(zoneIds[i]);
                zoneNames[i] = zone == null ? "?" : zone.name();
            }
        }

        int pad = metrics.pad();
        int gap = metrics.gap();
        int columnWidth = Math.max(1, metrics.scaled(config.graphColumnWidth));
        int labelWidth = LABEL_CHARS * metrics.cell();
        int legendWidth = (metric == Metric.TIME ? LEGEND_CHARS : LEGEND_CHARS - LEGEND_VALUE_CHARS
                + LEGEND_BYTES_VALUE_CHARS) * metrics.cell();
        int offsetX = metrics.scaled(config.graphOffsetX);
        int minimumPlot = Math.min(config.graphMaxColumns, 16) * columnWidth;
        // A narrow framebuffer (or a large content scale) drops the legend before the plot gets too narrow to read.
        legendShown = framebufferWidth - 2 * offsetX - 2 * pad - 2 * gap - labelWidth - legendWidth >= minimumPlot;
        if (!legendShown) {
            legendWidth = 0;
        }
        int room = framebufferWidth - 2 * offsetX - 2 * pad - 2 * gap - labelWidth - legendWidth;
        int columns = Math.max(1, Math.min(Math.min(config.graphMaxColumns, history.capacity()), room / columnWidth));
        strip.columns(columns, columnWidth);
        int plotWidth = columns * columnWidth;
        int furniture = 2 * pad + metrics.rowHeight() + gap + metrics.tick();
        int plotHeight = Math.max(metrics.scaled(layout.size(HudLayout.Panel.GRAPH, config.graphHeight)),
                (zones + 1) * metrics.rowHeight());
        // At most half the framebuffer's height, and never so tall that the report panel's smallest form (title,
        // headers, one row) has no room above it: the legend's last rows give way first.
        int reportSmallest = 2 * pad + 3 * metrics.rowHeight() + 2 * metrics.line() + metrics.scaled(config.panelOffsetY)
                + metrics.scaled(config.graphOffsetY) + gap;
        // Anchored and sized as if the framebuffer ended above the timeline's band; kept inside the whole of it, so
        // the user may still move it over the band.
        int above = framebufferHeight - bandBelow;
        int budget = Math.min(above / 2, above - reportSmallest) - furniture;
        plotHeight = Math.max(Math.min(plotHeight, metrics.scaled(12)), Math.min(plotHeight, budget));

        int width = 2 * pad + plotWidth + gap + labelWidth + gap + legendWidth;
        int height = furniture + plotHeight;
        int left = config.graphAnchor.left(framebufferWidth, width, offsetX);
        int top = config.graphAnchor.top(above, height, metrics.scaled(config.graphOffsetY));
        strip.bounds().set(left, top, width, height);
        layout.place(HudLayout.Panel.GRAPH, strip.bounds(), metrics.ui(), framebufferWidth, framebufferHeight);
        strip.plot().set(strip.bounds().left() + pad, strip.bounds().top() + pad + metrics.rowHeight(), plotWidth,
                plotHeight);
    }

    /**
     * The frame whose column is at framebuffer x in the last frame drawn (0 = newest), clamped to the columns
     * history fills; -1 when no frame is recorded.
     */
    int frameAt(FrameHistory history, int x) {
        int filled = Math.min(strip.columns(), history.size());
        if (filled == 0) {
            return -1;
        }
        int framesAgo = (strip.plot().right() - 1 - x) / Math.max(1, strip.columnWidth());
        return Math.max(0, Math.min(filled - 1, framesAgo));
    }

    /** The colour the graph gave {@code zoneId} in its last layout, or 0 when the zone is not among those shown. */
    int colorOf(int zoneId) {
        for (int i = 0; i < zones; i++) {
            if (zoneIds[i] == zoneId) {
                return zoneColors[i];
            }
        }
        return 0;
    }

    /** Draws the graph where {@link #layout} put it; {@code selected} is the frame the report shows (0 = live). */
    void draw(FrameHistory history, int selected, HudControls controls, DrawList list) {
        boolean bytes = metric == Metric.ALLOCATED_BYTES;
        boolean thread = threadRoot >= 0;
        Box plot = strip.plot();
        // The picture's ground follows the panels' look: opaque panels make it opaque, drawn without blending.
        columns.opaque(list.opaquePanels());
        columns.betweenRefreshes(false);
        double range = paintColumns(history, controls);
        // The picture carries the plot's background: then the panel's is drawn around the plot, not under it.
        boolean covered = columns.coversPlot(strip);

        // Unclipped part first (one draw command with the report panel), then the clipped plot.
        if (covered) {
            strip.drawBackgroundAroundPlot(list);
        } else {
            strip.drawBackground(list);
        }
        drawTitle(history, selected, list, range, controls.view().unitsHz());
        if (!bytes) {
            guides.choose(range, plot, metrics.rowHeight());
            guides.drawLabels(strip, list, controls.view().unitsHz(), metrics);
        }
        if (legendShown && thread) {
            drawThreadLegend(selected, list);
        } else if (legendShown) {
            drawLegend(history, selected, history.zoneSelf(metric, selected, zoneIds, zones, selectedSelf), list);
        }
        strip.drawMarker(list, selected, metrics);

        // The selected frame's band never covers its column, so the column keeps its true colours: behind the
        // picture when the plot has its own background, else over the picture's ground above the column's top.
        boolean band = selected < strip.columns();
        if (band && !covered) {
            int x = strip.columnLeft(selected);
            list.rect(x, plot.top(), x + strip.columnWidth(), plot.bottom(), HudPalette.MARKED_COLUMN);
        }
        columns.draw(strip, list);
        // Over the picture, cut at the plot: the band, the spike marks and the guide lines, in one draw command.
        list.pushClip(plot.left(), plot.top(), plot.right(), plot.bottom());
        if (band && covered) {
            int x = strip.columnLeft(selected);
            list.rect(x, plot.top(), x + strip.columnWidth(), plot.top() + columns.columnTop(selected),
                    HudPalette.MARKED_COLUMN);
        }
        drawSpikeMarks(history, controls.spikes(), list);
        guides.drawLines(strip, list, metrics);
        list.popClip();
    }

    /**
     * Between the HUD's refreshes: paints the frames recorded since into the picture, as {@link #draw} would, without
     * drawing anything, so the next refresh has only its own frame to paint ({@link GraphColumns#betweenRefreshes}).
     * Keeps the layout, zones and colours of the last {@link #draw}.
     */
    void keepCurrent(FrameHistory history, HudControls controls) {
        columns.betweenRefreshes(true);
        paintColumns(history, controls);
    }

    /** Brings the column picture up to date; returns the value at the plot's top. */
    private double paintColumns(FrameHistory history, HudControls controls) {
        boolean bytes = metric == Metric.ALLOCATED_BYTES;
        double range = bytes ? bytesRange(history) : controls.view().graphRangeNanos();
        if (threadRoot >= 0) {
            columns.update(history, series, threadRoot, HudPalette.CHART_BAR, range, strip);
        } else {
            // The GPU frame time is part of the picture: each frame's mark painted once, when its result arrives.
            columns.update(history, cache, metric, zoneColors, zones, range, strip,
                    bytes ? 0 : Math.max(2, metrics.line() * 2));
        }
        return range;
    }

    /**
     * The top of the plot in bytes: the largest frame shown with a quarter's room above it, rounded up to a power of
     * two (at least 1 KiB), so the scale, and with it the whole picture, changes only when the load really does.
     */
    private double bytesRange(FrameHistory history) {
        long most = 1024;
        int shown = Math.min(strip.columns(), history.size());
        for (int i = 0; i < shown; i++) {
            most = Math.max(most, history.frameTotal(Metric.ALLOCATED_BYTES, i));
        }
        long wanted = most + most / 4;
        return Long.highestOneBit(wanted) == wanted ? wanted : Long.highestOneBit(wanted) * 2.0;
    }

    /** The title as last drawn, for tests. */
    CharSequence title() {
        return title;
    }

    private void drawTitle(FrameHistory history, int selected, DrawList list, double range, boolean hertz) {
        long nanos = history.frameNanos(selected);
        title.clear();
        if (threadRoot >= 0) {
            title.append(threadName).append(": ");
        }
        if (nanos < 0) {
            // Nothing ever called update(): the one mistake that leaves the HUD empty, so the title names the fix.
            title.append("no frames: call Hudprof.update() each frame");
        } else {
            title.append("frame #").append(history.frameNumber(selected)).append("  ")
                    .appendScaled(nanos, -6, 2).append(" ms  ");
            if (threadRoot >= 0) {
                double busy = series.busyNanos(threadRoot, selected);
                if (Double.isNaN(busy)) {
                    title.append("busy -");
                } else {
                    title.append("busy ").appendScaled(Math.round(busy), -6, 2).append(" ms");
                }
            } else if (metric == Metric.ALLOCATED_BYTES) {
                long bytes = history.frameTotal(metric, selected);
                UnitText.append(ValueUnit.BYTES, bytes, title);
                title.append("  ").appendFixed(nanos > 0 ? bytes * 1e3 / nanos : 0, 1).append(" MB/s");
            } else {
                title.appendFixed(nanos > 0 ? 1e9 / nanos : 0, 1).append(" fps");
                // The selected frame's GPU time, when it has one (the title itself is in the column picture).
                long gpu = history.gpuFrameNanos(selected);
                if (gpu >= 0) {
                    title.append("  gpu ").appendScaled(gpu, -6, 2).append(" ms");
                }
            }
            if (selected == 0) {
                title.append("  (live)");
            } else {
                title.append("  (").append(selected).append(" back)");
            }
        }
        if (nanos >= 0) {
            // No scale while there is nothing to scale: the message above keeps the whole title.
            title.append("   top ");
            if (metric == Metric.ALLOCATED_BYTES) {
                UnitText.append(ValueUnit.BYTES, range, title);
            } else {
                GuideBars.appendTime(title, range, hertz);
            }
        }
        int titleChars = (strip.bounds().width() - 2 * metrics.pad()) / Math.max(1, metrics.cell());
        if (title.length() > titleChars) {
            title.truncate(Math.max(0, titleChars - 1)).append('~');
        }
        strip.drawTitle(list, title, HudPalette.TARGET_LABEL, metrics);
    }

    private void drawLegend(FrameHistory history, int selected, boolean held, DrawList list) {
        Box plot = strip.plot();
        int x = plot.right() + metrics.gap() + LABEL_CHARS * metrics.cell() + metrics.gap();
        long frameNanos = history.frameTotal(metric, selected);
        long zoned = 0;
        int lineHeight = metrics.lineHeight();
        int swatch = lineHeight - Math.max(2, lineHeight / 4);
        for (int i = 0; i <= zones; i++) {
            boolean other = i == zones;
            if ((i + 1) * metrics.rowHeight() > plot.height() && i > 0) {
                break;
            }
            int rowY = plot.top() + i * metrics.rowHeight() + metrics.textDrop();
            int swatchTop = rowY + (lineHeight - swatch) / 2;
            list.rect(x, swatchTop, x + swatch, swatchTop + swatch, other ? HudPalette.OTHER : zoneColors[i]);
            line.clear();
            String name = other ? "other" : zoneNames[i];
            if (name.length() > LEGEND_NAME_CHARS - 1) {
                line.append(name, LEGEND_NAME_CHARS - 2).append('~');
            } else {
                line.append(name);
            }
            line.spaces(LEGEND_NAME_CHARS - line.length());
            int from = line.length();
            if (!held || frameNanos < 0) {
                line.append('-');
            } else if (other) {
                appendLegendValue(Math.max(0, frameNanos - zoned));
            } else {
                zoned += selectedSelf[i];
                appendLegendValue(selectedSelf[i]);
            }
            line.alignRight(from, metric == Metric.TIME ? LEGEND_VALUE_CHARS : LEGEND_BYTES_VALUE_CHARS);
            list.text(x + 2 * metrics.cell(), rowY, line, other ? HudPalette.GUIDE_LABEL : HudPalette.TEXT);
        }
    }

    /** The thread graph's legend: the thread's busy time and the rest of its time in the selected frame. */
    private void drawThreadLegend(int selected, DrawList list) {
        Box plot = strip.plot();
        int x = plot.right() + metrics.gap() + LABEL_CHARS * metrics.cell() + metrics.gap();
        double busy = series.busyNanos(threadRoot, selected);
        double total = series.totalNanos(threadRoot, selected);
        int lineHeight = metrics.lineHeight();
        int swatch = lineHeight - Math.max(2, lineHeight / 4);
        for (int i = 0; i < 2; i++) {
            if ((i + 1) * metrics.rowHeight() > plot.height() && i > 0) {
                break;
            }
            int rowY = plot.top() + i * metrics.rowHeight() + metrics.textDrop();
            int swatchTop = rowY + (lineHeight - swatch) / 2;
            list.rect(x, swatchTop, x + swatch, swatchTop + swatch, i == 0 ? HudPalette.CHART_BAR : HudPalette.OTHER);
            line.clear().append(i == 0 ? "busy (in zones)" : "outside zones");
            line.spaces(LEGEND_NAME_CHARS - line.length());
            int from = line.length();
            if (Double.isNaN(total)) {
                line.append('-');
            } else {
                line.appendScaled(Math.round(i == 0 ? busy : Math.max(0, total - busy)), -6, 2);
            }
            line.alignRight(from, LEGEND_VALUE_CHARS);
            list.text(x + 2 * metrics.cell(), rowY, line, i == 0 ? HudPalette.TEXT : HudPalette.GUIDE_LABEL);
        }
    }

    /** A legend value: ms for time, B/KiB/MiB through the one formatter for bytes. */
    private void appendLegendValue(long value) {
        if (metric == Metric.TIME) {
            line.appendScaled(value, -6, 2);
        } else {
            UnitText.append(ValueUnit.BYTES, value, line);
        }
    }

    /** A red tick at the top of each column whose frame is a captured spike (recent or worst list). */
    private void drawSpikeMarks(FrameHistory history, SpikeCapture spikes, DrawList list) {
        if (spikes == null || history.size() == 0) {
            return;
        }
        long newest = history.frameNumber(0);
        for (int i = 0; i < spikes.recentCount(); i++) {
            markSpike(history, newest, spikes.recent(i).frameNumber(), list);
        }
        for (int i = 0; i < spikes.worstCount(); i++) {
            markSpike(history, newest, spikes.worst(i).frameNumber(), list);
        }
    }

    private void markSpike(FrameHistory history, long newest, long frame, DrawList list) {
        long ago = newest - frame;
        if (ago < 0 || ago >= Math.min(strip.columns(), history.size()) || history.frameNumber((int) ago) != frame) {
            return;
        }
        Box plot = strip.plot();
        int x = strip.columnLeft((int) ago);
        int h = Math.max(3, metrics.tick());
        list.rect(x, plot.top(), x + strip.barWidth(), plot.top() + h, HudPalette.PAUSED);
    }

    /** The columns' picture, for the upload figure and tests. */
    GraphColumns columns() {
        return columns;
    }

    /** Frees the columns' picture. */
    void close() {
        columns.close();
    }

    /** Where the graph's box, plot and columns were last laid out. */
    StripPlot strip() {
        return strip;
    }
}
