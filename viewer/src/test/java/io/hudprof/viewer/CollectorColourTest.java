package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.core.Zone;
import io.hudprof.pstats.CollectorDef;
import io.hudprof.pstats.FrameData;
import io.hudprof.pstats.PStatsCodec;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.WireWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A collector's suggested colour is its zone's colour in the viewer, so the graph, strip charts and timeline draw it
 * as the game (or Panda's own server) would; black, Panda's "no colour", leaves the HUD to pick one.
 */
class CollectorColourTest {
    private final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);

    private void tcp(PStatsSession session) throws Exception {
        int len = out.tcpMessage();
        session.tcpPayload(out.buffer(), WireWriter.HEADER, len - WireWriter.HEADER);
    }

    @Test
    void aSuggestedColourColoursTheZoneAndBlackLeavesItToTheHud() throws Exception {
        RemoteProfile profile = new RemoteProfile(16);
        try {
            ClientFeed feed = new ClientFeed(profile, true);
            PStatsSession session = new PStatsSession("colours", feed);
            PStatsCodec.encodeClientHello(out, "host", "colours", 3, 2, 1);
            tcp(session);
            PStatsCodec.encodeCollectors(out, List.of(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0),
                    CollectorDef.time(1, "ColourTest", 0, 0f, 0.4f, 0.8f, 0),
                    CollectorDef.time(2, "Blackish", 1, 0f, 0f, 0f, 0),
                    CollectorDef.time(3, "Odd", 1, Float.NaN, 2f, 0.5f, 0)), 0, 4);
            tcp(session);
            PStatsCodec.encodeThreads(out, 0, List.of("Main"));
            tcp(session);
            for (long n = 1; n <= 2; n++) {
                FrameData f = new FrameData().reset(0, n);
                float t = n;
                f.addEvent(0, true, t);
                f.addEvent(1, true, t);
                f.addEvent(2, true, t + 0.001f);
                f.addEvent(2, false, t + 0.002f);
                f.addEvent(3, true, t + 0.002f);
                f.addEvent(3, false, t + 0.003f);
                f.addEvent(1, false, t + 0.004f);
                f.addEvent(0, false, t + 0.005f);
                PStatsCodec.encodeFrame(out, f, true);
                tcp(session);
            }
            session.close("end");
            assertEquals(0x0066CC, zoneNamed("ColourTest").color(), "(0, 0.4, 0.8) as 0xRRGGBB");
            assertEquals(Zone.NO_COLOR, zoneNamed("ColourTest:Blackish").color());
            assertEquals(Zone.NO_COLOR, zoneNamed("ColourTest:Odd").color(), "NaN and 2 are no colour");
        } finally {
            profile.close();
        }
    }

    private static Zone zoneNamed(String name) {
        for (int id = 0; id < Zone.count(); id++) {
            Zone z = Zone.byId(id);
            if (z != null && z.name().equals(name)) {
                return z;
            }
        }
        throw new AssertionError("no zone " + name);
    }
}
