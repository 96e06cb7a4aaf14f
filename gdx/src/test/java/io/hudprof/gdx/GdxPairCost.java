package io.hudprof.gdx;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

import com.badlogic.gdx.ApplicationAdapter;
import com.badlogic.gdx.ApplicationListener;
import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.backends.lwjgl3.Lwjgl3Application;
import com.badlogic.gdx.backends.lwjgl3.Lwjgl3ApplicationConfiguration;
import com.badlogic.gdx.utils.ScreenUtils;

import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;

/**
 * What hudprof adds to a libGDX game's render thread per zone pair, all in: recording, {@code update()}, statistics
 * and the adapter's per-frame work, with the adapter's defaults (HUD hidden). Not a test: {@code bench/gdx-pair-cost.sh}
 * runs it in fresh JVMs, interleaved, under Xvfb.
 *
 * <p>One run is one configuration of the same game: {@code none} (the game alone, its zones unbound because no
 * profiler is installed), {@code hudprof} (the game wrapped by {@link HudprofGdx#wrap}), or {@code nanotime} (each zone
 * pair replaced by two {@code System.nanoTime()} calls: the floor the README compares a pair with). The game does
 * {@value #OUTER} outer zones of {@value #INNER} inner zones a frame, each inner one around a fixed loop of arithmetic,
 * and clears the screen (nothing else to rasterise). Printed: the median of the render thread's CPU time per frame,
 * from the start of one {@code render()} to the next (libGDX's loop, the swap and the wrapper's work included), over
 * the frames after the warm-up.
 */
public final class GdxPairCost {
    static final int OUTER = 50;
    static final int INNER = 50;
    static final int PAIRS = OUTER * (INNER + 1);
    private static final Zone[] OUTER_ZONES = new Zone[OUTER];
    private static final Zone INNER_ZONE = Zone.define("Game:Inner");

    static {
        for (int i = 0; i < OUTER; i++) {
            OUTER_ZONES[i] = Zone.define("Game:Outer " + i);
        }
    }

    private GdxPairCost() {
    }

    /** {@code none|hudprof|nanotime FRAMES WARMUP WORK}: prints one line, "pair-cost MODE median_ns_per_frame ...". */
    public static void main(String[] args) {
        String mode = args.length > 0 ? args[0] : "hudprof";
        int frames = args.length > 1 ? Integer.parseInt(args[1]) : 1500;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 500;
        int work = args.length > 3 ? Integer.parseInt(args[3]) : 250;
        PairGame game = new PairGame(mode, frames, work);
        ApplicationListener listener = switch (mode) {
            case "hudprof" -> HudprofGdx.wrap(game);
            case "none", "nanotime" -> game;
            default -> throw new IllegalArgumentException("mode must be none, hudprof or nanotime: " + mode);
        };
        Lwjgl3ApplicationConfiguration config = new Lwjgl3ApplicationConfiguration();
        config.setTitle("hudprof pair cost");
        config.setWindowedMode(640, 360);
        config.setResizable(false);
        config.useVsync(false);
        config.setForegroundFPS(0);
        config.disableAudio(true);
        new Lwjgl3Application(listener, config);
        long[] measured = Arrays.copyOfRange(game.frameCpu, warmup, frames - 1);
        Arrays.sort(measured);
        long median = measured[measured.length / 2];
        long p10 = measured[measured.length / 10];
        System.out.printf("pair-cost %s median %d ns/frame, p10 %d ns/frame, %d pairs a frame, frames %d-%d, sink %s%n",
                mode, median, p10, PAIRS, warmup + 1, frames - 1, game.sink == 42 ? "!" : "ok");
    }

    /** The game: {@link #OUTER} x ({@link #INNER} + 1) zone pairs around fixed work, a clear, and its frame count. */
    static final class PairGame extends ApplicationAdapter {
        private final boolean zones;
        private final int frames;
        private final int work;
        final long[] frameCpu;
        private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        private long lastCpu = -1;
        private int frame;
        long sink;

        PairGame(String mode, int frames, int work) {
            this.zones = !mode.equals("nanotime");
            this.frames = frames;
            this.work = work;
            this.frameCpu = new long[frames];
        }

        @Override
        public void render() {
            long cpu = threads.getCurrentThreadCpuTime();
            if (lastCpu >= 0 && frame > 0) {
                frameCpu[frame - 1] = cpu - lastCpu;
            }
            lastCpu = cpu;
            if (frame == frames) {
                Gdx.app.exit();
                return;
            }
            frame++;
            ScreenUtils.clear(0.1f, 0.1f, 0.15f, 1f);
            long acc = sink;
            for (int o = 0; o < OUTER; o++) {
                if (zones) {
                    try (ZoneScope outer = OUTER_ZONES[o].enter()) {
                        acc = inner(acc);
                    }
                } else {
                    acc += System.nanoTime();
                    acc = innerTimed(acc);
                    acc += System.nanoTime();
                }
            }
            sink = acc;
        }

        private long inner(long acc) {
            for (int i = 0; i < INNER; i++) {
                try (ZoneScope in = INNER_ZONE.enter()) {
                    acc = spin(acc);
                }
            }
            return acc;
        }

        private long innerTimed(long acc) {
            for (int i = 0; i < INNER; i++) {
                acc += System.nanoTime();
                acc = spin(acc);
                acc += System.nanoTime();
            }
            return acc;
        }

        /** A fixed amount of dependent arithmetic the JIT cannot remove (the result feeds the next frame). */
        private long spin(long acc) {
            for (int k = 0; k < work; k++) {
                acc = acc * 6364136223846793005L + 1442695040888963407L;
            }
            return acc;
        }
    }
}
