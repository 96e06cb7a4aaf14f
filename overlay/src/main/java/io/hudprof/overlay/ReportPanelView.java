package io.hudprof.overlay;

import java.util.List;

import io.hudprof.core.Averaging;
import io.hudprof.core.Metric;
import io.hudprof.core.Problem;
import io.hudprof.core.ValueUnit;
import io.hudprof.core.report.StatusSource;
import io.hudprof.stats.text.TextLine;
import io.hudprof.core.report.RecursionDisplay;
import io.hudprof.core.report.Report;
import io.hudprof.stats.text.ReportCells;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import io.hudprof.stats.text.UnitText;

/**
 * IProf's text report drawn into the draw list: a title line (mode, averaging, frame, PAUSED), problem counts when
 * there are any, column headers, indented rows with {@code +}/{@code -} drill markers and right-aligned values,
 * heat-coloured text, the cursor row highlighted, a scroll line when the report is longer than the panel, and the
 * key help. Everything sits on a translucent dark background so it reads over any scene.
 *
 * <p>All text is formatted into reused {@link TextLine}s: drawing allocates nothing. Render thread only.
 */
final class ReportPanelView {
    /** Characters per value column: "12345.678" plus a separating space. */
    static final int VALUE_CHARS = 10;
    /** Characters per value column of the statistics report: "1023.99 KiB" plus a separating space. */
    static final int STAT_VALUE_CHARS = 12;

    private static final Problem[] PROBLEMS = Problem.values();

    private final OverlayConfig config;
    private final HudMetrics metrics;
    private final String[] help;
    private final String hint;
    private final TextLine line = new TextLine(256);
    /** The search line as last drawn (empty when none was). */
    private final TextLine searchLine = new TextLine(256);
    private int firstRow;
    private double collections = Double.NaN;
    private StatusSource status;
    /** The status source's text, copied into the title line (a builder with room appends without allocating). */
    private final StringBuilder statusText = new StringBuilder(64);

    // Where the last frame put things, for tests and for keeping clear of the graph.
    private final Box bounds = new Box();
    private final Box obstacle = new Box();
    private int rowsTop;
    private int shownRows;
    /** Characters of the name column and value columns shown this frame: fewer when the framebuffer is narrow. */
    private int nameChars;
    private int shownColumns;
    /** Report row under the mouse pointer, or -1. */
    private int hoverRow = -1;
    /** The cursor when the wheel last scrolled: until it moves, the panel keeps the scrolled position. */
    private int scrolledAtCursor = -1;
    /** No room even for one row with the scroll line and key hint: they are left out. */
    private boolean compact;

    ReportPanelView(OverlayConfig config, HudMetrics metrics) {
        this.config = config;
        this.metrics = metrics;
        List<String> entries = config.keys.helpEntries();
        this.help = entries.toArray(new String[0]);
        String toggle = config.keys.describe(HudAction.TOGGLE_OVERLAY);
        String keys = config.keys.describe(HudAction.TOGGLE_HELP);
        StringBuilder h = new StringBuilder();
        if (!keys.isEmpty()) {
            h.append(keys).append(" keys");
        }
        if (!toggle.isEmpty()) {
            h.append(h.length() > 0 ? "  " : "").append(toggle).append(" hide");
        }
        this.hint = h.toString();
    }

    /** A rectangle (the graph) the panel should not cover this frame; an empty one means none. */
    void keepClearOf(int x0, int y0, int x1, int y1) {
        obstacle.setEdges(x0, y0, x1, y1);
    }

    /** Lays the report out and draws it. */
    void draw(Report report, HudControls controls, DrawList list) {
        int cell = metrics.cell();
        int pad = metrics.pad();
        int rowHeight = metrics.rowHeight();
        int textDrop = metrics.textDrop();
        int separator = metrics.line();
        int framebufferWidth = list.framebufferWidth();
        int framebufferHeight = list.framebufferHeight();
        fitColumns(report, framebufferWidth);
        int chars = nameChars + shownColumns * valueChars(report);
        int rows = report.rowCount();
        boolean problems = report.hasProblems();
        boolean notes = report.noteCount() > 0;
        boolean gpu = gpuLine(report);
        boolean search = controls.view().searchTyping() || controls.view().searchActive();
        int helpLines = controls.view().helpVisible() ? wrap(null, 0, 0, chars) : hint.isEmpty() ? 0 : 1;
        int width = 2 * pad + chars * cell;
        int offsetX = metrics.scaled(config.panelOffsetX);
        int offsetY = metrics.scaled(config.panelOffsetY);
        HudLayout layout = controls.layout();
        // The user's placement wins over keeping clear of the graph: they put it there.
        boolean avoid = !layout.moved(HudLayout.Panel.REPORT) && !layout.moved(HudLayout.Panel.GRAPH);
        // Fewer rows rather than drawing over the graph or past the framebuffer's bottom; the rest scroll.
        // At one row and still short of room, the scroll line and the key hint go too (compact).
        shownRows = Math.min(layout.size(HudLayout.Panel.REPORT, config.visibleRows), rows) + 1;
        compact = false;
        while (true) {
            shownRows--;
            boolean scrolls = rows > shownRows && !compact;
            int lines = 2 + (problems ? 1 : 0) + (notes ? 1 : 0) + (gpu ? 1 : 0) + (search ? 1 : 0)
                    + Math.max(1, shownRows)
                    + (scrolls ? 1 : 0) + (compact ? 0 : helpLines);
            int height = 2 * pad + lines * rowHeight + 2 * separator;
            bounds.set(config.panelAnchor.left(framebufferWidth, width, offsetX),
                    config.panelAnchor.top(framebufferHeight, height, offsetY), width, height);
            layout.place(HudLayout.Panel.REPORT, bounds, metrics.ui(), framebufferWidth, framebufferHeight);
            boolean cramped = (avoid && bounds.overlaps(obstacle)) || bounds.bottom() > framebufferHeight;
            if (!cramped || (shownRows <= 1 && compact)) {
                break;
            }
            if (shownRows <= 1) {
                compact = true;
                shownRows++;
            }
        }
        shownRows = Math.max(1, shownRows);
        int scroll = controls.takeReportScroll();
        if (scroll != 0) {
            firstRow += scroll;
            scrolledAtCursor = report.cursor();
        }
        boolean scrolls = rows > shownRows && !compact;
        int x = bounds.left() + pad;
        int y = bounds.top() + pad;

        list.panel(bounds.left(), bounds.top(), bounds.right(), bounds.bottom());
        list.frame(bounds.left(), bounds.top(), bounds.right(), bounds.bottom(), separator, HudPalette.BORDER);

        drawTitle(report, list, x, y + textDrop, chars);
        y += rowHeight;
        if (gpu) {
            gpuText(report);
            if (line.length() > chars) {
                line.truncate(chars - 1).append('~');
            }
            list.text(x, y + textDrop, line, report.gpuUnavailable() != null ? HudPalette.PROBLEM : HudPalette.DIM);
            y += rowHeight;
        }
        searchLine.clear();
        if (search) {
            searchText(controls, chars);
            list.text(x, y + textDrop, searchLine, controls.view().searchTyping() ? HudPalette.TITLE : HudPalette.HELP);
            y += rowHeight;
        }
        if (problems) {
            drawProblems(report, list, x, y + textDrop, chars);
            y += rowHeight;
        }
        if (notes) {
            drawNotes(report, list, x, y + textDrop, chars);
            y += rowHeight;
        }
        appendHeaders(report, line.clear());
        list.text(x, y + textDrop, line, HudPalette.HEADER);
        y += rowHeight;
        list.rect(x, y, x + chars * cell, y + separator, HudPalette.BORDER);
        y += separator;

        rowsTop = y;
        if (!report.frameAvailable() || rows == 0) {
            line.clear().append(report.metricUnavailable() != null ? report.metricUnavailable()
                    : !report.frameAvailable() ? "no data for this frame"
                    : report.mode() == ReportMode.STATISTICS ? "no statistics defined"
                    : controls.view().searchActive() ? "no zone name contains the search" : "no zones recorded yet");
            list.text(x, y + textDrop, line, HudPalette.DIM);
            y += rowHeight;
        } else {
            scrollToCursor(report.cursor(), rows, shownRows);
            if (hoverRow >= firstRow && hoverRow < firstRow + shownRows && hoverRow != report.cursor()) {
                int band = metrics.pad() / 2;
                int top = rowsTop + (hoverRow - firstRow) * rowHeight;
                list.rect(x - band, top, x + chars * cell + band, top + rowHeight, HudPalette.HOVER);
            }
            for (int i = firstRow; i < firstRow + shownRows; i++) {
                drawRow(report, i, list, x, y, chars);
                y += rowHeight;
            }
        }
        if (scrolls) {
            line.clear().append("rows ").append(firstRow + 1).append('-').append(firstRow + shownRows)
                    .append(" of ").append(rows);
            list.text(x, y + textDrop, line, HudPalette.DIM);
            y += rowHeight;
        }
        y += separator;
        if (compact) {
            return;
        }
        if (controls.view().helpVisible()) {
            wrap(list, x, y + textDrop, chars);
        } else if (!hint.isEmpty()) {
            list.text(x, y + textDrop, hint, HudPalette.DIM);
        }
    }

    /**
     * Chooses the name column's width and how many value columns fit across the framebuffer: the configured name
     * width and every column when there is room; otherwise a narrower name column (down to 12 characters), then
     * fewer value columns (the rightmost go first, at least one stays).
     */
    private void fitColumns(Report report, int framebufferWidth) {
        int valueChars = valueChars(report);
        int room = (framebufferWidth - 2 * metrics.pad()) / Math.max(1, metrics.cell());
        nameChars = config.nameChars;
        shownColumns = report.columnCount();
        int over = nameChars + shownColumns * valueChars - room;
        if (over > 0) {
            nameChars = Math.max(Math.min(12, config.nameChars), nameChars - over);
        }
        while (shownColumns > 1 && nameChars + shownColumns * valueChars > room) {
            shownColumns--;
        }
    }

    /**
     * The search line into the reused line: the text, a caret while typing, and the keys that end it; cut from the
     * left when long, so the caret stays in view.
     */
    private void searchText(HudControls controls, int chars) {
        CharSequence text = controls.view().searchText();
        boolean typing = controls.view().searchTyping();
        String keys = typing ? "  Enter keep  Esc clear" : "  / edit  Esc clear";
        int room = Math.max(1, chars - 8 - (typing ? 1 : 0) - keys.length());
        TextLine out = searchLine.clear().append("search: ");
        if (text.length() > room) {
            out.append('~');
            for (int i = text.length() - room + 1; i < text.length(); i++) {
                out.append(text.charAt(i));
            }
        } else {
            out.append(text);
        }
        if (typing) {
            out.append('_');
        }
        out.append(keys);
        if (out.length() > chars) {
            out.truncate(chars);
        }
    }

    /** The search line as the last {@link #draw} drew it; empty when it drew none. */
    TextLine searchLine() {
        return searchLine;
    }

    private void drawTitle(Report report, DrawList list, int x, int y, int chars) {
        titleText(report);
        int room = report.paused() ? chars - 8 : chars;
        if (line.length() > room) {
            line.truncate(room - 1).append('~');
        }
        list.text(x, y, line, HudPalette.TITLE);
        if (report.paused()) {
            int cell = metrics.cell();
            int badgeRight = x + chars * cell;
            int badgeLeft = badgeRight - 6 * cell - cell;
            int inset = Math.max(1, cell / 4);
            list.rect(badgeLeft, y - inset, badgeRight, y + metrics.lineHeight() + inset, HudPalette.PAUSED);
            list.text(badgeLeft + cell / 2, y, "PAUSED", HudPalette.TITLE);
        }
    }

    /** Writes the panel's title line for {@code report}, uncut, into the reused line and returns it. */
    TextLine titleText(Report report) {
        line.clear().append("hudprof | ").append(report.mode().label());
        if (report.focusName() != null) {
            line.append(" of ").append(report.focusName());
        }
        Averaging averaging = report.averaging();
        line.append(" | ").append(averaging.label()).append(" | ");
        if (report.storedSpike()) {
            line.append("spike #").append(report.spikeFrameNumber()).append(" (stored)");
        } else if (report.frameOffset() == 0) {
            line.append("live");
        } else {
            line.append(report.frameOffset()).append(" back");
        }
        if (report.frameAvailable()) {
            line.append(" | #").append(report.frameNumber()).append(' ')
                    .appendScaled(report.frameNanos(), -6, 2).append(" ms");
            if (report.metric() == Metric.ALLOCATED_BYTES) {
                appendAllocation(report, line);
            }
        }
        if (report.shownThread() >= 0) {
            line.append(" | thread ").append(report.shownThreadName());
            if (report.threadEndedInFrame(report.shownThread())) {
                line.append(" (ended mid-frame)");
            }
        } else if (report.threadCount() > 1) {
            line.append(" | all ").append(report.threadCount()).append(" threads");
        }
        if (report.recursion() == RecursionDisplay.EXPANDED) {
            line.append(" | recursion expanded");
        }
        if (status != null) {
            statusText.setLength(0);
            try {
                status.appendStatus(statusText);
                line.append(" | ").append(statusText);
            } catch (RuntimeException e) {
                // A status source's bug must not take the HUD down: the title just goes without it.
            }
        }
        return line;
    }

    /** The status appended to the title (see {@link HudControls#status}), or null. */
    void status(StatusSource source) {
        this.status = source;
    }

    /** Whether the panel has a GPU line: GPU timing is unavailable, or the shown frame has GPU numbers. */
    private static boolean gpuLine(Report report) {
        return report.gpuUnavailable() != null || report.gpuFrameNanos() >= 0 || report.gpuFramesLate() >= 0;
    }

    /**
     * The GPU line: the shown frame's GPU time and, live, how many frames behind the CPU numbers the GPU numbers are
     * (their results arrive late); or that GPU timing is unavailable on this context.
     */
    TextLine gpuText(Report report) {
        line.clear();
        if (report.gpuUnavailable() != null) {
            return line.append("GPU timing unavailable (no timer queries in this context)");
        }
        line.append("<gpu> frame ");
        if (report.gpuFrameNanos() >= 0) {
            line.appendScaled(report.gpuFrameNanos(), -6, 2).append(" ms");
        } else {
            line.append("not in yet");
        }
        int late = report.gpuFramesLate();
        if (late >= 0) {
            line.append(" | live GPU numbers ").append(late).append(late == 1 ? " frame late" : " frames late");
        }
        return line;
    }

    /** The allocation header: the shown frame's bytes, their rate, and the collections in the live frame. */
    private void appendAllocation(Report report, TextLine dest) {
        dest.append(" | ");
        UnitText.append(ValueUnit.BYTES, report.frameTotal(), dest);
        double seconds = report.frameNanos() / 1e9;
        dest.append(' ').appendFixed(seconds > 0 ? report.frameTotal() / seconds / 1e6 : 0, 1).append(" MB/s");
        if (report.frameOffset() == 0 && !report.storedSpike() && !Double.isNaN(collections)) {
            dest.append(" | GC ");
            UnitText.appendCount(collections, 1, dest);
        }
    }

    /**
     * The number of garbage collections in the live frame (the statistics' GC sensor), or {@code NaN} when no such
     * sensor is on; shown in the allocation header.
     */
    void collections(double count) {
        this.collections = count;
    }

    /** The JVM events pinned to the shown frame: {@code included G1 Young Generation pause 11.2 ms (...); ...}. */
    private void drawNotes(Report report, DrawList list, int x, int y, int chars) {
        line.clear().append("included ");
        for (int i = 0; i < report.noteCount() && line.length() < chars; i++) {
            line.append(i == 0 ? "" : "; ").append(report.note(i), chars + 1 - line.length());
        }
        if (line.length() > chars) {
            line.truncate(chars - 1).append('~');
        }
        list.text(x, y, line, HudPalette.PROBLEM);
    }

    private void drawProblems(Report report, DrawList list, int x, int y, int chars) {
        line.clear().append("problems (frame/total):");
        for (Problem problem : PROBLEMS) {
            long total = report.problemsTotal(problem);
            if (total != 0) {
                line.append("  ").append(problem.label()).append(' ').append(report.problemsInFrame(problem))
                        .append('/').append(total);
            }
        }
        if (line.length() > chars) {
            line.truncate(chars - 1).append('~');
        }
        list.text(x, y, line, HudPalette.PROBLEM);
    }

    /** Statistics carry units ("12.50 MiB"), so their columns are wider than the time columns. */
    private static int valueChars(Report report) {
        return report.mode() == ReportMode.STATISTICS || report.metric() == Metric.ALLOCATED_BYTES
                ? STAT_VALUE_CHARS : VALUE_CHARS;
    }

    /** The column headers, aligned as the rows are. */
    private void appendHeaders(Report report, TextLine dest) {
        String first = report.mode() == ReportMode.STATISTICS ? "statistic" : "zone";
        dest.append(first).spaces(nameChars - first.length());
        int valueChars = valueChars(report);
        for (int c = 0; c < shownColumns; c++) {
            int from = dest.length();
            ReportCells.appendHeader(report.column(c), report.metric(), dest);
            dest.alignRight(from, valueChars);
        }
    }

    private void drawRow(Report report, int i, DrawList list, int x, int y, int chars) {
        ReportRow row = report.row(i);
        boolean cursor = i == report.cursor();
        int band = metrics.pad() / 2;
        if (cursor) {
            list.rect(x - band, y, x + chars * metrics.cell() + band, y + metrics.rowHeight(), HudPalette.CURSOR);
        } else if (row.role() == RowRole.FOCUS) {
            list.rect(x - band, y, x + chars * metrics.cell() + band, y + metrics.rowHeight(), HudPalette.FOCUS_BAND);
        }
        appendRow(report, i, line.clear());
        // Rows whose values jump between frames glow: IProf's heat. A quarter's change is already fully hot.
        int color = row.role() == RowRole.FOCUS || cursor ? HudPalette.TITLE
                : Rgba.lerp(HudPalette.TEXT, HudPalette.HOT, row.heat() * 4);
        if (!cursor && report.mode() == ReportMode.STATISTICS && row.indent() == 0) {
            color = HudPalette.HEADER;
        }
        if (!cursor && row.role() == RowRole.SPAWNED) {
            // Worker threads' time on this zone's behalf: outside the zone's own sums, so set apart.
            color = HudPalette.HELP;
        }
        list.text(x, y + metrics.textDrop(), line, color);
    }

    /**
     * Appends the text of report row {@code i} as the panel draws it: the name cell in {@code nameChars - 1}
     * characters and a space, then each value right-aligned in its column ({@code #} when a value does not fit).
     * The cells are {@link ReportCells}, as in the text report.
     */
    void appendRow(Report report, int i, TextLine dest) {
        ReportRow row = report.row(i);
        int start = dest.length();
        int names = nameChars > 0 ? nameChars : config.nameChars;
        ReportCells.appendName(row, names - 1, dest);
        dest.spaces(start + names - dest.length());
        int valueChars = valueChars(report);
        int columns = nameChars > 0 ? shownColumns : report.columnCount();
        for (int c = 0; c < columns; c++) {
            int from = dest.length();
            ReportCells.appendValue(row, report.column(c), config.timeDecimals, dest);
            dest.alignRight(from, valueChars);
            if (dest.length() - from > valueChars) {
                dest.truncate(from).spaces(valueChars - 1).append('#');
            }
        }
    }

    /**
     * Keeps the cursor row inside the visible window, moving the window as little as possible; after a wheel scroll,
     * only once the cursor moves again.
     */
    private void scrollToCursor(int cursor, int rows, int visible) {
        if (scrolledAtCursor >= 0 && cursor == scrolledAtCursor) {
            firstRow = Math.max(0, Math.min(firstRow, rows - visible));
            return;
        }
        scrolledAtCursor = -1;
        if (cursor >= 0) {
            if (cursor < firstRow) {
                firstRow = cursor;
            } else if (cursor >= firstRow + visible) {
                firstRow = cursor - visible + 1;
            }
        }
        firstRow = Math.max(0, Math.min(firstRow, rows - visible));
    }

    /**
     * Flows the help entries into lines of at most {@code chars} characters; draws them when {@code list} is not
     * null. Returns the number of lines.
     */
    private int wrap(DrawList list, int x, int y, int chars) {
        int cell = metrics.cell();
        int lineStep = metrics.rowHeight();
        int lines = 1;
        int column = 0;
        for (String entry : help) {
            int needed = (column == 0 ? 0 : 2) + entry.length();
            if (column > 0 && column + needed > chars) {
                lines++;
                column = 0;
                needed = entry.length();
            }
            if (list != null) {
                int at = column == 0 ? 0 : column + 2;
                list.text(x + at * cell, y + (lines - 1) * lineStep, entry, 0,
                        Math.min(entry.length(), chars - at), HudPalette.HELP);
            }
            column += needed;
        }
        return lines;
    }

    /** The report row under framebuffer pixel (x, y) in the last frame drawn, or -1. */
    int rowAt(int x, int y) {
        if (x < bounds.left() || x >= bounds.right() || y < rowsTop || shownRows <= 0) {
            return -1;
        }
        int i = (y - rowsTop) / metrics.rowHeight();
        return i < shownRows ? firstRow + i : -1;
    }

    /** Whether (x, y) is on the panel's title line, the handle that drags it. */
    boolean onTitle(int x, int y) {
        return bounds.contains(x, y) && y < bounds.top() + metrics.pad() + metrics.rowHeight();
    }

    /** Highlights report row {@code row} (the one under the mouse), or none with -1. */
    void hover(int row) {
        hoverRow = row;
    }

    /** Value columns shown in the last frame (fewer than the report's when the framebuffer is narrow). */
    int shownColumns() {
        return shownColumns;
    }

    /** The panel, as last laid out. */
    Box bounds() {
        return bounds;
    }

    /** Top of the first report row, in framebuffer pixels. */
    int rowsTop() {
        return rowsTop;
    }

    int rowHeight() {
        return metrics.rowHeight();
    }

    /** How many report rows the last frame had room for. */
    int shownRows() {
        return shownRows;
    }

    /** Index of the first report row shown (the scroll position). */
    int firstRow() {
        return firstRow;
    }
}
