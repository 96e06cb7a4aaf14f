package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.pstats.CollectorDef;
import io.hudprof.pstats.FrameData;
import io.hudprof.pstats.PStatsCodec;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.WireWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Replaying a file, another thread's frame lands in the main frame that was held when it arrived (the main thread's
 * frame is held until the next one arrives), whatever order the replay threads run in: here each round's first main
 * frame has 20,000 events, so its replay is still running when the worker frame (times inside the held frame) is
 * queued and replayed. Pins down what issue 30 suspected as a race: with the replay as it is, 570 of 570 worker
 * frames landed in the held frame (2026-11-27, load 10.6 to 13.9: three runs of 150 rounds with 400-event main frames,
 * two of 60 rounds with 20,000-event ones). (A worker frame whose times lie inside the
 * earlier, already sent main frame is the case that depends on the order: it landed in that frame 30 times in 60 and
 * was recorded in neither frame the other 30; making it wait for the main thread made that 0 in 60, so it was not
 * done. See docs/BENCHMARKS.md.)
 */
class OtherThreadFrameOrderTest {
    private static final int ROUNDS = 60;
    /** Zone pairs in each round's first main frame: its replay takes a while, the window the worker frame raced. */
    private static final int BUSY_PAIRS = 10_000;
    private final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);

    private void tcp(PStatsSession session) throws Exception {
        int len = out.tcpMessage();
        session.tcpPayload(out.buffer(), WireWriter.HEADER, len - WireWriter.HEADER);
    }

    private static float start(long n) {
        return 1f + n * 0.015625f;
    }

    @Test
    void aWorkerFrameLandsInTheHeldMainFrameNeverTheOneBefore() throws Exception {
        RemoteProfile profile = new RemoteProfile(4 * ROUNDS);
        try {
            ProfileFrames shown = new ProfileFrames();
            profile.profiler().addFrameListener((nanos, recorded) -> {
                if (recorded) {
                    shown.take(profile.profiler(), profile.lastFrameNumber());
                }
            });
            ClientFeed feed = new ClientFeed(profile, true);
            PStatsSession session = new PStatsSession("file", feed);
            PStatsCodec.encodeClientHello(out, "host", "order", 3, 2, 1);
            tcp(session);
            List<CollectorDef> defs = new ArrayList<>();
            defs.add(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0));
            defs.add(CollectorDef.time(1, "Tick", 0, 1, 0, 0, 0));
            defs.add(CollectorDef.time(2, "Load", 0, 0, 1, 0, 0));
            PStatsCodec.encodeCollectors(out, defs, 0, defs.size());
            tcp(session);
            PStatsCodec.encodeThreads(out, 0, List.of("Main", "Worker"));
            tcp(session);
            for (int r = 0; r < ROUNDS; r++) {
                long a = 2L * r + 1;
                long b = a + 1;
                for (long n : new long[] {a, b}) {
                    FrameData main = new FrameData().reset(0, n);
                    main.addEvent(0, true, start(n));
                    // Frame a has many events, so the main replay thread is busy with it for a while.
                    for (int i = 0, pairs = n == a ? BUSY_PAIRS : 2; i < pairs; i++) {
                        main.addEvent(1, true, start(n) + i * 0.0000005f);
                        main.addEvent(1, false, start(n) + i * 0.0000005f);
                    }
                    main.addEvent(0, false, start(n) + 0.0078125f);
                    PStatsCodec.encodeFrame(out, main, true);
                    tcp(session);
                }
                FrameData worker = new FrameData().reset(1, b);
                worker.addEvent(0, true, start(b));
                worker.addEvent(2, true, start(b) + 0.001f);
                worker.addEvent(2, false, start(b) + 0.002f);
                worker.addEvent(0, false, start(b) + 0.003f);
                PStatsCodec.encodeFrame(out, worker, true);
                tcp(session);
                // One round at a time (b held): the race is between frame a's replay and the worker frame's.
                long replayed = 3L * (r + 1) - 1;
                long deadline = System.nanoTime() + 60_000_000_000L;
                while (feed.replayed() < replayed && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
            }
            session.close("end");
            int inHeld = 0;
            int inEarlier = 0;
            int elsewhere = 0;
            for (int r = 0; r < ROUNDS; r++) {
                long a = 2L * r + 1;
                long b = a + 1;
                if (shown.frames.get(b).self().getOrDefault("Load", 0L) > 0) {
                    inHeld++;
                } else if (shown.frames.get(a).self().getOrDefault("Load", 0L) > 0) {
                    inEarlier++;
                } else {
                    elsewhere++;
                }
            }
            System.out.printf("OtherThreadFrameOrderTest: %d worker frames in the held main frame, %d in the one"
                    + " before, %d elsewhere (load %.1f)%n", inHeld, inEarlier, elsewhere,
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            assertEquals(ROUNDS, inHeld, inEarlier + " landed in the frame before, " + elsewhere + " elsewhere");
        } finally {
            profile.close();
        }
    }
}
