package io.hudprof.capture.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Prints a {@link DiffReport} as plain text: a title naming A and B, both frame-time distributions and histograms
 * side by side, then the zones and the call-graph edges, the largest change of self time first, each with A, B, B − A
 * and B / A of per-frame self and hierarchical time (ms) and entries; {@code added}/{@code removed} mark what only one
 * range has. For logs, CI and the command line; not for a per-frame path.
 */
public final class DiffText {
    private static final int NAME_WIDTH = 36;

    private DiffText() {
    }

    /** The whole diff, at most {@code maxRows} zone rows and as many edge rows (0: all). */
    public static String render(DiffReport diff, int maxRows) {
        return render(diff, maxRows, "");
    }

    /**
     * The diff with only the zones whose names contain {@code search} (ignoring case, as the HUD's {@code /}
     * search) and the call-graph edges with such a zone at either end; empty: every row.
     */
    public static String render(DiffReport diff, int maxRows, String search) {
        StringBuilder out = new StringBuilder(4096);
        RangeSummary a = diff.a();
        RangeSummary b = diff.b();
        out.append("hudprof diff | A = ").append(describe(a)).append(" | B = ").append(describe(b)).append('\n');
        out.append(String.format(Locale.ROOT, "%-" + NAME_WIDTH + "s%10s%10s%10s%10s%10s%n", "frame time ms", "min",
                "med", "p95", "p99", "max"));
        frameLine(out, "  A", diff.aFrames());
        frameLine(out, "  B", diff.bFrames());
        DiffReport.FrameTimeStats fa = diff.aFrames();
        out.append(String.format(Locale.ROOT, "frame-time histogram, %d bins from %.3f to %.3f ms:%n", fa.bins(),
                fa.low() / 1e6, fa.high() / 1e6));
        histogramLine(out, "  A", fa);
        histogramLine(out, "  B", diff.bFrames());
        String needle = search == null ? "" : search.trim().toLowerCase(Locale.ROOT);
        List<DiffReport.Row> zones = matching(diff.zones(), needle);
        List<DiffReport.Row> edges = matching(diff.edges(), needle);
        if (!needle.isEmpty()) {
            out.append(String.format(Locale.ROOT, "search \"%s\": %d of %d zones, %d of %d edges%n", search.trim(),
                    zones.size(), diff.zones().size(), edges.size(), diff.edges().size()));
        }
        rows(out, "zones", zones, maxRows);
        rows(out, "call-graph edges (caller -> callee)", edges, maxRows);
        statistics(out, matchingStatistics(diff.statistics(), needle), maxRows);
        return out.toString();
    }

    private static List<DiffReport.StatisticRow> matchingStatistics(List<DiffReport.StatisticRow> rows,
                                                                    String needle) {
        if (needle.isEmpty()) {
            return rows;
        }
        List<DiffReport.StatisticRow> kept = new ArrayList<>();
        for (DiffReport.StatisticRow r : rows) {
            if (r.name().toLowerCase(Locale.ROOT).contains(needle)) {
                kept.add(r);
            }
        }
        return kept;
    }

    /** Statistics: per-frame means in their units, the largest relative change first; none: no section. */
    private static void statistics(StringBuilder out, List<DiffReport.StatisticRow> rows, int maxRows) {
        if (rows.isEmpty()) {
            return;
        }
        out.append("== statistics, by relative change of per-frame means ==\n");
        out.append(String.format(Locale.ROOT, "%-" + NAME_WIDTH + "s%14s%14s%14s%8s  %s%n", "name", "A", "B", "d",
                "ratio", "change"));
        int n = maxRows > 0 ? Math.min(maxRows, rows.size()) : rows.size();
        for (int i = 0; i < n; i++) {
            DiffReport.StatisticRow r = rows.get(i);
            String name = r.name().length() > NAME_WIDTH - 1 ? r.name().substring(0, NAME_WIDTH - 2) + "~" : r.name();
            out.append(String.format(Locale.ROOT, "%-" + NAME_WIDTH + "s%14s%14s%14s%8s  %s%n", name,
                    value(r.unit(), r.a()), value(r.unit(), r.b()), signed(r.unit(), r.delta()), ratio(r.ratio()),
                    r.change() == DiffReport.Change.BOTH ? "" : r.change().name().toLowerCase(Locale.ROOT)));
        }
        if (n < rows.size()) {
            out.append("  ... ").append(rows.size() - n).append(" more\n");
        }
    }

    private static String value(io.hudprof.core.ValueUnit unit, double v) {
        return Double.isNaN(v) ? "-" : io.hudprof.stats.text.UnitText.format(unit, v).trim();
    }

    private static String signed(io.hudprof.core.ValueUnit unit, double v) {
        String text = io.hudprof.stats.text.UnitText.format(unit, Math.abs(v)).trim();
        return v > 0 ? "+" + text : v < 0 ? "-" + text : text;
    }

    /** The rows whose name (an edge's: either end's) contains {@code needle}, lower case; all when it is empty. */
    private static List<DiffReport.Row> matching(List<DiffReport.Row> rows, String needle) {
        if (needle.isEmpty()) {
            return rows;
        }
        List<DiffReport.Row> kept = new ArrayList<>();
        for (DiffReport.Row r : rows) {
            if (r.name().toLowerCase(Locale.ROOT).contains(needle)) {
                kept.add(r);
            }
        }
        return kept;
    }

    private static String describe(RangeSummary range) {
        return range.label() + " (" + range.frames() + " frames"
                + (range.frames() > 0 ? ", #" + range.firstFrame() + "-#" + range.lastFrame() : "") + ")";
    }

    private static void frameLine(StringBuilder out, String label, DiffReport.FrameTimeStats stats) {
        out.append(String.format(Locale.ROOT, "%-" + NAME_WIDTH + "s%10.3f%10.3f%10.3f%10.3f%10.3f%n", label,
                stats.min() / 1e6, stats.median() / 1e6, stats.p95() / 1e6, stats.p99() / 1e6, stats.max() / 1e6));
    }

    private static void histogramLine(StringBuilder out, String label, DiffReport.FrameTimeStats stats) {
        out.append(label).append(" ");
        for (int i = 0; i < stats.bins(); i++) {
            out.append(String.format(Locale.ROOT, "%5d", stats.histogram(i)));
        }
        out.append('\n');
    }

    private static void rows(StringBuilder out, String title, List<DiffReport.Row> rows, int maxRows) {
        out.append("== ").append(title).append(", by change of self time (per-frame means) ==\n");
        out.append(String.format(Locale.ROOT, "%-" + NAME_WIDTH + "s%10s%10s%10s%8s%10s%10s%10s%9s%9s  %s%n", "name",
                "A self", "B self", "d self", "ratio", "A hier", "B hier", "d hier", "A count", "B count", "change"));
        int n = maxRows > 0 ? Math.min(maxRows, rows.size()) : rows.size();
        for (int i = 0; i < n; i++) {
            DiffReport.Row r = rows.get(i);
            String name = r.name().length() > NAME_WIDTH - 1 ? r.name().substring(0, NAME_WIDTH - 2) + "~" : r.name();
            out.append(String.format(Locale.ROOT, "%-" + NAME_WIDTH + "s%10.3f%10.3f%+10.3f%8s%10.3f%10.3f%+10.3f%9.1f%9.1f  %s%n",
                    name, ms(r.a(RangeSummary.SELF)), ms(r.b(RangeSummary.SELF)), ms(r.delta(RangeSummary.SELF)),
                    ratio(r.ratio(RangeSummary.SELF)), ms(r.a(RangeSummary.HIER)), ms(r.b(RangeSummary.HIER)),
                    ms(r.delta(RangeSummary.HIER)), r.a(RangeSummary.COUNT), r.b(RangeSummary.COUNT),
                    r.change() == DiffReport.Change.BOTH ? "" : r.change().name().toLowerCase(Locale.ROOT)));
        }
        if (n < rows.size()) {
            out.append("  ... ").append(rows.size() - n).append(" more\n");
        }
    }

    private static double ms(double nanos) {
        return nanos / 1e6;
    }

    private static String ratio(double ratio) {
        return Double.isInfinite(ratio) ? "new" : String.format(Locale.ROOT, "%.2fx", ratio);
    }
}
