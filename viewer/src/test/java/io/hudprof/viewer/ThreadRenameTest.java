package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Profiler;
import io.hudprof.pstats.CollectorDef;
import io.hudprof.pstats.FrameData;
import io.hudprof.pstats.PStatsCodec;
import io.hudprof.pstats.PStatsServer;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.ServerHello;
import io.hudprof.pstats.SessionListener;
import io.hudprof.pstats.TcpMessageReader;
import io.hudprof.pstats.WireWriter;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A client that names its threads again ({@code define_threads} with other names for the same indices, as Panda3D
 * does when it reuses an expired thread's index) is followed: from the rename on, its frames replay on a thread of
 * the new name, the profile's thread rows and thread list change with it, and no frame is lost or reordered. Over a
 * real loopback socket against the real server. Renames per client are bounded and the rest counted.
 */
class ThreadRenameTest {
    private static final int FRAMES = 20;
    /** Frames sent before the rename. */
    private static final int BEFORE = 10;

    private static FrameData frame(int thread, long number) {
        float t = 1f + number * 0.015625f;
        FrameData f = new FrameData().reset(thread, number);
        f.addEvent(0, true, t);
        f.addEvent(1, true, t + 0.001953125f);
        f.addEvent(1, false, t + 0.0078125f);
        f.addEvent(0, false, t + 0.01171875f);
        return f;
    }

    @Test
    void aRenamedThreadReplaysUnderItsNewNameAndTheThreadListFollows() throws Exception {
        RemoteProfile profile = new RemoteProfile(64);
        Profiler profiler = profile.profiler();
        Map<Long, ProfileFrames.Frame> recorded = new ConcurrentHashMap<>();
        profiler.addFrameListener((nanos, wasRecorded) -> {
            if (wasRecorded) {
                recorded.put(profile.lastFrameNumber(), ProfileFrames.snapshot(profiler));
            }
        });
        List<String> log = new CopyOnWriteArrayList<>();
        ClientFeed[] feed = new ClientFeed[1];
        PStatsServer server = PStatsServer.start(InetAddress.getLoopbackAddress(), 0, peer -> {
            ClientFeed f = new ClientFeed(profile, false);
            feed[0] = f;
            return new SessionListener() {
                @Override
                public void hello(PStatsSession session) {
                    f.hello(session);
                }

                @Override
                public void frame(PStatsSession session, FrameData frame) {
                    f.frame(session, frame);
                }

                @Override
                public void closed(PStatsSession session, String reason) {
                    f.closed(session, reason);
                }
            };
        }, log::add, new PStatsServer.Options(4, 5_000, "rename-test", null));
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            socket.setSoTimeout(10_000);
            TcpMessageReader reader = new TcpMessageReader(socket.getInputStream());
            int len = reader.next();
            ServerHello hello = PStatsCodec.decodeServerHello(reader.buffer(), TcpMessageReader.PAYLOAD, len);
            assertTrue(hello.udpPort() > 0);
            OutputStream out = socket.getOutputStream();
            WireWriter w = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);
            PStatsCodec.encodeClientHello(w, "host", "rename test", 3, 2, 1);
            out.write(w.buffer(), 0, w.tcpMessage());
            PStatsCodec.encodeCollectors(w, List.of(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0),
                    CollectorDef.time(1, "Work", 0, 1, 0, 0, 0)), 0, 2);
            out.write(w.buffer(), 0, w.tcpMessage());
            PStatsCodec.encodeThreads(w, 0, List.of("Main", "Loader"));
            out.write(w.buffer(), 0, w.tcpMessage());
            for (long n = 1; n <= FRAMES; n++) {
                if (n == BEFORE + 1) {
                    PStatsCodec.encodeThreads(w, 0, List.of("Render", "Streamer"));
                    out.write(w.buffer(), 0, w.tcpMessage());
                }
                for (int t : new int[] {1, 0}) {
                    PStatsCodec.encodeFrame(w, frame(t, n), true);
                    out.write(w.buffer(), 0, w.tcpMessage());
                }
            }
            out.flush();
        }
        long deadline = System.nanoTime() + 60_000_000_000L;
        while ((feed[0] == null || !feed[0].closed()) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        try {
            ClientFeed f = feed[0];
            assertTrue(f.closed(), "the session ended: " + log);
            assertEquals(2 * FRAMES, f.replayed(), "every frame of both threads replayed: " + log);
            assertEquals(0, f.dropped());
            assertEquals(0, f.skipped());
            assertEquals(2, f.renames());
            assertEquals("Render", f.mainThreadName());
            Set<String> threads = new TreeSet<>();
            for (int i = 0; i < profiler.threadCount(); i++) {
                threads.add(profiler.threadName(i));
            }
            assertEquals(Set.of("Render", "Streamer"), threads, "the thread list: the old threads ended");
            // Before the rename the rows are the old names'; well after it only the new names' rows have time.
            // (A main frame is replayed one frame late, so frame BEFORE is the first under "Render".)
            for (long n = 2; n < BEFORE; n++) {
                ProfileFrames.Frame frame = recorded.get(n);
                assertTrue(frame.self().getOrDefault("<Main>", 0L) > 0, n + ": " + frame.self());
                assertEquals(0L, frame.self().getOrDefault("<Render>", 0L), n + ": " + frame.self());
            }
            for (long n = BEFORE + 2; n <= FRAMES; n++) {
                ProfileFrames.Frame frame = recorded.get(n);
                assertTrue(frame.self().getOrDefault("<Render>", 0L) > 0, n + ": " + frame.self());
                assertTrue(frame.self().getOrDefault("<Streamer>", 0L) > 0, n + ": " + frame.self());
                assertEquals(0L, frame.self().getOrDefault("<Main>", 0L), n + ": " + frame.self());
                assertEquals(0L, frame.self().getOrDefault("<Loader>", 0L), n + ": " + frame.self());
            }
        } finally {
            server.close();
            profile.close();
        }
    }

    @Test
    void renamesPastTheLimitKeepTheLastNameAndAreCountedWithNoFrameLost() throws Exception {
        RemoteProfile profile = new RemoteProfile(64);
        try {
            ClientFeed feed = new ClientFeed(profile, true);
            PStatsSession session = new PStatsSession("test", feed);
            WireWriter w = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);
            PStatsCodec.encodeClientHello(w, "host", "renaming test", 3, 2, 1);
            tcp(session, w);
            PStatsCodec.encodeCollectors(w, List.of(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0),
                    CollectorDef.time(1, "Work", 0, 1, 0, 0, 0)), 0, 2);
            tcp(session, w);
            int frames = ClientFeed.MAX_RENAMES + 10;
            for (int n = 1; n <= frames; n++) {
                PStatsCodec.encodeThreads(w, 0, List.of("Main", "Worker " + n));
                tcp(session, w);
                for (int t : new int[] {1, 0}) {
                    PStatsCodec.encodeFrame(w, frame(t, n), true);
                    tcp(session, w);
                }
            }
            session.close("end");
            assertEquals(ClientFeed.MAX_RENAMES, feed.renames());
            assertEquals(frames - 1 - ClientFeed.MAX_RENAMES, feed.renamesRefused());
            assertEquals(2L * frames, feed.replayed(), "no frame lost to the renames");
            assertEquals(0, feed.dropped());
            assertEquals(0, feed.skipped());
        } finally {
            profile.close();
        }
    }

    private static void tcp(PStatsSession session, WireWriter w) throws Exception {
        int len = w.tcpMessage();
        session.tcpPayload(w.buffer(), WireWriter.HEADER, len - WireWriter.HEADER);
    }
}
