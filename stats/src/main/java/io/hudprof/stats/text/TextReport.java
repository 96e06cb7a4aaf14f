package io.hudprof.stats.text;

import io.hudprof.core.Metric;
import io.hudprof.core.Problem;
import io.hudprof.core.ValueUnit;
import io.hudprof.core.report.Distribution;
import io.hudprof.core.report.RecursionDisplay;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;

/**
 * Prints a {@link Report} as plain text: a title line, column headers, and one aligned line per row, with IProf's
 * {@code +} (can be drilled into) and {@code -} (the call graph's focus) markers and {@code >} on the cursor row.
 * Cells are {@link ReportCells}, so they read exactly like the HUD's. For logs, tests and an end-of-run dump; not for
 * the per-frame path (it builds Strings).
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
        TextLine line = new TextLine(128);
        line.append(report.mode() == ReportMode.STATISTICS ? "statistic" : "zone");
        line.spaces(NAME_WIDTH + 2 - line.length());
        for (int c = 0; c < report.columnCount(); c++) {
            int from = line.length();
            ReportCells.appendHeader(report.column(c), report.metric(), line);
            alignValue(line, from);
        }
        out.append(line).append('\n');
        for (int i = 0; i < report.rowCount(); i++) {
            line.clear();
            appendRow(report, i, line);
            out.append(line).append('\n');
        }
    }

    private static void appendTitle(Report report, StringBuilder out) {
        out.append("hudprof ").append(report.mode().label());
        if (report.focusName() != null) {
            out.append(" of ").append(report.focusName());
        }
        if (report.metric() == Metric.ALLOCATED_BYTES) {
            out.append(" | allocated bytes");
        }
        out.append(" | ").append(report.averaging().label());
        if (report.storedSpike()) {
            out.append(" | spike #").append(report.spikeFrameNumber()).append(" (stored)");
        } else if (report.frameOffset() == 0) {
            out.append(" | live");
        } else {
            out.append(" | ").append(report.frameOffset()).append(" frames back");
        }
        if (report.frameAvailable()) {
            out.append(" | frame ").append(report.frameNumber()).append(' ')
                    .append(millis(report.frameNanos())).append(" ms");
            if (report.metric() == Metric.ALLOCATED_BYTES) {
                out.append(' ').append(UnitText.format(ValueUnit.BYTES, report.frameTotal())).append(" allocated");
            }
        } else if (report.metricUnavailable() != null) {
            out.append(" | ").append(report.metricUnavailable());
        } else {
            out.append(" | no data for this frame");
        }
        if (report.shownThread() >= 0) {
            out.append(" | thread ").append(report.shownThreadName());
            if (report.threadEndedInFrame(report.shownThread())) {
                out.append(" (ended mid-frame)");
            }
        } else if (report.threadCount() > 1) {
            out.append(" | all ").append(report.threadCount()).append(" threads");
        }
        if (report.recursion() == RecursionDisplay.EXPANDED) {
            out.append(" | recursion expanded");
        }
        if (report.distribution() != Distribution.OFF) {
            out.append(" | per-frame ").append(report.distribution().label()).append(" over ")
                    .append(report.distributionFrames()).append(" frames (nearest rank)");
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
        for (int i = 0; i < report.noteCount(); i++) {
            out.append(" | included ").append(report.note(i));
        }
        if (report.notesLeftOut() > 0) {
            out.append(" | ").append(report.notesLeftOut()).append(" more notes");
        }
    }

    private static void appendRow(Report report, int i, TextLine line) {
        ReportRow row = report.row(i);
        line.append(i == report.cursor() ? "> " : "  ");
        int from = line.length();
        ReportCells.appendName(row, NAME_WIDTH, line);
        line.spaces(from + NAME_WIDTH - line.length());
        for (int c = 0; c < report.columnCount(); c++) {
            from = line.length();
            ReportCells.appendValue(row, report.column(c), line);
            alignValue(line, from);
        }
    }

    /** Right-aligns a value cell in its column; one wider than the column keeps a space before it. */
    private static void alignValue(TextLine line, int from) {
        int written = line.length() - from;
        line.alignRight(from, written >= VALUE_WIDTH ? written + 1 : VALUE_WIDTH);
    }

    private static String millis(double nanos) {
        return new TextLine(16).appendScaled(nanos, -6, ReportCells.MILLIS_DECIMALS).toString();
    }
}
