package io.hudprof.capture.file;

import io.hudprof.core.Profiler;
import io.hudprof.capture.FrameTimes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * Starts a capture of a profiler's frames: {@code Captures.of(profiler).title("level 3").frames(600)
 * .writeTo(Path.of("level3.hudprof"))} writes from the next frame on until {@link CaptureWriter#finish()} or, with
 * {@link #frames(long)}, that many frames. The profiler must keep timelines
 * ({@code ProfilerConfig.Builder.timelineCapacity}). Read the file with {@link Capture#open(Path)}.
 */
public final class Captures {
    private final Profiler profiler;
    private String title = "";
    private long frames;
    private int slots = CaptureWriter.DEFAULT_SLOTS;

    private Captures(Profiler profiler) {
        this.profiler = profiler;
    }

    /** A capture of {@code profiler}'s frames, not started yet. */
    public static Captures of(Profiler profiler) {
        if (profiler == null) {
            throw new IllegalArgumentException("hudprof: a capture needs a profiler (Hudprof.profiler() is null "
                    + "until one is installed)");
        }
        return new Captures(profiler);
    }

    /** The title stored in the capture's header. */
    public Captures title(String title) {
        this.title = title == null ? "" : title;
        return this;
    }

    /** Stops by itself after {@code frames} frames (0: until {@link CaptureWriter#finish()}). */
    public Captures frames(long frames) {
        if (frames < 0) {
            throw new IllegalArgumentException("hudprof: capture frames must be 0 (until finished) or more, got "
                    + frames);
        }
        this.frames = frames;
        return this;
    }

    /** Frames that may wait for the writer thread before frames are lost (default {@value CaptureWriter#DEFAULT_SLOTS}). */
    public Captures slots(int slots) {
        this.slots = slots;
        return this;
    }

    /**
     * Writes the last {@code frames} updates (fewer when the threads' timelines or {@code times} hold fewer) to
     * {@code file}: copied now, on the updating thread (call it there), written on a thread of its own. Threads that
     * ended inside those frames and GPU results that had not arrived are not in it.
     *
     * @param times the frame bounds, attached to the profiler before those frames ({@code FrameTimes.attach})
     * @return completes with the file once it is in place, or exceptionally with the I/O error
     * @throws IllegalStateException when the profiler keeps no timelines
     */
    public CompletableFuture<Path> writeLast(int frames, FrameTimes times, Path file) {
        if (times == null) {
            throw new IllegalArgumentException("hudprof: a capture of past frames needs their FrameTimes, attached "
                    + "before them (FrameTimes.attach(profiler, capacity))");
        }
        return PastFrames.write(profiler, times, frames, file, title);
    }

    /**
     * Writes {@code frames} past updates that ended {@code newestAgo} updates before the last (0: the same as
     * {@link #writeLast}), fewer where the timelines or {@code times} no longer hold them: a window around something
     * seen a few frames ago, such as a spike ({@link SpikeFiles}). Copied now on the updating thread, written on a
     * thread of its own.
     */
    public CompletableFuture<Path> writePast(int newestAgo, int frames, FrameTimes times, Path file) {
        if (times == null) {
            throw new IllegalArgumentException("hudprof: a capture of past frames needs their FrameTimes, attached "
                    + "before them (FrameTimes.attach(profiler, capacity))");
        }
        return PastFrames.write(profiler, times, newestAgo, frames, file, title, new PastFrames.Buffers());
    }

    /**
     * Starts writing to {@code file} (a temporary file beside it until finished). Call it on the updating thread
     * or before the game's first frame.
     *
     * @throws IOException when the temporary file cannot be created
     * @throws IllegalStateException when the profiler keeps no timelines
     */
    public CaptureWriter writeTo(Path file) throws IOException {
        return CaptureWriter.start(profiler, file, slots, frames, title);
    }
}
