package io.hudprof.bench;

import java.util.Arrays;
import java.util.Locale;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;

/**
 * {@code update()} alone, per event, for each zone pattern: a frame of the pattern is recorded untimed, then the
 * {@code update()} that replays it is timed, the patterns round-robin in one JVM and one profiler (as in a game,
 * where the replay loop sees every shape), summarised by the 10th percentile and the median. Where
 * {@link InterleavedOverheads} gets {@code update()}'s share of a pair as the difference of two percentiles, this
 * times it directly, which is steadier on a busy machine; run it alternately against two builds to compare them.
 *
 * <pre>java -cp bench/target/hudprof-benchmarks.jar io.hudprof.bench.InterleavedUpdatePatterns [rounds]</pre>
 */
public final class InterleavedUpdatePatterns {
    private static final int WARM_UP_ROUNDS = 2_000;
    private static final ZonePattern[] PATTERNS = {ZonePattern.TRY_WITH_RESOURCES, ZonePattern.BEGIN_END,
            ZonePattern.NESTED_8, ZonePattern.ALTERNATING_PARENTS, ZonePattern.RECURSIVE_8};

    private InterleavedUpdatePatterns() {
    }

    public static void main(String[] args) {
        System.out.println(measure(args.length > 0 ? Integer.parseInt(args[0]) : 4_000));
    }

    /** Times {@code rounds} updates of each pattern's frame and returns the Markdown table. */
    static String measure(int rounds) {
        BenchProfilers.checkCompiledIn(true);
        Profiler profiler = BenchProfilers.install();
        try {
            double[][] perEvent = new double[PATTERNS.length][rounds];
            for (int r = -WARM_UP_ROUNDS; r < rounds; r++) {
                for (int v = 0; v < PATTERNS.length; v++) {
                    PATTERNS[v].run();
                    long start = System.nanoTime();
                    profiler.update();
                    long end = System.nanoTime();
                    if (r >= 0) {
                        perEvent[v][r] = (end - start) / (double) ZoneWorkloads.EVENTS;
                    }
                }
            }
            BenchProfilers.checkNothingDropped(profiler);
            StringBuilder out = new StringBuilder();
            out.append("### update() alone, ns per event, patterns round-robin in one JVM (").append(rounds)
                    .append(" updates of ").append(ZoneWorkloads.EVENTS).append(" events each)\n\n");
            out.append("| pattern | p10 | median |\n|---|---:|---:|\n");
            for (int v = 0; v < PATTERNS.length; v++) {
                Arrays.sort(perEvent[v]);
                out.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f |%n", PATTERNS[v].name(),
                        perEvent[v][rounds / 10], perEvent[v][rounds / 2]));
            }
            return out.toString();
        } finally {
            Hudprof.uninstall();
        }
    }
}
