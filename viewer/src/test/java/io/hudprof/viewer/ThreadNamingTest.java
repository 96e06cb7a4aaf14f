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
 * Frames that overtake {@code define_threads} (UDP read on another thread than TCP) are replayed under the
 * thread's name: held until it is defined; those that waited longer than the session holds are dropped and counted,
 * never replayed on a thread named {@code thread 0}. A replay thread outlives a frame whose replay throws.
 */
class ThreadNamingTest {
    private final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);

    private void tcp(PStatsSession session) throws Exception {
        int len = out.tcpMessage();
        session.tcpPayload(out.buffer(), WireWriter.HEADER, len - WireWriter.HEADER);
    }

    private void udpFrame(PStatsSession session, long number) throws Exception {
        FrameData f = new FrameData().reset(0, number);
        float t = number * 0.015625f;
        f.addEvent(0, true, t);
        f.addEvent(1, true, t);
        f.addEvent(1, false, t + 0.0078125f);
        f.addEvent(0, false, t + 0.015625f);
        PStatsCodec.encodeFrame(out, f, true);
        int len = out.udpDatagram();
        session.udpDatagram(out.buffer(), 2, len);
    }

    @Test
    void framesBeforeTheThreadsDefinitionReplayUnderItsNameOrAreDroppedNeverAsThreadZero() throws Exception {
        RemoteProfile profile = new RemoteProfile(64);
        try {
            ClientFeed feed = new ClientFeed(profile, true);
            PStatsSession session = new PStatsSession("test", feed);
            PStatsCodec.encodeClientHello(out, "host", "naming test", 3, 2, 1);
            tcp(session);
            PStatsCodec.encodeCollectors(out, List.of(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0),
                    CollectorDef.time(1, "Work", 0, 1, 0, 0, 0)), 0, 2);
            tcp(session);
            int early = PStatsSession.MAX_HELD + 8;
            for (long n = 1; n <= early; n++) {
                udpFrame(session, n);
            }
            PStatsCodec.encodeThreads(out, 0, List.of("Main"));
            tcp(session);
            for (long n = early + 1; n <= early + 5; n++) {
                udpFrame(session, n);
            }
            session.close("end");
            // 8 left the hold undefined; the main thread's frames are replayed one late, so 7 met no definition.
            assertEquals(7, feed.dropped());
            assertEquals(early + 5 - 7, feed.replayed());
            assertEquals("Main", feed.mainThreadName());
        } finally {
            profile.close();
        }
    }

    @Test
    void anErrorWhileReplayingAFrameCostsThatFrameNotTheReplayThread() throws Exception {
        RemoteProfile profile = new RemoteProfile(64);
        try {
            java.util.Set<Long> recorded = java.util.concurrent.ConcurrentHashMap.newKeySet();
            profile.profiler().addFrameListener((nanos, wasRecorded) -> {
                if (profile.lastFrameNumber() == 3) {
                    throw new StackOverflowError("test: a listener that fails on frame 3");
                }
                if (wasRecorded) {
                    recorded.add(profile.lastFrameNumber());
                }
            });
            ClientFeed feed = new ClientFeed(profile, true);
            PStatsSession session = new PStatsSession("test", feed);
            PStatsCodec.encodeClientHello(out, "host", "error test", 3, 2, 1);
            tcp(session);
            PStatsCodec.encodeCollectors(out, List.of(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0),
                    CollectorDef.time(1, "Work", 0, 1, 0, 0, 0)), 0, 2);
            tcp(session);
            PStatsCodec.encodeThreads(out, 0, List.of("Main"));
            tcp(session);
            for (long n = 1; n <= 6; n++) {
                udpFrame(session, n);
            }
            session.close("end");
            assertEquals(1, feed.failed());
            assertEquals(java.util.Set.of(1L, 2L, 4L, 5L, 6L), recorded, "the frames after it still show");
        } finally {
            profile.close();
        }
    }
}
