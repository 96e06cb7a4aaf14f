package io.hudprof.overlay;

import io.hudprof.core.Profiler;
import io.hudprof.capture.compare.DiffReport;
import io.hudprof.capture.compare.RangeSummary;
import io.hudprof.stats.text.UnitText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The HUD's diff mode: two frame ranges of history marked with keys (1 marks range A's two ends, 2 range B's, at the
 * frame the report shows; pause and scrub to choose them), compared as a {@link DiffReport}: a title with both
 * ranges and their frame-time medians and p95, then the zones whose per-frame self time changed most, with A, B,
 * B − A and B / A, and (with statistics) the statistics whose per-frame mean moved most. The comparison is made once when a range is completed (it builds Strings: a key press's cost, not a
 * frame's); drawing it each frame allocates nothing. Drawn top right, under where the spike list sits.
 *
 * <p>A diff made elsewhere (the viewer's two captures) is shown the same way ({@link #show}) until cleared or a range
 * is marked.
 */
final class DiffPanelView {
    static final int ROWS = 10;
    /** Statistics shown under the zones: those whose per-frame mean moved most. */
    static final int STATISTIC_ROWS = 4;
    private static final int CHARS = 78;

    private final HudMetrics metrics;
    private final Box bounds = new Box();
    private final List<String> lines = new ArrayList<>();
    /** Per line: its colour (grown zones in the heat colour). */
    private final List<Integer> colors = new ArrayList<>();
    private DiffReport diff;
    /** The view's marked ranges or given diff, which this panel shows. */
    private final DiffMarks marks;
    /** The {@link DiffMarks#version()} the lines were worked out for. */
    private int shownVersion = -1;

    DiffPanelView(HudMetrics metrics, DiffMarks marks) {
        this.metrics = metrics;
        this.marks = marks;
    }

    /**
     * Works the lines out again when the marks changed since (a key marked a range, the view was copied): with both
     * ranges complete the comparison is made here, once per change (it builds Strings: a key press's cost).
     */
    void update(Profiler profiler) {
        if (shownVersion == marks.version()) {
            return;
        }
        shownVersion = marks.version();
        if (marks.given != null) {
            show(marks.given);
        } else {
            compare(profiler);
        }
    }

    /** Shows a diff made elsewhere, its ranges named by their labels (two captures: their file names). */
    private void show(DiffReport diff) {
        lines.clear();
        colors.clear();
        this.diff = diff;
        RangeSummary a = diff.a();
        RangeSummary b = diff.b();
        lines.add(String.format(Locale.ROOT, "diff A %s (%d) vs B %s (%d): frame med %.2f>%.2f p95 %.2f>%.2f ms",
                a.label(), a.frames(), b.label(), b.frames(), diff.aFrames().median() / 1e6,
                diff.bFrames().median() / 1e6, diff.aFrames().p95() / 1e6, diff.bFrames().p95() / 1e6));
        rows(diff);
    }

    DiffReport diff() {
        return diff;
    }

    private void compare(Profiler profiler) {
        lines.clear();
        colors.clear();
        diff = null;
        if (!marks.active()) {
            return;
        }
        if (!marks.complete()) {
            colors.add(HudPalette.HEADER);
            lines.add("diff: A " + describe(0) + ", B " + describe(1) + " (1 and 2 mark each range's two ends)");
            return;
        }
        long latest = profiler.history().frameNumber(0);
        RangeSummary a = summary(profiler, latest, 0, "A");
        RangeSummary b = summary(profiler, latest, 1, "B");
        diff = DiffReport.between(a, b);
        DiffReport.FrameTimeStats fa = diff.aFrames();
        DiffReport.FrameTimeStats fb = diff.bFrames();
        lines.add(String.format(Locale.ROOT, "diff A #%d-#%d (%d) vs B #%d-#%d (%d): frame med %.2f>%.2f p95 %.2f>%.2f ms",
                a.firstFrame(), a.lastFrame(), a.frames(), b.firstFrame(), b.lastFrame(), b.frames(),
                fa.median() / 1e6, fb.median() / 1e6, fa.p95() / 1e6, fb.p95() / 1e6));
        rows(diff);
    }

    /** The header's colour, then the column titles and the zones that changed most (after the header line). */
    private void rows(DiffReport diff) {
        colors.add(HudPalette.HEADER);
        colors.add(HudPalette.DIM);
        lines.add(String.format(Locale.ROOT, "%-30s%9s%9s%9s%8s  %s", "zone (per-frame self ms)", "A", "B", "B-A",
                "B/A", ""));
        List<DiffReport.Row> zones = diff.zones();
        for (int i = 0; i < Math.min(ROWS, zones.size()); i++) {
            DiffReport.Row r = zones.get(i);
            String name = r.name().length() > 29 ? r.name().substring(0, 28) + "~" : r.name();
            double ratio = r.ratio(RangeSummary.SELF);
            // Grown by at least a microsecond a frame: the heat colour; the rest as plain text.
            colors.add(r.delta(RangeSummary.SELF) >= 1000 ? HudPalette.HOT : HudPalette.TEXT);
            lines.add(String.format(Locale.ROOT, "%-30s%9.3f%9.3f%+9.3f%8s  %s", name, r.a(RangeSummary.SELF) / 1e6,
                    r.b(RangeSummary.SELF) / 1e6, r.delta(RangeSummary.SELF) / 1e6,
                    Double.isInfinite(ratio) ? "new" : String.format(Locale.ROOT, "%.2fx", ratio),
                    r.change() == DiffReport.Change.BOTH ? "" : r.change().name().toLowerCase(Locale.ROOT)));
        }
        List<DiffReport.StatisticRow> statistics = diff.statistics();
        if (statistics.isEmpty()) {
            return;
        }
        colors.add(HudPalette.DIM);
        lines.add(String.format(Locale.ROOT, "%-30s%9s%9s%9s%8s", "statistic (per-frame mean)", "A", "B", "B-A",
                "B/A"));
        for (int i = 0; i < Math.min(STATISTIC_ROWS, statistics.size()); i++) {
            DiffReport.StatisticRow r = statistics.get(i);
            String name = r.name().length() > 29 ? r.name().substring(0, 28) + "~" : r.name();
            double ratio = r.ratio();
            colors.add(r.relativeChange() > 0 ? HudPalette.HOT : HudPalette.TEXT);
            lines.add(String.format(Locale.ROOT, "%-30s%9s%9s%9s%8s", name, value(r, r.a()), value(r, r.b()),
                    (r.delta() > 0 ? "+" : r.delta() < 0 ? "-" : "") + UnitText.format(r.unit(), Math.abs(r.delta())).trim(),
                    Double.isInfinite(ratio) ? "new" : String.format(Locale.ROOT, "%.2fx", ratio)));
        }
    }

    private static String value(DiffReport.StatisticRow r, double v) {
        return Double.isNaN(v) ? "-" : UnitText.format(r.unit(), v).trim();
    }

    private RangeSummary summary(Profiler profiler, long latest, int range, String label) {
        long from = Math.min(marks.start(range), marks.end(range));
        long to = Math.max(marks.start(range), marks.end(range));
        int newestAgo = (int) Math.max(0, latest - to);
        return RangeSummary.of(profiler.data(), io.hudprof.stats.FrameStatistics.attachedTo(profiler), newestAgo,
                (int) (to - from + 1), label);
    }

    private String describe(int range) {
        long start = marks.start(range);
        long end = marks.end(range);
        if (start < 0) {
            return "not marked";
        }
        return end < 0 ? "from #" + start + " (mark its other end)" : "#" + Math.min(start, end) + "-#"
                + Math.max(start, end);
    }

    /**
     * @param report the report panel's bounds: a panel in its corner that would cover the report (a wide report, a
     *               narrow window: the viewer's) goes below it instead
     */
    void draw(int top, Box report, HudLayout layout, int framebufferWidth, int framebufferHeight, DrawList list) {
        int pad = metrics.pad();
        int chars = Math.max(16, Math.min(CHARS, (framebufferWidth - 2 * pad) / metrics.cell()));
        int width = 2 * pad + chars * metrics.cell();
        int height = 2 * pad + lines.size() * metrics.rowHeight();
        int cornerLeft = Anchor.TOP_RIGHT.left(framebufferWidth, width, metrics.scaled(8));
        if (report != null && cornerLeft < report.right() && top < report.bottom() && top + height > report.top()) {
            top = report.bottom() + metrics.scaled(4);
        }
        bounds.set(cornerLeft, top, width, height);
        layout.place(HudLayout.Panel.DIFF, bounds, metrics.ui(), framebufferWidth, framebufferHeight);
        int left = bounds.left();
        int y = bounds.top() + pad + metrics.textDrop();
        list.panel(left, bounds.top(), left + width, bounds.top() + height);
        list.frame(left, bounds.top(), left + width, bounds.top() + height, 1, HudPalette.BORDER);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            list.text(left + pad, y + i * metrics.rowHeight(), line, 0, Math.min(line.length(), chars),
                    colors.get(i));
        }
    }

    Box bounds() {
        return bounds;
    }

    /** The panel's text lines, for tests. */
    List<String> lines() {
        return lines;
    }
}
