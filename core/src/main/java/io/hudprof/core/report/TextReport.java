package io.hudprof.core.report;

import io.hudprof.core.Problem;

/**
 * Prints a {@link Report} as plain text: a title line, column headers, and one aligned line per row, with IProf's
 * {@code +} (can be drilled into) and {@code -} (the call graph's focus) markers and {@code >} on the cursor row.
 * For logs, tests and an end-of-run dump; not for the per-frame path (it builds Strings).
 */
public final class TextReport {
    private static final int NAME_WIDTH = 36;
    private static final int VALUE_WIDTH = 11;

    private TextReport() {
    }

    /** The report as text, times in milliseconds with three decimals. */
    public static String render(Report report) {
        StringBuilder out = new StringBuilder(256 + report.rowCount() * 96);
        append(report, out);
        return out.toString();
    }

    /** Appends the report as text to {@code out}. */
    public static void append(Report report, StringBuilder out) {
        appendTitle(report, out);
        out.append('\n');
        out.append(pad(report.mode() == ReportMode.STATISTICS ? "statistic" : "zone", NAME_WIDTH + 2, false));
        for (int c = 0; c < report.columnCount(); c++) {
            Column column = report.column(c);
            out.append(pad(column == Column.SELF || column == Column.HIER ? column.header() + " ms" : column.header(),
                    VALUE_WIDTH, true));
        }
        out.append('\n');
        for (int i = 0; i < report.rowCount(); i++) {
            appendRow(report, i, out);
        }
    }

    private static void appendTitle(Report report, StringBuilder out) {
        out.append("hudprof ").append(report.mode().label());
        if (report.focusName() != null) {
            out.append(" of ").append(report.focusName());
        }
        out.append(" | ").append(report.averaging().label());
        if (report.frameOffset() == 0) {
            out.append(" | live");
        } else {
            out.append(" | ").append(report.frameOffset()).append(" frames back");
        }
        if (report.frameAvailable()) {
            out.append(" | frame ").append(report.frameNumber()).append(' ')
                    .append(millis(report.frameNanos())).append(" ms");
        } else {
            out.append(" | no data for this frame");
        }
        if (report.recursion() == RecursionDisplay.EXPANDED) {
            out.append(" | recursion expanded");
        }
        if (report.paused()) {
            out.append(" | PAUSED");
        }
        if (report.hasProblems()) {
            out.append(" | problems:");
            for (Problem problem : Problem.values()) {
                long total = report.problemsTotal(problem);
                if (total != 0) {
                    out.append(' ').append(problem.label()).append(' ').append(report.problemsInFrame(problem))
                            .append('/').append(total);
                }
            }
            out.append(" (frame/total)");
        }
    }

    private static void appendRow(Report report, int i, StringBuilder out) {
        ReportRow row = report.row(i);
        StringBuilder name = new StringBuilder();
        name.append("  ".repeat(row.indent()));
        if (row.role() == RowRole.FOCUS) {
            name.append('-');
        } else if (row.drillable()) {
            name.append('+');
        } else {
            name.append(' ');
        }
        name.append(row.name());
        out.append(i == report.cursor() ? "> " : "  ");
        out.append(pad(name.toString(), NAME_WIDTH, false));
        for (int c = 0; c < report.columnCount(); c++) {
            Column column = report.column(c);
            if (!row.shown(column)) {
                out.append(pad("", VALUE_WIDTH, true));
                continue;
            }
            double value = row.value(column);
            String text = switch (column) {
                case SELF, HIER -> millis(value);
                case COUNT -> count(value);
                case SELF_PERCENT, HIER_PERCENT -> fixed(value, 1);
                case FRAME, RUN, MIN, MAX -> row.unit().format(value);
            };
            out.append(pad(text, VALUE_WIDTH, true));
        }
        out.append('\n');
    }

    static String millis(double nanos) {
        return fixed(nanos / 1_000_000.0, 3);
    }

    private static String count(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : fixed(value, 1);
    }

    private static String fixed(double value, int decimals) {
        return java.math.BigDecimal.valueOf(value).setScale(decimals, java.math.RoundingMode.HALF_EVEN)
                .toPlainString();
    }

    private static String pad(String text, int width, boolean right) {
        if (text.length() >= width) {
            return right ? " " + text : text.substring(0, width);
        }
        String spaces = " ".repeat(width - text.length());
        return right ? spaces + text : text + spaces;
    }
}
