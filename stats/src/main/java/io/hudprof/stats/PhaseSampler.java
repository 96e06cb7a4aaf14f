package io.hudprof.stats;

import io.hudprof.core.ValueUnit;
import io.hudprof.stats.text.TextLine;
import io.hudprof.stats.text.UnitText;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * pbrt's sampling profiler for {@link Phase}s: a daemon thread wakes at a fixed rate (default 1 kHz) and, for every
 * thread that has entered a phase, counts one sample for the phase path that thread is in. A path's share of the
 * samples is its share of those threads' run time, wall clock; threads outside any phase count as "(no phase)".
 * The threads being profiled pay only for flipping their phase state.
 *
 * <p>One sampler runs at a time: {@link #start()} (rate from {@code -Dhudprof.sampleHz}, default 1000) or
 * {@link #start(int)}; {@link #current()} is the running or last-stopped one, whose profile the exit report
 * ({@link Stats#report()}) prints. {@link #sampleNow()} takes one sample of every thread immediately, for a
 * caller that drives sampling itself.
 */
public final class PhaseSampler {
    /** The default sampling rate, in samples per second per thread. */
    public static final int DEFAULT_HZ = 1000;
    private static final int MAX_HZ = 100_000;
    private static final Object START_LOCK = new Object();
    private static volatile PhaseSampler current;

    private final int hz;
    private final long periodNanos;
    private final long[] counts = new long[PhasePaths.MAX_PATHS];
    private long total;
    private volatile boolean running;
    private Thread sampling;

    private PhaseSampler(int hz) {
        this.hz = hz;
        this.periodNanos = 1_000_000_000L / hz;
    }

    /**
     * Starts sampling at the rate of {@code -Dhudprof.sampleHz} (default {@value #DEFAULT_HZ}).
     *
     * @throws IllegalStateException if the property is not a whole number from 1 to 100000, or a sampler runs
     */
    public static PhaseSampler start() {
        String value = System.getProperty("hudprof.sampleHz");
        int hz = DEFAULT_HZ;
        if (value != null) {
            try {
                hz = Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                hz = -1;
            }
            if (hz < 1 || hz > MAX_HZ) {
                throw new IllegalStateException("hudprof: -Dhudprof.sampleHz=" + value + " is not valid; give "
                        + "samples per second from 1 to " + MAX_HZ + " (default " + DEFAULT_HZ + ")");
            }
        }
        return start(hz);
    }

    /**
     * Starts sampling at {@code hz} samples per second.
     *
     * @throws IllegalArgumentException if {@code hz} is not from 1 to 100000
     * @throws IllegalStateException    if a sampler is running already
     */
    public static PhaseSampler start(int hz) {
        if (hz < 1 || hz > MAX_HZ) {
            throw new IllegalArgumentException("hudprof: sampling rate " + hz + " Hz is not valid; give 1 to "
                    + MAX_HZ + " (default " + DEFAULT_HZ + ")");
        }
        synchronized (START_LOCK) {
            PhaseSampler running = current;
            if (running != null && running.running) {
                throw new IllegalStateException("hudprof: a phase sampler is already running at " + running.hz
                        + " Hz; stop it with PhaseSampler.current().stop() before starting another");
            }
            PhaseSampler sampler = new PhaseSampler(hz);
            // A game may use phases and no statistics: -Dhudprof.statsAtExit must still print the profile.
            Stats.init();
            sampler.running = true;
            sampler.sampling = new Thread(sampler::run, "hudprof-phase-sampler");
            sampler.sampling.setDaemon(true);
            sampler.sampling.start();
            current = sampler;
            return sampler;
        }
    }

    /**
     * A sampler that takes samples only when {@link #sampleNow()} is called, with no thread of its own, for a
     * game that samples from its own timer (and for tests). It becomes {@link #current()}.
     */
    public static PhaseSampler manual() {
        synchronized (START_LOCK) {
            PhaseSampler running = current;
            if (running != null && running.running) {
                throw new IllegalStateException("hudprof: a phase sampler is already running at " + running.hz
                        + " Hz; stop it with PhaseSampler.current().stop() first");
            }
            PhaseSampler sampler = new PhaseSampler(DEFAULT_HZ);
            current = sampler;
            return sampler;
        }
    }

    /** The running sampler, or the last one started, or {@code null}. */
    public static PhaseSampler current() {
        return current;
    }

    /** Stops the sampling thread and waits for it; the counts stay for the report. */
    public void stop() {
        running = false;
        Thread thread = sampling;
        if (thread != null) {
            LockSupport.unpark(thread);
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Whether the sampling thread runs. */
    public boolean running() {
        return running;
    }

    /** The sampling rate in samples per second per thread. */
    public int hz() {
        return hz;
    }

    private void run() {
        long next = System.nanoTime();
        while (running) {
            next += periodNanos;
            long wait;
            while (running && (wait = next - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            if (!running) {
                return;
            }
            // After a stall (a suspended process) start afresh instead of sampling in a burst.
            if (System.nanoTime() - next > 10 * periodNanos) {
                next = System.nanoTime();
            }
            sampleNow();
        }
    }

    /** Counts one sample for every registered thread's current phase path. */
    public void sampleNow() {
        boolean anyDead = false;
        synchronized (this) {
            for (PhaseThread thread : PhaseThread.registered()) {
                if (thread.thread.isAlive()) {
                    counts[thread.sampledState()]++;
                    total++;
                } else {
                    anyDead = true;
                }
            }
        }
        if (anyDead) {
            PhaseThread.pruneDead();
        }
    }

    /** All samples taken so far, over all threads. */
    public synchronized long totalSamples() {
        return total;
    }

    /**
     * The share (0–1) of all samples taken inside the path {@code nesting} (phases entered in this order from no
     * phase), its sub-phases included; with no arguments, the share outside any phase. 0 if never entered.
     */
    public double share(Phase... nesting) {
        int path = PhasePaths.find(nesting);
        if (path < 0) {
            return 0;
        }
        Tree tree = tree();
        return tree.total == 0 ? 0 : (double) (nesting.length == 0 ? tree.self[PhasePaths.ROOT]
                : tree.inclusive[path]) / tree.total;
    }

    /** The profile as text: each phase path's share of the samples, indented under its parent, largest first. */
    public String report() {
        StringBuilder out = new StringBuilder(512);
        appendReport(out);
        return out.toString();
    }

    void appendReport(StringBuilder out) {
        Tree tree = tree();
        out.append("Phase profile (").append(tree.total).append(" samples at ").append(hz).append(" Hz)\n");
        List<String> names = new ArrayList<>();
        List<Long> samples = new ArrayList<>();
        for (int child : tree.childrenSorted(PhasePaths.ROOT)) {
            collect(tree, child, 1, names, samples);
        }
        if (tree.self[PhasePaths.ROOT] > 0) {
            names.add("  (no phase)");
            samples.add(tree.self[PhasePaths.ROOT]);
        }
        int width = 0;
        for (String name : names) {
            width = Math.max(width, name.length());
        }
        for (int i = 0; i < names.size(); i++) {
            out.append(names.get(i));
            TextLine percent = new TextLine(12);
            UnitText.append(ValueUnit.PERCENT, 100.0 * samples.get(i) / Math.max(1, tree.total), percent);
            for (int pad = names.get(i).length(); pad < width + 2 + 7 - percent.length(); pad++) {
                out.append(' ');
            }
            out.append(percent).append('\n');
        }
    }

    private static void collect(Tree tree, int path, int depth, List<String> names, List<Long> samples) {
        names.add("  ".repeat(depth) + (tree.phase[path] < 0 ? "(phase limit)" : Phase.nameOf(tree.phase[path])));
        samples.add(tree.inclusive[path]);
        for (int child : tree.childrenSorted(path)) {
            collect(tree, child, depth + 1, names, samples);
        }
    }

    private Tree tree() {
        Tree tree = new Tree();
        tree.paths = PhasePaths.copyTree(tree.parent, tree.phase);
        synchronized (this) {
            System.arraycopy(counts, 0, tree.self, 0, counts.length);
            tree.total = total;
        }
        // The limit path sits beyond pathCount; include it in the walk when it has samples.
        for (int p = PhasePaths.MAX_PATHS - 1; p > PhasePaths.ROOT; p--) {
            if (tree.self[p] != 0 || tree.inclusive[p] != 0) {
                tree.inclusive[p] += tree.self[p];
                tree.inclusive[tree.parent[p]] += tree.inclusive[p];
            }
        }
        tree.inclusive[PhasePaths.ROOT] += tree.self[PhasePaths.ROOT];
        return tree;
    }

    /** A copy of the path tree with self and inclusive sample counts. */
    private static final class Tree {
        final int[] parent = new int[PhasePaths.MAX_PATHS];
        final int[] phase = new int[PhasePaths.MAX_PATHS];
        final long[] self = new long[PhasePaths.MAX_PATHS];
        final long[] inclusive = new long[PhasePaths.MAX_PATHS];
        int paths;
        long total;

        /** Children of {@code path} with samples, most samples first. */
        int[] childrenSorted(int path) {
            List<Integer> children = new ArrayList<>();
            for (int p = 1; p < PhasePaths.MAX_PATHS; p++) {
                if (parent[p] == path && inclusive[p] > 0 && (p < paths || p == PhasePaths.OVERFLOW)) {
                    children.add(p);
                }
            }
            children.sort((a, b) -> Long.compare(inclusive[b], inclusive[a]) != 0
                    ? Long.compare(inclusive[b], inclusive[a]) : Integer.compare(a, b));
            return children.stream().mapToInt(Integer::intValue).toArray();
        }
    }
}
