package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.pstats.CollectorDef;
import io.hudprof.pstats.FrameData;
import io.hudprof.pstats.PStatsCodec;
import io.hudprof.pstats.PStatsFormatException;
import io.hudprof.pstats.PStatsServer;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.ServerHello;
import io.hudprof.pstats.SessionListener;
import io.hudprof.pstats.TcpMessageReader;
import io.hudprof.pstats.WireWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The live window's memory budget against real clients on loopback: a client whose profile would pass the per-client
 * budget, or take the clients past the total one, is refused when its definitions (or a frame larger than they let
 * one expect) arrive, with a line naming the limit and the viewer option that raises it, before a profile is made
 * for it; the clients within the budget are served on, and a client that leaves frees its share.
 */
class MemoryBudgetTest {
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final Map<String, ClientFeed> feeds = new ConcurrentHashMap<>();
    private final List<Client> opened = new ArrayList<>();
    private ViewerClients clients;
    private PStatsServer server;

    /** A PStats client on a real socket: reads the server's hello, then sends over TCP what the test says. */
    private final class Client implements AutoCloseable {
        final Socket socket;
        final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);
        final String peer;

        Client() throws IOException, PStatsFormatException {
            socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
            socket.setSoTimeout(30_000);
            TcpMessageReader reader = new TcpMessageReader(socket.getInputStream());
            int len = reader.next();
            ServerHello hello = PStatsCodec.decodeServerHello(reader.buffer(), TcpMessageReader.PAYLOAD, len);
            assertTrue(hello.udpPort() > 0);
            peer = socket.getLocalAddress().getHostAddress() + ":" + socket.getLocalPort();
            opened.add(this);
        }

        void tcp() throws IOException {
            socket.getOutputStream().write(out.buffer(), 0, out.tcpMessage());
            socket.getOutputStream().flush();
        }

        /** Hello, {@code collectors} collectors and "Frame" (so one more is defined), {@code threads} threads. */
        Client define(int collectors, int threads) throws IOException {
            PStatsCodec.encodeClientHello(out, "host", "budget test", 3, 2, 1);
            tcp();
            List<CollectorDef> defs = new ArrayList<>();
            defs.add(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0));
            for (int z = 1; z <= collectors; z++) {
                defs.add(CollectorDef.time(z, "Zone " + z, 0, 1, 0, 0, 0));
            }
            for (int from = 0; from < defs.size(); from += PStatsCodec.COLLECTORS_PER_MESSAGE) {
                PStatsCodec.encodeCollectors(out, defs, from,
                        Math.min(defs.size(), from + PStatsCodec.COLLECTORS_PER_MESSAGE));
                tcp();
            }
            List<String> names = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                names.add(t == 0 ? "Main" : "Worker " + t);
            }
            PStatsCodec.encodeThreads(out, 0, names);
            tcp();
            return this;
        }

        /** Main-thread frame {@code n}, with collector 1 started and stopped {@code pairs} times. */
        void frame(long n, int pairs) throws IOException {
            float start = 1f + n * 0.015625f;
            FrameData f = new FrameData().reset(0, n);
            f.addEvent(0, true, start);
            for (int i = 0; i < pairs; i++) {
                f.addEvent(1, true, start + i * 0.000001f);
                f.addEvent(1, false, start + i * 0.000001f + 0.0000005f);
            }
            f.addEvent(0, false, start + 0.0078125f);
            PStatsCodec.encodeFrame(out, f, true);
            tcp();
        }

        /** Whether the server has closed this connection: blocks until it does (or the socket's timeout). */
        boolean dropped() throws IOException {
            byte[] sink = new byte[256];
            try {
                while (true) {
                    if (socket.getInputStream().read(sink) < 0) {
                        return true;
                    }
                }
            } catch (SocketException reset) {
                return true;
            } catch (java.net.SocketTimeoutException stillOpen) {
                return false;
            }
        }

        ClientFeed feed() throws InterruptedException {
            await(() -> feeds.containsKey(peer), "the server taking " + peer);
            return feeds.get(peer);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private void start(MemoryBudget budget) throws IOException {
        clients = new ViewerClients(ViewerMain.HISTORY_FRAMES, budget);
        PrintStream quiet = new PrintStream(PrintStream.nullOutputStream());
        server = PStatsServer.start(InetAddress.getLoopbackAddress(), 0, peer -> {
            ClientFeed feed = new ClientFeed(clients, false);
            feeds.put(peer, feed);
            SessionListener logged = ViewerMain.loggedForTest(peer, feed, quiet);
            return logged;
        }, log::add, PStatsServer.Options.defaults());
    }

    @AfterEach
    void stop() throws IOException {
        for (Client c : opened) {
            c.close();
        }
        if (server != null) {
            server.close();
        }
        if (clients != null) {
            clients.closeAll();
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(5);
        }
    }

    private String logLine(String peer) throws InterruptedException {
        await(() -> log.stream().anyMatch(l -> l.contains(peer) && l.contains("refused")), "a refusal of " + peer
                + " in " + log);
        return log.stream().filter(l -> l.contains(peer) && l.contains("refused")).findFirst().orElseThrow();
    }

    /** Sends {@code frames} small frames and waits until all but the held last one are replayed. */
    private static void streams(Client c, int frames) throws Exception {
        for (int n = 1; n <= frames; n++) {
            c.frame(n, 1);
        }
        ClientFeed feed = c.feed();
        await(() -> feed.replayed() == frames - 1, "the good client's frames replayed (" + feed.replayed() + ")");
        assertEquals(0, feed.dropped(), "none of the good client's frames dropped");
    }

    @Test
    void aClientPastThePerClientBudgetIsRefusedAtItsDefinitionsNamingTheOption() throws Exception {
        start(new MemoryBudget(32, 1024));
        Client good = new Client().define(2, 1);
        streams(good, 10);
        Client big = new Client().define(2000, 8);
        String line = logLine(big.peer);
        long estimate = ProfileMemory.estimate(2001, 8, ProfileMemory.frameEvents(2001)) >> 20;
        assertTrue(line.contains("refused: its profile would hold about") && line.contains("2001 collectors on 8"
                + " threads") && line.contains("more than the 32 MiB a client may")
                && line.contains("--client-memory"), line);
        assertTrue(estimate > 32, estimate + " MiB");
        assertTrue(big.dropped(), "the refused client's connection is closed");
        assertEquals(1, clients.count(), "no profile was made for the refused client");
        streams(good, 20);
        assertEquals(ProfileMemory.estimate(3, 1, ProfileMemory.frameEvents(3)), clients.memory().reservedBytes());
    }

    @Test
    void aClientPastTheTotalBudgetIsRefusedAndTheNextIsServedOnceOneLeaves() throws Exception {
        // Two collectors and "Frame".
        long each = ProfileMemory.estimate(3, 1, ProfileMemory.frameEvents(3));
        // Room for two such clients, not three.
        long totalMib = (2 * each >> 20) + 1;
        assertTrue(3 * each > totalMib << 20);
        start(new MemoryBudget(16, totalMib));
        Client first = new Client().define(2, 1);
        streams(first, 5);
        Client second = new Client().define(2, 1);
        streams(second, 5);
        Client third = new Client().define(2, 1);
        String line = logLine(third.peer);
        assertTrue(line.contains("more than the " + totalMib + " MiB all clients may")
                && line.contains("--total-memory") && line.contains("-Xmx"), line);
        assertTrue(third.dropped(), "the refused client's connection is closed");
        assertEquals(2, clients.count());
        first.close();
        await(() -> clients.memory().reservedBytes() == each, "the first client's share freed");
        Client fourth = new Client().define(2, 1);
        streams(fourth, 5);
        assertEquals(2 * each, clients.memory().reservedBytes());
        assertTrue(log.stream().noneMatch(l -> l.contains(fourth.peer) && l.contains("refused")), log.toString());
    }

    @Test
    void aFrameLargerThanItsDefinitionsLetExpectIsCheckedAgainstTheBudgetToo() throws Exception {
        start(new MemoryBudget(32, 1024));
        Client growing = new Client().define(2, 8);
        streams(growing, 5);
        // Fits its definitions (frames of 6 events); frames of 4,002 events would make each of its 8 replay threads'
        // pooled frames keep about 6.5 MiB.
        growing.frame(6, 2000);
        String line = logLine(growing.peer);
        assertTrue(line.contains("3 collectors on 8 threads, frames of 4002 events")
                && line.contains("--client-memory"), line);
        assertTrue(growing.dropped(), "the refused client's connection is closed");
        await(() -> clients.memory().reservedBytes() == 0, "its share freed");
    }
}
