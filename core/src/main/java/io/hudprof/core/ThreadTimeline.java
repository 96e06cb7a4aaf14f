package io.hudprof.core;

/**
 * The ordered begin/end events of one thread's recent frames, copied out of its recorder at each update so a
 * timeline view or trace export can replay them. A bounded ring: old frames age out as new events arrive,
 * and a frame whose events were partly overwritten is reported as unavailable rather than shown cut short.
 *
 * <p>Written by the thread inside {@code update()}; read it on that thread too.
 */
public final class ThreadTimeline {
    /** Receives one event of a timeline frame. */
    @FunctionalInterface
    public interface EventVisitor {
        /**
         * @param zoneId the zone entered or left
         * @param begin  true for an entry, false for an exit
         * @param nanos  the clock reading of the transition
         */
        void event(int zoneId, boolean begin, long nanos);
    }

    private final String threadName;
    private final int capacity;
    final int mask;
    /** The recorder's own event words (BEGIN or END with the zone id): copied from its ring array by array. */
    final int[] words;
    final long[] times;
    private long written;
    private final long[] frameEnds;
    private long frames;
    /** Where the latest update's events begin and end (running positions): a recorded frame's lane keeps them. */
    long latestFrom;
    long latestTo;

    // The zones open at the last update's boundary, outermost first (the aggregator's stack, set by TimelineStore).
    int openDepth;
    int[] openZone = new int[16];

    ThreadTimeline(String threadName, int capacity, int frameCapacity) {
        this.threadName = threadName;
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.words = new int[capacity];
        this.times = new long[capacity];
        this.frameEnds = new long[frameCapacity];
    }

    /** The recording thread's name. */
    public String threadName() {
        return threadName;
    }

    /**
     * How many zones this thread had open at the last update's boundary (the profiler's replayed stack, true even
     * when a frame overflowed the timeline). Only while the profiler keeps a frame timeline
     * ({@link Profiler#timelineFramesKept()} above 0); on the updating thread. A capture starts its threads' stacks
     * here.
     */
    public int openDepth() {
        return openDepth;
    }

    /** The zone open at {@code depth} (0 = outermost) at the last update's boundary; see {@link #openDepth()}. */
    public int openZone(int depth) {
        if (depth < 0 || depth >= openDepth) {
            throw new IndexOutOfBoundsException("depth " + depth + " of " + openDepth);
        }
        return openZone[depth];
    }

    void add(int zoneId, boolean begin, long nanos) {
        int i = (int) written & mask;
        words[i] = EventCodes.word(begin ? EventCodes.BEGIN : EventCodes.END, zoneId);
        times[i] = nanos;
        written++;
    }

    /**
     * Adds the recorder ring's events at positions {@code from..to} (all BEGIN or END), as {@link #add} would one by
     * one, but array by array: each event is a word and a time in both rings, so the update's copy is two
     * {@code System.arraycopy} calls per stretch that wraps neither ring.
     */
    void addRun(int[] ringWords, long[] ringTimes, long from, long to) {
        int ringMask = ringWords.length - 1;
        long p = from;
        while (p < to) {
            int s = (int) p & ringMask;
            int d = (int) written & mask;
            int n = (int) Math.min(to - p, Math.min(ringWords.length - s, capacity - d));
            System.arraycopy(ringWords, s, words, d, n);
            System.arraycopy(ringTimes, s, times, d, n);
            p += n;
            written += n;
        }
    }

    /** Marks the start of the next frame's events. */
    void endFrame() {
        frameEnds[(int) (frames % frameEnds.length)] = written;
        frames++;
        latestFrom = latestTo;
        latestTo = written;
    }

    /** Whether more than half the ring was written since running position {@code from}. */
    boolean halfPast(long from) {
        return written - from > capacity / 2;
    }

    /** Whether the events from running position {@code from} on are all still held (none overwritten). */
    boolean holdsFrom(long from) {
        return written - from <= capacity;
    }

    /**
     * How many events the frame {@code framesAgo} frames back holds (0 = the latest completed frame), or -1 when it
     * is no longer (completely) held: what {@link #forEachEvent} visits.
     */
    public int frameEventCount(int framesAgo) {
        long frame = frames - 1 - framesAgo;
        if (framesAgo < 0 || frame < 0) {
            return -1;
        }
        long oldestHeldEnd = Math.max(0, frames - frameEnds.length);
        if (frame < oldestHeldEnd || (frame > 0 && frame - 1 < oldestHeldEnd)) {
            return -1;
        }
        long end = frameEnds[(int) (frame % frameEnds.length)];
        long start = frame == 0 ? 0 : frameEnds[(int) ((frame - 1) % frameEnds.length)];
        return written - start > capacity ? -1 : (int) (end - start);
    }

    /**
     * Replays the events of the frame {@code framesAgo} frames back (0 = the latest completed frame), oldest
     * first.
     *
     * @return false, visiting nothing, when that frame is no longer (completely) held
     */
    public boolean forEachEvent(int framesAgo, EventVisitor visitor) {
        long frame = frames - 1 - framesAgo;
        if (framesAgo < 0 || frame < 0) {
            return false;
        }
        // frameEnds[k % length] holds the exclusive end of frame k; frame k starts where frame k-1 ended.
        long oldestHeldEnd = Math.max(0, frames - frameEnds.length);
        if (frame < oldestHeldEnd || (frame > 0 && frame - 1 < oldestHeldEnd)) {
            return false;
        }
        long end = frameEnds[(int) (frame % frameEnds.length)];
        long start = frame == 0 ? 0 : frameEnds[(int) ((frame - 1) % frameEnds.length)];
        if (written - start > capacity) {
            return false;
        }
        for (long e = start; e < end; e++) {
            int i = (int) e & mask;
            int word = words[i];
            visitor.event(EventCodes.payload(word), EventCodes.kind(word) == EventCodes.BEGIN, times[i]);
        }
        return true;
    }
}
