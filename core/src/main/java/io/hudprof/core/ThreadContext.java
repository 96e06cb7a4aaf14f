package io.hudprof.core;

import java.util.Arrays;

/**
 * The update thread's view of one recording thread: the zone stack replayed from its events, where its last
 * transition happened, which drops were already counted and which drop episode was last resynced. Owned by the
 * thread inside {@code update()}; reused for another thread once its thread has ended.
 */
final class ThreadContext {
    /** {@link #lastBytes} before the thread's first allocated-bytes reading. */
    static final long NO_BYTES = Long.MIN_VALUE;

    ThreadRecorder recorder;
    int rootState;
    /** Null unless the profiler keeps timelines. */
    ThreadTimeline timeline;
    int[] stack = new int[16];
    /**
     * Beside {@link #stack}: per open level, the time from which the level's inclusive time is not yet credited.
     * Only meaningful inside the aggregator's replay loop, which sets it on entry (see {@code FrameAggregator}).
     */
    long[] start = new long[16];
    int depth;
    /** The thread's last transition time: the running maximum of its replayed event times. */
    long lastNanos;
    /** The thread's allocated-bytes counter at its last event, or {@link #NO_BYTES}; with allocation per zone. */
    long lastBytes = NO_BYTES;
    /** Drops already counted into some frame. */
    long countedDrops;
    /** The drop episode whose RESYNC (or snapshot) was applied last; 0 before any. */
    int resyncedEpisode;
    /** Scratch for the recorder's stack snapshot. */
    int[] snapshot = new int[0];
    /**
     * Per level, the zone entered where the level holds the state tree's overflow state (whose own zone is the
     * overflow zone): written only where that state is pushed (off the replay loop), so the frame timeline names the
     * zone that ran. Null until the state limit is reached.
     */
    private int[] overflowZone;

    void reset(ThreadRecorder recorder, int rootState, ThreadTimeline timeline, long startNanos) {
        this.recorder = recorder;
        this.rootState = rootState;
        this.timeline = timeline;
        this.stack[0] = rootState;
        this.depth = 0;
        this.lastNanos = startNanos;
        this.lastBytes = NO_BYTES;
        this.countedDrops = 0;
        this.resyncedEpisode = 0;
    }

    /** Forgets the thread, so nothing of it stays reachable from a context kept for reuse. */
    void clear() {
        recorder = null;
        timeline = null;
    }

    int currentState() {
        return stack[depth];
    }

    void push(int state) {
        if (depth + 1 == stack.length) {
            grow();
        }
        stack[++depth] = state;
    }

    /** Doubles the stack and its start times together (they are indexed by the same depth). */
    void grow() {
        stack = Arrays.copyOf(stack, stack.length * 2);
        start = Arrays.copyOf(start, stack.length);
    }

    /** The level just pushed holds the overflow state for {@code zoneId}; see {@link #zoneAt}. */
    void pushedOverflow(int zoneId) {
        if (overflowZone == null || overflowZone.length <= depth) {
            overflowZone = Arrays.copyOf(overflowZone == null ? new int[0] : overflowZone, stack.length);
        }
        overflowZone[depth] = zoneId;
    }

    /** The zone that was entered at open level {@code d} (1 = outermost zone). */
    int zoneAt(int d, StateTree tree) {
        int state = stack[d];
        return tree.isOverflow(state) ? overflowZone[d] : tree.zone[state];
    }

    void pop() {
        if (depth > 0) {
            depth--;
        }
    }
}
