package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.pstats.CollectorDef;
import io.hudprof.pstats.FrameData;
import io.hudprof.pstats.PStatsCodec;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.WireWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A client's frames go through the real session into a feed: a frame with more events than the viewer replays is
 * dropped and counted, and the frames around it are shown as if it had not come.
 */
class ClientFeedBoundsTest {
    private final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);

    private void tcp(PStatsSession session) throws Exception {
        int len = out.tcpMessage();
        session.tcpPayload(out.buffer(), WireWriter.HEADER, len - WireWriter.HEADER);
    }

    private void frame(PStatsSession session, long number, int pairs) throws Exception {
        FrameData f = new FrameData().reset(0, number);
        float t = number * 0.015625f;
        f.addEvent(0, true, t);
        for (int i = 0; i < pairs; i++) {
            f.addEvent(1, true, t);
            f.addEvent(1, false, t);
        }
        f.addEvent(1, true, t);
        f.addEvent(1, false, t + 0.0078125f);
        f.addEvent(0, false, t + 0.015625f);
        PStatsCodec.encodeFrame(out, f, true);
        tcp(session);
    }

    @Test
    void aFrameTooBigToReplayIsDroppedAndCountedAndTheOthersShow() throws Exception {
        RemoteProfile profile = new RemoteProfile(64);
        try {
            ProfileFrames shown = new ProfileFrames();
            profile.profiler().addFrameListener((nanos, recorded) -> {
                if (recorded) {
                    shown.take(profile.profiler(), profile.lastFrameNumber());
                }
            });
            ClientFeed feed = new ClientFeed(profile, true);
            PStatsSession session = new PStatsSession("test", feed);
            PStatsCodec.encodeClientHello(out, "host", "bounds test", 3, 2, 1);
            tcp(session);
            PStatsCodec.encodeCollectors(out, List.of(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0),
                    CollectorDef.time(1, "Work", 0, 1, 0, 0, 0)), 0, 2);
            tcp(session);
            PStatsCodec.encodeThreads(out, 0, List.of("Main"));
            tcp(session);
            frame(session, 1, 10);
            frame(session, 2, ClientFeed.MAX_FRAME_EVENTS);
            frame(session, 3, 10);
            frame(session, 4, 10);
            session.close("end");

            assertEquals(1, feed.dropped());
            assertEquals(3, feed.replayed());
            assertEquals(java.util.Set.of(1L, 3L, 4L), shown.frames.keySet());
            for (long n : shown.frames.keySet()) {
                assertEquals(7_812_500L, shown.frames.get(n).self().get("Work"), "frame " + n);
                assertEquals(11L, shown.frames.get(n).calls().get("Work"), "frame " + n);
            }
        } finally {
            profile.close();
        }
    }
}
