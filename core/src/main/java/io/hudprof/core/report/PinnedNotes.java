package io.hudprof.core.report;

/**
 * Notes pinned to frames by number (JVM events such as GC pauses that overlapped a frame), which the report adds to
 * the frame it shows. Core defines it so that the module that collects the notes plugs in from above.
 */
public interface PinnedNotes {
    /** The oldest note still held (a sequence number). */
    long oldest();

    /** One past the newest note. */
    long end();

    /** Whether note {@code n} overlapped recorded frame {@code frameNumber}. */
    boolean touches(long n, long frameNumber);

    /** Note {@code n}'s text. */
    String text(long n);
}
