package io.hudprof.capture;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A marker {@link JfrNotes} commits while an export waits for notes, carrying the {@link System#nanoTime()} of its
 * commit: when its stream hands it back and finishes that flush, every event committed before the mark has been
 * delivered, which is how JfrNotes knows up to when its notes are complete. Disabled by default, so only the stream
 * that enables it records it (another recording open at the same time may still see the few marks).
 */
@Name(NotesMark.NAME)
@Label("hudprof Notes Mark")
@Category({"hudprof"})
@Description("hudprof's JFR notes stream checking how far its events have been delivered")
@Enabled(false)
@StackTrace(false)
final class NotesMark extends Event {
    static final String NAME = "io.hudprof.NotesMark";

    @Label("Nano Time")
    long nanoTime;
}
