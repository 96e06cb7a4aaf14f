package io.hudprof.core;

/**
 * Which numbers a live report shows: the last frame as measured, or one of two exponential moving
 * averages. History frames are always shown instantaneous, as in IProf.
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
