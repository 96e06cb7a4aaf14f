package io.hudprof.core;

/**
 * Told by {@link Profiler#update(boolean)} that a frame ended, after the profiler gathered it. For per-frame
 * work that belongs with the profile, such as merging statistics and reading sensors
 * ({@link Profiler#addFrameListener(FrameListener)}).
 *
 * <p>Runs on the updating thread, inside {@code update()}, so it must be quick and should not allocate. An
 * exception it throws is caught and counted as {@link Problem#FRAME_LISTENER_FAILED}, never passed to the game.
 */
@FunctionalInterface
public interface FrameListener {
    /**
     * When a listener runs within one {@code update()}: every {@link #GATHER} listener (one that produces the frame's
     * values, such as statistics) before every {@link #READ} listener (one that keeps or exports them, such as a
     * spike capture), whatever order they were added in; in the order added within a stage.
     */
    enum Stage {
        /** Produces per-frame values other listeners may read (statistics, sensors). */
        GATHER,
        /** Reads the frame's values, including those gathered by {@link #GATHER} listeners (the default). */
        READ
    }

    /**
     * The zone this listener's work is recorded in, inside {@code hudprof:update} (null: counted in
     * {@code hudprof:update}'s own time), so each feature's per-frame cost shows in the report beside the game's
     * zones. Recorded while the profiler's {@linkplain ProfilerConfig.Builder#selfProfiling(boolean) self profiling}
     * is on; read once, when the listener is added. hudprof's own listeners name zones under {@code hudprof:}.
     */
    default Zone selfZone() {
        return null;
    }

    /** This listener's stage; read once, when it is added. */
    default Stage stage() {
        return Stage.READ;
    }

    /**
     * @param frameNanos the duration of the frame that just ended (time since the previous {@code update()})
     * @param recorded   whether the profiler recorded the frame (false while paused); when true, it is now
     *                   frame 0 of {@link Profiler#history()}, numbered {@link Profiler#recordedFrames()}
     */
    void frameEnded(long frameNanos, boolean recorded);
}
