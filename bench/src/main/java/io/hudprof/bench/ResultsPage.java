package io.hudprof.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * Turns one run's results into the Markdown tables of docs/BENCHMARKS.md: every figure with its error and bytes per
 * operation, zone costs as ratios to the floor and to each peer measured in the same run, the {@code update()} cost
 * split into per-event and per-state parts, and each target read against the figures (never asserted).
 */
final class ResultsPage {
    private static final String ZONES = "ZoneBenchmarks.";
    private static final String DISABLED = "ZoneDisabledBenchmarks.";
    private static final String COMPILED_OUT = "ZoneCompiledOutBenchmarks.";
    private static final String PEERS = "PeerBenchmarks.";
    private static final String STATS = "StatsBenchmarks.";

    private static final String FLOOR = PEERS + "floorTwoNanoTime";
    private static final String[][] PEER_COLUMNS = {
            {PEERS + "jfrEventRecorded", "× JFR"},
            {PEERS + "gdxPerformanceCounter", "× libGDX"},
            {PEERS + "jmeDetailedProfiler", "× jME"},
            {PEERS + "hashMapStopwatch", "× HashMap"},
    };

    /** Rows of the zone table, in order: benchmark key, label. */
    private static final String[][] ZONE_ROWS = {
            {FLOOR, "floor: two System.nanoTime()"},
            {ZONES + "tryWithResources", "hudprof try-with-resources"},
            {ZONES + "beginEnd", "hudprof begin/end"},
            {ZONES + "nested8", "hudprof nested, depth 8 (per pair)"},
            {ZONES + "sameParent", "hudprof child under the same parent"},
            {ZONES + "alternatingParents", "hudprof child under alternating parents"},
            {ZONES + "recursive8", "hudprof recursive zone, depth 8 (per pair)"},
            {DISABLED + "tryWithResources", "hudprof run-time disabled, try-with-resources"},
            {DISABLED + "beginEnd", "hudprof run-time disabled, begin/end"},
            {COMPILED_OUT + "tryWithResources", "hudprof compiled out, try-with-resources"},
            {COMPILED_OUT + "beginEnd", "hudprof compiled out, begin/end"},
            {PEERS + "jfrEventRecorded", "JFR event begin/commit, recording"},
            {PEERS + "jfrEventNoRecording", "JFR event begin/commit, no recording"},
            {PEERS + "gdxPerformanceCounter", "libGDX PerformanceCounter start/stop"},
            {PEERS + "jmeDetailedProfiler", "jME DetailedProfiler 2 × appSubStep"},
            {PEERS + "hashMapStopwatch", "HashMap<String, Long> stopwatch"},
            {STATS + "counterIncrement", "hudprof stats: Counter.increment (per increment)"},
            {STATS + "timerStartStop", "hudprof stats: StatTimer start/stop"},
            {STATS + "phaseEnterExit", "hudprof stats: sampled Phase enter/exit (no clock)"},
    };

    private final List<Figure> figures = new ArrayList<>();
    private final Map<String, Figure> byKey = new LinkedHashMap<>();

    ResultsPage(Collection<RunResult> results) {
        for (RunResult run : results) {
            Figure figure = toFigure(run);
            figures.add(figure);
            byKey.put(key(figure.benchmark(), figure.params()), figure);
        }
    }

    private static Figure toFigure(RunResult run) {
        String full = run.getParams().getBenchmark();
        String[] parts = full.split("\\.");
        String benchmark = parts[parts.length - 2] + "." + parts[parts.length - 1];
        Map<String, String> params = new LinkedHashMap<>();
        for (String key : run.getParams().getParamsKeys()) {
            params.put(key, run.getParams().getParam(key));
        }
        Result<?> primary = run.getPrimaryResult();
        double bytes = Double.NaN;
        for (String name : run.getSecondaryResults().keySet()) {
            // JMH 1.37 names it "gc.alloc.rate.norm"; older versions put a "·" in front.
            if (name.endsWith("gc.alloc.rate.norm")) {
                Result<?> allocated = run.getSecondaryResults().get(name);
                bytes = allocated.getScore();
            }
        }
        return new Figure(benchmark, params, primary.getScore(), primary.getScoreError(), primary.getScoreUnit(),
                bytes);
    }

    private static String key(String benchmark, Map<String, String> params) {
        return params.isEmpty() ? benchmark : benchmark + params;
    }

    private Figure get(String benchmark) {
        return byKey.get(benchmark);
    }

    private Figure get(String benchmark, Map<String, String> params) {
        return byKey.get(key(benchmark, params));
    }

    /** The whole page body: the tables, then the targets. */
    String markdown() {
        StringBuilder out = new StringBuilder();
        zoneTable(out);
        updateGrid(out);
        updatePatterns(out);
        reportTable(out);
        hudTable(out);
        targets(out);
        ratioTable(out, "Whole cost of a zone pair (record* with update() untimed, whole* with it), ns per pair",
                "WholeCostBenchmarks.", "WholeCostBenchmarks.floor", null);
        ratioTable(out, "Statistics, one operation per call, ns per operation", "StatOpsBenchmarks.",
                "StatOpsBenchmarks.plainFieldIncrement", "StatOpsBenchmarks.longAdderIncrement");
        ratioTable(out, "Sampled phase profiler on a 16-step frame, µs per frame", "PhaseOverheadBenchmarks.",
                "PhaseOverheadBenchmarks.plain", null);
        otherFigures(out);
        return out.toString();
    }

    private void zoneTable(StringBuilder out) {
        Figure floor = get(FLOOR);
        out.append("### Zone pair (enter + exit), ns per pair\n\n");
        out.append("| what | ns/op | ± (99.9%) | B/op | × floor |");
        for (String[] peer : PEER_COLUMNS) {
            out.append(' ').append(peer[1]).append(" |");
        }
        out.append("\n|---|---:|---:|---:|---:|");
        out.append("---:|".repeat(PEER_COLUMNS.length)).append('\n');
        for (String[] row : ZONE_ROWS) {
            Figure f = get(row[0]);
            if (f == null) {
                continue;
            }
            out.append("| ").append(row[1]).append(" | ").append(num(f.score())).append(" | ")
                    .append(num(f.error())).append(" | ").append(bytes(f.bytesPerOp())).append(" | ")
                    .append(ratio(f, floor, true)).append(" |");
            for (String[] peer : PEER_COLUMNS) {
                out.append(' ').append(ratio(f, get(peer[0]), false)).append(" |");
            }
            out.append('\n');
        }
        out.append("\nRatios are this row's time divided by the column's (below 1: cheaper). The ± of a ratio to the"
                + " floor adds both relative errors in quadrature.\n\n");
    }

    private void updateGrid(StringBuilder out) {
        List<Figure> grid = new ArrayList<>();
        for (Figure f : figures) {
            if (f.benchmark().equals("UpdateBenchmarks.update")) {
                grid.add(f);
            }
        }
        if (grid.isEmpty()) {
            return;
        }
        out.append("### `update()` against events per frame and zone-stack states, µs per update\n\n");
        out.append("| events | states | µs/update | ± (99.9%) | B/op | ns per event | target budget (µs) |"
                + " × budget |\n");
        out.append("|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Figure f : grid) {
            double events = Double.parseDouble(f.param("events"));
            double states = Double.parseDouble(f.param("states"));
            double nanos = toNanos(f);
            double budget = 10 * events + 20 * states;
            out.append("| ").append((long) events).append(" | ").append((long) states).append(" | ")
                    .append(num(f.score())).append(" | ").append(num(f.error())).append(" | ")
                    .append(bytes(f.bytesPerOp())).append(" | ").append(num(nanos / events)).append(" | ")
                    .append(num(budget / 1000)).append(" | ").append(num(nanos / budget)).append(" |\n");
        }
        out.append("\nThe budget is the target, 10 ns per event + 20 ns per state.\n");
        double[] fit = updateFit();
        if (fit != null) {
            out.append(String.format(Locale.ROOT, "Least-squares fit over the grid: update ≈ %.2f µs + %.2f ns ×"
                    + " events + %.2f ns × states.%n", fit[0] / 1000, fit[1], fit[2]));
        }
        out.append('\n');
    }

    /** Least-squares {fixed ns, ns per event, ns per state} over the update grid, or null without a grid. */
    private double[] updateFit() {
        List<Figure> grid = new ArrayList<>();
        for (Figure f : figures) {
            if (f.benchmark().equals("UpdateBenchmarks.update")) {
                grid.add(f);
            }
        }
        double[] events = new double[grid.size()];
        double[] states = new double[grid.size()];
        double[] nanos = new double[grid.size()];
        for (int i = 0; i < grid.size(); i++) {
            events[i] = Double.parseDouble(grid.get(i).param("events"));
            states[i] = Double.parseDouble(grid.get(i).param("states"));
            nanos[i] = toNanos(grid.get(i));
        }
        return LeastSquares.fitPlane(events, states, nanos);
    }

    private void updatePatterns(StringBuilder out) {
        Map<String, String> reference = Map.of("pattern", "SAME_PARENT");
        Figure same = get("UpdatePatternBenchmarks.updatePerEvent", reference);
        boolean any = false;
        for (Figure f : figures) {
            if (!f.benchmark().equals("UpdatePatternBenchmarks.updatePerEvent")) {
                continue;
            }
            if (!any) {
                out.append("### `update()` per event, by zone pattern (where the IProf cache cost lands)\n\n");
                out.append("| pattern | ns/event | ± (99.9%) | B/op | × SAME_PARENT |\n");
                out.append("|---|---:|---:|---:|---:|\n");
                any = true;
            }
            out.append("| ").append(f.param("pattern")).append(" | ").append(num(f.score())).append(" | ")
                    .append(num(f.error())).append(" | ").append(bytes(f.bytesPerOp())).append(" | ")
                    .append(ratio(f, same, true)).append(" |\n");
        }
        if (any) {
            out.append('\n');
        }
    }

    private void reportTable(StringBuilder out) {
        boolean any = false;
        for (Figure f : figures) {
            if (!f.benchmark().equals("ReportBenchmarks.build")) {
                continue;
            }
            if (!any) {
                out.append("### `ReportController.build`, 49 zones, µs per report\n\n");
                out.append("| mode | µs/report | ± (99.9%) | B/op |\n|---|---:|---:|---:|\n");
                any = true;
            }
            out.append("| ").append(f.param("mode")).append(" | ").append(num(f.score())).append(" | ")
                    .append(num(f.error())).append(" | ").append(bytes(f.bytesPerOp())).append(" |\n");
        }
        if (any) {
            out.append('\n');
        }
    }

    private void hudTable(StringBuilder out) {
        boolean any = false;
        for (Figure f : figures) {
            if (!f.benchmark().startsWith("DrawListBenchmarks.")) {
                continue;
            }
            if (!any) {
                out.append("### HUD draw list, 40-row report + 512-frame graph (CPU, no GL), µs per frame\n\n");
                out.append("| what | µs/frame | ± (99.9%) | B/op | × 25 µs target |\n|---|---:|---:|---:|---:|\n");
                any = true;
            }
            String label = f.benchmark().endsWith(".drawList") ? "draw list only (report already built)"
                    : "report build + draw list";
            out.append("| ").append(label).append(" | ").append(num(f.score())).append(" | ")
                    .append(num(f.error())).append(" | ").append(bytes(f.bytesPerOp())).append(" | ")
                    .append(num(toNanos(f) / 25_000)).append(" |\n");
        }
        if (any) {
            out.append('\n');
        }
    }

    private void targets(StringBuilder out) {
        out.append("### Targets, read from this run\n\n");
        Figure floor = get(FLOOR);
        for (String name : new String[]{"tryWithResources", "beginEnd"}) {
            Figure f = get(ZONES + name);
            if (f != null && floor != null) {
                double r = f.ratioTo(floor);
                out.append(String.format(Locale.ROOT, "- enter+exit (%s) ≤ 1.25 × floor: %.3f × — %s%n", name, r,
                        verdict(r <= 1.25)));
            }
        }
        for (String key : new String[]{DISABLED + "tryWithResources", DISABLED + "beginEnd",
                COMPILED_OUT + "tryWithResources", COMPILED_OUT + "beginEnd"}) {
            Figure f = get(key);
            if (f != null) {
                out.append(String.format(Locale.ROOT, "- disabled (%s) ≤ 1 ns: %.2f ns — %s%n", key, f.score(),
                        verdict(f.score() <= 1.0)));
            }
        }
        StringBuilder allocating = new StringBuilder();
        int hotPaths = 0;
        for (Figure f : figures) {
            if (isHudprofHotPath(f) && !Double.isNaN(f.bytesPerOp())) {
                hotPaths++;
                if (f.bytesPerOp() >= 0.5) {
                    allocating.append(' ').append(f.benchmark());
                }
            }
        }
        if (hotPaths > 0) {
            out.append("- 0 B/op on hudprof's hot paths (").append(hotPaths).append(" benchmarks; below 0.5 B/op"
                    + " counts as 0, the rest is JMH's own bookkeeping spread over 1,024 pairs): ")
                    .append(allocating.length() == 0 ? "met" : "MISSED by" + allocating).append('\n');
        }
        double[] fit = updateFit();
        if (fit != null) {
            boolean met = fit[1] <= 10 && fit[2] <= 20;
            out.append(String.format(Locale.ROOT, "- update() ≤ 10 ns/event + 20 ns/state: fitted %.2f ns/event +"
                    + " %.2f ns/state — %s (the fixed part, %.2f µs per update, is outside the target's terms)%n",
                    fit[1], fit[2], verdict(met), fit[0] / 1000));
        }
        Figure draw = get("DrawListBenchmarks.drawList");
        if (draw != null) {
            double micros = toNanos(draw) / 1000;
            out.append(String.format(Locale.ROOT, "- draw-list build ≤ 25 µs: %.1f µs — %s%n", micros,
                    verdict(micros <= 25)));
        }
        out.append('\n');
    }

    /** Figures that no table above shows (a new benchmark), so nothing measured goes unreported. */
    /** Every figure of one benchmark class with its ratio to one or two references of the same run. */
    private void ratioTable(StringBuilder out, String title, String prefix, String reference, String second) {
        Figure ref = get(reference);
        Figure ref2 = second == null ? null : get(second);
        if (ref == null) {
            return;
        }
        out.append("### ").append(title).append("\n\n| benchmark | score | ± (99.9%) | B/op | × ")
                .append(reference.substring(prefix.length())).append(" |");
        if (ref2 != null) {
            out.append(" × ").append(second.substring(prefix.length())).append(" |");
        }
        out.append("\n|---|---:|---:|---:|---:|").append(ref2 != null ? "---:|" : "").append('\n');
        for (Figure f : figures) {
            if (!f.benchmark().startsWith(prefix)) {
                continue;
            }
            out.append("| ").append(f.benchmark().substring(prefix.length())).append(" | ").append(num(f.score()))
                    .append(" | ").append(num(f.error())).append(" | ").append(bytes(f.bytesPerOp())).append(" | ")
                    .append(ratio(f, ref, true)).append(" |");
            if (ref2 != null) {
                out.append(' ').append(ratio(f, ref2, true)).append(" |");
            }
            out.append('\n');
        }
        out.append('\n');
    }

    private void otherFigures(StringBuilder out) {
        List<Figure> rest = new ArrayList<>();
        for (Figure f : figures) {
            String b = f.benchmark();
            boolean shown = b.startsWith("UpdateBenchmarks.") || b.startsWith("UpdatePatternBenchmarks.")
                    || b.startsWith("ReportBenchmarks.") || b.startsWith("DrawListBenchmarks.")
                    || b.startsWith("WholeCostBenchmarks.") || b.startsWith("StatOpsBenchmarks.")
                    || b.startsWith("PhaseOverheadBenchmarks.");
            for (String[] row : ZONE_ROWS) {
                shown |= row[0].equals(b);
            }
            if (!shown) {
                rest.add(f);
            }
        }
        if (rest.isEmpty()) {
            return;
        }
        out.append("### Other figures\n\n| benchmark | params | score | ± | unit | B/op |\n|---|---|---:|---:|---|---:|\n");
        for (Figure f : rest) {
            out.append("| ").append(f.benchmark()).append(" | ").append(f.params()).append(" | ")
                    .append(num(f.score())).append(" | ").append(num(f.error())).append(" | ").append(f.unit())
                    .append(" | ").append(bytes(f.bytesPerOp())).append(" |\n");
        }
        out.append('\n');
    }

    private static boolean isHudprofHotPath(Figure f) {
        String b = f.benchmark();
        return b.startsWith(ZONES) || b.startsWith(DISABLED) || b.startsWith(COMPILED_OUT) || b.startsWith(STATS);
    }

    private static double toNanos(Figure f) {
        return switch (f.unit()) {
            case "ns/op" -> f.score();
            case "us/op" -> f.score() * 1_000;
            case "ms/op" -> f.score() * 1_000_000;
            default -> throw new IllegalStateException("unexpected unit " + f.unit() + " for " + f.benchmark());
        };
    }

    private static String verdict(boolean met) {
        return met ? "met" : "MISSED";
    }

    private static String ratio(Figure f, Figure reference, boolean withError) {
        double r = f.ratioTo(reference);
        if (Double.isNaN(r)) {
            return "–";
        }
        if (!withError) {
            return num(r);
        }
        double e = f.ratioErrorTo(reference);
        return Double.isNaN(e) ? num(r) : num(r) + " ± " + num(e);
    }

    private static String bytes(double b) {
        if (Double.isNaN(b)) {
            return "–";
        }
        return String.format(Locale.ROOT, b < 10 ? "%.3f" : "%.0f", b);
    }

    /** Three significant figures, enough for numbers whose errors are rarely below 1%. */
    private static String num(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        double a = Math.abs(v);
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
