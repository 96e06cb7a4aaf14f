package io.hudprof.capture.compare;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.FrameStates;
import io.hudprof.core.Metric;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Annexes;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.Distribution;
import io.hudprof.core.report.DistributionSource;
import io.hudprof.core.report.ReportAnnex;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ZoneTotals;

/**
 * Each report key's per-frame self and hierarchical values over the frames history holds with their per-state
 * values, and their distribution: min, nearest-rank median, p95, p99 and max ({@link Column#DIST_MIN} states the
 * rule). A frame's values are derived exactly as a row of that frame would be: its per-state values are loaded and
 * {@link ZoneTotals} keys them (restricted to one thread when the report is).
 *
 * <p>Work follows what changed: each frame's keyed values are kept in a slot of a ring the size of the history,
 * found by the frame's number, so a new frame costs one keying; a frame is keyed again only when its GPU results
 * arrive after it was keyed (they change its {@code <gpu>} states), and everything is keyed again when the metric,
 * recursion display or thread changes or a key is added beyond the room reserved. Each key also keeps its values over
 * the window in ascending order, updated by one removal and one insertion per frame that leaves or enters (a binary
 * search and an array shift), so the order statistics are read at their ranks and nothing is allocated once the
 * arrays have grown. Memory once shown: four doubles per key per history frame; nothing before.
 *
 * <p>Plugged into a profiler's report as an annex with {@link #attach(Profiler)}.
 */
public final class ZoneDistributions implements DistributionSource, ReportAnnex {
    /** Indexes into {@link #select}'s result. */
    static final int MIN = 0;
    static final int MEDIAN = 1;
    static final int P95 = 2;
    static final int P99 = 3;
    static final int MAX = 4;

    private final ProfileData data;
    private final FrameHistory history;
    private final ZoneTotals keyed = new ZoneTotals();
    private final int capacity;
    /** Per ring slot: the number of the frame keyed into it (-1: none), and its GPU frame time then. */
    private final long[] slotFrame;
    private final long[] slotGpu;
    /** Frames in the window, and the numbers of its newest and oldest (-1: empty). */
    private int frames;
    private long newestFrame = -1;
    private int keyStride;
    /** Per-frame values, {@code [key * capacity + slot]}. */
    private double[] selfValues = new double[0];
    private double[] hierValues = new double[0];
    /** Per key: the number of the latest keyed frame in which it had a value or an entry (-1: none). */
    private long[] lastSeen = new long[0];
    private long oldestFrame = -1;
    /** Each key's values over the window in ascending order, {@code [key * capacity + i]}, i below {@link #frames}. */
    private double[] sortedSelf = new double[0];
    private double[] sortedHier = new double[0];
    /** The history frame being keyed, read once and loaded into (then cleared from) the arrays below. */
    private final FrameStates loaded = new FrameStates();
    private double[] loadSelf = new double[64];
    private double[] loadCalls = new double[64];
    private int[] stateRoot = new int[64];

    private long computedChanges = -1;
    private Metric computedMetric;
    private boolean computedExpanded;
    private int computedThread = Integer.MIN_VALUE;

    /**
     * Plugs the distribution columns into {@code profiler}'s report (a report annex, {@link Annexes#of(Profiler)})
     * unless an annex already supplies them, and returns what supplies them. Any thread.
     */
    public static DistributionSource attach(Profiler profiler) {
        // Two views attaching at once still plug in one (Profiler locks only private objects of its own).
        synchronized (profiler) {
            DistributionSource held = ReportController.of(profiler).distributions();
            if (held != null) {
                return held;
            }
            ZoneDistributions distributions = new ZoneDistributions(profiler.data());
            Annexes.of(profiler).add(distributions);
            return distributions;
        }
    }

    ZoneDistributions(ProfileData data) {
        this.data = data;
        this.history = data.history();
        this.capacity = history.capacity();
        this.slotFrame = new long[capacity];
        this.slotGpu = new long[capacity];
        java.util.Arrays.fill(slotFrame, -1);
    }

    /**
     * Brings the per-frame values up to date with history for {@code metric} (which must be recorded), collapsed or
     * expanded keys, and all threads ({@code threadRoot} -1) or one thread root. Costs nothing when neither the
     * profile nor these arguments changed since the last call; otherwise the frames that left the held window are
     * taken out of each key's sorted values and the frames that entered it (or whose GPU results arrived) are keyed
     * and put in.
     */
    @Override
    public void update(Metric metric, boolean expanded, int threadRoot) {
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
                sortedSelf = new double[keyStride * capacity];
                sortedHier = new double[keyStride * capacity];
                lastSeen = new long[keyStride];
            }
            java.util.Arrays.fill(slotFrame, -1);
            java.util.Arrays.fill(lastSeen, -1);
            frames = 0;
            newestFrame = -1;
            oldestFrame = -1;
            computedMetric = metric;
            computedExpanded = expanded;
            computedThread = threadRoot;
        }
        // The frames with per-state values are the newest ones, a contiguous run of frame numbers.
        int size = history.size();
        int held = 0;
        while (held < size && data.historyHasStates(held)) {
            held++;
        }
        long newest = held > 0 ? history.frameNumber(0) : -1;
        long oldest = held > 0 ? history.frameNumber(held - 1) : -1;
        // Out go the frames that left the window, from both ends.
        while (frames > 0 && (oldestFrame < oldest || oldestFrame > newest)) {
            remove(oldestFrame);
            oldestFrame++;
        }
        while (frames > 0 && newestFrame > newest) {
            remove(newestFrame);
            newestFrame--;
        }
        if (frames == 0) {
            oldestFrame = -1;
            newestFrame = -1;
        }
        for (int f = held - 1; f >= 0; f--) {
            long number = newest - f;
            int slot = (int) (number % capacity);
            long gpu = history.gpuFrameNanos(f);
            boolean inWindow = frames > 0 && number >= oldestFrame && number <= newestFrame;
            if (inWindow && slotGpu[slot] == gpu) {
                continue;
            }
            if (inWindow) {
                // Its GPU results arrived since it was keyed: its <gpu> states changed.
                removeValues(slot);
            }
            keyFrame(f, slot, number, metric, expanded, threadRoot);
            slotFrame[slot] = number;
            slotGpu[slot] = gpu;
            insertValues(slot);
            if (!inWindow) {
                oldestFrame = oldestFrame < 0 ? number : Math.min(oldestFrame, number);
                newestFrame = Math.max(newestFrame, number);
            }
        }
        computedChanges = data.changes();
    }

    /** Takes the frame {@code number} (in the window) out of every key's sorted values. */
    private void remove(long number) {
        int slot = (int) (number % capacity);
        removeValues(slot);
        slotFrame[slot] = -1;
    }

    private void removeValues(int slot) {
        for (int k = 0; k < keyStride; k++) {
            int base = k * capacity;
            removeSorted(sortedSelf, base, frames, selfValues[base + slot]);
            removeSorted(sortedHier, base, frames, hierValues[base + slot]);
        }
        frames--;
    }

    private void insertValues(int slot) {
        for (int k = 0; k < keyStride; k++) {
            int base = k * capacity;
            insertSorted(sortedSelf, base, frames, selfValues[base + slot]);
            insertSorted(sortedHier, base, frames, hierValues[base + slot]);
        }
        frames++;
    }

    /** Removes one occurrence of {@code v} from the ascending run {@code a[base, base + length)}. */
    private static void removeSorted(double[] a, int base, int length, double v) {
        int at = lowerBound(a, base, base + length, v);
        System.arraycopy(a, at + 1, a, at, base + length - at - 1);
    }

    /** Inserts {@code v} into the ascending run {@code a[base, base + length)} (room for one more after it). */
    private static void insertSorted(double[] a, int base, int length, double v) {
        int at = lowerBound(a, base, base + length, v);
        System.arraycopy(a, at, a, at + 1, base + length - at);
        a[at] = v;
    }

    /** The first index in the ascending run {@code a[from, to)} whose value is not below {@code v}. */
    private static int lowerBound(double[] a, int from, int to, double v) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private void keyFrame(int framesAgo, int slot, long number, Metric metric, boolean expanded, int threadRoot) {
        int states = data.stateCapacity();
        if (loadSelf.length < states) {
            loadSelf = new double[states];
            loadCalls = new double[states];
            stateRoot = new int[states];
        }
        data.history().loadStates(framesAgo, loaded);
        loaded.load(metric, loadSelf, loadCalls);
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
        keyed.compute(data, loadSelf, loadCalls, expanded);
        int keys = Math.min(keyed.zoneCount(), keyStride);
        for (int k = 0; k < keyStride; k++) {
            int at = k * capacity + slot;
            selfValues[at] = k < keys ? keyed.self(k) : 0;
            hierValues[at] = k < keys ? keyed.hier(k) : 0;
            if (k < keys && keyed.hasData(k) && number > lastSeen[k]) {
                lastSeen[k] = number;
            }
        }
        loaded.clear(loadSelf, loadCalls);
    }

    @Override
    public DistributionSource distributions() {
        return this;
    }

    @Override
    public boolean heldAnywhere(int key) {
        return frames > 0 && key >= 0 && key < keyStride && lastSeen[key] >= oldestFrame;
    }

    @Override
    public int frames() {
        return frames;
    }

    @Override
    public boolean select(int key, Distribution basis, double[] stats) {
        if (frames == 0 || key < 0 || key >= keyStride || basis == Distribution.OFF) {
            return false;
        }
        double[] sorted = basis == Distribution.HIER ? sortedHier : sortedSelf;
        int base = key * capacity;
        stats[MIN] = sorted[base];
        stats[MEDIAN] = sorted[base + rankIndex(50, frames)];
        stats[P95] = sorted[base + rankIndex(95, frames)];
        stats[P99] = sorted[base + rankIndex(99, frames)];
        stats[MAX] = sorted[base + frames - 1];
        return true;
    }

    @Override
    public int frameValues(int key, Distribution basis, double[] dest) {
        if (key < 0 || key >= keyStride || basis == Distribution.OFF) {
            return 0;
        }
        double[] values = basis == Distribution.HIER ? hierValues : selfValues;
        int n = Math.min(frames, dest.length);
        for (int i = 0; i < n; i++) {
            dest[i] = values[key * capacity + (int) ((newestFrame - i) % capacity)];
        }
        return n;
    }

    /** The 0-based index of the nearest-rank {@code percent}-th percentile of {@code n} sorted values. */
    static int rankIndex(int percent, int n) {
        int rank = (int) (((long) percent * n + 99) / 100);
        return Math.max(1, rank) - 1;
    }
}
