package io.hudprof.viewer;

import io.hudprof.pstats.ClientRefusedException;
import java.util.HashMap;
import java.util.Map;

/**
 * The heap the live window's clients may make it hold: per client, and for all of them together. Each client reserves
 * its {@link ProfileMemory} estimate when its definitions arrive (and again when they or its frames grow), before its
 * profile is made or grows; a client whose estimate passes either limit is refused with a message that names the
 * limit and the viewer option that raises it, and its reservation is dropped when it leaves. So the window serves
 * as many clients as its heap holds and refuses the rest, never running out of memory for them.
 *
 * <p>The profile of the last client to leave stays shown (its history) until another connects; it is not counted
 * then: one profile, within the half of the heap the default total leaves the window.
 *
 * <p>Thread-safe: clients reserve on their sessions' threads.
 */
final class MemoryBudget {
    /** The default per client: a Panda3D game of a thousand collectors on eight threads is estimated at 59 MiB. */
    static final int DEFAULT_CLIENT_MIB = 128;

    private final long clientBytes;
    private final long totalBytes;
    private final Map<Object, Long> reserved = new HashMap<>();
    private long reservedTotal;

    /**
     * @param clientMib what one client may hold, MiB ({@code --client-memory})
     * @param totalMib  what all clients together may hold, MiB ({@code --total-memory})
     */
    MemoryBudget(long clientMib, long totalMib) {
        this.clientBytes = clientMib << 20;
        this.totalBytes = totalMib << 20;
    }

    /** The default per client, and for all clients half of the heap the JVM may use ({@code -Xmx}). */
    static MemoryBudget defaults() {
        return new MemoryBudget(DEFAULT_CLIENT_MIB, defaultTotalMib());
    }

    /** Half of the JVM's maximum heap, in MiB: the other half is the window's own and room for the collector. */
    static long defaultTotalMib() {
        return Runtime.getRuntime().maxMemory() / 2 >> 20;
    }

    /**
     * Sets {@code client}'s reservation to {@code bytes} (replacing what it had reserved).
     *
     * @param what the shape of the client for the message ({@code 2000 collectors on 16 threads})
     * @throws ClientRefusedException when it passes the per-client or the total limit (nothing is reserved then)
     */
    synchronized void reserve(Object client, long bytes, String what) {
        long had = reserved.getOrDefault(client, 0L);
        if (bytes > clientBytes) {
            throw new ClientRefusedException("its profile would hold about " + mib(bytes) + " MiB (" + what
                    + "), more than the " + mib(clientBytes) + " MiB a client may (raise it with the viewer's"
                    + " --client-memory MIB)");
        }
        long total = reservedTotal - had + bytes;
        if (total > totalBytes) {
            throw new ClientRefusedException("its profile would hold about " + mib(bytes) + " MiB (" + what
                    + ") and the clients' profiles together " + mib(total) + " MiB, more than the " + mib(totalBytes)
                    + " MiB all clients may (raise it with the viewer's --total-memory MIB, and the heap with -Xmx)");
        }
        reserved.put(client, bytes);
        reservedTotal = total;
    }

    /** The client left: its reservation is free again. */
    synchronized void release(Object client) {
        Long had = reserved.remove(client);
        if (had != null) {
            reservedTotal -= had;
        }
    }

    /** Bytes reserved now by all clients. */
    synchronized long reservedBytes() {
        return reservedTotal;
    }

    private static long mib(long bytes) {
        return (bytes + (1 << 20) - 1) >> 20;
    }
}
