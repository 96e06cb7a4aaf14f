package io.hudprof.capture.file;

import io.hudprof.capture.Spike;
import io.hudprof.capture.SpikeCapture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes every spike a {@link SpikeCapture} catches as a capture of its own, {@code hudprof-spike-<frame>.hudprof}
 * in a folder: the spike frame and {@code framesAround} frames either side, with every view the viewer has
 * ({@code hudprof-viewer hudprof-spike-812.hudprof}), so a hitch seen once in a play session can be opened, scrubbed
 * and compared afterwards. {@code SpikeFiles.writeEach(spikes, Path.of("spikes"), 10)}.
 *
 * <p>Each window is copied on the updating thread when the spike capture settles the spike (its {@code framesAfter}
 * frames later: build it with {@code framesAfter(framesAround)} for whole windows, fewer frames after the spike
 * otherwise) and written on a thread of its own. Nothing is done in the frames between spikes. The copies go into
 * buffers kept from one spike to the next, so only the first spike (and a window bigger than any before) allocates;
 * a spike that settles while the previous file is still being written is skipped and counted ({@link #skipped()}),
 * never waited for. A window that cannot be written is counted and its error kept ({@link #failures()},
 * {@link #lastWritten()}); the game goes on.
 */
public final class SpikeFiles implements SpikeCapture.Listener {
    private final SpikeCapture spikes;
    private final Path dir;
    private final int framesAround;
    private final AtomicLong failures = new AtomicLong();
    private final PastFrames.Buffers buffers = new PastFrames.Buffers();
    private long skipped;
    private volatile CompletableFuture<Path> lastWritten;

    private SpikeFiles(SpikeCapture spikes, Path dir, int framesAround) {
        this.spikes = spikes;
        this.dir = dir;
        this.framesAround = framesAround;
    }

    /**
     * Writes each spike of {@code spikes} from now on into {@code dir} (created if missing) with {@code framesAround}
     * frames either side (0 to 1024).
     *
     * @throws IllegalArgumentException when {@code framesAround} is out of range, or the folder cannot be created
     * @throws IllegalStateException    when the profiler keeps no timelines (a capture is made of them)
     */
    public static SpikeFiles writeEach(SpikeCapture spikes, Path dir, int framesAround) {
        if (spikes == null || dir == null) {
            throw new IllegalArgumentException("hudprof: spike capture files need a SpikeCapture and a folder");
        }
        if (framesAround < 0 || framesAround > 1024) {
            throw new IllegalArgumentException("hudprof: spike capture files take 0 to 1024 frames either side of "
                    + "the spike, got " + framesAround);
        }
        if (spikes.profiler().timelineFramesKept() == 0) {
            throw new IllegalStateException("hudprof: spike capture files need the profiler's timelines; build it "
                    + "with ProfilerConfig.builder().timelineCapacity(1 << 14)");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("hudprof: cannot create the spike capture folder " + dir + ": "
                    + e.getMessage() + "; give a folder this process may write to", e);
        }
        SpikeFiles files = new SpikeFiles(spikes, dir, framesAround);
        spikes.addListener(files);
        return files;
    }

    /** The file the spike at recorded frame {@code frameNumber} is written to. */
    public Path file(long frameNumber) {
        return dir.resolve("hudprof-spike-" + frameNumber + ".hudprof");
    }

    @Override
    public void spikeSettled(Spike spike, int framesAgo) {
        if (buffers.writing()) {
            skipped++;
            return;
        }
        int after = Math.min(framesAround, framesAgo);
        String title = String.format(Locale.ROOT, "spike at frame %d: %.2f ms, %d frames either side",
                spike.frameNumber(), spike.frameNanos() / 1e6, framesAround);
        try {
            CompletableFuture<Path> written = PastFrames.write(spikes.profiler(), spikes.times(), framesAgo - after,
                    framesAround + 1 + after, file(spike.frameNumber()), title, buffers);
            written.whenComplete((path, error) -> {
                if (error != null) {
                    failures.incrementAndGet();
                }
            });
            lastWritten = written;
        } catch (RuntimeException e) {
            // A window that cannot be copied costs that file, never the game's frame.
            failures.incrementAndGet();
            lastWritten = CompletableFuture.failedFuture(e);
        }
    }

    /** The latest spike's file, completing once written (exceptionally with the error); null before a spike. */
    public CompletableFuture<Path> lastWritten() {
        return lastWritten;
    }

    /** Spikes not written because the previous spike's file was still being written. */
    public long skipped() {
        return skipped;
    }

    /** Spike windows that could not be copied or written. */
    public long failures() {
        return failures.get();
    }

    /** Stops writing spikes (those being written finish). */
    public void stop() {
        spikes.removeListener(this);
    }
}
