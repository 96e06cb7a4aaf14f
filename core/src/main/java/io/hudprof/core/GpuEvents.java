package io.hudprof.core;

/**
 * The resolved GPU zones of recent recorded frames, kept for trace exports (the GPU's own track) and the frame
 * timeline's {@code <gpu>} lane (built from them when a frame is loaded): each frame's
 * balanced begin/end events on the profiler's clock, in a ring of {@code capacity} events and one entry per frame
 * for the last {@code frames} frames. The oldest are overwritten; nothing grows. Written and read on the updating
 * thread only. Empty (capacity 0) when the profiler keeps no timelines: no trace would show them.
 */
final class GpuEvents {
    private final int[] codes;
    private final long[] nanos;
    private long written;
    private final long[] frameNumbers;
    private final long[] frameStarts;
    private final int[] frameCounts;

    GpuEvents(int capacity, int frames) {
        codes = new int[capacity];
        nanos = new long[capacity];
        frameNumbers = new long[capacity == 0 ? 0 : Math.max(1, frames)];
        frameStarts = new long[frameNumbers.length];
        frameCounts = new int[frameNumbers.length];
        java.util.Arrays.fill(frameNumbers, -1);
    }

    /** Keeps a frame's resolved events (a frame larger than the ring is not kept). */
    void add(long frameNumber, int[] frameCodes, long[] frameNanos, int count) {
        if (frameNumbers.length == 0 || count > codes.length) {
            return;
        }
        int slot = (int) (frameNumber % frameNumbers.length);
        frameNumbers[slot] = frameNumber;
        frameStarts[slot] = written;
        frameCounts[slot] = count;
        for (int i = 0; i < count; i++) {
            int at = (int) (written % codes.length);
            codes[at] = frameCodes[i];
            nanos[at] = frameNanos[i];
            written++;
        }
    }

    /** Replays recorded frame {@code frameNumber}'s GPU events, oldest first; false when they are not held. */
    boolean forEachEvent(long frameNumber, ThreadTimeline.EventVisitor visitor) {
        if (frameNumbers.length == 0 || frameNumber < 0) {
            return false;
        }
        int slot = (int) (frameNumber % frameNumbers.length);
        if (frameNumbers[slot] != frameNumber || frameStarts[slot] < written - codes.length) {
            return false;
        }
        for (int i = 0; i < frameCounts[slot]; i++) {
            int at = (int) ((frameStarts[slot] + i) % codes.length);
            int code = codes[at];
            visitor.event(code >= 0 ? code : ~code, code >= 0, nanos[at]);
        }
        return true;
    }
}
