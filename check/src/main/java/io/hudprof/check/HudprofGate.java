package io.hudprof.check;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;

/**
 * Runs a game loop for a number of frames under a fresh profiler and gives its per-frame zone values, for tests:
 * <pre>{@code
 * Samples before = HudprofGate.frames(600).warmUp(200).run(game::step);
 * Samples after = HudprofGate.frames(600).warmUp(200).run(faster::step);
 * HudprofAssert.assertNoRegression(before, after, "Sim:Physics median <= +10%");
 * HudprofAssert.assertWithin(after, "A* p95 <= 2 ms");
 * }</pre>
 * The step runs on the calling thread; after each step the profiler's {@code update()} ends the frame (the step must
 * not call it). The profiler is installed for the run (zones on any thread record into it) and the one installed
 * before is put back afterwards. Nothing needs a window or GL: a headless loop is what a CI machine runs.
 */
public final class HudprofGate {
    private final int frames;
    private int warmUp;
    private ProfilerConfig config = ProfilerConfig.defaults();

    private HudprofGate(int frames) {
        if (frames < 1) {
            throw new IllegalArgumentException("frames must be at least 1, not " + frames);
        }
        this.frames = frames;
    }

    /** A run of {@code frames} measured frames. */
    public static HudprofGate frames(int frames) {
        return new HudprofGate(frames);
    }

    /** Runs {@code frames} more frames first and keeps none of them (class loading, the JIT). */
    public HudprofGate warmUp(int frames) {
        if (frames < 0) {
            throw new IllegalArgumentException("warm-up frames must be 0 or more, not " + frames);
        }
        this.warmUp = frames;
        return this;
    }

    /** The profiler's configuration (a {@code ManualClock} in it makes the run exact and independent of the machine). */
    public HudprofGate config(ProfilerConfig config) {
        this.config = config;
        return this;
    }

    /** A frame of the game: everything the loop does between two {@code update()} calls. */
    @FunctionalInterface
    public interface Step {
        /** @param frame the frame's number, from 0 (warm-up frames included) */
        void run(int frame) throws Exception;
    }

    /** Runs the loop and gives the measured frames' values. An exception from the step ends the run and is thrown. */
    public Samples run(Step step) throws Exception {
        Profiler previous = Hudprof.profiler();
        Profiler profiler = new Profiler(config);
        Hudprof.install(profiler);
        try {
            profiler.update(); // the first frame starts here
            for (int f = 0; f < warmUp; f++) {
                step.run(f);
                profiler.update();
            }
            ZoneSamples samples = ZoneSamples.attachTo(profiler);
            for (int f = 0; f < frames; f++) {
                step.run(warmUp + f);
                profiler.update();
            }
            profiler.removeFrameListener(samples);
            return samples.samples();
        } finally {
            if (previous != null) {
                Hudprof.install(previous);
            } else {
                Hudprof.uninstall();
            }
        }
    }

    /**
     * {@code runs} runs one after the other, each with its own warm-up and a fresh step from {@code newGame} (a new
     * game or world for each, so no run inherits another's state), for {@link HudprofAssert}'s repeated-run form.
     */
    public java.util.List<Samples> runs(int runs, java.util.function.Supplier<Step> newGame) throws Exception {
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be at least 1, not " + runs);
        }
        java.util.List<Samples> all = new java.util.ArrayList<>();
        for (int r = 0; r < runs; r++) {
            all.add(run(newGame.get()));
        }
        return all;
    }

    /** {@link #run(Step)} for a step that takes no frame number. */
    public Samples run(Runnable step) throws Exception {
        return run(frame -> step.run());
    }
}
