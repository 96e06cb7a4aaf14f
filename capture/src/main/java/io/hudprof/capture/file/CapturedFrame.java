package io.hudprof.capture.file;

import io.hudprof.core.Problem;

/**
 * One frame of a {@link Capture}, as read and validated: its bounds on the capture's clock, whether the profiler
 * recorded it, each thread's zone events, the threads that ended in it and the GPU frames that resolved by it.
 * Immutable; the arrays are the reader's own.
 */
public final class CapturedFrame {
    final int flags;
    final long startNanos;
    final long endNanos;
    final long frameNumber;
    final long droppedBefore;
    /** Thread ids with open stacks at the start (resync frames), their depths and the zones, outermost first. */
    final int[] resyncThread;
    final int[] resyncDepth;
    final int[] resyncZone;
    final int[] segThread;
    final int[] segStart;
    final int[] segCount;
    final int[] zone;
    final boolean[] begin;
    final long[] nanos;
    final int[] endedThread;
    final long[] gpuFrame;
    final int[] gpuFlags;
    final int[] gpuStart;
    final int[] gpuCount;
    /** A GPU zone id for a begin, its complement for an end (as {@code GpuTrack.frameResolved} takes them). */
    final int[] gpuCode;
    final long[] gpuNanos;
    /**
     * Problem counts by this JVM's {@link Problem} ordinal (format 1.1, null when the frame has none): counted in
     * the frame, and counted before it in no earlier frame of the capture. Set once by the reader.
     */
    long[] problemsInFrame;
    long[] problemsBefore;
    /**
     * Statistics (format 1.1; statStats -1 when the frame has none): how many statistics and cells the frame's
     * snapshot covers, the cells at its start when they are not the last frame's with statistics (statBase, else
     * null), and the cells that changed since then, with the change.
     */
    int statStats = -1;
    int statSlots;
    int baseStats;
    long[] statBase;
    int[] statChangeSlot;
    long[] statChangeDelta;
    /**
     * Allocation per zone (format 1.2; null when the frame has none): the capture's zone-stack states
     * ({@link Capture#allocationStates()}) that allocated in this recorded frame and their self bytes.
     */
    int[] allocState;
    long[] allocBytes;

    CapturedFrame(int flags, long startNanos, long endNanos, long frameNumber, long droppedBefore,
                  int[] resyncThread, int[] resyncDepth, int[] resyncZone, int[] segThread, int[] segStart,
                  int[] segCount, int[] zone, boolean[] begin, long[] nanos, int[] endedThread, long[] gpuFrame,
                  int[] gpuFlags, int[] gpuStart, int[] gpuCount, int[] gpuCode, long[] gpuNanos) {
        this.flags = flags;
        this.startNanos = startNanos;
        this.endNanos = endNanos;
        this.frameNumber = frameNumber;
        this.droppedBefore = droppedBefore;
        this.resyncThread = resyncThread;
        this.resyncDepth = resyncDepth;
        this.resyncZone = resyncZone;
        this.segThread = segThread;
        this.segStart = segStart;
        this.segCount = segCount;
        this.zone = zone;
        this.begin = begin;
        this.nanos = nanos;
        this.endedThread = endedThread;
        this.gpuFrame = gpuFrame;
        this.gpuFlags = gpuFlags;
        this.gpuStart = gpuStart;
        this.gpuCount = gpuCount;
        this.gpuCode = gpuCode;
        this.gpuNanos = gpuNanos;
    }

    /** Whether the live profiler recorded this frame (false: paused, or {@code update(false)}). */
    public boolean recorded() {
        return (flags & CaptureFormat.FRAME_RECORDED) != 0;
    }

    /** The live profiler's recorded-frame number of this frame, or -1 when it was not recorded. */
    public long frameNumber() {
        return recorded() ? frameNumber : -1;
    }

    /** Where the frame started on the capture's clock (ns). */
    public long startNanos() {
        return startNanos;
    }

    /** Where the frame ended on the capture's clock (ns). */
    public long endNanos() {
        return endNanos;
    }

    /** The frame's duration (ns). */
    public long durationNanos() {
        return endNanos - startNanos;
    }

    /** Frames of the live run the writer could not take right before this one (0 almost always). */
    public long droppedBefore() {
        return droppedBefore;
    }

    /** Whether a GPU backend was installed when the frame ended. */
    public boolean gpuInstalled() {
        return (flags & CaptureFormat.FRAME_GPU_INSTALLED) != 0;
    }

    /** Zone events (begins and ends, all threads) in the frame. */
    public int eventCount() {
        return zone.length;
    }

    /**
     * How often the live profiler counted {@code problem} in this frame (0 in a 1.0 capture, which does not store
     * problem counts).
     */
    public long problems(Problem problem) {
        return problemsInFrame == null ? 0 : problemsInFrame[problem.ordinal()];
    }

    /**
     * How often {@code problem} was counted before this frame and in no earlier frame of the capture: the first
     * frame's are the live run's counts before the capture began, a frame after frames the writer lost has theirs.
     */
    public long problemsBefore(Problem problem) {
        return problemsBefore == null ? 0 : problemsBefore[problem.ordinal()];
    }

    /** The bytes the frame's threads allocated on the heap (format 1.2, allocation per zone on live; else 0). */
    public long allocatedBytes() {
        long sum = 0;
        if (allocBytes != null) {
            for (long b : allocBytes) {
                sum += b;
            }
        }
        return sum;
    }

    /** Whether the frame carries the statistics' values (format 1.1, with statistics attached live). */
    public boolean hasStatistics() {
        return statStats >= 0;
    }

    /** GPU frames whose results arrived by this frame's end. */
    public int gpuFrameCount() {
        return gpuFrame.length;
    }
}
