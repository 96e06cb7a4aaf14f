package io.hudprof.capture.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * The JFR event {@code io.hudprof.Frame}: one per profiled frame, spanning it, so JDK Mission Control's timeline
 * shows frames beside GC, safepoints and allocation. Written by {@link JfrFrames}; fields are hudprof's own numbers.
 */
@Name(FrameEvent.NAME)
@Label("Frame")
@Category({"hudprof"})
@Description("One frame of the game as hudprof measured it: number, duration and the zones with the most self time")
@StackTrace(false)
final class FrameEvent extends Event {
    static final String NAME = "io.hudprof.Frame";

    @Label("Frame Number")
    long frame;

    @Label("Frame Time")
    @Timespan(Timespan.NANOSECONDS)
    long frameTime;

    @Label("Top Zone")
    String zone1;

    @Label("Top Zone Self Time")
    @Timespan(Timespan.NANOSECONDS)
    long zone1Self;

    @Label("Second Zone")
    String zone2;

    @Label("Second Zone Self Time")
    @Timespan(Timespan.NANOSECONDS)
    long zone2Self;

    @Label("Third Zone")
    String zone3;

    @Label("Third Zone Self Time")
    @Timespan(Timespan.NANOSECONDS)
    long zone3Self;
}
