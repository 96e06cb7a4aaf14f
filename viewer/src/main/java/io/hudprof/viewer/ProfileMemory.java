package io.hudprof.viewer;

/**
 * What a client's profile in the live window will hold, estimated from its definitions before anything is made for
 * it, so a client too big for the viewer is refused ({@link MemoryBudget}) rather than run into an
 * {@code OutOfMemoryError}. An upper bound for a client that uses each of its collectors on each of its threads every
 * frame; {@code ProfileMemoryEstimateTest} holds it above the heap measured for such clients.
 *
 * <p>Parts, from what {@link RemoteProfile} and {@link ReplayThread} allocate and what was measured (heap after GC,
 * three clients of each shape past their 600 frames of history, 2026-11-27): the history rings, fixed whatever the
 * client (4 MiB, see {@link RemoteProfile#STATE_HISTORY_ENTRIES}), and the profiler and statistics around them; the
 * window's HUD once shown (1.7 MiB measured by {@code ClientHudMemoryGlTest}); per replayed thread its timeline ring
 * and its pool of {@link ReplayThread#QUEUE} + 1 frames, whose arrays grow to the largest frame (in powers of two, kept
 * up to {@link ReplayThread#SHRINK_EVENTS} events); per collector and thread the aggregator's state for it; per
 * collector its zone, names and statistic.
 */
final class ProfileMemory {
    /**
     * The profiler, its fixed history rings and statistics (a whole client of 40 collectors on 2 threads measured 4.7
     * to 7.4 MiB here, 6.9 to 7.0 in {@code ClientMemoryTest}).
     */
    static final long FIXED_BYTES = 8L << 20;
    /** The window's HUD for a client once it has been shown (measured 1.66 to 1.67 MiB). */
    static final long HUD_BYTES = 2L << 20;
    /** A replayed thread's timeline ring ({@link RemoteProfile#TIMELINE_EVENTS} of 13 bytes) and the thread's rest. */
    static final long THREAD_BYTES = RemoteProfile.TIMELINE_EVENTS * 13L + (48 << 10);
    /** Bytes a pooled frame holds per event slot: a zone reference, a start flag, a time. */
    static final long EVENT_SLOT_BYTES = 4 + 1 + 8;
    /** The aggregator's state for one collector on one thread (fitted above the measurements). */
    static final long COLLECTOR_THREAD_BYTES = 2560;
    /** One collector's zone, full name and statistic. */
    static final long COLLECTOR_BYTES = 1024;

    private ProfileMemory() {
    }

    /**
     * Bytes a client's profile (with its HUD) holds at most once its history is full.
     *
     * @param collectors    collectors defined
     * @param threads       threads replayed (at most {@link ClientFeed#MAX_THREADS})
     * @param frameEvents   time events in its largest frame: {@code 2 * collectors + 2} for one that starts and stops
     *                      each collector once, or more once such a frame has come
     */
    static long estimate(int collectors, int threads, int frameEvents) {
        long slotEvents = Math.max(32, Integer.highestOneBit(Math.max(1, Math.min(frameEvents,
                ReplayThread.SHRINK_EVENTS)) * 2 - 1));
        long perThread = THREAD_BYTES + (ReplayThread.QUEUE + 1L) * slotEvents * EVENT_SLOT_BYTES
                + (long) collectors * COLLECTOR_THREAD_BYTES;
        return FIXED_BYTES + HUD_BYTES + threads * perThread + (long) collectors * COLLECTOR_BYTES;
    }

    /** Time events of a frame that starts and stops the frame and each collector once. */
    static int frameEvents(int collectors) {
        return 2 * collectors + 2;
    }
}
