package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.pstats.CollectorDef;
import io.hudprof.pstats.FrameData;
import io.hudprof.pstats.PStatsCodec;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.WireWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Frames no sane client sends, through a real session into the replay threads and the profiler: random collectors
 * (undefined ones too), stops without starts, starts never stopped, crossed pairs, times out of order, infinite or NaN
 * times, several threads. Nothing may throw on any thread, every frame is replayed, skipped or dropped (counted), and
 * well-formed frames after the garbage still show exactly.
 */
class ClientFeedFuzzTest {
    private final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);

    private void tcp(PStatsSession session) throws Exception {
        int len = out.tcpMessage();
        session.tcpPayload(out.buffer(), WireWriter.HEADER, len - WireWriter.HEADER);
    }

    @Test
    void randomFramesNeverBreakTheReplayAndGoodFramesAfterThemShowExactly() throws Exception {
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught.add(e));
        int frames = 0;
        try {
            for (int seed = 0; seed < 20; seed++) {
                Random random = new Random(seed);
                RemoteProfile profile = new RemoteProfile(64);
                try {
                    ProfileFrames shown = new ProfileFrames();
                    profile.profiler().addFrameListener((nanos, recorded) -> {
                        if (recorded) {
                            shown.take(profile.profiler(), profile.lastFrameNumber());
                        }
                    });
                    ClientFeed feed = new ClientFeed(profile, true);
                    PStatsSession session = new PStatsSession("fuzz", feed);
                    PStatsCodec.encodeClientHello(out, "host", "fuzz " + seed, 3, 2, 1);
                    tcp(session);
                    List<CollectorDef> defs = new ArrayList<>();
                    defs.add(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0));
                    for (int c = 1; c < 12; c++) {
                        // Parents earlier or never defined (loops are refused outright, see ClientLimitsTest);
                        // names that repeat.
                        int parent = random.nextInt(4) == 0 ? 13 + random.nextInt(3) : random.nextInt(c);
                        defs.add(CollectorDef.time(c, "C" + (c % 5), parent, 1, 1, 1, 0));
                    }
                    PStatsCodec.encodeCollectors(out, defs, 0, defs.size());
                    tcp(session);
                    PStatsCodec.encodeThreads(out, 0, List.of("Main", "", "Loader"));
                    tcp(session);
                    float t = 1;
                    for (long n = 1; n <= 150; n++) {
                        FrameData f = new FrameData().reset(random.nextInt(4) == 0 ? random.nextInt(3) : 0, n);
                        int events = random.nextInt(60);
                        for (int i = 0; i < events; i++) {
                            t += random.nextInt(10) == 0 ? -random.nextFloat() * 0.01f : random.nextFloat() * 0.001f;
                            float time = switch (random.nextInt(200)) {
                                case 0 -> Float.NaN;
                                case 1 -> Float.POSITIVE_INFINITY;
                                case 2 -> -3e38f;
                                default -> t;
                            };
                            f.addEvent(random.nextInt(16), random.nextBoolean(), time);
                        }
                        PStatsCodec.encodeFrame(out, f, true);
                        tcp(session);
                        frames++;
                    }
                    // Then a well-formed frame of a new collector: it must show exactly.
                    defs.add(CollectorDef.time(12, "Good", 0, 1, 1, 1, 0));
                    PStatsCodec.encodeCollectors(out, defs, 12, 13);
                    tcp(session);
                    t += 10;
                    for (long n = 1000; n <= 1002; n++) {
                        FrameData good = new FrameData().reset(0, n);
                        good.addEvent(0, true, t);
                        good.addEvent(12, true, t);
                        good.addEvent(12, false, t + 0.25f);
                        good.addEvent(0, false, t + 0.5f);
                        t += 0.5f;
                        PStatsCodec.encodeFrame(out, good, true);
                        tcp(session);
                    }
                    session.close("end");
                    assertTrue(feed.closed());
                    for (long n = 1000; n <= 1002; n++) {
                        ProfileFrames.Frame frame = shown.frames.get(n);
                        assertEquals(250_000_000L, frame.self().get("Good"), "seed " + seed + " frame " + n);
                        assertEquals(500_000_000L, frame.nanos(), "seed " + seed + " frame " + n);
                    }
                } finally {
                    profile.close();
                }
            }
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(previous);
        }
        assertEquals(List.of(), uncaught, "exceptions on the replay threads");
        assertEquals(3000, frames);
    }
}
