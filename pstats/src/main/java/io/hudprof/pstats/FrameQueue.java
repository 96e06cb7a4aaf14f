package io.hudprof.pstats;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The hand-off from the game thread to the sender thread: a bounded single-producer/single-consumer ring of
 * preallocated {@link FrameSnapshot}s. The producer claims a free slot, fills it and publishes it; when all slots
 * are taken it gets null and drops the frame. No lock, no allocation, and the producer never waits.
 * Publication is a release store of the tail, consumption a release store of the head.
 */
final class FrameQueue {
    private final FrameSnapshot[] slots;
    private final AtomicLong head = new AtomicLong();
    private final AtomicLong tail = new AtomicLong();

    FrameQueue(int capacity) {
        slots = new FrameSnapshot[capacity];
        for (int i = 0; i < capacity; i++) {
            slots[i] = new FrameSnapshot();
        }
    }

    /** Producer: the slot to fill next, or null when the sender is behind by a full queue. */
    FrameSnapshot claim() {
        long t = tail.get();
        if (t - head.get() >= slots.length) {
            return null;
        }
        return slots[(int) (t % slots.length)];
    }

    /** Producer: makes the claimed slot visible to the consumer. */
    void publish() {
        tail.lazySet(tail.get() + 1);
    }

    /** Consumer: the oldest published slot, or null. */
    FrameSnapshot peek() {
        long h = head.get();
        return h == tail.get() ? null : slots[(int) (h % slots.length)];
    }

    /** Published slots not yet released; read from any thread, so only a snapshot. */
    int size() {
        return (int) (tail.get() - head.get());
    }

    /** Consumer: gives the peeked slot back to the producer. */
    void release() {
        head.lazySet(head.get() + 1);
    }
}
