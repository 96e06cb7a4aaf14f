package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What an active client costs the live viewer: {@value #CLIENTS} clients of 41 collectors on two threads, each past
 * its 600 frames of history, held at once in the window's {@link ViewerClients} (profile, history, timeline, replay
 * threads and queues; the window's HUD aside). Measured as the heap used after GC (the least of four
 * {@code System.gc()} readings) with them and before them, divided by the clients: measured 6.9 to 7.0 MiB a client
 * with the viewer's per-client sizes ({@link RemoteProfile#STATE_HISTORY_ENTRIES} and the others), 41.5 MiB with a
 * core profiler's defaults (G1, 6 GiB heap, 4 MiB regions). The bound has room for the collector's noise and still
 * catches the defaults.
 */
class ClientMemoryTest {
    private static final int CLIENTS = 6;
    private static final int FRAMES = ViewerMain.HISTORY_FRAMES + 100;
    private static final int COLLECTORS = 40;
    /** Per client, with room: measured 6.9 to 7.0 MiB (the core defaults: 41.5). */
    private static final double BOUND_MIB = 16;

    @Test
    void anActiveClientHoldsAFewMiBNotAGamesFullProfile() throws Exception {
        try (FedClients fed = new FedClients(COLLECTORS)) {
            long before = FedClients.heapAfterGc();
            fed.connect(CLIENTS, "memory test");
            fed.feed(FRAMES);
            double perClient = (FedClients.heapAfterGc() - before) / 1048576.0 / CLIENTS;
            System.out.printf("ClientMemoryTest: %d active clients, %.2f MiB of heap a client after GC (max heap"
                    + " %d MiB)%n", CLIENTS, perClient, Runtime.getRuntime().maxMemory() >> 20);
            assertTrue(perClient < BOUND_MIB, perClient + " MiB a client");
        }
    }
}
