package io.hudprof.overlay;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.Profiler;
import io.hudprof.core.TimelineFrame;
import io.hudprof.core.Zone;
import io.hudprof.core.report.ReportController;
import io.hudprof.stats.text.TextLine;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.StoredFrame;

/**
 * PStats' piano roll as a flame chart across the bottom of the HUD: the frame the report shows (live, paused or
 * scrubbed back), time left to right, one lane per thread (only the selected thread's when the report shows one),
 * each lane's zones stacked by nesting depth as bars coloured as in the history graph and labelled where the name
 * fits, vertical guide lines at multiples of the target frame time, the bar cursor outlined and described on the
 * last line (zone, start, duration, self). Bars narrower than a pixel are merged with their neighbours at the same
 * depth into one grey run, so a frame of ten thousand tiny zones costs a few hundred quads.
 *
 * <p>Nothing is clipped by the GPU: bars are cut to the plot here, so the view adds no draw command and is drawn
 * in the report panel's. Allocation-free; render thread only.
 */
final class TimelineView {
    /** What a bar the search does not match fades towards. */
    private static final int DIMMED_BAR = 0x1A1E24FF;
    /** The report's name filter, or null. */
    private ZoneSearch search;

    /** Most bar rows a lane gets; deeper zones are left out (the info line still reaches them with the cursor). */
    private static final int MAX_DEPTH_ROWS = 6;
    private static final int LABEL_CHARS = 16;
    /** Share of the framebuffer's height the timeline may take at most. */
    private static final double MAX_HEIGHT_SHARE = 0.42;
    private static final int LINE_CHARS = 160;

    private final OverlayConfig config;
    private final HudMetrics metrics;
    private final TextLine line = new TextLine(LINE_CHARS + 16);
    private final Box bounds = new Box();
    private final Box plot = new Box();
    private float[] runStart = new float[MAX_DEPTH_ROWS];
    private float[] runEnd = new float[MAX_DEPTH_ROWS];
    private static final String OFF = "timeline off: ProfilerConfig.Builder.timelineCapacity(1 << 14) keeps one";
    private String unavailable;
    private int keptFor;
    private String notKept;
    private int firstLane;
    private int lanesShown;
    private int lanesHidden;
    private int depthRows;
    private int selectedRoot;
    private String selectedName;
    private long frameNumber;
    private int frameOffset;
    /** Where the title's text ends this frame: guide labels go to its right. */
    private float titleEnd;
    private int hoverX = -1;
    private int hoverY = -1;
    private int hoveredBar = -1;
    /** The top of the lane {@link #laneAt} found last. */
    private int laneTop;

    TimelineView(OverlayConfig config, HudMetrics metrics) {
        this.config = config;
        this.metrics = metrics;
    }

    /** The time axis's area (lanes of bars) of the last layout. */
    Box plot() {
        return plot;
    }

    /** Lanes the last layout had room for. */
    int lanesShown() {
        return lanesShown;
    }

    /** Why the last layout's frame has no timeline, or null when it has one. */
    String unavailable() {
        return unavailable;
    }

    /** Bar rows each lane gets at most in the last layout. */
    int depthRows() {
        return depthRows;
    }

    /** Where the last {@link #layout} put the view. */
    Box bounds() {
        return bounds;
    }

    /**
     * Loads the frame {@code report} shows into {@code state}'s timeline and places the view along the bottom of
     * the framebuffer, as tall as its lanes need up to a share of the height, or as tall and wide as the user made it
     * ({@link HudLayout.Panel#TIMELINE}), then where the user moved it; returns its anchored height plus the margin
     * under it (what a bottom-anchored view above it must leave free, wherever the user moved the timeline, so the
     * graph does not jump when the timeline starts moving).
     */
    int layout(Profiler profiler, Report report, TimelineState state, HudLayout layout, int framebufferWidth,
               int framebufferHeight) {
        TimelineFrame frame = state.frame();
        int kept = profiler.timelineFramesKept();
        FrameHistory history = profiler.history();
        frameOffset = report.frameOffset();
        frameNumber = report.storedSpike() ? report.spikeFrameNumber() : history.frameNumber(frameOffset);
        selectedRoot = report.shownThread() < 0 ? -1 : report.threadRootZone(report.shownThread());
        selectedName = report.shownThreadName();
        StoredFrame spike = report.storedSpike() ? ReportController.of(profiler).shownSpike() : null;
        if (kept == 0) {
            unavailable = OFF;
        } else if (!profiler.loadTimeline(frameNumber, frame) && spike != null && spike.frameNumber() == frameNumber
                && spike.timeline() != null) {
            // A stored spike keeps its frame's timeline after the store moved on.
            frame.copyFrom(spike.timeline());
            unavailable = null;
        } else if (!frame.available()) {
            if (keptFor != kept) {
                // Made once per profiler's setting, not per frame.
                keptFor = kept;
                notKept = "no timeline kept for this frame (the last " + kept + " recorded frames keep one)";
            }
            unavailable = frameNumber < 0 ? "no frame recorded yet" : notKept;
        } else {
            unavailable = null;
        }
        state.loaded();

        int pad = metrics.pad();
        int row = metrics.rowHeight();
        int fixedRows = 2;
        int rows = fitRows(frame, Math.max(1, ((int) (framebufferHeight * MAX_HEIGHT_SHARE) - 2 * pad) / row
                - fixedRows));
        int offsetX = metrics.scaled(config.graphOffsetX);
        int offsetY = metrics.scaled(config.graphOffsetY);
        // What views anchored above it keep free: the timeline's own height, however the user sized or moved it, so
        // the graph stays put while the timeline is dragged.
        int band = 2 * pad + (rows + fixedRows) * row + offsetY;
        int chosenHeight = Math.min(framebufferHeight, metrics.scaled(layout.size(HudLayout.Panel.TIMELINE, 0)));
        int height = 2 * pad + (rows + fixedRows) * row;
        int top = framebufferHeight - offsetY - height;
        if (chosenHeight > 0) {
            // The user's height holds its rows whether the lanes fill them or not; its top is reckoned from the
            // chosen height, not the whole rows, so a corner drag moves only the bottom edge.
            rows = Math.max(1, (chosenHeight - 2 * pad) / row - fixedRows);
            fitRows(frame, rows);
            height = 2 * pad + (rows + fixedRows) * row;
            top = framebufferHeight - offsetY - chosenHeight;
        }
        int width = Math.max(1, framebufferWidth - 2 * offsetX);
        int chosenWidth = metrics.scaled(layout.width(HudLayout.Panel.TIMELINE, 0));
        if (chosenWidth > 0) {
            width = Math.min(framebufferWidth, Math.max(minimumWidth(), chosenWidth));
        }
        bounds.set(offsetX, top, width, height);
        layout.place(HudLayout.Panel.TIMELINE, bounds, metrics.ui(), framebufferWidth, framebufferHeight);
        int plotLeft = bounds.left() + pad + LABEL_CHARS * metrics.cell() + metrics.gap();
        plot.set(plotLeft, bounds.top() + pad + row, Math.max(1, bounds.right() - pad - plotLeft), rows * row);
        return band;
    }

    /**
     * Chooses the bar rows per lane and the lanes shown for {@code rowsFree} rows of lanes; returns the rows they
     * take (at least 1).
     */
    private int fitRows(TimelineFrame frame, int rowsFree) {
        firstLane = 0;
        lanesShown = 0;
        lanesHidden = 0;
        depthRows = MAX_DEPTH_ROWS;
        if (unavailable != null) {
            return 1;
        }
        while (depthRows > 1 && laneRows(frame, depthRows) > rowsFree) {
            depthRows--;
        }
        int rows = 0;
        for (int l = 0; l < frame.laneCount(); l++) {
            if (!laneShown(frame, l)) {
                continue;
            }
            int need = Math.max(1, Math.min(depthRows, frame.laneDepth(l)));
            if (rows + need > rowsFree) {
                lanesHidden++;
                continue;
            }
            rows += need;
            lanesShown++;
        }
        return Math.max(1, rows);
    }

    /** The narrowest the user may make the view: the lane labels and a dozen characters of bars. */
    int minimumWidth() {
        return 2 * metrics.pad() + (LABEL_CHARS + 12) * metrics.cell() + metrics.gap();
    }

    /**
     * The pointer is at framebuffer pixel (x, y) ({@link HudMouse}); the bar under it is outlined and described on
     * the last line from the next draw on. (-1, -1): no pointer.
     */
    void hover(int x, int y) {
        hoverX = x;
        hoverY = y;
    }

    /** The bar outlined under the pointer in the last draw, or -1. */
    int hoveredBar() {
        return hoveredBar;
    }

    /**
     * The bar of {@code state}'s frame drawn at framebuffer pixel (x, y) at the state's zoom and pan, or -1: where
     * bars narrower than a pixel were merged, the longest of those under the pixel.
     */
    int barAt(TimelineState state, int x, int y) {
        TimelineFrame frame = state.frame();
        if (unavailable != null || !frame.available() || !plot.contains(x, y)) {
            return -1;
        }
        int lane = laneAt(frame, y);
        if (lane < 0) {
            return -1;
        }
        int depth = (y - laneTop) / metrics.rowHeight();
        double frameNanos = Math.max(1, frame.endNanos() - frame.startNanos());
        double pixelsPerNano = plot.width() * state.zoom() / frameNanos;
        double viewStart = frame.startNanos() + state.pan() * frameNanos;
        int best = -1;
        int first = frame.laneFirstBar(lane);
        for (int b = first; b < first + frame.laneBarCount(lane); b++) {
            if (frame.barDepth(b) != depth) {
                continue;
            }
            double x0 = plot.left() + (frame.barStart(b) - viewStart) * pixelsPerNano;
            double x1 = Math.max(x0 + 1, plot.left() + (frame.barEnd(b) - viewStart) * pixelsPerNano);
            if (x >= Math.floor(x0) && x < Math.ceil(x1)
                    && (best < 0 || frame.barDuration(b) > frame.barDuration(best))) {
                best = b;
            }
        }
        return best;
    }

    /**
     * The root zone of the thread whose lane label is at framebuffer pixel (x, y) in the last layout, or -1 when
     * the pixel is not on a lane's label.
     */
    int laneThreadAt(TimelineState state, int x, int y) {
        TimelineFrame frame = state.frame();
        if (unavailable != null || !frame.available() || x < bounds.left() || x >= plot.left() || y < plot.top()
                || y >= plot.bottom()) {
            return -1;
        }
        int lane = laneAt(frame, y);
        return lane < 0 ? -1 : frame.laneRootZone(lane);
    }

    /** The shown lane whose rows hold y (its top in {@link #laneTop}), or -1. */
    private int laneAt(TimelineFrame frame, int y) {
        int top = plot.top();
        int shown = 0;
        for (int l = 0; l < frame.laneCount() && shown < lanesShown; l++) {
            if (!laneShown(frame, l)) {
                continue;
            }
            int bottom = top + Math.max(1, Math.min(depthRows, frame.laneDepth(l))) * metrics.rowHeight();
            if (y >= top && y < bottom) {
                laneTop = top;
                return l;
            }
            top = bottom;
            shown++;
        }
        return -1;
    }

    private boolean laneShown(TimelineFrame frame, int l) {
        return selectedRoot < 0 || frame.laneRootZone(l) == selectedRoot;
    }

    private int laneRows(TimelineFrame frame, int cap) {
        int rows = 0;
        for (int l = 0; l < frame.laneCount(); l++) {
            if (laneShown(frame, l)) {
                rows += Math.max(1, Math.min(cap, frame.laneDepth(l)));
            }
        }
        return rows;
    }

    /** Draws the view where {@link #layout} put it; {@code colors} gives a zone its colour in the graph. */
    /** The report's name filter: while it has text, bars of zones whose names do not contain it are dimmed. */
    void search(ZoneSearch filter) {
        this.search = filter;
    }

    void draw(TimelineState state, HistoryGraphView colors, boolean graphShown, DrawList list) {
        TimelineFrame frame = state.frame();
        int pad = metrics.pad();
        int row = metrics.rowHeight();
        int drop = metrics.textDrop();
        int cell = metrics.cell();
        list.panel(bounds.left(), bounds.top(), bounds.right(), bounds.bottom());
        list.frame(bounds.left(), bounds.top(), bounds.right(), bounds.bottom(), 1,
                state.focused() ? HudPalette.HELP : HudPalette.BORDER);
        int maxChars = Math.max(8, (bounds.width() - 2 * pad) / cell);
        drawTitle(state, frame, maxChars, list);
        int infoY = bounds.bottom() - pad - row + drop;
        hoveredBar = -1;
        if (unavailable != null) {
            line.clear().append(unavailable, maxChars);
            list.text(bounds.left() + pad, plot.top() + drop, line, HudPalette.DIM);
            return;
        }
        list.plotGround(plot.left(), plot.top(), plot.right(), plot.bottom());
        double frameNanos = Math.max(1, frame.endNanos() - frame.startNanos());
        double pixelsPerNano = plot.width() * state.zoom() / frameNanos;
        double viewStart = frame.startNanos() + state.pan() * frameNanos;
        int y = plot.top();
        int shown = 0;
        for (int l = 0; l < frame.laneCount() && shown < lanesShown; l++) {
            if (!laneShown(frame, l)) {
                continue;
            }
            int laneRowCount = Math.max(1, Math.min(depthRows, frame.laneDepth(l)));
            if (shown > 0) {
                list.rect(bounds.left() + pad, y, bounds.right() - pad, y + metrics.line(), HudPalette.BORDER);
            }
            drawLaneLabel(frame, l, y + drop, list);
            drawBars(state, frame, l, y, laneRowCount, viewStart, pixelsPerNano, colors, graphShown, list);
            y += laneRowCount * row;
            shown++;
        }
        drawGuides(frame, viewStart, pixelsPerNano, list);
        hoveredBar = barAt(state, hoverX, hoverY);
        if (hoveredBar >= 0 && hoveredBar != state.cursor()) {
            outline(hoveredBar, frame, viewStart, pixelsPerNano, 1, HudPalette.HELP, list);
        }
        drawCursor(state, frame, viewStart, pixelsPerNano, list);
        drawInfo(state, frame, hoveredBar >= 0 ? hoveredBar : state.cursor(), hoveredBar >= 0, maxChars, infoY, list);
    }

    private void drawTitle(TimelineState state, TimelineFrame frame, int maxChars, DrawList list) {
        line.clear().append("timeline  ");
        if (frameNumber >= 0) {
            line.append("frame #").append(frameNumber);
            if (frame.available()) {
                line.append("  ").appendScaled(frame.endNanos() - frame.startNanos(), -6, 2).append(" ms");
            }
            if (frameOffset == 0) {
                line.append("  (live)");
            } else {
                line.append("  (").append(frameOffset).append(" back)");
            }
        }
        if (selectedRoot < 0) {
            line.append("  all threads");
        } else {
            line.append("  thread ").append(selectedName, 32);
        }
        if (state.zoom() > 1) {
            line.append("  zoom ").appendFixed(state.zoom(), 0).append('x');
        }
        if (lanesHidden > 0) {
            line.append("  +").append(lanesHidden).append(" lanes not shown (Y picks one)");
        }
        line.append(state.focused() ? "   [bars: arrows, Enter call graph, Tab back]" : "   [Tab bars  Y thread  Z zoom  , . pan]");
        line.truncate(Math.min(line.length(), maxChars));
        titleEnd = bounds.left() + metrics.pad() + line.length() * metrics.cell();
        list.text(bounds.left() + metrics.pad(), bounds.top() + metrics.pad() + metrics.textDrop(), line,
                HudPalette.TITLE);
    }

    private void drawLaneLabel(TimelineFrame frame, int l, int y, DrawList list) {
        line.clear();
        String name = frame.laneName(l);
        boolean ended = frame.laneEnded(l);
        int room = LABEL_CHARS - 1 - (ended ? 4 : 0);
        if (name.length() > room) {
            line.append(name, room - 1).append('~');
        } else {
            line.append(name);
        }
        if (ended) {
            line.append(" end");
        }
        list.text(bounds.left() + metrics.pad(), y, line, ended ? HudPalette.PROBLEM : HudPalette.TEXT);
        if (frame.laneIncomplete(l)) {
            line.clear().append("more events than the timeline holds this frame");
            list.text(plot.left() + metrics.cell(), y, line, HudPalette.PROBLEM);
        }
    }

    private void drawBars(TimelineState state, TimelineFrame frame, int l, int laneTop, int rows, double viewStart,
                          double pixelsPerNano, HistoryGraphView colors, boolean graphShown, DrawList list) {
        int row = metrics.rowHeight();
        int cell = metrics.cell();
        float left = plot.left();
        float right = plot.right();
        for (int d = 0; d < rows; d++) {
            runStart[d] = Float.NaN;
        }
        int first = frame.laneFirstBar(l);
        int end = first + frame.laneBarCount(l);
        for (int b = first; b < end; b++) {
            int depth = frame.barDepth(b);
            if (depth >= rows) {
                continue;
            }
            float x0 = (float) (left + (frame.barStart(b) - viewStart) * pixelsPerNano);
            float x1 = (float) (left + (frame.barEnd(b) - viewStart) * pixelsPerNano);
            if (x1 < left || x0 > right) {
                continue;
            }
            x0 = Math.max(left, x0);
            x1 = Math.min(right, x1);
            int top = laneTop + depth * row;
            if (x1 - x0 < 1) {
                // Narrower than a pixel: merged with its neighbours at this depth into one run.
                if (!Float.isNaN(runStart[depth]) && x0 <= runEnd[depth] + 1) {
                    runEnd[depth] = Math.max(runEnd[depth], x1);
                } else {
                    flushRun(depth, top, list);
                    runStart[depth] = x0;
                    runEnd[depth] = x1;
                }
                continue;
            }
            flushRun(depth, top, list);
            int zone = frame.barZone(b);
            int rgba = colorOf(zone, colors, graphShown);
            boolean dimmed = search != null && search.active() && !search.matches(zone);
            if (dimmed) {
                rgba = Rgba.lerp(rgba, DIMMED_BAR, 0.75);
            }
            // A one-pixel gap on the right keeps neighbouring bars apart once they are wide enough to spare it.
            float gap = x1 - x0 >= 4 ? 1 : 0;
            list.rect(x0, top + 1, x1 - gap, top + row - 1, rgba);
            int fits = (int) ((x1 - x0 - 4) / cell);
            if (fits >= 3) {
                Zone z = Zone.byId(zone);
                String name = z == null ? "?" : z.name();
                int chars = Math.min(name.length(), fits);
                list.text(x0 + 2, top + metrics.textDrop(), name, 0, chars, dimmed ? HudPalette.DIM : HudPalette.TITLE);
            }
        }
        for (int d = 0; d < rows; d++) {
            flushRun(d, laneTop + d * metrics.rowHeight(), list);
        }
    }

    private void flushRun(int depth, int top, DrawList list) {
        if (Float.isNaN(runStart[depth])) {
            return;
        }
        list.rect(runStart[depth], top + 1, Math.max(runEnd[depth], runStart[depth] + 1), top + metrics.rowHeight() - 1,
                HudPalette.OTHER);
        runStart[depth] = Float.NaN;
    }

    /**
     * The colour the game chose for the zone; else its colour in the history graph; a zone the graph does not colour
     * gets a muted colour of its own.
     */
    private static int colorOf(int zone, HistoryGraphView colors, boolean graphShown) {
        int rgba = ZoneColors.chosenRgba(zone);
        if (rgba != 0) {
            return rgba;
        }
        rgba = graphShown ? colors.colorOf(zone) : 0;
        if (rgba != 0) {
            return rgba;
        }
        return Rgba.lerp(HudPalette.zoneColor(Math.floorMod(zone * 7, HudPalette.ZONE_COLORS)), HudPalette.OTHER,
                0.55);
    }

    private void drawGuides(TimelineFrame frame, double viewStart, double pixelsPerNano, DrawList list) {
        if (!(config.targetFrameRate > 0)) {
            return;
        }
        double target = 1e9 / config.targetFrameRate;
        int thickness = metrics.line();
        double frameEnd = frame.endNanos();
        for (int k = 1; k <= 64; k++) {
            double t = frame.startNanos() + k * target;
            float x = (float) (plot.left() + (t - viewStart) * pixelsPerNano);
            if (x > plot.right()) {
                break;
            }
            if (x < plot.left()) {
                continue;
            }
            list.rect(x, plot.top(), x + thickness, plot.bottom(), HudPalette.TARGET_LINE);
            // Labels sit in the title row, clear of the bars' own names, where the title leaves room.
            line.clear().appendScaled(k * target, -6, 1).append(" ms");
            float labelX = x + thickness + 2;
            if (labelX > titleEnd + metrics.cell() && labelX + line.length() * metrics.cell() <= plot.right()) {
                list.text(labelX, bounds.top() + metrics.pad() + metrics.textDrop(), line, HudPalette.TARGET_LABEL);
            }
            if (t > frameEnd) {
                break;
            }
        }
    }

    private void drawCursor(TimelineState state, TimelineFrame frame, double viewStart, double pixelsPerNano,
                            DrawList list) {
        int b = state.cursor();
        if (b >= 0) {
            outline(b, frame, viewStart, pixelsPerNano, Math.max(2, metrics.scaled(2)), HudPalette.MARKER, list);
        }
    }

    /** A frame of {@code thickness} around bar {@code b} where it is drawn; nothing when it is not drawn. */
    private void outline(int b, TimelineFrame frame, double viewStart, double pixelsPerNano, int thickness, int rgba,
                         DrawList list) {
        if (frame.barDepth(b) >= depthRows) {
            return;
        }
        int y = plot.top();
        int lane = frame.barLane(b);
        int shown = 0;
        for (int l = 0; l < lane; l++) {
            if (laneShown(frame, l) && shown < lanesShown) {
                y += Math.max(1, Math.min(depthRows, frame.laneDepth(l))) * metrics.rowHeight();
                shown++;
            }
        }
        if (!laneShown(frame, lane) || shown >= lanesShown) {
            return;
        }
        float x0 = (float) Math.max(plot.left(), plot.left() + (frame.barStart(b) - viewStart) * pixelsPerNano);
        float x1 = (float) Math.min(plot.right(), plot.left() + (frame.barEnd(b) - viewStart) * pixelsPerNano);
        if (x1 < plot.left() || x0 > plot.right()) {
            return;
        }
        int top = y + frame.barDepth(b) * metrics.rowHeight();
        list.frame(x0 - thickness, top - 1, Math.max(x1, x0 + 1) + thickness, top + metrics.rowHeight() + 1, thickness,
                rgba);
    }

    /** The last line: bar {@code b} (the hovered one, else the cursor's) described, or how to get a cursor. */
    private void drawInfo(TimelineState state, TimelineFrame frame, int b, boolean hovered, int maxChars, int y,
                          DrawList list) {
        line.clear();
        if (b < 0) {
            line.append(state.focused() ? "no bar in this frame" : "Tab or a click puts a cursor on the bars");
        } else {
            Zone zone = Zone.byId(frame.barZone(b));
            line.append(frame.laneName(frame.barLane(b)), LABEL_CHARS).append(": ")
                    .append(zone == null ? "?" : zone.name(), 48)
                    .append("  start ").appendScaled(frame.barStart(b) - frame.startNanos(), -6, 3)
                    .append(" ms  duration ").appendScaled(frame.barDuration(b), -6, 3)
                    .append(" ms  self ").appendScaled(frame.barSelf(b), -6, 3).append(" ms  depth ")
                    .append(frame.barDepth(b));
            if (frame.barCutAtStart(b)) {
                line.append("  began in an earlier frame");
            }
            if (frame.barCutAtEnd(b)) {
                line.append("  still open at frame end");
            }
        }
        line.truncate(Math.min(line.length(), maxChars));
        list.text(bounds.left() + metrics.pad(), y, line,
                b < 0 ? HudPalette.DIM : hovered ? HudPalette.HELP : HudPalette.TEXT);
    }
}
