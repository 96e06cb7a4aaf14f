package io.hudprof.core;

/**
 * Sees every push and pop of one thread's zone stack as its recorder makes them, repairs included: how the capture
 * module writes each zone as a JFR event ({@code -Dhudprof.jfr.zones=true}). Only with that switch on is a
 * {@link Provider} looked up (with {@link java.util.ServiceLoader}, once) and each recorder given its own listener;
 * off, the recorder's calls are dead code. Called on the recording thread, inside the zone transition: it must be
 * quick and must not allocate once the thread's deepest nesting was reached.
 */
public interface ZoneStackListener {
    /** The zone {@code zoneId} was pushed at {@code depth} (0 for the outermost). */
    void begin(int depth, int zoneId);

    /** The zone at {@code depth} was popped (ended, or closed by a repair). */
    void end(int depth);

    /** A service: makes each recording thread's listener. */
    interface Provider {
        /** A listener for one recording thread. */
        ZoneStackListener newListener();
    }
}
