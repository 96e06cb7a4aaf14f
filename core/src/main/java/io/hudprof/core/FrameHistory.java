package io.hudprof.core;

/**
 * The last N recorded frames (IProf's history): each frame's duration and problem counts, the self time of
 * every zone active in it (cheap history, for the graph) and, when full history is on, every zone-stack
 * state's self time and entry count (so any report mode can show an old frame).
 *
 * <p>With allocation per zone on, each frame also keeps its allocated bytes, each zone entry its self bytes and
 * each state entry its self bytes; the queries take the {@link Metric} to read.
 *
 * <p>Memory is fixed at construction: {@code historyFrames} frame records, and two shared entry rings
 * ({@code zoneHistoryEntries} zone entries, {@code stateHistoryEntries} state entries). When a ring wraps,
 * the oldest frames lose that kind of data first; queries then answer "not held" instead of a partial frame.
 *
 * <p>Written by {@code update()}; read it on the same thread.
 */
public final class FrameHistory {
    private static final int PROBLEM_KINDS = Problem.values().length;
    /** GPU state entries kept per history frame on average (the GPU entry ring is this × {@code historyFrames}). */
    static final int GPU_ENTRIES_PER_FRAME = 16;

    private final int frameCapacity;
    private final long[] frameNumber;
    private final long[] frameNanos;
    /** Null unless allocation per zone is on. */
    private final long[] frameBytes;
    private final long[] zoneStart;
    private final long[] zoneEnd;
    private final long[] stateStart;
    private final long[] stateEnd;
    private final long[] problems;
    private final FrameRing frames;

    private final int zoneCapacity;
    private final int[] zoneIds;
    private final long[] zoneSelf;
    private final long[] zoneBytes;
    private long zonePos;
    /** {@code zonePos % zoneCapacity}, kept by wrapping: a 64-bit division per entry would cost more than the write. */
    private int zoneIndex;

    private final boolean full;
    private final int stateCapacity;
    private final int[] stateIds;
    private final long[] stateSelf;
    private final long[] stateCalls;
    private final long[] stateBytes;
    private long statePos;
    /** {@code statePos % stateCapacity}, kept by wrapping. */
    private int stateIndex;

    private int[] zoneSlot = new int[0];

    /** Per frame: GPU frame time (-1 until its GPU results arrived) and its range of GPU state entries. */
    private final long[] gpuFrameNanos;
    private final long[] gpuStart;
    private final long[] gpuEnd;
    private final int gpuCapacity;
    private final int[] gpuIds;
    private final long[] gpuSelf;
    private final long[] gpuCalls;
    private long gpuPos;

    FrameHistory(ProfilerConfig config, boolean allocation) {
        this.frameCapacity = config.historyFrames;
        this.frames = new FrameRing(frameCapacity);
        this.frameNumber = new long[frameCapacity];
        this.frameNanos = new long[frameCapacity];
        this.frameBytes = allocation ? new long[frameCapacity] : null;
        this.zoneStart = new long[frameCapacity];
        this.zoneEnd = new long[frameCapacity];
        this.stateStart = new long[frameCapacity];
        this.stateEnd = new long[frameCapacity];
        this.problems = new long[frameCapacity * PROBLEM_KINDS];
        this.zoneCapacity = config.zoneHistoryEntries;
        this.zoneIds = new int[zoneCapacity];
        this.zoneSelf = new long[zoneCapacity];
        this.zoneBytes = allocation ? new long[zoneCapacity] : null;
        this.full = config.fullHistory;
        this.stateCapacity = full ? config.stateHistoryEntries : 0;
        this.stateIds = new int[stateCapacity];
        this.stateSelf = new long[stateCapacity];
        this.stateCalls = new long[stateCapacity];
        this.stateBytes = allocation ? new long[stateCapacity] : null;
        this.gpuFrameNanos = new long[frameCapacity];
        this.gpuStart = new long[frameCapacity];
        this.gpuEnd = new long[frameCapacity];
        // GPU passes are few per frame: room for GPU_ENTRIES_PER_FRAME GPU states a frame on average (a game with
        // more loses the oldest frames' GPU rows first, as the other rings do).
        this.gpuCapacity = full ? frameCapacity * GPU_ENTRIES_PER_FRAME : 0;
        this.gpuIds = new int[gpuCapacity];
        this.gpuSelf = new long[gpuCapacity];
        this.gpuCalls = new long[gpuCapacity];
    }

    /** Whether this history holds {@code metric}'s values (time always; bytes with allocation per zone). */
    public boolean holds(Metric metric) {
        return metric == Metric.TIME || frameBytes != null;
    }

    /**
     * The frame {@code framesAgo} back's total in {@code metric}: its duration (ns), or the bytes all recorded threads
     * allocated in it; -1 if not held.
     */
    public long frameTotal(Metric metric, int framesAgo) {
        int slot = slot(framesAgo);
        if (slot < 0 || !holds(metric)) {
            return -1;
        }
        return metric == Metric.TIME ? frameNanos[slot] : frameBytes[slot];
    }

    /** How many frames the history can hold. */
    public int capacity() {
        return frameCapacity;
    }

    /** How many frames it holds now (grows to {@link #capacity()}). */
    public int size() {
        return frames.size();
    }

    /** Whether per-state values are kept, so reports can show history frames. */
    public boolean fullHistory() {
        return full;
    }

    /** Duration of the frame {@code framesAgo} back (0 = latest recorded), or -1 if not held. */
    public long frameNanos(int framesAgo) {
        int slot = slot(framesAgo);
        return slot < 0 ? -1 : frameNanos[slot];
    }

    /** The recorded-frame number (from 1) of the frame {@code framesAgo} back, or -1 if not held. */
    public long frameNumber(int framesAgo) {
        int slot = slot(framesAgo);
        return slot < 0 ? -1 : frameNumber[slot];
    }

    /** How often a problem occurred in the frame {@code framesAgo} back (0 if not held). */
    public long problems(int framesAgo, Problem problem) {
        int slot = slot(framesAgo);
        return slot < 0 ? 0 : problems[slot * PROBLEM_KINDS + problem.ordinal()];
    }

    /**
     * Writes the self time (ns) of each listed zone in the frame {@code framesAgo} back into
     * {@code destSelfNanos[0..count)}; zones not active in that frame get 0. Allocation-free.
     *
     * @return false, writing nothing, when that frame's zone data is no longer held
     */
    public boolean zoneSelf(int framesAgo, int[] zoneIds, int count, long[] destSelfNanos) {
        return zoneSelf(Metric.TIME, framesAgo, zoneIds, count, destSelfNanos);
    }

    /**
     * {@link #zoneSelf(int, int[], int, long[])} for any metric held: self time (ns) or self allocated bytes.
     *
     * @return false, writing nothing, when that frame's zone data (or that metric) is not held
     */
    public boolean zoneSelf(Metric metric, int framesAgo, int[] zoneIds, int count, long[] destSelfNanos) {
        int slot = slot(framesAgo);
        if (slot < 0 || zoneStart[slot] < zonePos - zoneCapacity || !holds(metric)) {
            return false;
        }
        long[] values = metric == Metric.TIME ? zoneSelf : zoneBytes;
        int zones = Zone.count();
        if (zoneSlot.length < zones) {
            zoneSlot = new int[Math.max(zones, zoneSlot.length * 2)];
        }
        for (int i = 0; i < count; i++) {
            destSelfNanos[i] = 0;
            int id = zoneIds[i];
            if (id >= 0 && id < zoneSlot.length) {
                zoneSlot[id] = i + 1;
            }
        }
        // One division per frame, not per entry: a 64-bit modulo costs tens of cycles and the graph asks 512 times.
        int entry = (int) (zoneStart[slot] % zoneCapacity);
        for (long e = zoneStart[slot]; e < zoneEnd[slot]; e++) {
            int id = this.zoneIds[entry];
            int target = id < zoneSlot.length ? zoneSlot[id] : 0;
            if (target > 0) {
                destSelfNanos[target - 1] += values[entry];
            }
            entry = entry + 1 == zoneCapacity ? 0 : entry + 1;
        }
        for (int i = 0; i < count; i++) {
            int id = zoneIds[i];
            if (id >= 0 && id < zoneSlot.length) {
                zoneSlot[id] = 0;
            }
        }
        return true;
    }

    /**
     * The GPU time of the frame {@code framesAgo} back (its time inside its outermost GPU zones), or -1 when that frame
     * is not held, had no GPU zones, or its GPU results have not arrived (yet, or ever: a dropped frame).
     */
    public long gpuFrameNanos(int framesAgo) {
        int slot = slot(framesAgo);
        return slot < 0 ? -1 : gpuFrameNanos[slot];
    }

    /**
     * Attaches the late-arriving GPU values of recorded frame {@code number}: its GPU frame time and, with full
     * history, the GPU states' self time and counts, which {@link #loadStates} then reads with the frame's CPU
     * states. Does nothing when the frame has left the history.
     */
    void attachGpu(long number, FrameStates gpu, long nanos) {
        int framesAgo = frames.written() == 0 ? -1 : (int) Math.min(Integer.MAX_VALUE, frameNumber(0) - number);
        int slot = slot(framesAgo);
        if (slot < 0 || frameNumber[slot] != number) {
            return;
        }
        gpuFrameNanos[slot] = nanos;
        if (!full) {
            return;
        }
        gpuStart[slot] = gpuPos;
        for (int i = 0; i < gpu.count(); i++) {
            int e = (int) (gpuPos % gpuCapacity);
            gpuIds[e] = gpu.state(i);
            gpuSelf[e] = gpu.self(i);
            gpuCalls[e] = gpu.calls(i);
            gpuPos++;
        }
        gpuEnd[slot] = gpuPos;
    }

    /** Whether the slot's GPU entries are still in the GPU entry ring. */
    private boolean gpuHeld(int slot) {
        return gpuEnd[slot] > gpuStart[slot] && gpuStart[slot] >= gpuPos - gpuCapacity;
    }

    /** True when the frame {@code framesAgo} back still has its per-state values. */
    boolean hasStates(int framesAgo) {
        int slot = slot(framesAgo);
        return full && slot >= 0 && stateStart[slot] >= statePos - stateCapacity;
    }

    /**
     * Reads the frame {@code framesAgo} back's per-state values into {@code dest}: its CPU states (with bytes when
     * allocation per zone is on) and, once they arrived, its GPU states. False, {@code dest} empty, when not held.
     */
    public boolean loadStates(int framesAgo, FrameStates dest) {
        dest.reset(stateBytes != null);
        if (!hasStates(framesAgo)) {
            return false;
        }
        int slot = slot(framesAgo);
        for (long e = stateStart[slot]; e < stateEnd[slot]; e++) {
            int i = (int) (e % stateCapacity);
            dest.add(stateIds[i], stateSelf[i], stateCalls[i], stateBytes == null ? 0 : stateBytes[i]);
        }
        if (gpuHeld(slot)) {
            for (long e = gpuStart[slot]; e < gpuEnd[slot]; e++) {
                int i = (int) (e % gpuCapacity);
                dest.add(gpuIds[i], gpuSelf[i], gpuCalls[i], 0);
            }
        }
        return true;
    }

    void beginFrame(long number, long nanos, long bytes, long[] frameProblems) {
        int slot = frames.next();
        frameNumber[slot] = number;
        frameNanos[slot] = nanos;
        if (frameBytes != null) {
            frameBytes[slot] = bytes;
        }
        System.arraycopy(frameProblems, 0, problems, slot * PROBLEM_KINDS, PROBLEM_KINDS);
        zoneStart[slot] = zonePos;
        zoneEnd[slot] = zonePos;
        stateStart[slot] = statePos;
        stateEnd[slot] = statePos;
        gpuFrameNanos[slot] = -1;
        gpuStart[slot] = gpuPos;
        gpuEnd[slot] = gpuPos;
    }

    void addZone(int zoneId, long self, long selfBytes) {
        int i = zoneIndex;
        zoneIds[i] = zoneId;
        zoneSelf[i] = self;
        if (zoneBytes != null) {
            zoneBytes[i] = selfBytes;
        }
        zoneIndex = i + 1 == zoneCapacity ? 0 : i + 1;
        zonePos++;
    }

    /** Keeps one entry of the frame's per-state values (with full history), which {@link #loadStates} gives back. */
    void addState(int state, long self, long calls, long selfBytes) {
        if (!full) {
            return;
        }
        int i = stateIndex;
        stateIds[i] = state;
        stateSelf[i] = self;
        stateCalls[i] = calls;
        if (stateBytes != null) {
            stateBytes[i] = selfBytes;
        }
        stateIndex = i + 1 == stateCapacity ? 0 : i + 1;
        statePos++;
    }

    void endFrame() {
        int slot = frames.next();
        zoneEnd[slot] = zonePos;
        stateEnd[slot] = statePos;
        frames.advance();
    }

    private int slot(int framesAgo) {
        return frames.slot(framesAgo);
    }
}
