package io.hudprof.core.report;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.Metric;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Zone;

/**
 * Each report key's per-frame self and hierarchical values over the frames history holds with their per-state
 * values, and their distribution: min, nearest-rank median, p95, p99 and max ({@link Column#DIST_MIN} states the
 * rule). A frame's values are derived exactly as a row of that frame would be: its per-state values are loaded and
 * {@link KeyedValues} keys them (restricted to one thread when the report is).
 *
 * <p>Work follows what changed: each frame's keyed values are kept in a slot of a ring the size of the history,
 * found by the frame's number, so a new frame costs one keying; a frame is keyed again only when its GPU results
 * arrive after it was keyed (they change its {@code <gpu>} states), and everything is keyed again when the metric,
 * recursion display or thread changes or a key is added beyond the room reserved. The order statistics are selected
 * in place in a scratch copy (three quickselects on shrinking ranges), so nothing is sorted and nothing allocated
 * once the arrays have grown.
 */
final class ZoneDistributions {
    /** Indexes into {@link #stats}. */
    static final int MIN = 0;
    static final int MEDIAN = 1;
    static final int P95 = 2;
    static final int P99 = 3;
    static final int MAX = 4;

    private final ProfileData data;
    private final FrameHistory history;
    private final KeyedValues keyed = new KeyedValues();
    private final int capacity;
    /** Per ring slot: the number of the frame keyed into it (-1: none), and its GPU frame time then. */
    private final long[] slotFrame;
    private final long[] slotGpu;
    /** The slots of the frames held now, by frames ago (0 = latest). */
    private final int[] frameSlots;
    private int frames;
    private int keyStride;
    /** Per-frame values, {@code [key * capacity + slot]}. */
    private double[] selfValues = new double[0];
    private double[] hierValues = new double[0];
    /** Per key: the number of the latest keyed frame in which it had a value or an entry (-1: none). */
    private long[] lastSeen = new long[0];
    private long oldestFrame;
    private double[] loadSelf = new double[64];
    private double[] loadCalls = new double[64];
    private int[] stateRoot = new int[64];
    private double[] scratch;
    /** The last {@link #select} result: min, median, p95, p99, max. */
    final double[] stats = new double[5];

    private long computedChanges = -1;
    private Metric computedMetric;
    private boolean computedExpanded;
    private int computedThread = Integer.MIN_VALUE;

    ZoneDistributions(ProfileData data) {
        this.data = data;
        this.history = data.history();
        this.capacity = history.capacity();
        this.slotFrame = new long[capacity];
        this.slotGpu = new long[capacity];
        this.frameSlots = new int[capacity];
        this.scratch = new double[capacity];
        java.util.Arrays.fill(slotFrame, -1);
    }

    /**
     * Brings the per-frame values up to date with history for {@code metric} (which must be recorded), collapsed or
     * expanded keys, and all threads ({@code threadRoot} -1) or one thread root. Costs nothing when neither the
     * profile nor these arguments changed since the last call.
     */
    void update(Metric metric, boolean expanded, int threadRoot) {
        int keyCount = expanded ? data.expandedKeyCount() : Zone.count();
        boolean sameView = metric == computedMetric && expanded == computedExpanded && threadRoot == computedThread;
        if (sameView && data.changes() == computedChanges && keyCount <= keyStride) {
            return;
        }
        if (!sameView || keyCount > keyStride) {
            if (keyCount > keyStride) {
                keyStride = Math.max(keyCount, Math.max(64, keyStride * 2));
                selfValues = new double[keyStride * capacity];
                hierValues = new double[keyStride * capacity];
                lastSeen = new long[keyStride];
            }
            java.util.Arrays.fill(slotFrame, -1);
            java.util.Arrays.fill(lastSeen, -1);
            computedMetric = metric;
            computedExpanded = expanded;
            computedThread = threadRoot;
        }
        frames = 0;
        int size = history.size();
        for (int f = 0; f < size && data.historyHasStates(f); f++) {
            long number = history.frameNumber(f);
            int slot = (int) (number % capacity);
            long gpu = history.gpuFrameNanos(f);
            if (slotFrame[slot] != number || slotGpu[slot] != gpu) {
                keyFrame(f, slot, number, metric, expanded, threadRoot);
                slotFrame[slot] = number;
                slotGpu[slot] = gpu;
            }
            frameSlots[frames++] = slot;
            oldestFrame = number;
        }
        computedChanges = data.changes();
    }

    private void keyFrame(int framesAgo, int slot, long number, Metric metric, boolean expanded, int threadRoot) {
        int states = data.stateCapacity();
        if (loadSelf.length < states) {
            loadSelf = new double[states];
            loadCalls = new double[states];
            stateRoot = new int[states];
        }
        data.loadHistoryStates(framesAgo, metric, loadSelf, loadCalls);
        int n = data.stateCount();
        if (threadRoot >= 0) {
            // As ReportSource.restrictToThread: other threads' states read as zero. The clear below zeroes whatever
            // the load wrote, these entries included.
            for (int s = 0; s < n; s++) {
                int p = data.parent(s);
                stateRoot[s] = p < 0 ? data.zone(s) : stateRoot[p];
                if (stateRoot[s] != threadRoot) {
                    loadSelf[s] = 0;
                    loadCalls[s] = 0;
                }
            }
        }
        keyed.compute(data, loadSelf, loadCalls, expanded, -1);
        int keys = Math.min(keyed.keyCount, keyStride);
        for (int k = 0; k < keyStride; k++) {
            int at = k * capacity + slot;
            selfValues[at] = k < keys ? keyed.self[k] : 0;
            hierValues[at] = k < keys ? keyed.hier[k] : 0;
            if (k < keys && keyed.hasData[k] && number > lastSeen[k]) {
                lastSeen[k] = number;
            }
        }
        data.clearHistoryStates(framesAgo, loadSelf, loadCalls);
    }

    /** Whether {@code key} had a value or an entry in any of the frames the last {@link #update} found. */
    boolean heldAnywhere(int key) {
        return frames > 0 && key >= 0 && key < keyStride && lastSeen[key] >= oldestFrame;
    }

    /** How many frames the last {@link #update} found with per-state values. */
    int frames() {
        return frames;
    }

    /**
     * Fills {@link #stats} with the distribution of {@code key}'s per-frame {@code basis} values.
     *
     * @return false when there is nothing to describe (no frame held, or a key unknown at the last update)
     */
    boolean select(int key, Distribution basis) {
        if (frames == 0 || key < 0 || key >= keyStride || basis == Distribution.OFF) {
            return false;
        }
        double[] values = basis == Distribution.HIER ? hierValues : selfValues;
        int base = key * capacity;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < frames; i++) {
            double v = values[base + frameSlots[i]];
            scratch[i] = v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        int median = rankIndex(50, frames);
        int p95 = rankIndex(95, frames);
        int p99 = rankIndex(99, frames);
        stats[MIN] = min;
        stats[MEDIAN] = OrderStatistics.select(scratch, 0, frames - 1, median);
        stats[P95] = OrderStatistics.select(scratch, median, frames - 1, p95);
        stats[P99] = OrderStatistics.select(scratch, p95, frames - 1, p99);
        stats[MAX] = max;
        return true;
    }

    /**
     * Copies {@code key}'s per-frame {@code basis} values into {@code dest}, latest frame first (index = frames
     * ago), as many as fit.
     *
     * @return how many were copied
     */
    int frameValues(int key, Distribution basis, double[] dest) {
        if (key < 0 || key >= keyStride || basis == Distribution.OFF) {
            return 0;
        }
        double[] values = basis == Distribution.HIER ? hierValues : selfValues;
        int n = Math.min(frames, dest.length);
        for (int i = 0; i < n; i++) {
            dest[i] = values[key * capacity + frameSlots[i]];
        }
        return n;
    }

    /** The 0-based index of the nearest-rank {@code percent}-th percentile of {@code n} sorted values. */
    static int rankIndex(int percent, int n) {
        int rank = (int) (((long) percent * n + 99) / 100);
        return Math.max(1, rank) - 1;
    }
}
