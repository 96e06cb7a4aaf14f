package io.hudprof.overlay;

import java.util.List;

import io.hudprof.core.Averaging;
import io.hudprof.core.Problem;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.RecursionDisplay;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;

/**
 * IProf's text report drawn into the draw list: a title line (mode, averaging, frame, PAUSED), problem counts when
 * there are any, column headers, indented rows with {@code +}/{@code -} drill markers and right-aligned values,
 * heat-coloured text, the cursor row highlighted, a scroll line when the report is longer than the panel, and the
 * key help. Everything sits on a translucent dark background so it reads over any scene.
 *
 * <p>All text is formatted into reused {@link TextBuffer}s: drawing allocates nothing. Render thread only.
 */
final class ReportPanelView {
    /** Characters per value column: "12345.67" plus a separating space. */
    static final int VALUE_CHARS = 9;
    /** Characters per value column of the statistics report: "1023.99 KiB" plus a separating space. */
    static final int STAT_VALUE_CHARS = 12;

    static final int BACKGROUND = 0x0E1116DC;
    static final int BORDER = 0xFFFFFF30;
    static final int TITLE = 0xFFFFFFFF;
    static final int HEADER = 0x8FA3B8FF;
    static final int TEXT = 0xD8DCE0FF;
    static final int HOT = 0xFF6A3DFF;
    static final int DIM = 0x8A939CFF;
    static final int CURSOR = 0x2F62C8E0;
    static final int FOCUS_BAND = 0xFFFFFF1C;
    static final int PAUSED = 0xD03030FF;
    static final int PROBLEM = 0xFFB347FF;
    static final int HELP = 0x9CC4EEFF;

    private static final Problem[] PROBLEMS = Problem.values();

    private final OverlayConfig config;
    private final String[] help;
    private final String hint;
    private final TextBuffer line = new TextBuffer(256);
    private final StringBuilder number = new StringBuilder(32);
    private int firstRow;

    // Where the last frame put things, for tests and for placing the graph clear of the panel.
    private int left;
    private int top;
    private int width;
    private int height;
    private int rowsTop;
    private int rowHeight;
    private int shownRows;
    private int obstacleLeft;
    private int obstacleTop;
    private int obstacleRight;
    private int obstacleBottom;

    ReportPanelView(OverlayConfig config) {
        this.config = config;
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
        obstacleLeft = x0;
        obstacleTop = y0;
        obstacleRight = x1;
        obstacleBottom = y1;
    }

    private boolean overlapsObstacle() {
        return obstacleRight > obstacleLeft && obstacleBottom > obstacleTop
                && left < obstacleRight && obstacleLeft < left + width
                && top < obstacleBottom && obstacleTop < top + height;
    }

    /** Lays the report out; {@code ui} is framebuffer pixels per logical pixel. */
    void draw(Report report, HudControls controls, DrawList list, float ui) {
        FontAtlas font = list.font();
        int cell = font.cellWidth();
        int pad = Math.round(6 * ui);
        rowHeight = font.lineHeight() + Math.max(1, Math.round(3 * ui));
        int textDrop = (rowHeight - font.lineHeight() + 1) / 2;
        int columns = report.columnCount();
        int chars = config.nameChars + columns * valueChars(report);
        int rows = report.rowCount();
        boolean problems = report.hasProblems();
        int helpLines = controls.helpVisible() ? wrap(null, 0, 0, chars, cell, rowHeight, 0) : hint.isEmpty() ? 0 : 1;
        int separator = Math.max(1, Math.round(ui));
        width = 2 * pad + chars * cell;
        // Fewer rows rather than drawing over the graph when the window is short; the rest scroll.
        shownRows = Math.min(config.visibleRows, rows) + 1;
        do {
            shownRows--;
            boolean scrolls = rows > shownRows;
            int lines = 2 + (problems ? 1 : 0) + Math.max(1, shownRows) + (scrolls ? 1 : 0) + helpLines;
            height = 2 * pad + lines * rowHeight + 2 * separator;
            left = config.panelAnchor.left(list.framebufferWidth(), width, Math.round(config.panelOffsetX * ui));
            top = config.panelAnchor.top(list.framebufferHeight(), height, Math.round(config.panelOffsetY * ui));
        } while (shownRows > 1 && overlapsObstacle());
        shownRows = Math.max(1, shownRows);
        boolean scrolls = rows > shownRows;
        int x = left + pad;
        int y = top + pad;

        list.rect(left, top, left + width, top + height, BACKGROUND);
        list.frame(left, top, left + width, top + height, separator, BORDER);

        drawTitle(report, list, x, y + textDrop, chars, cell);
        y += rowHeight;
        if (problems) {
            drawProblems(report, list, x, y + textDrop, chars);
            y += rowHeight;
        }
        drawHeaders(report, list, x, y + textDrop);
        y += rowHeight;
        list.rect(x, y, x + chars * cell, y + separator, BORDER);
        y += separator;

        rowsTop = y;
        if (!report.frameAvailable() || rows == 0) {
            line.clear().append(!report.frameAvailable() ? "no data for this frame"
                    : report.mode() == ReportMode.STATISTICS ? "no statistics defined" : "no zones recorded yet");
            list.text(x, y + textDrop, line, DIM);
            y += rowHeight;
        } else {
            scrollToCursor(report.cursor(), rows, shownRows);
            for (int i = firstRow; i < firstRow + shownRows; i++) {
                drawRow(report, i, list, x, y, chars, cell, pad, textDrop);
                y += rowHeight;
            }
        }
        if (scrolls) {
            line.clear().append("rows ").append(firstRow + 1).append('-').append(firstRow + shownRows)
                    .append(" of ").append(rows);
            list.text(x, y + textDrop, line, DIM);
            y += rowHeight;
        }
        y += separator;
        if (controls.helpVisible()) {
            wrap(list, x, y + textDrop, chars, cell, rowHeight, HELP);
        } else if (!hint.isEmpty()) {
            list.text(x, y + textDrop, hint, DIM);
        }
    }

    private void drawTitle(Report report, DrawList list, int x, int y, int chars, int cell) {
        line.clear().append("hudprof | ").append(report.mode().label());
        if (report.focusName() != null) {
            line.append(" of ").append(report.focusName());
        }
        Averaging averaging = report.averaging();
        line.append(" | ").append(averaging.label()).append(" | ");
        if (report.frameOffset() == 0) {
            line.append("live");
        } else {
            line.append(report.frameOffset()).append(" back");
        }
        if (report.frameAvailable()) {
            line.append(" | #").append(report.frameNumber()).append(' ')
                    .appendFixed(report.frameNanos() / 1e6, 2).append(" ms");
        }
        if (report.recursion() == RecursionDisplay.EXPANDED) {
            line.append(" | recursion expanded");
        }
        int room = report.paused() ? chars - 8 : chars;
        if (line.length() > room) {
            line.truncate(room - 1).append('~');
        }
        list.text(x, y, line, TITLE);
        if (report.paused()) {
            int badgeRight = x + chars * cell;
            int badgeLeft = badgeRight - 6 * cell - cell;
            int inset = Math.max(1, cell / 4);
            list.rect(badgeLeft, y - inset, badgeRight, y + list.font().lineHeight() + inset, PAUSED);
            list.text(badgeLeft + cell / 2, y, "PAUSED", TITLE);
        }
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
        list.text(x, y, line, PROBLEM);
    }

    /** Statistics carry units ("12.50 MiB"), so their columns are wider than the time columns. */
    private static int valueChars(Report report) {
        return report.mode() == ReportMode.STATISTICS ? STAT_VALUE_CHARS : VALUE_CHARS;
    }

    private void drawHeaders(Report report, DrawList list, int x, int y) {
        String first = report.mode() == ReportMode.STATISTICS ? "statistic" : "zone";
        line.clear().append(first).spaces(config.nameChars - first.length());
        int valueChars = valueChars(report);
        for (int c = 0; c < report.columnCount(); c++) {
            Column column = report.column(c);
            int from = line.length();
            line.append(column.header());
            if (column == Column.SELF || column == Column.HIER) {
                line.append(" ms");
            }
            line.alignRight(from, valueChars);
        }
        list.text(x, y, line, HEADER);
    }

    private void drawRow(Report report, int i, DrawList list, int x, int y, int chars, int cell, int pad,
                         int textDrop) {
        ReportRow row = report.row(i);
        boolean cursor = i == report.cursor();
        if (cursor) {
            list.rect(x - pad / 2, y, x + chars * cell + pad / 2, y + rowHeight, CURSOR);
        } else if (row.role() == RowRole.FOCUS) {
            list.rect(x - pad / 2, y, x + chars * cell + pad / 2, y + rowHeight, FOCUS_BAND);
        }
        line.clear().spaces(2 * row.indent());
        line.append(row.role() == RowRole.FOCUS ? '-' : row.drillable() ? '+' : ' ');
        int nameRoom = config.nameChars - 1 - line.length();
        String name = row.name();
        if (name.length() > nameRoom) {
            line.append(name, Math.max(0, nameRoom - 1)).append('~');
        } else {
            line.append(name);
        }
        line.truncate(config.nameChars - 1);
        line.spaces(config.nameChars - line.length());
        int valueChars = valueChars(report);
        for (int c = 0; c < report.columnCount(); c++) {
            Column column = report.column(c);
            int from = line.length();
            if (row.shown(column)) {
                appendValue(row, column, row.value(column));
            }
            line.alignRight(from, valueChars);
            if (line.length() - from > valueChars) {
                line.truncate(from).spaces(valueChars - 1).append('#');
            }
        }
        // Rows whose values jump between frames glow: IProf's heat. A quarter's change is already fully hot.
        int color = row.role() == RowRole.FOCUS || cursor ? TITLE : Rgba.lerp(TEXT, HOT, row.heat() * 4);
        if (!cursor && report.mode() == ReportMode.STATISTICS && row.indent() == 0) {
            color = HEADER;
        }
        list.text(x, y + textDrop, line, color);
    }

    private void appendValue(ReportRow row, Column column, double value) {
        switch (column) {
            case FRAME, RUN, MIN, MAX -> {
                number.setLength(0);
                row.unit().append(value, number);
                line.append(number);
            }
            case SELF, HIER -> line.appendFixed(value / 1e6, config.timeDecimals);
            case COUNT -> {
                if (value == Math.rint(value) && Math.abs(value) < 1e15) {
                    line.append((long) value);
                } else {
                    line.appendFixed(value, 1);
                }
            }
            case SELF_PERCENT, HIER_PERCENT -> line.appendFixed(value, 1);
        }
    }

    /** Keeps the cursor row inside the visible window, moving the window as little as possible. */
    private void scrollToCursor(int cursor, int rows, int visible) {
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
    private int wrap(DrawList list, int x, int y, int chars, int cell, int lineStep, int color) {
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
                        Math.min(entry.length(), chars - at), color);
            }
            column += needed;
        }
        return lines;
    }

    int left() {
        return left;
    }

    int top() {
        return top;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    /** Top of the first report row, in framebuffer pixels. */
    int rowsTop() {
        return rowsTop;
    }

    int rowHeight() {
        return rowHeight;
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
