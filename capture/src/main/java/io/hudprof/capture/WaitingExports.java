package io.hudprof.capture;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongFunction;

/**
 * Spike traces copied when their window ended and waiting, oldest first, for the notes of that window: JFR delivers
 * its events a second or more late, longer than the gap between spikes, so up to {@value #CAPACITY} wait at once. Each
 * is written, on the exporter's writer thread, once every note source has posted up to its window's end, or after
 * waiting {@code maxWaitFrames} frames, or when the queue is full and it is the oldest (then with the notes it has,
 * and {@code otherData.notes} says {@code incomplete}). Used on the updating thread only.
 */
final class WaitingExports {
    static final int CAPACITY = 8;

    private final TraceExporter exporter;
    private final FrameNotes notes;
    private final int maxWaitFrames;
    private final ChromeTrace[] traces = new ChromeTrace[CAPACITY];
    private final Path[] files = new Path[CAPACITY];
    private final long[] since = new long[CAPACITY];
    private final long[] spikeFrames = new long[CAPACITY];
    /** A waiting spike's title as of now (its blame may change as notes arrive), or null to keep the copied one. */
    private final LongFunction<String> titleOf;
    private int first;
    private int count;
    private volatile CompletableFuture<Path> last;

    WaitingExports(TraceExporter exporter, FrameNotes notes, int maxWaitFrames,
                   LongFunction<String> titleOf) {
        this.titleOf = titleOf;
        this.exporter = exporter;
        this.notes = notes;
        this.maxWaitFrames = maxWaitFrames;
    }

    boolean isEmpty() {
        return count == 0;
    }

    /** The latest export written (completing with its file), or null before the first. */
    CompletableFuture<Path> last() {
        return last;
    }

    /**
     * Queues a trace of the spike at recorded frame {@code spikeFrame}, copied at frame {@code frame} (an update
     * count); a full queue first writes its oldest.
     */
    void add(ChromeTrace trace, Path file, long frame, long spikeFrame) {
        if (count == CAPACITY) {
            writeOldest(false);
        }
        int at = (first + count) % CAPACITY;
        traces[at] = trace;
        files[at] = file;
        since[at] = frame;
        spikeFrames[at] = spikeFrame;
        count++;
    }

    /**
     * Writes the traces, oldest first, whose window ends by {@code postedUpTo} (read before this frame's settle, so
     * what it promises is settled now) and those that waited their frames. Windows end in the order they were
     * queued, so the first that is neither stops the pass.
     */
    void writeReady(long postedUpTo, long frame) {
        while (count > 0) {
            if (postedUpTo >= traces[first].endNanos()) {
                writeOldest(true);
            } else if (frame - since[first] >= maxWaitFrames) {
                writeOldest(false);
            } else {
                return;
            }
        }
    }

    /** Writes every waiting trace with the notes it has (on detach). */
    void writeAll() {
        while (count > 0) {
            writeOldest(false);
        }
    }

    private void writeOldest(boolean complete) {
        last = exporter.write(traces[first].withNotes(notes, complete, titleOf.apply(spikeFrames[first])),
                files[first]);
        traces[first] = null;
        files[first] = null;
        first = (first + 1) % CAPACITY;
        count--;
    }
}
