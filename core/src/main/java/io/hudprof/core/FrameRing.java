package io.hudprof.core;

/**
 * The "last N frames" index arithmetic every per-frame ring shares (history, category history, statistics history,
 * frame times): frames written so far against a fixed capacity, the slot the next frame takes and the slot of the
 * frame {@code framesAgo} back. The ring's arrays stay with its owner; this only numbers their slots.
 */
public final class FrameRing {
    private final int capacity;
    private long written;

    /** A ring of {@code capacity} (≥ 1) frames. */
    public FrameRing(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("hudprof: a frame ring needs a capacity of at least 1, got " + capacity);
        }
        this.capacity = capacity;
    }

    /** How many frames can be held. */
    public int capacity() {
        return capacity;
    }

    /** How many frames are held (grows to {@link #capacity()}). */
    public int size() {
        return (int) Math.min(written, capacity);
    }

    /** Frames written since the start. */
    public long written() {
        return written;
    }

    /** The slot the next frame is written into; {@link #advance()} once it is. */
    public int next() {
        return (int) (written % capacity);
    }

    /** The frame in {@link #next()} is written: it becomes the latest, 0 frames back. */
    public void advance() {
        written++;
    }

    /** The slot of the frame {@code framesAgo} back (0 = the latest), or -1 when it is not held. */
    public int slot(int framesAgo) {
        return framesAgo < 0 || framesAgo >= size() ? -1 : (int) ((written - 1 - framesAgo) % capacity);
    }
}
