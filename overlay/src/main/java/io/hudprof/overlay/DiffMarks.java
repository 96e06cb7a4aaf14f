package io.hudprof.overlay;

import io.hudprof.capture.compare.DiffReport;
import java.util.Arrays;

/**
 * What the diff panel compares, as view state: the two frame ranges marked with keys (by recorded-frame number, each
 * end -1 until marked) or a diff given from elsewhere (the viewer's two captures). Part of {@link HudView}, so a copy
 * of the view (the viewer remaking its HUD for a new window size) keeps the ranges; the panel works out its lines again
 * when {@link #version()} moves. Kept for the session only: frame numbers mean nothing in another run.
 */
final class DiffMarks {
    /** Range A's first and second end, then range B's. */
    final long[] marks = {-1, -1, -1, -1};
    /** A diff shown as given rather than made from the marks, or null. */
    DiffReport given;
    /** Moves on every change, so the panel knows to work out its lines again. */
    private int version;

    /**
     * Marks an end of range A ({@code range} 0) or B (1) at frame {@code frameNumber}: the first press starts the
     * range (and forgets its old one), the second ends it.
     */
    void mark(int range, long frameNumber) {
        given = null;
        int first = 2 * range;
        if (marks[first] < 0 || marks[first + 1] >= 0) {
            marks[first] = frameNumber;
            marks[first + 1] = -1;
        } else {
            marks[first + 1] = frameNumber;
        }
        version++;
    }

    /** Shows {@code diff} instead of the marked ranges, which are forgotten. */
    void show(DiffReport diff) {
        Arrays.fill(marks, -1);
        given = diff;
        version++;
    }

    /** Forgets both ranges and any given diff. */
    void clear() {
        Arrays.fill(marks, -1);
        given = null;
        version++;
    }

    /** Whether a diff was given or a range is marked (so the panel shows). */
    boolean active() {
        return given != null || marks[0] >= 0 || marks[2] >= 0;
    }

    /** Whether both ranges have both ends. */
    boolean complete() {
        return marks[1] >= 0 && marks[3] >= 0;
    }

    /** Where range {@code range} starts and ends (either end may be the earlier frame); -1 where not marked. */
    long start(int range) {
        return marks[2 * range];
    }

    long end(int range) {
        return marks[2 * range + 1];
    }

    int version() {
        return version;
    }

    void copyFrom(DiffMarks other) {
        System.arraycopy(other.marks, 0, marks, 0, marks.length);
        given = other.given;
        version++;
    }
}
