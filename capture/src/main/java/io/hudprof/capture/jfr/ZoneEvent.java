package io.hudprof.capture.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The JFR event {@code io.hudprof.Zone}: one zone, from its begin to its matching end, on the thread that ran it
 * (JFR records the thread itself). Written only with {@code -Dhudprof.jfr.zones=true}, by {@link JfrZoneStack}.
 */
@Name(ZoneEvent.NAME)
@Label("Zone")
@Category({"hudprof"})
@Description("One hudprof zone, begun at the zone's begin and committed at its matching end")
@StackTrace(false)
final class ZoneEvent extends Event {
    static final String NAME = "io.hudprof.Zone";

    @Label("Zone")
    String zone;

    @Label("Depth")
    @Description("Nesting depth on its thread: 1 for a zone opened while no other zone was open")
    int depth;
}
