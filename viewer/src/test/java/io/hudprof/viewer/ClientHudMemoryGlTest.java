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
 * What the window's HUD adds per connected client, on top of the client's profile ({@link ClientMemoryTest}): the
 * window keeps a HUD (report, graph, timeline and chart state, draw lists) for every client it has shown while that
 * client stays connected. {@value #CLIENTS} active clients, each shown in turn for a few frames in the real window
 * (headless), heap after GC with their HUDs against without. The bound has room for the collector's noise and still
 * catches a HUD that holds a profile's worth of history.
 */
class ClientHudMemoryGlTest {
    private static final int CLIENTS = 5;
    private static final int FRAMES = ViewerMain.HISTORY_FRAMES + 50;
    private static final int COLLECTORS = 40;
    /** Per further client's HUD, with room: measured 1.66 to 1.67 MiB (three runs, 1280 x 800, 40 collectors). */
    private static final double BOUND_MIB = 8;

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
    void eachShownClientsHudAddsAFewMiBBesideItsProfile() throws Exception {
        ViewerClients clients = new ViewerClients(ViewerMain.HISTORY_FRAMES);
        List<PStatsSession> sessions = new ArrayList<>();
        List<ClientFeed> feeds = new ArrayList<>();
        try {
            for (int c = 0; c < CLIENTS; c++) {
                ClientFeed feed = new ClientFeed(clients, true);
                PStatsSession session = new PStatsSession("client " + c, feed);
                sessions.add(session);
                feeds.add(feed);
                PStatsCodec.encodeClientHello(out, "host", "hud memory " + c, 3, 2, 1);
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
            try (ViewerWindow window = ViewerWindow.open(clients, 1280, 800, true)) {
                // One HUD, the first client's: the window's own share (GL objects, the first HUD's classes).
                for (int f = 0; f < 5; f++) {
                    window.renderFrame();
                    window.swap();
                }
                long oneHud = heapAfterGc();
                for (int c = 1; c < CLIENTS; c++) {
                    clients.cycle(1);
                    for (int f = 0; f < 5; f++) {
                        window.renderFrame();
                        window.swap();
                    }
                }
                long allHuds = heapAfterGc();
                double perHud = (allHuds - oneHud) / 1048576.0 / (CLIENTS - 1);
                System.out.printf("ClientHudMemoryGlTest: %d clients shown in turn, %.2f MiB of heap a further"
                        + " client's HUD after GC%n", CLIENTS, perHud);
                assertTrue(perHud < BOUND_MIB, perHud + " MiB a HUD");
            }
        } finally {
            for (PStatsSession session : sessions) {
                session.close("end");
            }
            clients.closeAll();
        }
    }
}
