package io.hudprof.bench;

import java.util.Arrays;
import java.util.Locale;

import io.hudprof.api.HudprofBackend;
import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;

/**
 * {@link ApiZoneBenchmarks}' comparison made to hold up on a busy machine, as {@link InterleavedRatios} does for the
 * zone patterns: the variants run round-robin in one JVM, one call of {@link ZoneWorkloads#PAIRS} pairs at a time,
 * each summarised by its 10th percentile (the calls the machine left alone).
 *
 * <ul>
 *   <li>{@code bound}: core's {@code Zone} and the api's zone of the same name, bound to core, begin/end and
 *       try-with-resources, with {@code update()} after each call (untimed); prints api ÷ core.</li>
 *   <li>{@code unbound}: the api with no backend, in a JVM where core is never started (a binding is for the life
 *       of the process, so the two cannot share a JVM).</li>
 * </ul>
 *
 * <pre>java -cp bench/target/hudprof-benchmarks.jar io.hudprof.bench.InterleavedApiRatios bound|unbound [calls]</pre>
 */
public final class InterleavedApiRatios {
    private static final int WARM_UP_ROUNDS = 3_000;

    private InterleavedApiRatios() {
    }

    public static void main(String[] args) {
        boolean bound = args.length > 0 && args[0].equals("bound");
        if (args.length == 0 || !bound && !args[0].equals("unbound")) {
            throw new IllegalArgumentException("usage: InterleavedApiRatios bound|unbound [calls]");
        }
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 3_000;
        String[] names;
        Runnable[] bodies;
        Profiler profiler = null;
        if (bound) {
            profiler = BenchProfilers.install();
            names = new String[] {"core Zone, begin/end", "api Zone (bound), begin/end",
                "core Zone, try-with-resources", "api Zone (bound), try-with-resources"};
            bodies = new Runnable[] {ZoneWorkloads::beginEnd, ApiZoneWorkloads::beginEnd,
                ZoneWorkloads::tryWithResources, ApiZoneWorkloads::tryWithResources};
        } else {
            names = new String[] {"api Zone (unbound), begin/end", "api Zone (unbound), try-with-resources"};
            bodies = new Runnable[] {ApiZoneWorkloads::beginEnd, ApiZoneWorkloads::tryWithResources};
        }
        if ((HudprofBackend.bound() != null) != bound) {
            throw new IllegalStateException("the api is " + (bound ? "not " : "") + "bound in the " + args[0]
                    + " run");
        }
        for (int r = 0; r < WARM_UP_ROUNDS; r++) {
            for (Runnable body : bodies) {
                body.run();
                if (profiler != null) {
                    profiler.update();
                }
            }
        }
        double[][] perPair = new double[bodies.length][calls];
        for (int c = 0; c < calls; c++) {
            for (int v = 0; v < bodies.length; v++) {
                long start = System.nanoTime();
                bodies[v].run();
                long end = System.nanoTime();
                if (profiler != null) {
                    profiler.update();
                }
                perPair[v][c] = (end - start) / (double) ZoneWorkloads.PAIRS;
            }
        }
        if (profiler != null) {
            BenchProfilers.checkNothingDropped(profiler);
            Hudprof.uninstall();
        }
        System.out.printf(Locale.ROOT, "| what (%d calls of %d pairs, interleaved) | p10 ns/pair | median ns/pair |"
                + " p10 ÷ core's |%n|---|---:|---:|---:|%n", calls, ZoneWorkloads.PAIRS);
        double[] p10 = new double[bodies.length];
        for (int v = 0; v < bodies.length; v++) {
            Arrays.sort(perPair[v]);
            p10[v] = perPair[v][calls / 10];
            String ratio = bound && v % 2 == 1 ? String.format(Locale.ROOT, "%.3f", p10[v] / p10[v - 1]) : "";
            System.out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %s |%n", names[v], p10[v], perPair[v][calls / 2],
                    ratio);
        }
    }
}
