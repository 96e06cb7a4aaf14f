package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.pstats.CollectorDef;
import io.hudprof.pstats.FrameData;
import io.hudprof.pstats.PStatsCodec;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.WireWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
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

    private final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);

    private void tcp(PStatsSession session) throws Exception {
        int len = out.tcpMessage();
        session.tcpPayload(out.buffer(), WireWriter.HEADER, len - WireWriter.HEADER);
    }

    private static long heapAfterGc() throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(20);
            least = Math.min(least, memory.getHeapMemoryUsage().getUsed());
        }
        return least;
    }

    @Test
    void anActiveClientHoldsAFewMiBNotAGamesFullProfile() throws Exception {
        ViewerClients clients = new ViewerClients(ViewerMain.HISTORY_FRAMES);
        List<PStatsSession> sessions = new ArrayList<>();
        List<ClientFeed> feeds = new ArrayList<>();
        long before = heapAfterGc();
        try {
            for (int c = 0; c < CLIENTS; c++) {
                ClientFeed feed = new ClientFeed(clients, true);
                PStatsSession session = new PStatsSession("client " + c, feed);
                sessions.add(session);
                feeds.add(feed);
                PStatsCodec.encodeClientHello(out, "host", "memory test " + c, 3, 2, 1);
                tcp(session);
                List<CollectorDef> defs = new ArrayList<>();
                defs.add(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0));
                for (int z = 1; z <= COLLECTORS; z++) {
                    defs.add(CollectorDef.time(z, "Zone " + z, z <= 8 ? 0 : 1 + z % 8, 1, 0, 0, 0));
                }
                PStatsCodec.encodeCollectors(out, defs, 0, defs.size());
                tcp(session);
                PStatsCodec.encodeThreads(out, 0, List.of("Main", "Worker"));
                tcp(session);
            }
            FrameData frame = new FrameData();
            for (int n = 1; n <= FRAMES; n++) {
                for (PStatsSession session : sessions) {
                    for (int t = 0; t < 2; t++) {
                        float start = 1f + n * 0.015625f;
                        frame.reset(t, n);
                        frame.addEvent(0, true, start);
                        for (int z = 1; z <= COLLECTORS; z++) {
                            frame.addEvent(z, true, start + z * 0.0001220703125f);
                            frame.addEvent(z, false, start + z * 0.0001220703125f + 0.00006103515625f);
                        }
                        frame.addEvent(0, false, start + 0.0078125f);
                        PStatsCodec.encodeFrame(out, frame, true);
                        tcp(session);
                    }
                }
            }
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (feeds.stream().anyMatch(f -> f.replayed() < 2L * FRAMES - 1) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            for (ClientFeed feed : feeds) {
                assertEquals(2L * FRAMES - 1, feed.replayed(), "every frame but the held main one replayed");
            }
            double perClient = (heapAfterGc() - before) / 1048576.0 / CLIENTS;
            System.out.printf("ClientMemoryTest: %d active clients, %.2f MiB of heap a client after GC (max heap"
                    + " %d MiB)%n", CLIENTS, perClient, Runtime.getRuntime().maxMemory() >> 20);
            assertTrue(perClient < BOUND_MIB, perClient + " MiB a client");
        } finally {
            for (PStatsSession session : sessions) {
                session.close("end");
            }
            clients.closeAll();
        }
    }
}
