package io.hudprof.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;

/**
 * A cross-check of the zone-to-floor ratios that holds up on a busy machine. JMH runs each benchmark in its own
 * fork, minutes apart, so when other work comes and goes the floor and hudprof are measured under different loads.
 * Here the floor and every zone pattern run round-robin in one JVM, one call of {@link ZoneWorkloads#PAIRS} pairs
 * at a time (with {@code update()} after each, untimed), and each is summarised by its 10th percentile: the calls
 * that ran while the machine left this thread alone, which is the intrinsic cost.
 *
 * <pre>java -cp bench/target/hudprof-benchmarks.jar io.hudprof.bench.InterleavedRatios [calls]</pre>
 */
public final class InterleavedRatios {
    private static final int WARM_UP_ROUNDS = 3_000;

    /** One variant's per-pair times: 10th percentile and median, ns. */
    record Row(String name, double p10, double median) {
    }

    private InterleavedRatios() {
    }

    public static void main(String[] args) {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 3_000;
        System.out.println(markdown(measure(calls), calls));
    }

    /** Runs every variant {@code calls} times, interleaved, after a warm-up; the floor comes first. */
    static List<Row> measure(int calls) {
        BenchProfilers.checkCompiledIn(true);
        // Switched off and settled (one update() after the switch, as in a game that turned it off a frame ago);
        // installed only around the switched-off rows, whose call sites see the recording profiler too.
        Profiler switchedOff = new Profiler(BenchProfilers.config().build());
        switchedOff.setEnabled(false);
        switchedOff.update();
        Profiler profiler = BenchProfilers.install();
        try {
            List<String> names = new ArrayList<>();
            List<Runnable> bodies = new ArrayList<>();
            long[] sink = new long[1];
            names.add("floor: two System.nanoTime()");
            bodies.add(() -> sink[0] += ClockFloor.pairs());
            for (ZonePattern pattern : ZonePattern.values()) {
                names.add("hudprof " + pattern);
                bodies.add(pattern::run);
            }
            for (ZonePattern pattern : new ZonePattern[]{ZonePattern.TRY_WITH_RESOURCES, ZonePattern.BEGIN_END}) {
                names.add("hudprof switched off, " + pattern);
                bodies.add(() -> {
                    Hudprof.install(switchedOff);
                    pattern.run();
                    Hudprof.install(profiler);
                });
            }
            for (int r = 0; r < WARM_UP_ROUNDS; r++) {
                for (Runnable body : bodies) {
                    body.run();
                    profiler.update();
                }
            }
            double[][] perPair = new double[bodies.size()][calls];
            for (int c = 0; c < calls; c++) {
                for (int v = 0; v < bodies.size(); v++) {
                    long start = System.nanoTime();
                    bodies.get(v).run();
                    long end = System.nanoTime();
                    profiler.update();
                    perPair[v][c] = (end - start) / (double) ZoneWorkloads.PAIRS;
                }
            }
            BenchProfilers.checkNothingDropped(profiler);
            List<Row> rows = new ArrayList<>();
            for (int v = 0; v < bodies.size(); v++) {
                Arrays.sort(perPair[v]);
                rows.add(new Row(names.get(v), perPair[v][calls / 10], perPair[v][calls / 2]));
            }
            return rows;
        } finally {
            Hudprof.uninstall();
        }
    }

    /** The rows as a Markdown table, with each 10th percentile as a ratio to the floor's. */
    static String markdown(List<Row> rows, int calls) {
        StringBuilder out = new StringBuilder();
        out.append("### Cross-check: floor and zones interleaved in one JVM, ns per pair (").append(calls)
                .append(" calls of ").append(ZoneWorkloads.PAIRS).append(" pairs each)\n\n");
        out.append("| what | p10 | median | p10 × floor |\n|---|---:|---:|---:|\n");
        double floor = rows.get(0).p10();
        for (Row row : rows) {
            out.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %.3f |%n", row.name(), row.p10(),
                    row.median(), row.p10() / floor));
        }
        out.append("\nSwitched-off rows run against a second profiler, switched off a frame before, installed around"
                + " them (two volatile writes per call, about 0.002 ns a pair); their call sites have also seen"
                + " recording on, as in a game that toggles it.\n\n");
        return out.toString();
    }
}
