package io.hudprof.core.report;

import io.hudprof.core.FrameStates;
import io.hudprof.core.Metric;
import io.hudprof.core.Problem;
import io.hudprof.core.TimelineFrame;

/**
 * A frame kept outside the history ring (a captured spike) that the report can show as it shows a history frame
 * ({@link ReportController#showSpike(StoredFrame)}): its per-state values, the frame before it, its problems,
 * statistics, notes and timeline. Core defines it so that the module that keeps such frames plugs in from above.
 */
public interface StoredFrame {
    /** The recorded-frame number, or -1 for an empty slot. */
    long frameNumber();

    /** The frame's duration in nanoseconds. */
    long frameNanos();

    /** The frame's GPU time, or -1 while unknown. */
    long gpuFrameNanos();

    /** The frame's total in {@code metric}: its duration (ns) or the bytes allocated in it. */
    double frameTotal(Metric metric);

    /** How many times {@code problem} was counted in the frame. */
    long problems(Problem problem);

    /** The frame's per-state values; read only. */
    FrameStates states();

    /** The recorded frame before it (what heat compares it with), or null when it was not kept; read only. */
    FrameStates previousStates();

    /** Number of statistics rows kept. */
    int statisticCount();

    /** A statistics row's value by its {@linkplain ValueTable#key key} and column; NaN when not kept. */
    double statistic(int key, Column column);

    /** Number of notes kept with the frame. */
    int noteCount();

    /** The i-th note's text. */
    String note(int i);

    /** The frame's timeline as kept, or null when none was. */
    TimelineFrame timeline();
}
