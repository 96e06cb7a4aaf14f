package io.hudprof.core;

/**
 * Which numbers a live report shows: the last frame as measured, or one of two exponential moving
 * averages. History frames are always shown instantaneous, as in IProf.
 *
 * <p>The rule. Averages are kept per zone-stack state, for self time and for entry count, and for the frame
 * time. The first recorded frame sets every average to its own values. Each later recorded frame moves every
 * state's average towards that frame's value by the weight {@code w} ({@code avg += w × (value − avg)}, with
 * {@code fastAverageWeight} or {@code slowAverageWeight}); a state absent from the frame counts as 0, so its
 * average decays by the factor {@code 1 − w} per frame. Frames that are not recorded (paused, switched off,
 * {@code update(false)}) do not move the averages. Every row value (hierarchical time, call-graph parents and
 * children) is derived from the averaged per-state values by the same rules as from one frame's values, so
 * averaged rows add up exactly like instantaneous ones.
 *
 * <p>Rows: a row appears in an averaged view from the first recorded frame in which one of its states had time
 * or entries, and stays while any of its averages is not exactly 0: after a zone stops, its row fades towards 0
 * and disappears only when the decayed value underflows to 0 (many thousands of frames).
 */
public enum Averaging {
    /** The last recorded frame exactly as measured. */
    INSTANTANEOUS("instant"),
    /** A moving average that follows changes within a few frames. */
    FAST("fast avg"),
    /** A moving average over many frames; steady but slow to react. */
    SLOW("slow avg");

    private final String label;

    Averaging(String label) {
        this.label = label;
    }

    /** Short human-readable label used in report titles. */
    public String label() {
        return label;
    }

    /** The averaging after this one, wrapping around; for a "cycle averaging" key. */
    public Averaging next() {
        Averaging[] all = values();
        return all[(ordinal() + 1) % all.length];
    }
}
