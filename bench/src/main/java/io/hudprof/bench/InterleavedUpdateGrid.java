package io.hudprof.bench;

import java.util.Arrays;
import java.util.Locale;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;

/**
 * The {@link UpdateBenchmarks} grid measured the way {@link InterleavedRatios} measures zones: one profiler and one
 * {@link StateGrid} per cell, all cells round-robin in one JVM, each {@code update()} timed alone after its frame
 * was recorded, summarised by the 10th percentile, and fitted as {@code a + b·events + c·states}. Holds up on a
 * busy machine where the JMH grid, measured cell after cell, does not.
 *
 * <pre>java -cp bench/target/hudprof-benchmarks.jar io.hudprof.bench.InterleavedUpdateGrid [calls]</pre>
 */
public final class InterleavedUpdateGrid {
    private static final int[] EVENTS = {100, 1_000, 10_000};
    private static final int[] STATES = {10, 100, 1_000};
    private static final int WARM_UP_ROUNDS = 500;

    private InterleavedUpdateGrid() {
    }

    public static void main(String[] args) {
        System.out.println(measure(args.length > 0 ? Integer.parseInt(args[0]) : 1_000));
    }

    /** Measures every cell {@code calls} times and returns the Markdown table with the fit. */
    static String measure(int calls) {
        BenchProfilers.checkCompiledIn(true);
        int cells = EVENTS.length * STATES.length;
        Profiler[] profilers = new Profiler[cells];
        StateGrid[] grids = new StateGrid[cells];
        double[] events = new double[cells];
        double[] states = new double[cells];
        try {
            for (int c = 0; c < cells; c++) {
                events[c] = EVENTS[c / STATES.length];
                states[c] = STATES[c % STATES.length];
                profilers[c] = Hudprof.install(new Profiler(BenchProfilers.config().build()));
                grids[c] = new StateGrid((int) states[c]);
                grids[c].recordAll();
                profilers[c].update();
            }
            for (int r = 0; r < WARM_UP_ROUNDS; r++) {
                for (int c = 0; c < cells; c++) {
                    frame(profilers[c], grids[c], (int) events[c]);
                }
            }
            double[][] nanos = new double[cells][calls];
            for (int i = 0; i < calls; i++) {
                for (int c = 0; c < cells; c++) {
                    nanos[c][i] = frame(profilers[c], grids[c], (int) events[c]);
                }
            }
            for (Profiler profiler : profilers) {
                BenchProfilers.checkNothingDropped(profiler);
            }
            return markdown(nanos, events, states, calls);
        } finally {
            Hudprof.uninstall();
        }
    }

    /** Records one frame into the cell's profiler, then times its {@code update()} alone. */
    private static long frame(Profiler profiler, StateGrid grid, int events) {
        Hudprof.install(profiler);
        grid.record(events);
        long start = System.nanoTime();
        profiler.update();
        return System.nanoTime() - start;
    }

    private static String markdown(double[][] nanos, double[] events, double[] states, int calls) {
        StringBuilder out = new StringBuilder();
        out.append("### Cross-check: the `update()` grid interleaved in one JVM (").append(calls)
                .append(" updates per cell)\n\n");
        out.append("| events | states | p10 µs | median µs | p10 × budget |\n|---:|---:|---:|---:|---:|\n");
        double[] p10 = new double[nanos.length];
        for (int c = 0; c < nanos.length; c++) {
            Arrays.sort(nanos[c]);
            p10[c] = nanos[c][calls / 10];
            double budget = 10 * events[c] + 20 * states[c];
            out.append(String.format(Locale.ROOT, "| %d | %d | %.2f | %.2f | %.2f |%n", (long) events[c],
                    (long) states[c], p10[c] / 1000, nanos[c][calls / 2] / 1000, p10[c] / budget));
        }
        double[] fit = LeastSquares.fitPlane(events, states, p10);
        if (fit != null) {
            out.append(String.format(Locale.ROOT, "%nFit of the 10th percentiles: update ≈ %.2f µs + %.2f ns ×"
                    + " events + %.2f ns × states.%n%n", fit[0] / 1000, fit[1], fit[2]));
        }
        return out.toString();
    }
}
