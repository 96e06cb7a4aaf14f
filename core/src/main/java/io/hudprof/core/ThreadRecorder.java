package io.hudprof.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The per-thread hot path: written by its own thread only. Each zone transition reads the clock once and
 * appends one event (word + timestamp) to a bounded single-producer/single-consumer ring that the thread
 * calling {@code update()} drains. Publication is a release store of the head index and consumption a release
 * store of the tail; there is no lock and no atomic read-modify-write.
 *
 * <p>The recorder also keeps its own zone stack (zone ids, with a flag for entries opened by try-with-resources)
 * so that it can repair mismatched ends at the source and, after a full ring made it drop events, tell the
 * reader the whole stack again (a RESYNC). A full ring never blocks or grows: events are dropped and counted.
 *
 * <p>Memory: {@code eventCapacity × 12} bytes of ring plus {@code maxDepth × 4} bytes of stack, fixed at creation.
 */
final class ThreadRecorder implements ZoneScope {
    /** Marks a stack entry opened by {@link Zone#enter()}: only {@link #close()} may pop it. */
    static final int SCOPE_FLAG = 1 << 31;
    private static final int ZONE_BITS = ~SCOPE_FLAG;

    private static final VarHandle PUBLISHED_HEAD;
    private static final VarHandle TAIL;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PUBLISHED_HEAD = lookup.findVarHandle(ThreadRecorder.class, "publishedHead", long.class);
            TAIL = lookup.findVarHandle(ThreadRecorder.class, "tail", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Thread thread;
    final String threadName;
    final long createdNanos;
    private final Profiler profiler;
    private final Clock clock;
    private final int capacity;
    private final int mask;
    final int[] words;
    final long[] times;

    /** The update thread's replay state for this recorder; touched only inside {@code update()}. */
    ThreadContext context;

    // Producer-owned.
    private long head;
    private long limit;
    private final int[] stack;
    private int depth;
    private int overflowDepth;
    private long droppedSinceResync;
    private boolean resyncPending;

    // Shared: written with release, read with acquire.
    @SuppressWarnings("unused")
    private long publishedHead;
    @SuppressWarnings("unused")
    private long tail;

    ThreadRecorder(Profiler profiler, Thread thread, Clock clock, int capacity, int maxDepth) {
        this.profiler = profiler;
        this.thread = thread;
        this.threadName = thread.getName();
        this.clock = clock;
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.words = new int[capacity];
        this.times = new long[capacity];
        this.stack = new int[maxDepth];
        this.limit = capacity;
        this.createdNanos = clock.nanoTime();
    }

    /** Enters a zone; {@code entry} is the zone id, with {@link #SCOPE_FLAG} for try-with-resources. */
    void begin(int entry) {
        long now = clock.nanoTime();
        int d = depth;
        if (d == stack.length) {
            beginTooDeep(now);
            return;
        }
        stack[d] = entry;
        depth = d + 1;
        append(EventCodes.word(EventCodes.BEGIN, entry & ZONE_BITS), now);
    }

    /** Leaves the zone with this id, repairing a mismatch when it is not the innermost one. */
    void end(int zoneId) {
        int d = depth;
        if (overflowDepth == 0 && d > 0 && stack[d - 1] == zoneId) {
            long now = clock.nanoTime();
            depth = d - 1;
            append(EventCodes.word(EventCodes.END, zoneId), now);
            return;
        }
        if (overflowDepth == 0 && d == 0 && !profiler.enabled) {
            // Switched off with nothing open: the common case of every end() while off; no clock, no event.
            return;
        }
        endSlow(zoneId, clock.nanoTime());
    }

    /** Leaves the innermost zone opened with try-with-resources (lexical scoping makes it the right one). */
    @Override
    public void close() {
        long now = clock.nanoTime();
        int d = depth;
        if (overflowDepth == 0 && d > 0 && stack[d - 1] < 0) {
            depth = d - 1;
            append(EventCodes.word(EventCodes.END, stack[d - 1] & ZONE_BITS), now);
            return;
        }
        closeSlow(now);
    }

    private void beginTooDeep(long now) {
        if (overflowDepth++ == 0) {
            append(EventCodes.word(EventCodes.DEPTH_LIMIT, 0), now);
        }
    }

    private void endSlow(int zoneId, long now) {
        if (overflowDepth > 0) {
            overflowDepth--;
            return;
        }
        // Search down for an explicitly begun entry of this zone, without crossing a try-with-resources entry:
        // that one will be closed by its own close(), so an end that would cross it is an extra end.
        int found = -1;
        for (int i = depth - 1; i >= 0; i--) {
            int entry = stack[i];
            if (entry == zoneId) {
                found = i;
                break;
            }
            if (entry < 0) {
                break;
            }
        }
        if (found < 0) {
            append(EventCodes.word(EventCodes.EXTRA_END, zoneId), now);
            return;
        }
        popMissingAbove(found, now);
        depth = found;
        append(EventCodes.word(EventCodes.END, zoneId), now);
    }

    private void closeSlow(long now) {
        if (overflowDepth > 0) {
            overflowDepth--;
            return;
        }
        int found = -1;
        for (int i = depth - 1; i >= 0; i--) {
            if (stack[i] < 0) {
                found = i;
                break;
            }
        }
        if (found < 0) {
            append(EventCodes.word(EventCodes.EXTRA_END, 0), now);
            return;
        }
        popMissingAbove(found, now);
        depth = found;
        append(EventCodes.word(EventCodes.END, stack[found] & ZONE_BITS), now);
    }

    private void popMissingAbove(int index, long now) {
        for (int i = depth - 1; i > index; i--) {
            append(EventCodes.word(EventCodes.END_MISSING, stack[i] & ZONE_BITS), now);
        }
    }

    /**
     * Closes every zone still open on this thread, counting each as open at update. Called by
     * {@code update()} on its own thread only, so the stack is touched by its owner.
     */
    void closeAllOpenAtUpdate(long now) {
        overflowDepth = 0;
        for (int i = depth - 1; i >= 0; i--) {
            append(EventCodes.word(EventCodes.END_OPEN_AT_UPDATE, stack[i] & ZONE_BITS), now);
        }
        depth = 0;
    }

    /** Number of zones open on this thread; read by other threads only after the thread has terminated. */
    int depth() {
        return depth;
    }

    private void append(int word, long now) {
        long h = head;
        if (h >= limit) {
            appendSlow(word, now);
            return;
        }
        int i = (int) h & mask;
        words[i] = word;
        times[i] = now;
        head = h + 1;
        PUBLISHED_HEAD.setRelease(this, h + 1);
    }

    /** The ring looked full, or a resync is owed: refresh the consumer's position and decide. */
    private void appendSlow(int word, long now) {
        long freeSlots = capacity - (head - (long) TAIL.getAcquire(this));
        if (!resyncPending) {
            if (freeSlots >= 1) {
                limit = (long) TAIL.getAcquire(this) + capacity;
                append(word, now);
                return;
            }
            resyncPending = true;
            droppedSinceResync = 1;
            limit = head;
            return;
        }
        // The stack already reflects this event, so the resync replaces it: count it with the dropped ones.
        droppedSinceResync++;
        if (freeSlots < depth + 1L) {
            return;
        }
        long dropped = Math.min(droppedSinceResync, EventCodes.PAYLOAD_MASK);
        put(EventCodes.word(EventCodes.RESYNC, (int) dropped), now);
        for (int i = 0; i < depth; i++) {
            put(EventCodes.word(EventCodes.RESYNC_PUSH, stack[i] & ZONE_BITS), now);
        }
        PUBLISHED_HEAD.setRelease(this, head);
        resyncPending = false;
        droppedSinceResync = 0;
        limit = (long) TAIL.getAcquire(this) + capacity;
    }

    private void put(int word, long now) {
        int i = (int) head & mask;
        words[i] = word;
        times[i] = now;
        head++;
    }

    // Consumer side (the thread inside update()).

    long publishedHead() {
        return (long) PUBLISHED_HEAD.getAcquire(this);
    }

    long consumedTail() {
        return (long) TAIL.getOpaque(this);
    }

    void releaseUpTo(long newTail) {
        TAIL.setRelease(this, newTail);
    }

    int mask() {
        return mask;
    }
}
