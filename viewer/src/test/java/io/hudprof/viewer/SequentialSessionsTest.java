package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Zone;
import io.hudprof.pstats.CollectorDef;
import io.hudprof.pstats.FrameData;
import io.hudprof.pstats.PStatsCodec;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.WireWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A long-running viewer serves its thousandth client like its first: 1,000 clients one after another, each with
 * collectors of names no other client used (the worst case for zones: nothing is shared by name), leave the zone
 * count where the first ones left it and the heap after GC within a few MiB; the last client's zones are real
 * zones, not the overflow zone.
 */
class SequentialSessionsTest {
    private static final int SESSIONS = 1_000;
    private static final int COLLECTORS = 40;
    private final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);

    private void tcp(PStatsSession session) throws Exception {
        int len = out.tcpMessage();
        session.tcpPayload(out.buffer(), WireWriter.HEADER, len - WireWriter.HEADER);
    }

    /** One client's whole session: hello, its collectors and a level, its thread, a few frames, goodbye. */
    private RemoteProfile session(ViewerClients clients, int number) throws Exception {
        ClientFeed feed = new ClientFeed(clients, false);
        PStatsSession session = new PStatsSession("client " + number, feed);
        PStatsCodec.encodeClientHello(out, "host", "session " + number, 3, 2, number);
        tcp(session);
        List<CollectorDef> defs = new ArrayList<>();
        defs.add(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0));
        for (int c = 1; c <= COLLECTORS; c++) {
            defs.add(CollectorDef.time(c, "S" + number + " zone " + c, c == 1 ? 0 : 1, 1, 1, 1, 0));
        }
        defs.add(new CollectorDef(COLLECTORS + 1, "Vertices", 0, 1, 1, 1, 0, "vertices", 0, 1));
        PStatsCodec.encodeCollectors(out, defs, 0, defs.size());
        tcp(session);
        PStatsCodec.encodeThreads(out, 0, List.of("Main"));
        tcp(session);
        for (int n = 1; n <= 4; n++) {
            FrameData f = new FrameData().reset(0, n);
            float t = n * 0.125f;
            f.addEvent(0, true, t);
            for (int c = 1; c <= COLLECTORS; c += 3) {
                f.addEvent(c, true, t + c * 0.001f);
                f.addEvent(c, false, t + c * 0.001f + 0.0005f);
            }
            f.addEvent(0, false, t + 0.1f);
            f.addLevel(COLLECTORS + 1, 1000 + n);
            PStatsCodec.encodeFrame(out, f, true);
            tcp(session);
        }
        session.close("left");
        assertTrue(feed.closed());
        assertEquals(4, feed.replayed(), "client " + number);
        return clients.shown();
    }

    @Test
    void aThousandClientsOneAfterAnotherLeaveZonesAndHeapWhereTheyStarted() throws Exception {
        ViewerClients clients = new ViewerClients(ViewerMain.HISTORY_FRAMES);
        try {
            int warm = 20;
            for (int i = 1; i <= warm; i++) {
                session(clients, i);
            }
            int zonesAfterWarmUp = Zone.count();
            long heapAfterWarmUp = FedClients.heapAfterGc();
            RemoteProfile last = null;
            for (int i = warm + 1; i <= SESSIONS; i++) {
                last = session(clients, i);
                assertEquals(zonesAfterWarmUp, Zone.count(), "zones after client " + i);
            }
            long heapAfter = FedClients.heapAfterGc();
            System.out.printf("SequentialSessionsTest: %d clients of %d collectors: zones %d -> %d, heap after GC"
                    + " %.1f -> %.1f MiB%n", SESSIONS, COLLECTORS, zonesAfterWarmUp, Zone.count(),
                    heapAfterWarmUp / 1048576.0, heapAfter / 1048576.0);
            assertTrue(heapAfter - heapAfterWarmUp < 16L << 20, "heap grew from " + heapAfterWarmUp + " to "
                    + heapAfter + " bytes over " + (SESSIONS - warm) + " clients");
            // The last client's rows are its own zones, named as it named them.
            ProfileFrames.Frame frame = ProfileFrames.snapshot(last.profiler());
            assertTrue(frame.self().containsKey("S" + SESSIONS + " zone 1:S" + SESSIONS + " zone 4"),
                    frame.self().keySet().toString());
            assertEquals(false, frame.self().containsKey("(zone limit reached)"), frame.self().keySet().toString());
            assertEquals(1, last.number() == 1 || last.number() == 2 ? 1 : 0, "client numbers are reused");
        } finally {
            clients.closeAll();
        }
    }
}
