package io.hudprof.capture.jfr;

import io.hudprof.core.Zone;
import io.hudprof.core.ZoneStackListener;
import java.util.Arrays;

/**
 * One recording thread's {@code io.hudprof.Zone} JFR events, indexed by zone depth: the recorder calls
 * {@link #begin} when it pushes a zone and {@link #end} when it pops one (a matching end, or a repair that closes
 * zones left open), so the events mirror the recorder's own, already repaired, stack. An end whose begin was
 * never seen by JFR (the recording started in between) commits nothing.
 *
 * <p>Core's recorder finds it through {@link Writer} (a {@link ZoneStackListener.Provider} service) only with
 * {@code -Dhudprof.jfr.zones=true}. Each is touched by its own
 * thread only, and reuses one event object per depth (made at the first zone at that depth), so a zone pair
 * allocates nothing here once the deepest nesting was reached. JFR cannot back-date an event, which is why this
 * works on the transitions themselves rather than on hudprof's ring.
 */
public final class JfrZoneStack implements ZoneStackListener {
    /** The JFR event name. */
    public static final String EVENT_NAME = ZoneEvent.NAME;

    private static final int INITIAL_DEPTH = 16;

    private ZoneEvent[] events = new ZoneEvent[0];
    /** Zone id begun at each depth while the event was enabled, or -1: only those are ended and committed. */
    private int[] begun = new int[0];

    /** The service core's recorders find with {@code -Dhudprof.jfr.zones=true}: one stack per recording thread. */
    public static final class Writer implements ZoneStackListener.Provider {
        @Override
        public ZoneStackListener newListener() {
            return new JfrZoneStack();
        }
    }

    /** Makes the stack with room for a typical nesting; deeper nesting grows it on first use. */
    public JfrZoneStack() {
        grow(INITIAL_DEPTH);
    }

    /** The zone with id {@code zoneId} was pushed at {@code depth} (0 for the outermost) on this thread. */
    @Override
    public void begin(int depth, int zoneId) {
        if (depth >= events.length) {
            grow(Math.max(depth + 1, events.length * 2));
        }
        ZoneEvent event = events[depth];
        if (event == null) {
            // Made at the first zone at this depth, so a thread costs one event object per depth it reached.
            event = new ZoneEvent();
            events[depth] = event;
        }
        if (!event.isEnabled()) {
            begun[depth] = -1;
            return;
        }
        begun[depth] = zoneId;
        event.begin();
    }

    /** The zone at {@code depth} was popped (ended, or closed by a repair); commits its event if it was begun. */
    @Override
    public void end(int depth) {
        if (depth >= begun.length) {
            return;
        }
        int zoneId = begun[depth];
        if (zoneId < 0) {
            return;
        }
        begun[depth] = -1;
        ZoneEvent event = events[depth];
        event.end();
        if (event.shouldCommit()) {
            Zone zone = Zone.byId(zoneId);
            event.zone = zone == null ? null : zone.name();
            event.depth = depth + 1;
            event.commit();
        }
    }

    private void grow(int size) {
        int old = events.length;
        events = Arrays.copyOf(events, size);
        begun = Arrays.copyOf(begun, size);
        Arrays.fill(begun, old, size, -1);
    }
}
