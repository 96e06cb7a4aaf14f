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
 * A frame whose time jumps far ahead of its thread's clock is bad input, not the new clock: one forged far-future
 * frame is dropped and the real frames after it still show; a clock that really jumped is followed once
 * {@link ClientFeed#JUMP_CONFIRMATIONS} frames agree on it.
 */
class ClockJumpTest {
    private final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);

    private void frame(PStatsSession session, long number, float start) throws Exception {
        FrameData f = new FrameData().reset(0, number);
        f.addEvent(0, true, start);
        f.addEvent(1, true, start);
        f.addEvent(1, false, start + 0.0078125f);
        f.addEvent(0, false, start + 0.015625f);
        PStatsCodec.encodeFrame(out, f, true);
        int len = out.tcpMessage();
        session.tcpPayload(out.buffer(), WireWriter.HEADER, len - WireWriter.HEADER);
    }

    private void tcp(PStatsSession session) throws Exception {
        int len = out.tcpMessage();
        session.tcpPayload(out.buffer(), WireWriter.HEADER, len - WireWriter.HEADER);
    }

    @Test
    void aForgedFarFutureFrameIsDroppedAndARealJumpIsFollowedOnceConfirmed() throws Exception {
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
            PStatsCodec.encodeClientHello(out, "host", "jump test", 3, 2, 1);
            tcp(session);
            PStatsCodec.encodeCollectors(out, List.of(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0),
                    CollectorDef.time(1, "Work", 0, 1, 0, 0, 0)), 0, 2);
            tcp(session);
            PStatsCodec.encodeThreads(out, 0, List.of("Main"));
            tcp(session);
            long n = 1;
            for (; n <= 5; n++) {
                frame(session, n, n * 0.015625f);
            }
            // 29 bytes on the wire in the report: frame 6 claims to start 11 days later.
            frame(session, n++, 1e6f);
            for (; n <= 10; n++) {
                frame(session, n, n * 0.015625f);
            }
            // The game was paused for 20 minutes, then runs on.
            for (; n <= 30; n++) {
                frame(session, n, 1200 + n * 0.015625f);
            }
            session.close("end");

            int confirmations = ClientFeed.JUMP_CONFIRMATIONS;
            assertEquals(1 + (confirmations - 1), feed.badTimes());
            assertEquals(5 + 4 + (20 - (confirmations - 1)), feed.replayed());
            assertEquals(0, feed.skipped(), "nothing looks older than a forged clock");
            for (long k : List.of(1L, 5L, 7L, 10L, 11L + confirmations - 1, 30L)) {
                assertEquals(7_812_500L, shown.frames.get(k).self().get("Work"), "frame " + k);
            }
            assertEquals(false, shown.frames.containsKey(6L));
        } finally {
            profile.close();
        }
    }
}
