package io.hudprof.capture;

import io.hudprof.core.FrameListener;
import io.hudprof.core.FrameRing;
import io.hudprof.core.Profiler;

/**
 * Where each recent update's frame lay on the profiler's clock: its start, end and recorded-frame number (or -1
 * for a frame the profiler did not record, while paused). Entry {@code framesAgo} matches
 * {@link io.hudprof.core.ThreadTimeline#forEachEvent(int, io.hudprof.core.ThreadTimeline.EventVisitor)}'s
 * {@code framesAgo} once it has been attached from the profiler's first update (both count every update), and it
 * is how late events (GC notifications, JFR) find the frame they happened in.
 *
 * <p>A bounded ring fixed at construction; {@link #frameEnded} writes three longs and allocates nothing. Written and
 * read on the thread that calls {@code update()}. With {@link io.hudprof.stats.FrameStatistics} attached it also keeps
 * the statistics' cells that changed in each update ({@link PastStatistics}), so a capture of past frames carries
 * their statistics.
 */
public final class FrameTimes implements FrameListener {
    private final Profiler profiler;
    private final long[] start;
    private final long[] end;
    private final long[] number;
    private final FrameRing frames;
    private final PastStatistics statistics;

    /** A ring of {@code capacity} frames fed by {@code profiler}; add it with {@link #attach(Profiler, int)}. */
    FrameTimes(Profiler profiler, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("hudprof: frame times capacity must be at least 1, got " + capacity);
        }
        this.profiler = profiler;
        this.frames = new FrameRing(capacity);
        this.start = new long[capacity];
        this.end = new long[capacity];
        this.number = new long[capacity];
        this.statistics = new PastStatistics(capacity);
    }

    /** Makes a ring of {@code capacity} frames and adds it to {@code profiler}'s frame listeners. */
    public static FrameTimes attach(Profiler profiler, int capacity) {
        FrameTimes times = new FrameTimes(profiler, capacity);
        profiler.addFrameListener(times);
        return times;
    }

    @Override
    public void frameEnded(long frameNanos, boolean recorded) {
        long boundary = profiler.frameStartNanos();
        int i = frames.next();
        end[i] = boundary;
        start[i] = boundary - frameNanos;
        number[i] = recorded ? profiler.recordedFrames() : -1;
        statistics.update(profiler, i);
        frames.advance();
    }

    /**
     * A walk back through the statistics' cells at the end of each held update, from the last one: what a capture of
     * past frames stores for a replay.
     */
    public PastStatistics.Walk walkBackStatistics() {
        return statistics.walkBack(this, null);
    }

    /** {@link #walkBackStatistics()} reusing {@code walk} (one this made before; otherwise a new one is made). */
    public PastStatistics.Walk walkBackStatistics(PastStatistics.Walk walk) {
        return statistics.walkBack(this, walk);
    }

    /** Frames held, up to the capacity. */
    public int size() {
        return frames.size();
    }

    /** Updates seen since attached. */
    public long updates() {
        return frames.written();
    }

    /** Start (clock ns) of the frame {@code framesAgo} back (0 = the frame the last update ended). */
    public long startNanos(int framesAgo) {
        return start[slot(framesAgo)];
    }

    /** End (clock ns) of the frame {@code framesAgo} back. */
    public long endNanos(int framesAgo) {
        return end[slot(framesAgo)];
    }

    /** Recorded-frame number of the frame {@code framesAgo} back, or -1 when that update recorded nothing. */
    public long frameNumber(int framesAgo) {
        return number[slot(framesAgo)];
    }

    /** The end of the latest frame, or {@code Long.MIN_VALUE} before the first update. */
    public long latestEndNanos() {
        return frames.written() == 0 ? Long.MIN_VALUE : end[slot(0)];
    }

    /**
     * The frame containing {@code nanos} (start inclusive, end exclusive), as frames ago, or -1 when that instant is
     * older than the ring or not yet inside an ended frame.
     */
    public int framesAgoAt(long nanos) {
        int held = size();
        for (int ago = 0; ago < held; ago++) {
            int i = slot(ago);
            if (nanos >= end[i]) {
                return -1;
            }
            if (nanos >= start[i]) {
                return ago;
            }
        }
        return -1;
    }

    /** The frames ago of recorded frame {@code frameNumber}, or -1 when it is not held. */
    public int framesAgoOf(long frameNumber) {
        int held = size();
        for (int ago = 0; ago < held; ago++) {
            long n = number[slot(ago)];
            if (n == frameNumber) {
                return ago;
            }
            if (n >= 0 && n < frameNumber) {
                return -1;
            }
        }
        return -1;
    }

    /** The ring slot of the frame {@code framesAgo} back. */
    int slotOf(int framesAgo) {
        return slot(framesAgo);
    }

    private int slot(int framesAgo) {
        int slot = frames.slot(framesAgo);
        if (slot < 0) {
            throw new IndexOutOfBoundsException("frame " + framesAgo + " ago of " + size() + " held");
        }
        return slot;
    }
}
