package io.hudprof.pstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The server against clients that hold on or speak for others, on real loopback sockets: a client silent past the
 * idle timeout is dropped; clients that say hello and go quiet give their slots to newcomers; a datagram from
 * anywhere but the client is not the client's; an {@code Error} while serving a client drops that client only.
 */
class HostileServerTest {
    private final List<String> log = new CopyOnWriteArrayList<>();
    private PStatsServer server;

    private static final class Counting implements SessionListener {
        final AtomicInteger frames = new AtomicInteger();
        volatile String closed;

        @Override
        public void frame(PStatsSession session, FrameData frame) {
            frames.incrementAndGet();
        }

        @Override
        public void closed(PStatsSession session, String reason) {
            closed = reason;
        }
    }

    private void start(PStatsServer.Options options, Function<String, SessionListener> listeners)
            throws IOException {
        server = PStatsServer.start(InetAddress.getLoopbackAddress(), 0, listeners, log::add, options);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(5);
        }
    }

    private boolean logged(String part) {
        return log.stream().anyMatch(l -> l.contains(part));
    }

    @Test
    void aClientSilentPastTheIdleTimeoutIsDropped() throws Exception {
        start(new PStatsServer.Options(4, 5_000, "test", null).withIdleTimeout(300), peer -> new Counting());
        try (CaptureClient client = new CaptureClient(server.port())) {
            client.send(Captures.messages(Captures.TCP).subList(0, 1), n -> true);
            await(() -> logged("idle timeout 300 ms"), "the idle drop");
            await(() -> server.clientCount() == 0, "the slot freed");
        }
    }

    @Test
    void clientsThatSayHelloAndGoQuietGiveTheirSlotsToNewcomers() throws Exception {
        List<Counting> sessions = new CopyOnWriteArrayList<>();
        start(new PStatsServer.Options(4, 5_000, "test", null).withIdleTimeout(0), peer -> {
            Counting c = new Counting();
            sessions.add(c);
            return c;
        });
        List<CaptureClient> hogs = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                CaptureClient hog = new CaptureClient(server.port());
                hog.send(Captures.messages(Captures.TCP).subList(0, 1), n -> true);
                hogs.add(hog);
            }
            await(() -> server.clientCount() == 4, "4 hogs");
            // Past the eviction threshold for every hog (none has sent anything since its hello).
            Thread.sleep(PStatsServer.EVICT_SILENT_MILLIS + 200);
            try (CaptureClient real = new CaptureClient(server.port())) {
                real.send(Captures.messages(Captures.TCP), n -> true);
                await(() -> sessions.stream().anyMatch(s -> s.frames.get() == 199), "the newcomer's 199 frames");
            }
            assertTrue(logged("its slot went to"), log.toString());
            assertTrue(!logged("refused"), log.toString());
        } finally {
            for (CaptureClient hog : hogs) {
                hog.close();
            }
        }
    }

    @Test
    void aDatagramFromAnotherSourceIsNotTakenAsTheClients() throws Exception {
        Counting counting = new Counting();
        start(new PStatsServer.Options(4, 5_000, "test", null), peer -> counting);
        List<SessionLog.Entry> entries = Captures.messages(Captures.UDP);
        byte[] realDatagram = entries.stream().filter(SessionLog.Entry::udp).findFirst().orElseThrow().bytes();
        try (CaptureClient client = new CaptureClient(server.port());
                DatagramSocket spoofer = new DatagramSocket()) {
            client.send(entries, n -> true);
            await(() -> counting.frames.get() >= 190, "the client's frames");
            for (int i = 0; i < 10; i++) {
                spoofer.send(new DatagramPacket(realDatagram, realDatagram.length, InetAddress.getLoopbackAddress(),
                        client.hello().udpPort()));
            }
            await(() -> log.stream().filter(l -> l.contains("not from the client")).count() == 5,
                    "the spoofed datagrams logged (the first five)");
            int frames = counting.frames.get();
            client.close();
            await(() -> counting.closed != null, "close");
            assertEquals(frames, counting.frames.get());
        }
        await(() -> logged("(10 not from the client)"), "the leave line counting them");
    }

    @Test
    void anErrorWhileServingAClientDropsThatClientOnly() throws Exception {
        AtomicInteger made = new AtomicInteger();
        List<Counting> good = new CopyOnWriteArrayList<>();
        start(new PStatsServer.Options(4, 5_000, "test", null), peer -> {
            if (made.getAndIncrement() == 0) {
                return (s, f) -> {
                    throw new OutOfMemoryError("test: as if the client's frame could not be kept");
                };
            }
            Counting c = new Counting();
            good.add(c);
            return c;
        });
        try (CaptureClient bad = new CaptureClient(server.port())) {
            try {
                bad.send(Captures.messages(Captures.TCP), n -> true);
            } catch (IOException dropped) {
                // The server hung up on it mid-stream, as it should.
            }
            await(() -> logged("internal error java.lang.OutOfMemoryError"), "the bad client dropped");
        }
        try (CaptureClient client = new CaptureClient(server.port())) {
            client.send(Captures.messages(Captures.TCP), n -> true);
            await(() -> good.size() == 1 && good.get(0).frames.get() == 199, "the next client's 199 frames");
        }
    }
}
