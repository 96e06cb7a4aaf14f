package io.hudprof.pstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The server on real loopback sockets: the captured Panda3D sessions replayed over TCP and UDP print what
 * text-stats printed; lost datagrams are missing frames and nothing else; bad clients are dropped with a logged
 * reason while good ones, several at once, keep being served.
 */
class PStatsServerTest {
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final Map<String, Recorded> clients = new ConcurrentHashMap<>();
    private PStatsServer server;

    /** What one client's session printed and how many frames it got. */
    private static final class Recorded implements SessionListener {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final TextStatsPrinter printer = new TextStatsPrinter(new PrintStream(bytes, true, StandardCharsets.UTF_8),
                true);
        volatile int frames;
        volatile String closedReason;

        @Override
        public void frame(PStatsSession session, FrameData frame) {
            frames++;
            printer.frame(session, frame);
        }

        @Override
        public void closed(PStatsSession session, String reason) {
            printer.closed(session, reason);
            closedReason = reason;
        }

        Map<String, List<String>> printed() {
            return Captures.framesByHeader(List.of(bytes.toString(StandardCharsets.UTF_8).split("\n")));
        }
    }

    private void start(int helloTimeoutMillis) throws IOException {
        server = PStatsServer.start(InetAddress.getLoopbackAddress(), 0, peer -> {
            Recorded r = new Recorded();
            clients.put(peer, r);
            return r;
        }, log::add, new PStatsServer.Options(8, helloTimeoutMillis, "test", null));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(5);
        }
    }

    private Recorded onlyClientWith(int frames) throws InterruptedException {
        await(() -> clients.values().stream().anyMatch(r -> r.frames >= frames), frames + " frames");
        return clients.values().stream().filter(r -> r.frames >= frames).findFirst().orElseThrow();
    }

    private static void assertSameFrames(Map<String, List<String>> expected, Map<String, List<String>> actual,
            String what) {
        for (Map.Entry<String, List<String>> frame : expected.entrySet()) {
            assertEquals(frame.getValue(), actual.get(frame.getKey()), frame.getKey() + " of " + what);
        }
        assertEquals(expected.keySet(), actual.keySet(), what);
    }

    @Test
    void capturesOverLoopbackPrintWhatTextStatsPrinted() throws Exception {
        start(5000);
        for (String capture : List.of(Captures.UDP, Captures.TCP)) {
            clients.clear();
            try (CaptureClient client = new CaptureClient(server.port())) {
                assertTrue(client.hello().udpPort() > 0);
                client.send(Captures.messages(capture), n -> true);
                Recorded r = onlyClientWith(199);
                client.close();
                await(() -> r.closedReason != null, "close");
                assertSameFrames(Captures.framesByHeader(Captures.textStats(capture)), r.printed(), capture);
            }
        }
    }

    @Test
    void lostDatagramsAreMissingFramesAndTheRestUnchanged() throws Exception {
        start(5000);
        try (CaptureClient client = new CaptureClient(server.port())) {
            // Lose every fifth datagram: 39 of the 196 frames sent over UDP.
            client.send(Captures.messages(Captures.UDP), n -> n % 5 != 4);
            Recorded r = onlyClientWith(199 - 39);
            Thread.sleep(50);
            client.close();
            await(() -> r.closedReason != null, "close");
            Map<String, List<String>> reference = Captures.framesByHeader(Captures.textStats(Captures.UDP));
            Map<String, List<String>> printed = r.printed();
            assertEquals(199 - 39, printed.size());
            for (Map.Entry<String, List<String>> frame : printed.entrySet()) {
                assertEquals(reference.get(frame.getKey()), frame.getValue(), frame.getKey());
            }
        }
    }

    @Test
    void badClientsAreDroppedWithAReasonWhileOthersAreServed() throws Exception {
        start(300);
        List<Thread> good = new ArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 4; i++) {
            Thread t = new Thread(() -> {
                try (CaptureClient client = new CaptureClient(server.port())) {
                    client.send(Captures.messages(Captures.TCP), n -> true);
                    Thread.sleep(100);
                } catch (Exception e) {
                    failures.add(e);
                }
            });
            t.start();
            good.add(t);
        }
        // Silent: connects, says nothing.
        Socket silent = new Socket(InetAddress.getLoopbackAddress(), server.port());
        // Lying length: claims 4 MiB, sends 3 bytes, hangs up.
        try (Socket liar = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            liar.getOutputStream().write(new byte[] {0, 0, 0x40, 0, 1, 2, 3});
        }
        // Over the limit: a length past MAX_TCP_PAYLOAD.
        try (Socket huge = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            huge.getOutputStream().write(new byte[] {-1, -1, -1, -1});
            huge.getInputStream().read(new byte[64]);
        }
        // Garbage control message after a valid hello.
        try (CaptureClient garbage = new CaptureClient(server.port())) {
            OutputStream out = garbage.out();
            byte[] hello = Captures.messages(Captures.TCP).get(0).bytes();
            out.write(hello);
            out.write(new byte[] {5, 0, 0, 0, 2, (byte) 0xff, (byte) 0xff, 0, 0});
            out.flush();
            Thread.sleep(100);
        }
        for (Thread t : good) {
            t.join(20_000);
        }
        assertEquals(List.of(), failures);
        await(() -> clients.values().stream().filter(r -> r.frames == 199).count() == 4, "4 good clients");
        await(() -> log.stream().anyMatch(l -> l.contains("no hello within 300 ms")), "silent client dropped");
        silent.close();
        await(() -> server.clientCount() == 0, "all clients gone");
        assertTrue(log.stream().anyMatch(l -> l.contains("disconnected inside a message")), log.toString());
        assertTrue(log.stream().anyMatch(l -> l.contains("TCP message length 4294967295")), log.toString());
        assertTrue(log.stream().anyMatch(l -> l.contains("claims 65535 collector definitions")), log.toString());
        for (Recorded r : clients.values()) {
            if (r.frames == 199) {
                assertSameFrames(Captures.framesByHeader(Captures.textStats(Captures.TCP)), r.printed(), "TCP");
            }
        }
    }

    @Test
    void floodOfBadDatagramsIsLoggedOnceThenCountedAndTheClientKeepsGoing() throws Exception {
        start(5000);
        try (CaptureClient client = new CaptureClient(server.port())) {
            List<SessionLog.Entry> entries = Captures.messages(Captures.UDP);
            client.send(entries.subList(0, 6), n -> true);
            byte[] junk = new byte[100];
            try (java.net.DatagramSocket flood = new java.net.DatagramSocket()) {
                for (int i = 0; i < 2000; i++) {
                    junk[0] = (byte) i;
                    flood.send(new java.net.DatagramPacket(junk, junk.length, InetAddress.getLoopbackAddress(),
                            client.hello().udpPort()));
                }
            }
            client.send(entries.subList(6, entries.size()), n -> true);
            Recorded r = onlyClientWith(190);
            client.close();
            await(() -> r.closedReason != null, "close");
        }
        // The server writes its leave line just after telling the session listener, so wait for the line itself.
        await(() -> log.stream().anyMatch(
                l -> l.matches(".* left after \\d+ frames, \\d+ bad datagrams( \\(\\d+ not from the client\\))?")),
                "the leave line with the bad-datagram count");
        long logged = log.stream().filter(l -> l.contains("dropped a datagram")).count();
        assertEquals(PStatsServer.LOGGED_BAD_DATAGRAMS, logged, log.toString());
    }
}
