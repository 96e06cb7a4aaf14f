package io.hudprof.core;

import java.util.Arrays;

/**
 * A GL-free {@link GpuTimestamps} for core tests: each transition's "GPU time" is the manual clock's reading, and
 * a frame's events are handed to {@link GpuTrack#frameResolved} a fixed number of updates after the frame, from a
 * {@link FrameListener}, as the overlay's GpuTimer does with real queries. So every number is exact.
 */
public final class ScriptedGpuTimestamps implements GpuTimestamps, FrameListener {
    private final Profiler profiler;
    private final ManualClock clock;
    private final int lateFrames;
    private final int[][] codes;
    private final long[][] nanos;
    private final int[] counts;
    private final long[] frameNumbers;
    private int[] current = new int[64];
    private long[] currentNanos = new long[64];
    private int currentCount;
    private long updates;

    public ScriptedGpuTimestamps(Profiler profiler, ManualClock clock, int lateFrames) {
        this.profiler = profiler;
        this.clock = clock;
        this.lateFrames = lateFrames;
        int ring = lateFrames + 1;
        codes = new int[ring][64];
        nanos = new long[ring][64];
        counts = new int[ring];
        frameNumbers = new long[ring];
        Arrays.fill(frameNumbers, -1);
        profiler.gpu().install(this);
        profiler.addFrameListener(this);
    }

    @Override
    public void begin(int zoneId) {
        add(zoneId);
    }

    @Override
    public void end(int zoneId) {
        add(~zoneId);
    }

    private void add(int code) {
        current[currentCount] = code;
        currentNanos[currentCount] = clock.nanoTime();
        currentCount++;
    }

    @Override
    public void frameEnded(long frameNanos, boolean recorded) {
        int slot = (int) (updates % codes.length);
        System.arraycopy(current, 0, codes[slot], 0, currentCount);
        System.arraycopy(currentNanos, 0, nanos[slot], 0, currentCount);
        counts[slot] = currentCount;
        frameNumbers[slot] = recorded ? profiler.recordedFrames() : -1;
        currentCount = 0;
        long due = updates - lateFrames;
        updates++;
        if (due < 0) {
            return;
        }
        int dueSlot = (int) (due % codes.length);
        if (frameNumbers[dueSlot] > 0 && counts[dueSlot] > 0) {
            profiler.gpu().frameResolved(frameNumbers[dueSlot], codes[dueSlot], nanos[dueSlot], counts[dueSlot]);
        }
    }
}
