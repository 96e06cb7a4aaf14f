package io.hudprof.core;

/**
 * The storage of one {@link ThreadRecorder}'s event ring: a power-of-two number of (word, timestamp) slots,
 * indexed by an absolute event position masked to the capacity, plus, with allocation per zone on, each event's
 * reading of the thread's allocated-bytes counter. Immutable in shape; a recorder that needs more room publishes
 * a bigger ring holding the same unconsumed positions, and rings of ended threads are reused.
 */
final class EventRing {
    final int[] words;
    final long[] times;
    /** The thread's allocated bytes at each event; null unless allocation per zone is on. */
    final long[] bytes;
    final int mask;

    EventRing(int capacity, boolean withBytes) {
        this.words = new int[capacity];
        this.times = new long[capacity];
        this.bytes = withBytes ? new long[capacity] : null;
        this.mask = capacity - 1;
    }

    int capacity() {
        return words.length;
    }
}
