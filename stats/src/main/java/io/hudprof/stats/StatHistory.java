package io.hudprof.stats;

import io.hudprof.core.FrameRing;

/**
 * The last N recorded frames of every charted statistic's frame value (PStats's value strip charts read it), in
 * step with the profiler's {@code FrameHistory}: frame 0 is the latest recorded frame, and each frame carries its
 * recorded-frame number so the two can be matched.
 *
 * <p>Memory is fixed at construction: {@code capacity × charted} doubles. Statistics are charted by id, so the
 * first {@link #charted()} statistics defined are charted; later ones are still reported but not kept per frame.
 * Written by {@link FrameStatistics} inside {@code update()}; read it on the same thread.
 */
public final class StatHistory {
    private final int charted;
    private final double[] values;
    private final long[] frameNumber;
    private final long[] frameNanos;
    private final FrameRing frames;

    StatHistory(int capacity, int charted) {
        this.frames = new FrameRing(capacity);
        this.charted = charted;
        this.values = new double[capacity * charted];
        this.frameNumber = new long[capacity];
        this.frameNanos = new long[capacity];
    }

    /** How many frames the history can hold. */
    public int capacity() {
        return frames.capacity();
    }

    /** How many frames it holds now. */
    public int size() {
        return frames.size();
    }

    /** How many statistics (the lowest ids) are kept per frame. */
    public int charted() {
        return charted;
    }

    /** Whether {@code stat} is kept per frame. */
    public boolean isCharted(Stat stat) {
        return stat.id() < charted;
    }

    /** The recorded-frame number of the frame {@code framesAgo} back, or -1 if not held. */
    public long frameNumber(int framesAgo) {
        int slot = slot(framesAgo);
        return slot < 0 ? -1 : frameNumber[slot];
    }

    /** The duration of the frame {@code framesAgo} back in nanoseconds, or -1 if not held. */
    public long frameNanos(int framesAgo) {
        int slot = slot(framesAgo);
        return slot < 0 ? -1 : frameNanos[slot];
    }

    /**
     * The frame value of {@code stat} in the frame {@code framesAgo} back, in the statistic's unit; {@code NaN}
     * when the frame is not held, the statistic is not charted, or it had no value in that frame.
     */
    public double value(Stat stat, int framesAgo) {
        int slot = slot(framesAgo);
        int id = stat.id();
        return slot < 0 || id >= charted ? Double.NaN : values[slot * charted + id];
    }

    /**
     * Writes into {@code minMax[0..1]} the smallest and largest values of {@code stat} over the {@code frames}
     * latest held frames, ignoring frames with no value (for auto-scaling a chart).
     *
     * @return false, writing nothing, when none of those frames has a value
     */
    public boolean range(Stat stat, int frames, double[] minMax) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        int n = Math.min(frames, size());
        for (int i = 0; i < n; i++) {
            double v = value(stat, i);
            if (!Double.isNaN(v)) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        if (min > max) {
            return false;
        }
        minMax[0] = min;
        minMax[1] = max;
        return true;
    }

    /** Appends one frame: {@code frameValues[id]} for ids below {@code stats}, NaN for charted ids beyond it. */
    void add(long number, long nanos, double[] frameValues, int stats) {
        int slot = frames.next();
        frameNumber[slot] = number;
        frameNanos[slot] = nanos;
        int base = slot * charted;
        int kept = Math.min(stats, charted);
        System.arraycopy(frameValues, 0, values, base, kept);
        java.util.Arrays.fill(values, base + kept, base + charted, Double.NaN);
        frames.advance();
    }

    private int slot(int framesAgo) {
        return frames.slot(framesAgo);
    }
}
