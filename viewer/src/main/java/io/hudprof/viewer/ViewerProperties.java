package io.hudprof.viewer;

import io.hudprof.core.Hudprof;
import io.hudprof.pstats.ClientBudget;
import io.hudprof.pstats.PStatsServer;

/**
 * The {@code hudprof.*} system properties the viewer depends on, checked before it listens or opens a window: the
 * server's ({@code hudprof.pstats.maxClients}), each client's budget ({@code hudprof.pstats.maxCollectors},
 * {@code maxThreads}, {@code maxNameBytes}) and core's ({@code hudprof.maxZones}, {@code hudprof.enabled},
 * {@code hudprof.jfr.zones}, {@code hudprof.alloc}, read when the first client's profile is made). A bad one stops
 * the viewer with one line that names it, its value and the fix, never a stack trace, and never later, when a client
 * connects (see docs/PROPERTIES.md).
 */
final class ViewerProperties {
    private ViewerProperties() {
    }

    /** Null when every property is good; else one line naming the first bad property, its value and the fix. */
    static String problem() {
        try {
            PStatsServer.maxClientsFromProperty();
            ClientBudget.defaults();
            Hudprof.checkProperties();
            return null;
        } catch (IllegalArgumentException | IllegalStateException e) {
            String message = String.valueOf(e.getMessage());
            return message.startsWith("hudprof: ") ? message.substring("hudprof: ".length()) : message;
        }
    }
}
