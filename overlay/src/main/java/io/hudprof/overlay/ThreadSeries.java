package io.hudprof.overlay;

import io.hudprof.core.ProfileData;
import java.util.Arrays;

/**
 * One thread's frames over history, for a graph of that thread alone (PStats opens a strip chart per thread): for
 * each history frame, the thread's busy time (inside any zone) and its whole time, summed from the frame's per-state
 * values (full history must be on, the default). Each frame is summed once and cached by frame number, so a graph
 * that redraws every frame pays for one new frame per update. Allocation-free once its arrays have grown; use it on
 * the thread that calls {@code update()}.
 */
final class ThreadSeries {
    private final ProfileData data;
    private int rootZone = -1;
    private long[] cachedFrame = new long[0];
    private double[] cachedBusy = new double[0];
    private double[] cachedTotal = new double[0];
    private int[] stateRoot = new int[64];
    private int rootsKnown;
    private double[] self = new double[64];
    private double[] calls = new double[64];

    /** A series over {@code data}'s history. */
    public ThreadSeries(ProfileData data) {
        if (data == null) {
            throw new IllegalArgumentException("hudprof: profile data is null");
        }
        this.data = data;
    }

    /**
     * The busy time (ns inside any zone) of the thread with root zone {@code root} in the frame {@code framesAgo}
     * back (0 = latest), or NaN when that frame's per-state values are not held.
     */
    public double busyNanos(int root, int framesAgo) {
        int slot = load(root, framesAgo);
        return slot < 0 ? Double.NaN : cachedBusy[slot];
    }

    /** The thread's whole time in that frame (busy plus outside any zone), or NaN when not held. */
    public double totalNanos(int root, int framesAgo) {
        int slot = load(root, framesAgo);
        return slot < 0 ? Double.NaN : cachedTotal[slot];
    }

    private int load(int root, int framesAgo) {
        if (framesAgo < 0 || !data.historyHasStates(framesAgo)) {
            return -1;
        }
        int capacity = data.history().capacity();
        if (cachedFrame.length != capacity) {
            cachedFrame = new long[capacity];
            cachedBusy = new double[capacity];
            cachedTotal = new double[capacity];
            Arrays.fill(cachedFrame, -1);
        }
        if (root != rootZone) {
            // Another thread: forget the cached frames, keep the arrays.
            Arrays.fill(cachedFrame, -1);
            rootZone = root;
        }
        long number = data.history().frameNumber(framesAgo);
        int slot = (int) Math.floorMod(number, (long) capacity);
        if (cachedFrame[slot] == number) {
            return slot;
        }
        int states = data.stateCount();
        if (self.length < data.stateCapacity()) {
            self = new double[data.stateCapacity()];
            calls = new double[data.stateCapacity()];
        }
        if (stateRoot.length < states) {
            stateRoot = Arrays.copyOf(stateRoot, Math.max(states, stateRoot.length * 2));
        }
        // States are never freed and a parent comes before its children: extend the state → root map in one pass.
        for (int s = rootsKnown; s < states; s++) {
            int p = data.parent(s);
            stateRoot[s] = p < 0 ? data.zone(s) : stateRoot[p];
        }
        rootsKnown = Math.max(rootsKnown, states);
        data.loadHistoryStates(framesAgo, self, calls);
        double busy = 0;
        double total = 0;
        for (int s = 0; s < states; s++) {
            if (stateRoot[s] == root && self[s] != 0) {
                total += self[s];
                if (data.parent(s) >= 0) {
                    busy += self[s];
                }
            }
        }
        data.clearHistoryStates(framesAgo, self, calls);
        cachedFrame[slot] = number;
        cachedBusy[slot] = busy;
        cachedTotal[slot] = total;
        return slot;
    }
}
