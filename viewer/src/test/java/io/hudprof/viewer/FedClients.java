package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.pstats.CollectorDef;
import io.hudprof.pstats.FrameData;
import io.hudprof.pstats.PStatsCodec;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.WireWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;

/**
 * Active clients for the memory tests: each a real {@link PStatsSession} feeding a {@link ClientFeed} into one
 * {@link ViewerClients}, with {@code collectors} time collectors (eight at the top level, the rest under them) on two
 * threads, "Main" and "Worker". Frames go in through the sessions' TCP path, as a game's arrive. Closing it closes the
 * sessions and the clients.
 */
final class FedClients implements AutoCloseable {
    private final ViewerClients clients = new ViewerClients(ViewerMain.HISTORY_FRAMES);
    private final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);
    private final List<PStatsSession> sessions = new ArrayList<>();
    private final List<ClientFeed> feeds = new ArrayList<>();
    private final int collectors;

    /** Room for clients of {@code collectors} collectors; none is connected yet. */
    FedClients(int collectors) {
        this.collectors = collectors;
    }

    /** The viewer's clients the sessions feed. */
    ViewerClients clients() {
        return clients;
    }

    /** Connects {@code count} more clients named {@code name} and a number: hello, collectors, threads. */
    void connect(int count, String name) throws Exception {
        for (int c = 0; c < count; c++) {
            ClientFeed feed = new ClientFeed(clients, true);
            PStatsSession session = new PStatsSession("client " + c, feed);
            sessions.add(session);
            feeds.add(feed);
            PStatsCodec.encodeClientHello(out, "host", name + " " + c, 3, 2, 1);
            tcp(session);
            List<CollectorDef> defs = new ArrayList<>();
            defs.add(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0));
            for (int z = 1; z <= collectors; z++) {
                defs.add(CollectorDef.time(z, "Zone " + z, z <= 8 ? 0 : 1 + z % 8, 1, 0, 0, 0));
            }
            PStatsCodec.encodeCollectors(out, defs, 0, defs.size());
            tcp(session);
            PStatsCodec.encodeThreads(out, 0, List.of("Main", "Worker"));
            tcp(session);
        }
    }

    /**
     * Sends {@code frames} frames to every client, each thread's frame holding every collector once, then waits (up
     * to a minute) until every client has replayed them, and checks it has: all but the held main-thread frame.
     */
    void feed(int frames) throws Exception {
        FrameData frame = new FrameData();
        for (int n = 1; n <= frames; n++) {
            for (PStatsSession session : sessions) {
                for (int t = 0; t < 2; t++) {
                    float start = 1f + n * 0.015625f;
                    frame.reset(t, n);
                    frame.addEvent(0, true, start);
                    for (int z = 1; z <= collectors; z++) {
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
        while (feeds.stream().anyMatch(f -> f.replayed() < 2L * frames - 1) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        for (ClientFeed feed : feeds) {
            assertEquals(2L * frames - 1, feed.replayed(), "every frame but the held main one replayed");
        }
    }

    private void tcp(PStatsSession session) throws Exception {
        int len = out.tcpMessage();
        session.tcpPayload(out.buffer(), WireWriter.HEADER, len - WireWriter.HEADER);
    }

    /** The heap in use after GC: the least of four readings, each after a {@code System.gc()}. */
    static long heapAfterGc() throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(20);
            least = Math.min(least, memory.getHeapMemoryUsage().getUsed());
        }
        return least;
    }

    @Override
    public void close() {
        for (PStatsSession session : sessions) {
            session.close("end");
        }
        clients.closeAll();
    }
}
