package io.hudprof.core;

/**
 * The storage of one {@link ThreadRecorder}'s event ring: a power-of-two number of (word, timestamp) slots,
 * indexed by an absolute event position masked to the capacity. Immutable in shape; a recorder that needs more
 * room publishes a bigger ring holding the same unconsumed positions, and rings of ended threads are reused.
 */
final class EventRing {
    final int[] words;
    final long[] times;
    final int mask;

    EventRing(int capacity) {
        this.words = new int[capacity];
        this.times = new long[capacity];
        this.mask = capacity - 1;
    }

    int capacity() {
        return words.length;
    }
}
