package io.hudprof.core;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A profiler's GPU side: where a GL backend plugs in ({@link #install(GpuTimestamps)}), counts what it refused,
 * and hands back the resolved intervals of past frames. {@code core} never touches OpenGL; the backend (the
 * overlay's {@code GpuTimer}) takes timestamps, reads them back without waiting and puts them on the profiler's clock.
 *
 * <p>Resolved intervals enter IProf's zone-stack attribution under the {@code <gpu>} pseudo-thread root, so GPU
 * self time, hierarchical time, counts and call graph come from the same code as the CPU's. A frame's GPU results
 * arrive some frames after the frame: they are attached to that frame in the history (a report of an old frame shows
 * its CPU and its GPU), and the live values show the newest GPU frame that arrived, held until the next one, with
 * {@link ProfileData#gpuFramesLate()} saying how far behind it is.
 *
 * <p>Threads: {@link #count(Problem)} from any thread; {@link #frameResolved} only on the thread that calls
 * {@code update()} (the overlay's timer calls it where the HUD does its GL work, between updates).
 */
public final class GpuTrack {
    private static final Problem[] PROBLEMS = {
        Problem.GPU_FRAME_DROPPED, Problem.GPU_UNBALANCED, Problem.GPU_NO_CONTEXT
    };

    /** Read on every GPU zone transition; null until a backend is installed. */
    volatile GpuTimestamps backend;
    private volatile String unavailableReason;
    private final AtomicLongArray problems = new AtomicLongArray(PROBLEMS.length);
    private final long[] counted = new long[PROBLEMS.length];
    private final Profiler profiler;
    private final GpuAttribution attribution;
    private final GpuEvents events;

    GpuTrack(Profiler profiler, GpuAttribution attribution) {
        this.profiler = profiler;
        this.attribution = attribution;
        // Kept only beside CPU timelines (a trace export shows them as the GPU's own track): up to 64 events a
        // frame on average over the history, and no more than a thread's timeline.
        int frames = profiler.config.historyFrames();
        this.events = new GpuEvents((int) Math.min(profiler.config.timelineCapacity, 64L * frames), frames);
    }

    /**
     * Replays the resolved GPU zones of recorded frame {@code frameNumber} (zone, begin or end, time on the profiler's
     * clock), oldest first, for a trace's GPU track; false when they are not held: not arrived yet (GPU results come
     * some frames late), overwritten, or no timelines kept ({@code ProfilerConfig.Builder.timelineCapacity} 0). On
     * the updating thread.
     */
    public boolean forEachEvent(long frameNumber, ThreadTimeline.EventVisitor visitor) {
        return events.forEachEvent(frameNumber, visitor);
    }

    /** The resolved GPU frames kept: the frame timeline builds its {@code <gpu>} lane from them. */
    GpuEvents events() {
        return events;
    }

    /** Makes {@code timestamps} the backend every {@link GpuZone} uses from now on, replacing any other. */
    public void install(GpuTimestamps timestamps) {
        if (timestamps == null) {
            throw new IllegalArgumentException("hudprof: GPU backend is null; use uninstall(backend) to remove one");
        }
        unavailableReason = null;
        backend = timestamps;
    }

    /**
     * Removes {@code timestamps} if it is the installed backend (a context that was destroyed): GPU zones become
     * no-ops and the held live GPU values are forgotten at the next {@code update()}. Frames already in the history
     * keep their GPU values.
     */
    public void uninstall(GpuTimestamps timestamps) {
        if (backend == timestamps && timestamps != null) {
            backend = null;
            attribution.forgetHeld = true;
        }
    }

    /** The installed backend, or {@code null}: a HUD collects a GPU timer's results through it, outside update(). */
    public GpuTimestamps backend() {
        return backend;
    }

    /** Whether a backend is installed. */
    public boolean installed() {
        return backend != null;
    }

    /**
     * Says GPU timing cannot work on this context (no timer queries), ready to show: the HUD prints it instead of
     * GPU numbers. GPU zones stay no-ops.
     */
    public void markUnavailable(String reason) {
        unavailableReason = reason == null ? "GPU timing unavailable" : reason;
    }

    /** Why GPU timing is unavailable, or {@code null} when it works or no backend ever tried. */
    public String unavailableReason() {
        return unavailableReason;
    }

    /**
     * Counts one GPU problem ({@link Problem#GPU_FRAME_DROPPED}, {@link Problem#GPU_UNBALANCED},
     * {@link Problem#GPU_NO_CONTEXT}) into the frame being gathered; other kinds are ignored. Any thread.
     */
    public void count(Problem problem) {
        for (int i = 0; i < PROBLEMS.length; i++) {
            if (PROBLEMS[i] == problem) {
                problems.incrementAndGet(i);
                return;
            }
        }
    }

    /** The profiler's clock now: the clock GPU timestamps must be put on. */
    public long clockNanos() {
        return profiler.config.clock.nanoTime();
    }

    /**
     * Hands over the resolved GPU zones of recorded frame {@code frameNumber} ({@link Profiler#recordedFrames()} as
     * it was when that frame was recorded), on the profiler's clock. Event {@code i} is {@code codes[i]} at
     * {@code nanos[i]}: a zone id ({@link Zone#id()}) for a begin, its complement ({@code ~id}) for an end. Events
     * must be balanced and in stream order; the frame's GPU time is the time inside its outermost zones.
     *
     * @return false, changing nothing, when called off the updating thread, for a frame not yet recorded, or with
     *         an id that is not a GPU zone
     */
    public boolean frameResolved(long frameNumber, int[] codes, long[] nanos, int count) {
        if (profiler.updateThread != Thread.currentThread() || frameNumber <= 0
                || frameNumber > profiler.recordedFrames() || count <= 0) {
            return false;
        }
        if (!attribution.resolve(frameNumber, codes, nanos, count)) {
            return false;
        }
        events.add(frameNumber, codes, nanos, count);
        profiler.data().changed();
        return true;
    }

    /** Adds the GPU problems counted since the last call into the frame being gathered; on the updating thread. */
    void settleProblems(FrameAggregator aggregator) {
        for (int i = 0; i < PROBLEMS.length; i++) {
            long now = problems.get(i);
            aggregator.countProblem(PROBLEMS[i], now - counted[i]);
            counted[i] = now;
        }
    }
}
