package io.hudprof.bench;

import io.hudprof.overlay.HudFrame;
import io.hudprof.overlay.OverlayConfig;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * The CPU of one HUD refresh ({@link HudFrame#build}: report and draw list, no GL) after a refresh interval's worth of
 * game frames, with and without the history graph kept current between refreshes ({@link HudFrame#keepGraphCurrent}),
 * the two alternated round by round in one JVM. Without it a refresh paints every frame since the last one at once:
 * more frames than the graph is wide is a whole repaint with a history read per column. The frames between are also
 * timed with it, since that is where the graph's work goes. Thread CPU time, so other processes do not inflate it.
 *
 * <pre>java -cp bench/target/hudprof-benchmarks.jar io.hudprof.bench.RefreshFrameCost [FRAMES_BETWEEN] [ROUNDS]</pre>
 *
 * The scene is {@link HudScene}'s: 1920×1080, a 40-row panel, 512 frames of history and graph columns, the
 * {@link SyntheticGame} profile.
 */
public final class RefreshFrameCost {
    private static final int WIDTH = 1920;
    private static final int HEIGHT = 1080;

    private RefreshFrameCost() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("cold")) {
            cold(args.length > 1 ? Integer.parseInt(args[1]) : 300, args.length > 2 ? Integer.parseInt(args[2]) : 0);
            return;
        }
        int between = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (SyntheticGame game = new SyntheticGame(HudScene.FRAMES);
             HudFrame hud = HudFrame.create(game.profiler(), OverlayConfig.builder().startVisible(true)
                     .visibleRows(HudScene.ROWS).graphMaxColumns(HudScene.FRAMES).build())) {
            game.frames(HudScene.FRAMES + 88);
            hud.build(WIDTH, HEIGHT);
            double[][] refresh = new double[2][rounds];
            double[] keepPerFrame = new double[rounds];
            // Warm-up rounds (the JIT), then the measured ones; the two ways alternate so load changes hit both.
            for (int r = -rounds / 3; r < rounds; r++) {
                for (int way = 0; way < 2; way++) {
                    boolean keep = (way + Math.max(r, 0)) % 2 == 0;
                    long kept = 0;
                    for (int f = 0; f < between; f++) {
                        game.frame();
                        if (keep) {
                            long t = threads.getCurrentThreadCpuTime();
                            hud.keepGraphCurrent();
                            kept += threads.getCurrentThreadCpuTime() - t;
                        }
                    }
                    game.frame();
                    long t = threads.getCurrentThreadCpuTime();
                    hud.build(WIDTH, HEIGHT);
                    long spent = threads.getCurrentThreadCpuTime() - t;
                    if (r >= 0) {
                        refresh[keep ? 1 : 0][r] = spent / 1e3;
                        if (keep) {
                            keepPerFrame[r] = kept / 1e3 / between;
                        }
                    }
                }
            }
            System.out.printf(Locale.ROOT, "refresh after %d frames, graph %d columns, thread CPU µs (median, p90 of %d"
                    + " rounds):%n", between, hud.graphColumns(), rounds);
            System.out.printf(Locale.ROOT, "  graph painted at the refresh: %s%n", stats(refresh[0]));
            System.out.printf(Locale.ROOT, "  graph kept current between:   %s; each frame between %s%n",
                    stats(refresh[1]), stats(keepPerFrame));
        }
    }

    /**
     * A fresh JVM's first refreshes: {@code warmUp} frames each refreshed first (0: none), then twelve refreshes
     * {@code between} frames apart with the graph kept current, each refresh's thread CPU printed in order: how long
     * the report and draw-list code, run once per refresh, stays slow before the JIT has compiled it.
     */
    private static void cold(int between, int warmUp) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (SyntheticGame game = new SyntheticGame(HudScene.FRAMES);
             HudFrame hud = HudFrame.create(game.profiler(), OverlayConfig.builder().startVisible(true)
                     .visibleRows(HudScene.ROWS).graphMaxColumns(HudScene.FRAMES).build())) {
            game.frames(HudScene.FRAMES + 88);
            long warmCpu = 0;
            for (int f = 0; f < warmUp; f++) {
                game.frame();
                long t = threads.getCurrentThreadCpuTime();
                hud.build(WIDTH, HEIGHT);
                warmCpu += threads.getCurrentThreadCpuTime() - t;
            }
            StringBuilder line = new StringBuilder();
            for (int r = 0; r < 12; r++) {
                for (int f = 0; f < between; f++) {
                    game.frame();
                    hud.keepGraphCurrent();
                }
                game.frame();
                long t = threads.getCurrentThreadCpuTime();
                hud.build(WIDTH, HEIGHT);
                line.append(String.format(Locale.ROOT, " %.0f", (threads.getCurrentThreadCpuTime() - t) / 1e3));
            }
            System.out.printf(Locale.ROOT, "warm-up %d refreshes (%.1f ms CPU in all), then refreshes %d frames apart,"
                    + " µs each:%s%n", warmUp, warmCpu / 1e6, between, line);
        }
    }

    private static String stats(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return String.format(Locale.ROOT, "%.1f, %.1f", sorted[sorted.length / 2], sorted[sorted.length * 9 / 10]);
    }
}
