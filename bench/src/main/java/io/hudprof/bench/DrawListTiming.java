package io.hudprof.bench;

import java.util.Arrays;
import java.util.Locale;

/**
 * A plain timing loop over {@link HudScene#buildDrawList()} for comparing two builds of the HUD on a loaded machine:
 * run it from each build's benchmark jar in turn, in separate JVMs, and compare the printed figures.
 * Warm-up, then {@code blocks} blocks of {@code calls} calls each; prints the 10th percentile and the median of the
 * blocks' µs per call (the 10th percentile is the block least disturbed by other processes).
 *
 * <pre>java -cp bench/target/hudprof-benchmarks.jar io.hudprof.bench.DrawListTiming [WARMUP_S] [BLOCKS] [CALLS]</pre>
 *
 * Also the loop to sample with JFR ({@code -XX:StartFlightRecording=filename=draw.jfr,settings=profile}) to see where
 * the draw list's time goes.
 */
public final class DrawListTiming {
    private DrawListTiming() {
    }

    public static void main(String[] args) {
        double warmupSeconds = args.length > 0 ? Double.parseDouble(args[0]) : 3;
        int blocks = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        int calls = args.length > 2 ? Integer.parseInt(args[2]) : 2000;
        try (HudScene scene = new HudScene()) {
            long sink = 0;
            long warmEnd = System.nanoTime() + (long) (warmupSeconds * 1e9);
            while (System.nanoTime() < warmEnd) {
                sink += scene.buildDrawList();
            }
            double[] micros = new double[blocks];
            for (int b = 0; b < blocks; b++) {
                long start = System.nanoTime();
                for (int i = 0; i < calls; i++) {
                    sink += scene.buildDrawList();
                }
                micros[b] = (System.nanoTime() - start) / 1e3 / calls;
            }
            Arrays.sort(micros);
            System.out.printf(Locale.ROOT, "draw list: p10 %.2f µs, median %.2f µs per call (%d blocks of %d; %s;"
                    + " sink %d)%n", micros[blocks / 10], micros[blocks / 2], blocks, calls, scene.describe(), sink);
        }
    }
}
