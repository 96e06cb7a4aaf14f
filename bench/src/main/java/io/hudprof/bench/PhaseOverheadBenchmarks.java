package io.hudprof.bench;

import java.util.concurrent.TimeUnit;

import io.hudprof.stats.Phase;
import io.hudprof.stats.PhaseSampler;
import io.hudprof.stats.PhaseScope;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The sampled phase profiler's overhead on a game loop (pbrt's claim is about 2.5 %): the same frame of work, about
 * 40 µs in 16 steps, played bare ({@code plain}) and with every step in a phase while the sampler thread samples at
 * its default 1 kHz ({@code sampled}), in µs per frame. The sampler's thread runs on the same 2 shared cores, so its
 * cost to the game, if any, is in the figure.
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(2)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PhaseOverheadBenchmarks {
    /** Steps per frame; each is a phase of its own, nested two deep under a frame phase. */
    static final int STEPS = 16;
    /** Work per step, in {@link Blackhole#consumeCPU} tokens (about 2.5 µs here). */
    static final long TOKENS = 500;

    static final Phase FRAME = Phase.define("Bench frame");
    static final Phase[] STEP = new Phase[STEPS];

    static {
        for (int i = 0; i < STEPS; i++) {
            STEP[i] = Phase.define("Bench step " + i);
        }
    }

    /** The sampler at its default rate, running for the whole trial. */
    @State(Scope.Benchmark)
    public static class Sampler {
        PhaseSampler sampler;

        @Setup(Level.Trial)
        public void start() {
            sampler = PhaseSampler.start(PhaseSampler.DEFAULT_HZ);
        }

        @TearDown(Level.Trial)
        public void stop() {
            sampler.stop();
            if (sampler.totalSamples() == 0) {
                throw new IllegalStateException("the sampler took no sample: the figure would not include it");
            }
        }
    }

    @Benchmark
    public void plain() {
        for (int i = 0; i < STEPS; i++) {
            Blackhole.consumeCPU(TOKENS);
        }
    }

    @Benchmark
    @SuppressWarnings("try") // the scopes are what is measured
    public void sampled(Sampler s) {
        try (PhaseScope frame = FRAME.enter()) {
            for (int i = 0; i < STEPS; i++) {
                try (PhaseScope step = STEP[i].enter()) {
                    Blackhole.consumeCPU(TOKENS);
                }
            }
        }
    }
}
