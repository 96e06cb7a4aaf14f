package io.hudprof.capture;

import io.hudprof.core.Profiler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Exports Chrome traces of recent frames: {@link #exportRecent} copies them on the updating thread (the only
 * thread that may read timelines) and a writer thread this exporter owns writes the JSON to a temporary file in
 * the target's folder, then renames it over the target, so a reader never sees half a file.
 *
 * <p>The writer is one daemon thread, started at the first export; {@link #close()} stops it after the queued
 * exports. Enable timelines ({@code ProfilerConfig.Builder.timelineCapacity}) for zone events in the trace.
 */
public final class TraceExporter implements AutoCloseable {
    private final Profiler profiler;
    private final FrameTimes times;
    private final FrameNotes notes;
    private ExecutorService writer;

    private TraceExporter(Profiler profiler, FrameTimes times, FrameNotes notes) {
        this.profiler = profiler;
        this.times = times;
        this.notes = notes;
    }

    /**
     * An exporter for {@code profiler} that reads frame times from {@code times} (attached to the same profiler) and
     * includes {@code notes} (may be null).
     */
    public static TraceExporter of(Profiler profiler, FrameTimes times, FrameNotes notes) {
        if (profiler == null || times == null) {
            throw new IllegalArgumentException("hudprof: a trace exporter needs a profiler and its FrameTimes");
        }
        return new TraceExporter(profiler, times, notes);
    }

    /** The frame times this exporter reads. */
    public FrameTimes times() {
        return times;
    }

    /**
     * Copies the last {@code frames} frames now (call on the updating thread) and writes them to {@code file} on
     * the writer thread.
     *
     * @return completes with {@code file} once it is in place, or exceptionally with the I/O error
     */
    public CompletableFuture<Path> exportRecent(int frames, Path file) {
        return write(ChromeTrace.capture(profiler, times, notes, frames, "last " + frames + " frames"), file);
    }

    /** Writes a captured trace to {@code file} on the writer thread, atomically. */
    public synchronized CompletableFuture<Path> write(ChromeTrace trace, Path file) {
        if (writer == null) {
            writer = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "hudprof-trace-writer");
                t.setDaemon(true);
                return t;
            });
        }
        return CompletableFuture.supplyAsync(() -> {
            try {
                writeAtomically(trace, file);
                return file;
            } catch (IOException e) {
                throw new UncheckedIOException("hudprof: could not write the trace " + file + ": " + e, e);
            }
        }, writer);
    }

    /** Writes {@code trace} to a temporary file beside {@code file}, then renames it to {@code file}. */
    public static void writeAtomically(ChromeTrace trace, Path file) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path dir = absolute.getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, absolute.getFileName().toString(), ".tmp");
        try {
            try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
                trace.write(out);
            }
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Stops the writer thread once the queued exports are written. */
    @Override
    public synchronized void close() {
        if (writer != null) {
            writer.shutdown();
            writer = null;
        }
    }
}
