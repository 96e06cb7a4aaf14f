package io.hudprof.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.stats.PhaseSampler;
import io.hudprof.stats.PhaseScope;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The issue-18 ratios measured the way {@link InterleavedRatios} measures zones, for a machine shared with other work:
 * every variant round-robin in one JVM, summarised by its 10th percentile, each next to its reference from the same
 * rounds.
 * <ul>
 *   <li>A zone pair's whole cost: a frame of {@link ZoneWorkloads#PAIRS} pairs timed together with the
 *       {@code update()} that replays them, next to the same pairs with {@code update()} untimed (recording only)
 *       and to the clock floor.</li>
 *   <li>The same with every feature on as the demo ships it ({@link #demoFeatures}).</li>
 *   <li>The sampled phase profiler: the {@link PhaseOverheadBenchmarks} frame bare and with its phases, in blocks
 *       of frames with the sampler thread running (1 kHz) and stopped, alternating.</li>
 * </ul>
 *
 * <pre>java -cp bench/target/hudprof-benchmarks.jar io.hudprof.bench.InterleavedOverheads [rounds] [demo]</pre>
 */
public final class InterleavedOverheads {
    private static final int WARM_UP_ROUNDS = 2_000;
    private static final int PHASE_BLOCKS = 20;
    private static final int FRAMES_PER_BLOCK = 1_000;

    private InterleavedOverheads() {
    }

    /** {@code [rounds] [demo]}: with {@code demo}, only the section with every feature on as the demo ships it. */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3_000;
        if (args.length > 1 && args[1].equals("demo")) {
            StringBuilder out = new StringBuilder();
            demoFeatures(rounds, out);
            System.out.println(out);
            return;
        }
        System.out.println(measure(rounds));
    }

    /** Runs every section ({@code rounds} rounds each where it counts rounds) and returns the Markdown. */
    static String measure(int rounds) {
        StringBuilder out = new StringBuilder();
        wholeCost(rounds, out);
        demoFeatures(rounds, out);
        manyThreads(rounds, out);
        phaseOverhead(out);
        return out.toString();
    }

    private static void wholeCost(int rounds, StringBuilder out) {
        BenchProfilers.checkCompiledIn(true);
        Profiler profiler = BenchProfilers.install();
        try {
            List<String> names = new ArrayList<>();
            List<Runnable> bodies = new ArrayList<>();
            List<Boolean> timedUpdate = new ArrayList<>();
            long[] sink = new long[1];
            names.add("floor: two System.nanoTime()");
            bodies.add(() -> sink[0] += ClockFloor.pairs());
            timedUpdate.add(false);
            ZonePattern[] patterns = {ZonePattern.TRY_WITH_RESOURCES, ZonePattern.BEGIN_END, ZonePattern.NESTED_8,
                    ZonePattern.ALTERNATING_PARENTS, ZonePattern.RECURSIVE_8};
            for (ZonePattern pattern : patterns) {
                names.add(pattern.name());
                bodies.add(pattern::run);
                timedUpdate.add(false);
                names.add(pattern.name());
                bodies.add(pattern::run);
                timedUpdate.add(true);
            }
            int n = bodies.size();
            double[][] perPair = new double[n][rounds];
            for (int r = -WARM_UP_ROUNDS; r < rounds; r++) {
                for (int v = 0; v < n; v++) {
                    long start = System.nanoTime();
                    bodies.get(v).run();
                    long end;
                    if (timedUpdate.get(v)) {
                        profiler.update();
                        end = System.nanoTime();
                    } else {
                        end = System.nanoTime();
                        profiler.update();
                    }
                    if (r >= 0) {
                        perPair[v][r] = (end - start) / (double) ZoneWorkloads.PAIRS;
                    }
                }
            }
            BenchProfilers.checkNothingDropped(profiler);
            double[] p10 = new double[n];
            for (int v = 0; v < n; v++) {
                Arrays.sort(perPair[v]);
                p10[v] = perPair[v][rounds / 10];
            }
            double floor = p10[0];
            out.append("### Whole cost of a zone pair, interleaved in one JVM, ns per pair (").append(rounds)
                    .append(" rounds of ").append(ZoneWorkloads.PAIRS).append(" pairs)\n\n");
            out.append(String.format(Locale.ROOT, "Floor (two `System.nanoTime()`), p10: %.2f ns.%n%n", floor));
            out.append("| pattern | recording only, p10 | × floor | recording + update(), p10 | × floor |"
                    + " update() share, ns per pair | ns per event |\n|---|---:|---:|---:|---:|---:|---:|\n");
            for (int v = 1; v < n; v += 2) {
                double share = p10[v + 1] - p10[v];
                out.append(String.format(Locale.ROOT, "| %s | %.2f | %.3f | %.2f | %.3f | %.2f | %.2f |%n",
                        names.get(v), p10[v], p10[v] / floor, p10[v + 1], p10[v + 1] / floor, share, share / 2));
            }
            out.append('\n');
            if (sink[0] == 42) {
                out.append(' ');
            }
        } finally {
            Hudprof.uninstall();
        }
    }

    /**
     * A zone pair's whole cost with every feature on as the demo ships it (issue 31): a timeline of 2^20 events per
     * thread and the frame timeline, allocation per zone, statistics with their JVM sensors, spike capture with the
     * demo's rule and GC notes, categories, JFR frame events and self zones. The GPU timer is the one feature left
     * out: it needs a GL context, and update() makes no GL call. Same rounds as {@link #wholeCost}: each pattern
     * recording only and recording with the {@code update()} that replays it, next to the clock floor.
     */
    private static void demoFeatures(int rounds, StringBuilder out) {
        BenchProfilers.checkCompiledIn(true);
        Profiler profiler = Hudprof.install(new Profiler(BenchProfilers.config().timelineCapacity(1 << 20)
                .allocationPerZone(true).selfProfiling(true).build()));
        io.hudprof.stats.FrameStatistics.attach(profiler);
        io.hudprof.capture.SpikeCapture spikes = io.hudprof.capture.SpikeCapture.builder()
                .rule(io.hudprof.capture.SpikeRule.forTargetFps(60).withAverageFactor(2.5).withMinMs(4))
                .gcNotes(true).attach(profiler);
        io.hudprof.stats.category.CategoryHistory.attach(profiler);
        io.hudprof.capture.jfr.JfrFrames.attach(profiler);
        try {
            ZonePattern[] patterns = {ZonePattern.BEGIN_END, ZonePattern.NESTED_8, ZonePattern.ALTERNATING_PARENTS};
            int n = 1 + 2 * patterns.length;
            long[] sink = new long[1];
            double[][] perPair = new double[n][rounds];
            for (int r = -WARM_UP_ROUNDS; r < rounds; r++) {
                for (int v = 0; v < n; v++) {
                    long start = System.nanoTime();
                    if (v == 0) {
                        sink[0] += ClockFloor.pairs();
                        long end = System.nanoTime();
                        profiler.update();
                        record(perPair, v, r, end - start);
                        continue;
                    }
                    patterns[(v - 1) / 2].run();
                    long end;
                    if (v % 2 == 0) {
                        profiler.update();
                        end = System.nanoTime();
                    } else {
                        end = System.nanoTime();
                        profiler.update();
                    }
                    record(perPair, v, r, end - start);
                }
            }
            BenchProfilers.checkNothingDropped(profiler);
            double[] p10 = new double[n];
            for (int v = 0; v < n; v++) {
                Arrays.sort(perPair[v]);
                p10[v] = perPair[v][rounds / 10];
            }
            double floor = p10[0];
            out.append("### Whole cost of a zone pair with every feature on as the demo ships it, ns per pair (")
                    .append(rounds).append(" rounds of ").append(ZoneWorkloads.PAIRS).append(" pairs)\n\n");
            out.append(String.format(Locale.ROOT, "Timeline (2^20 events a thread), allocation per zone, statistics,"
                    + " spikes (%d caught), categories, JFR frames, self zones; no GPU timer (no GL here)."
                    + " Floor (two `System.nanoTime()`), p10: %.2f ns.%n%n", spikes.captured(), floor));
            out.append("| pattern | recording only, p10 | × floor | recording + update(), p10 | × floor |"
                    + " update() share, ns per pair | ns per event |\n|---|---:|---:|---:|---:|---:|---:|\n");
            for (int v = 1; v < n; v += 2) {
                double share = p10[v + 1] - p10[v];
                out.append(String.format(Locale.ROOT, "| %s | %.2f | %.3f | %.2f | %.3f | %.2f | %.2f |%n",
                        patterns[(v - 1) / 2].name(), p10[v], p10[v] / floor, p10[v + 1], p10[v + 1] / floor, share,
                        share / 2));
            }
            out.append('\n');
            if (sink[0] == 42) {
                out.append(' ');
            }
        } finally {
            spikes.detach();
            Hudprof.uninstall();
        }
    }

    private static void record(double[][] perPair, int variant, int round, long nanos) {
        if (round >= 0) {
            perPair[variant][round] = nanos / (double) ZoneWorkloads.PAIRS;
        }
    }

    /** update() per event when the frame's {@link ZoneWorkloads#EVENTS} events come from 8 threads. */
    private static void manyThreads(int rounds, StringBuilder out) {
        int threads = UpdateThreadsBenchmarks.THREADS;
        Profiler profiler = BenchProfilers.install();
        java.util.concurrent.Phaser frame = new java.util.concurrent.Phaser(threads + 1);
        boolean[] stop = new boolean[1];
        Thread[] workers = new Thread[threads];
        try {
            for (int t = 0; t < threads; t++) {
                workers[t] = new Thread(() -> {
                    while (true) {
                        frame.arriveAndAwaitAdvance();
                        if (stop[0]) {
                            return;
                        }
                        for (int i = 0; i < UpdateThreadsBenchmarks.PAIRS_PER_THREAD / 2; i++) {
                            UpdateThreadsBenchmarks.JOB.begin();
                            UpdateThreadsBenchmarks.STEP.begin();
                            UpdateThreadsBenchmarks.STEP.end();
                            UpdateThreadsBenchmarks.JOB.end();
                        }
                        frame.arriveAndAwaitAdvance();
                    }
                }, "interleaved-worker-" + t);
                workers[t].setDaemon(true);
                workers[t].start();
            }
            double[] perEvent = new double[rounds];
            for (int r = -WARM_UP_ROUNDS; r < rounds; r++) {
                frame.arriveAndAwaitAdvance();
                frame.arriveAndAwaitAdvance();
                long start = System.nanoTime();
                profiler.update();
                long end = System.nanoTime();
                if (r >= 0) {
                    perEvent[r] = (end - start) / (double) UpdateThreadsBenchmarks.EVENTS;
                }
            }
            stop[0] = true;
            frame.arriveAndAwaitAdvance();
            BenchProfilers.checkNothingDropped(profiler);
            if (profiler.threadCount() != threads + 1) {
                throw new IllegalStateException("expected " + (threads + 1) + " threads, got "
                        + profiler.threadCount());
            }
            Arrays.sort(perEvent);
            out.append(String.format(Locale.ROOT, "### update() per event, the frame's %d events from %d threads"
                    + "%n%np10 %.2f ns, median %.2f ns per event (%d updates).%n%n", UpdateThreadsBenchmarks.EVENTS,
                    threads, perEvent[rounds / 10], perEvent[rounds / 2], rounds));
        } finally {
            Hudprof.uninstall();
        }
    }

    private static void phaseOverhead(StringBuilder out) {
        int blocks = PHASE_BLOCKS;
        double[] plain = new double[blocks * FRAMES_PER_BLOCK];
        double[] sampled = new double[blocks * FRAMES_PER_BLOCK];
        long samples = 0;
        long sampledNanos = 0;
        for (int b = -4; b < blocks; b++) {
            PhaseSampler sampler = PhaseSampler.start(PhaseSampler.DEFAULT_HZ);
            long blockStart = System.nanoTime();
            try {
                for (int f = 0; f < FRAMES_PER_BLOCK; f++) {
                    long start = System.nanoTime();
                    phasedFrame();
                    long t = System.nanoTime() - start;
                    if (b >= 0) {
                        sampled[b * FRAMES_PER_BLOCK + f] = t;
                    }
                }
            } finally {
                sampler.stop();
            }
            if (b >= 0) {
                samples += sampler.totalSamples();
                sampledNanos += System.nanoTime() - blockStart;
            }
            for (int f = 0; f < FRAMES_PER_BLOCK; f++) {
                long start = System.nanoTime();
                plainFrame();
                long t = System.nanoTime() - start;
                if (b >= 0) {
                    plain[b * FRAMES_PER_BLOCK + f] = t;
                }
            }
        }
        if (samples == 0) {
            throw new IllegalStateException("the sampler took no sample: the figure would not include it");
        }
        Arrays.sort(plain);
        Arrays.sort(sampled);
        int p10 = plain.length / 10;
        int p50 = plain.length / 2;
        out.append("### Sampled phase profiler, interleaved in one JVM, µs per frame (").append(blocks)
                .append(" blocks of ").append(FRAMES_PER_BLOCK).append(" frames each way)\n\n");
        out.append("| what | p10 | median |\n|---|---:|---:|\n");
        out.append(String.format(Locale.ROOT, "| frame, no phases, no sampler | %.2f | %.2f |%n", plain[p10] / 1e3,
                plain[p50] / 1e3));
        out.append(String.format(Locale.ROOT, "| frame in %d phases, sampler at 1 kHz | %.2f | %.2f |%n",
                PhaseOverheadBenchmarks.STEPS + 1, sampled[p10] / 1e3, sampled[p50] / 1e3));
        out.append(String.format(Locale.ROOT, "%nOverhead: %+.2f %% at p10, %+.2f %% at the median. The sampler took"
                + " %d samples in %.0f ms of sampled blocks (%.0f a second).%n%n",
                100 * (sampled[p10] / plain[p10] - 1), 100 * (sampled[p50] / plain[p50] - 1), samples,
                sampledNanos / 1e6, samples / (sampledNanos / 1e9)));
    }

    private static void plainFrame() {
        for (int i = 0; i < PhaseOverheadBenchmarks.STEPS; i++) {
            Blackhole.consumeCPU(PhaseOverheadBenchmarks.TOKENS);
        }
    }

    @SuppressWarnings("try") // the scopes are what is measured
    private static void phasedFrame() {
        try (PhaseScope frame = PhaseOverheadBenchmarks.FRAME.enter()) {
            for (int i = 0; i < PhaseOverheadBenchmarks.STEPS; i++) {
                try (PhaseScope step = PhaseOverheadBenchmarks.STEP[i].enter()) {
                    Blackhole.consumeCPU(PhaseOverheadBenchmarks.TOKENS);
                }
            }
        }
    }
}
