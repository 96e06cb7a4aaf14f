package io.hudprof.capture.file;

import io.hudprof.capture.FrameNotes;
import io.hudprof.core.FrameHistory;
import io.hudprof.core.Profiler;
import io.hudprof.core.report.PinnedNotes;

/**
 * Which recorded frames a note touched, for the capture's note records: a {@link FrameNotes} says so itself; other
 * {@link PinnedNotes} are asked frame by frame over the profiler's history. Allocation-free.
 */
final class NoteFrames {
    private NoteFrames() {
    }

    /** The first recorded frame note {@code n} touched, or 0 when it touched none still held. */
    static long first(Profiler profiler, PinnedNotes notes, long n) {
        if (notes instanceof FrameNotes frameNotes) {
            return Math.max(0, frameNotes.firstFrame(n));
        }
        FrameHistory history = profiler.history();
        for (int ago = history.size() - 1; ago >= 0; ago--) {
            long number = history.frameNumber(ago);
            if (number > 0 && notes.touches(n, number)) {
                return number;
            }
        }
        return 0;
    }

    /** The last recorded frame note {@code n} touched, or 0 when it touched none still held. */
    static long last(Profiler profiler, PinnedNotes notes, long n) {
        if (notes instanceof FrameNotes frameNotes) {
            return Math.max(0, frameNotes.lastFrame(n));
        }
        FrameHistory history = profiler.history();
        for (int ago = 0; ago < history.size(); ago++) {
            long number = history.frameNumber(ago);
            if (number > 0 && notes.touches(n, number)) {
                return number;
            }
        }
        return 0;
    }
}
