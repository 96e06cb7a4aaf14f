package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.pstats.ClientBudget;
import io.hudprof.pstats.CollectorDef;
import io.hudprof.pstats.FrameData;
import io.hudprof.pstats.PStatsCodec;
import io.hudprof.pstats.PStatsFormatException;
import io.hudprof.pstats.PStatsServer;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.SessionListener;
import io.hudprof.pstats.ServerHello;
import io.hudprof.pstats.TcpMessageReader;
import io.hudprof.pstats.TextStatsPrinter;
import io.hudprof.pstats.WireTap;
import io.hudprof.pstats.WireWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The viewer's hostile-client suite: one good client sends its frames while a seeded stream of attacks runs against
 * the same server on real loopback sockets (parent loops, chains deeper than the limit, clients past their name
 * budget or their memory budget, clients that say hello and go silent, datagrams forged from another socket, frames
 * from a far-future clock, garbage streams, datagrams of noise). The good client must get every frame, in order,
 * under its thread's name; every attacker must be dropped or contained with the rule it broke named in the log; nothing may throw on
 * any thread; the server ends with no client. Bounded: a fixed number of attacks, each with bounded input; the
 * number of inputs sent is printed.
 */
class HostileClientsTest {
    private static final long SEED = 30;
    private static final int ATTACKS = 120;
    /** The memory a client may hold in this suite's viewer, MiB. */
    private static final int HOG_BUDGET_MIB = 48;
    /** Clients that went silent and are not dropped yet; at most a few, so attackers never fill every slot. */
    private final List<Client> silent = new ArrayList<>();
    private volatile boolean attacksDone;

    private final List<String> log = new CopyOnWriteArrayList<>();
    private final Map<String, Served> served = new ConcurrentHashMap<>();

    /** The server the attacks run against: the window's (each client replayed into its profile) or {@code --text}'s. */
    enum Target {
        WINDOW, TEXT
    }

    /** What the server made of one client's frames, as the suite checks it for the good client. */
    interface Served {
        boolean saidHello();

        /** Frames replayed (the window) or printed (text). */
        long received();

        /** Frames dropped or skipped (0 for text, which prints whatever it is handed). */
        long lost();

        boolean closed();

        /** The name its main thread's frames were shown under. */
        String mainThreadName();

        String detail();
    }

    /** The window's listener for a client: its {@link ClientFeed}, as the viewer's own listener forwards to it. */
    private static final class WindowServed implements Served, SessionListener {
        final ClientFeed feed;

        WindowServed(ClientFeed feed) {
            this.feed = feed;
        }

        @Override
        public void hello(PStatsSession session) {
            feed.hello(session);
        }

        @Override
        public void definitionsChanged(PStatsSession session) {
            feed.definitionsChanged(session);
        }

        @Override
        public void frame(PStatsSession session, FrameData frame) {
            feed.frame(session, frame);
        }

        @Override
        public void closed(PStatsSession session, String reason) {
            feed.closed(session, reason);
        }

        @Override
        public boolean saidHello() {
            return !feed.name().isEmpty();
        }

        @Override
        public long received() {
            return feed.replayed();
        }

        @Override
        public long lost() {
            return feed.dropped() + feed.skipped();
        }

        @Override
        public boolean closed() {
            return feed.closed();
        }

        @Override
        public String mainThreadName() {
            return feed.mainThreadName();
        }

        @Override
        public String detail() {
            return feed.replayed() + " replayed, " + feed.dropped() + " dropped (" + feed.badTimes() + " bad times), "
                    + feed.skipped() + " skipped";
        }
    }

    /** {@code --text}'s listener for a client: Panda's text-stats lines (to nowhere here), frames counted. */
    private static final class TextServed implements Served, SessionListener {
        final TextStatsPrinter printer = new TextStatsPrinter(new PrintStream(OutputStream.nullOutputStream()), true);
        volatile boolean hello;
        volatile long frames;
        volatile boolean closed;
        volatile String mainThread;

        @Override
        public void hello(PStatsSession session) {
            hello = true;
        }

        @Override
        public void frame(PStatsSession session, FrameData frame) {
            printer.frame(session, frame);
            if (frame.threadIndex() == 0) {
                mainThread = session.threadName(0);
            }
            frames++;
        }

        @Override
        public void closed(PStatsSession session, String reason) {
            printer.closed(session, reason);
            closed = true;
        }

        @Override
        public boolean saidHello() {
            return hello;
        }

        @Override
        public long received() {
            return frames;
        }

        @Override
        public long lost() {
            return 0;
        }

        @Override
        public boolean closed() {
            return closed;
        }

        @Override
        public String mainThreadName() {
            return mainThread;
        }

        @Override
        public String detail() {
            return frames + " printed";
        }
    }

    /** What one run sent. */
    record Result(int attacks, int[] kinds, long inputs, long bytes, long goodFrames) {
    }
    private long inputs;
    private long bytes;

    /** A client on real sockets: reads the server's hello, then sends what the test tells it to. */
    private final class Client implements AutoCloseable {
        final Socket socket;
        final DatagramSocket udp = new DatagramSocket();
        final ServerHello hello;
        final WireWriter out = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);
        final String peer;

        Client(int port) throws IOException, PStatsFormatException {
            socket = new Socket(InetAddress.getLoopbackAddress(), port);
            socket.setSoTimeout(10_000);
            TcpMessageReader reader = new TcpMessageReader(socket.getInputStream());
            int len = reader.next();
            hello = PStatsCodec.decodeServerHello(reader.buffer(), TcpMessageReader.PAYLOAD, len);
            peer = socket.getLocalAddress().getHostAddress() + ":" + socket.getLocalPort();
        }

        void tcp() throws IOException {
            int len = out.tcpMessage();
            socket.getOutputStream().write(out.buffer(), 0, len);
            socket.getOutputStream().flush();
            count(len);
        }

        void udp(DatagramSocket from) throws IOException {
            int len = out.udpDatagram();
            from.send(new DatagramPacket(out.buffer(), 2, len, InetAddress.getLoopbackAddress(), hello.udpPort()));
            count(len);
        }

        void helloAndDefinitions(String name, List<CollectorDef> defs, List<String> threads) throws IOException {
            PStatsCodec.encodeClientHello(out, "host", name, 3, 2, 1);
            tcp();
            for (int from = 0; from < defs.size(); from += PStatsCodec.COLLECTORS_PER_MESSAGE) {
                PStatsCodec.encodeCollectors(out, defs, from,
                        Math.min(defs.size(), from + PStatsCodec.COLLECTORS_PER_MESSAGE));
                tcp();
            }
            if (!threads.isEmpty()) {
                PStatsCodec.encodeThreads(out, 0, threads);
                tcp();
            }
        }

        /** Blocks until the server has closed this connection. */
        void awaitDropped() throws IOException {
            byte[] sink = new byte[256];
            try {
                while (socket.getInputStream().read(sink) >= 0) {
                    // Nothing else is sent after the hello; keep reading until the end.
                }
            } catch (java.net.SocketException reset) {
                // Reset by the server's close: dropped too.
            }
        }

        @Override
        public void close() throws IOException {
            udp.close();
            socket.close();
        }
    }

    private synchronized void count(int len) {
        inputs++;
        bytes += len;
    }

    private static FrameData workFrame(int thread, long number, float start) {
        FrameData f = new FrameData().reset(thread, number);
        f.addEvent(0, true, start);
        f.addEvent(1, true, start);
        f.addEvent(1, false, start + 0.001953125f);
        f.addEvent(0, false, start + 0.00390625f);
        return f;
    }

    private static List<CollectorDef> workCollectors() {
        return List.of(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0), CollectorDef.time(1, "Work", 0, 1, 0, 0, 0));
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        await(condition, () -> what);
    }

    private static void await(BooleanSupplier condition, java.util.function.Supplier<String> what)
            throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what.get());
            }
            Thread.sleep(5);
        }
    }

    @Test
    void aGoodClientGetsEveryFrameWhileASeededStreamOfAttacksRunsAgainstTheWindowsServer() throws Exception {
        run(Target.WINDOW, SEED, ATTACKS);
    }

    @Test
    void aGoodClientGetsEveryFrameWhileASeededStreamOfAttacksRunsAgainstText() throws Exception {
        run(Target.TEXT, SEED + 1, ATTACKS / 2);
    }

    /**
     * One run: the good client streams while {@code attacks} attacks drawn from {@code seed} run; asserts what the
     * class comment says. Used by the tests and, at a larger scale, by {@code bench/hostile-run.sh}.
     */
    Result run(Target target, long seed, int attacks) throws Exception {
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught.add(e));
        // A memory budget the memory hogs pass (one of them is estimated at 52 to 103 MiB) and the others keep within.
        ViewerClients clients = new ViewerClients(64, new MemoryBudget(HOG_BUDGET_MIB, 1024));
        // Which clients' datagrams the server took as theirs (the tap sees a datagram once it passed that check).
        Set<String> datagramsTaken = ConcurrentHashMap.newKeySet();
        WireTap tap = (peer, udp, clientToServer, buf, off, len) -> {
            if (udp && clientToServer) {
                datagramsTaken.add(peer);
            }
        };
        PStatsServer.Options options = new PStatsServer.Options(12, 2_000, "hostile-suite", tap)
                .withIdleTimeout(3_000).withBudget(new ClientBudget(1_000, 16, 64 << 10));
        PStatsServer server = PStatsServer.start(InetAddress.getLoopbackAddress(), 0, peer -> {
            if (target == Target.TEXT) {
                TextServed text = new TextServed();
                served.put(peer, text);
                return text;
            }
            WindowServed window = new WindowServed(new ClientFeed(clients, false));
            served.put(peer, window);
            return window;
        }, log::add, options);
        Random random = new Random(seed);
        Result result;
        int[] kinds = new int[Attack.values().length];
        try (Client good = new Client(server.port())) {
            good.helloAndDefinitions("good", workCollectors(), List.of("Main"));
            Served goodFeed = served.get(good.peer);
            // The first frame over UDP, so the server learns where the good client's datagrams come from, and only
            // once the server took it, the rest over TCP. Its hello must be in first: the server's UDP thread drops a
            // frame that comes before the TCP thread has read the hello, and learns no port from it. (Runs that sent
            // the datagram at once, or the second frame at once, lost the good client's first frame: a forged
            // datagram then claimed the port, and the good client's own frames over UDP were "not from the client".)
            await(goodFeed::saidHello, "the server reading the good client's hello");
            synchronized (good.out) {
                PStatsCodec.encodeFrame(good.out, workFrame(0, 1, 1f), true);
                good.udp(good.udp);
            }
            await(() -> datagramsTaken.contains(good.peer), "the server taking the good client's first datagram");
            synchronized (good.out) {
                PStatsCodec.encodeFrame(good.out, workFrame(0, 2, 1.00390625f), true);
                good.tcp();
            }
            long[] sent = {2};
            Thread sender = new Thread(() -> {
                try {
                    while (!attacksDone) {
                        long n = ++sent[0];
                        synchronized (good.out) {
                            PStatsCodec.encodeFrame(good.out, workFrame(0, n, 1f + n * 0.00390625f), true);
                            good.tcp();
                        }
                        Thread.sleep(3);
                        // Never more than half the replay queue ahead of the replay: this checks that attackers
                        // cannot take the good client's frames, not how fast a loaded machine replays.
                        while (n - goodFeed.received() > ReplayThread.QUEUE / 2 && !attacksDone) {
                            Thread.sleep(1);
                        }
                    }
                } catch (Exception e) {
                    uncaught.add(e);
                }
            }, "good-client");
            sender.start();
            try {
                // The sender keeps the good client talking meanwhile: on a loaded machine the first replay (the
                // first profile made in this JVM) took longer than the idle timeout (1.5 s then), and a client
                // that waited for it in silence was dropped as idle. The sender still pauses while the replay is
                // 64 frames behind, so the timeout is 3 s: the silent attackers wait that long to be dropped.
                await(() -> goodFeed.received() >= 1, "the good client's first frame");
                for (int a = 0; a < attacks; a++) {
                    Attack attack = Attack.values()[random.nextInt(Attack.values().length)];
                    kinds[attack.ordinal()]++;
                    attack(attack, target, random, server.port(), good);
                }
                for (Client c : silent) {
                    c.awaitDropped();
                    c.close();
                }
            } finally {
                attacksDone = true;
                sender.join(60_000);
            }
            long goodFrames = sent[0];
            // Let the last frames arrive, then leave: the window replays the last main frame at the close.
            await(() -> goodFeed.received() >= goodFrames - 1, () -> "the good client's frames: " + goodFrames
                    + " sent, " + goodFeed.detail() + "; server lines about it: "
                    + log.stream().filter(l -> l.contains(good.peer)).toList());
            good.socket.close();
            await(goodFeed::closed, "the good client's close");
            assertEquals(goodFrames, goodFeed.received(), () -> "every frame of the good client (" + goodFeed.detail()
                    + "); server lines about it: " + log.stream().filter(l -> l.contains(good.peer)).toList());
            assertEquals(0, goodFeed.lost(), goodFeed::detail);
            assertEquals("Main", goodFeed.mainThreadName());
            await(() -> server.clientCount() == 0, "every attacker gone");
            System.out.printf("HostileClientsTest: the good client sent %d frames while the attacks ran%n",
                    goodFrames);
            result = new Result(attacks, kinds, inputs, bytes, goodFrames);
        } finally {
            server.close();
            clients.closeAll();
            Thread.setDefaultUncaughtExceptionHandler(previous);
        }
        System.out.printf("HostileClientsTest: %s, seed %d, %d attacks %s, %d inputs (messages and datagrams),"
                + " %.1f MiB%n", target, seed, attacks, java.util.Arrays.toString(kinds), inputs, bytes / 1048576.0);
        assertEquals(List.of(), uncaught, "nothing thrown on any thread");
        assertTrue(log.stream().noneMatch(l -> l.contains("internal error")), String.join("\n", log));
        for (Attack attack : Attack.values()) {
            String logged = attack.logged(target);
            if (kinds[attack.ordinal()] > 0 && logged != null) {
                assertTrue(logged(logged), attack + " not logged as \"" + logged + "\"");
            }
        }
        return result;
    }

    private boolean logged(String part) {
        return log.stream().anyMatch(l -> l.contains(part));
    }

    enum Attack {
        LOOP("leads back to it"),
        DEEP_CHAIN("levels deep"),
        NAME_BUDGET("the limit per client"),
        SILENT("idle timeout"),
        FORGED_UDP("not from the client"),
        FAR_FUTURE_CLOCK(null),
        GARBAGE(null),
        NOISE_DATAGRAMS("dropped a datagram"),
        MEMORY_HOG("MiB a client may");

        final String logged;

        Attack(String logged) {
            this.logged = logged;
        }

        /** What the server logs for it; text-stats has no profiles, so no memory budget to pass. */
        String logged(Target target) {
            return this == MEMORY_HOG && target == Target.TEXT ? null : logged;
        }
    }

    private void attack(Attack attack, Target target, Random random, int port, Client good) throws Exception {
        switch (attack) {
            case LOOP -> {
                try (Client c = new Client(port)) {
                    int a = 1 + random.nextInt(500);
                    int b = a + 1 + random.nextInt(500);
                    List<CollectorDef> defs = new ArrayList<>();
                    defs.add(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0));
                    defs.add(CollectorDef.time(a, "A", b, 1, 1, 1, 0));
                    defs.add(CollectorDef.time(b, "B", a, 1, 1, 1, 0));
                    c.helloAndDefinitions("loop", defs, List.of());
                    c.awaitDropped();
                }
            }
            case DEEP_CHAIN -> {
                try (Client c = new Client(port)) {
                    List<CollectorDef> defs = new ArrayList<>();
                    defs.add(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0));
                    int depth = 65 + random.nextInt(600);
                    for (int i = 1; i <= depth; i++) {
                        defs.add(CollectorDef.time(i, "D", i - 1, 1, 1, 1, 0));
                    }
                    c.helloAndDefinitions("deep", defs, List.of());
                    c.awaitDropped();
                }
            }
            case NAME_BUDGET -> {
                try (Client c = new Client(port)) {
                    List<CollectorDef> defs = new ArrayList<>();
                    String name = "n".repeat(8_000 + random.nextInt(24_000));
                    for (int i = 1; i <= 20; i++) {
                        defs.add(CollectorDef.time(i, name, 0, 1, 1, 1, 0));
                    }
                    c.helloAndDefinitions("names", defs, List.of());
                    c.awaitDropped();
                }
            }
            case SILENT -> {
                // Up to 3 at once say hello and go quiet; the idle timeout frees their slots. No more than 6 wait
                // at a time, so with the good client and one attacker at most 8 of the 12 slots are taken.
                int n = 1 + random.nextInt(3);
                while (silent.size() + n > 6) {
                    Client oldest = silent.remove(0);
                    oldest.awaitDropped();
                    oldest.close();
                }
                for (int i = 0; i < n; i++) {
                    Client c = new Client(port);
                    c.helloAndDefinitions("silent", workCollectors(), List.of("Main"));
                    silent.add(c);
                }
            }
            case FORGED_UDP -> {
                // Another socket on the good client's host claims a far-future frame of its main thread.
                try (DatagramSocket forger = new DatagramSocket()) {
                    FrameData f = workFrame(0, 1_000_000 + random.nextInt(1000), 1e6f);
                    synchronized (good.out) {
                        WireWriter w = new WireWriter(PStatsCodec.MAX_TCP_PAYLOAD);
                        PStatsCodec.encodeFrame(w, f, true);
                        int len = w.udpDatagram();
                        forger.send(new DatagramPacket(w.buffer(), 2, len, InetAddress.getLoopbackAddress(),
                                good.hello.udpPort()));
                        count(len);
                    }
                }
            }
            case FAR_FUTURE_CLOCK -> {
                try (Client c = new Client(port)) {
                    c.helloAndDefinitions("clock", workCollectors(), List.of("Main"));
                    for (int n = 1; n <= 10; n++) {
                        float t = n == 5 ? 1e6f + random.nextInt(1000) : n * 0.01f;
                        PStatsCodec.encodeFrame(c.out, workFrame(0, n, t), true);
                        c.tcp();
                    }
                }
            }
            case GARBAGE -> {
                try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                    byte[] junk = new byte[16 + random.nextInt(4096)];
                    random.nextBytes(junk);
                    // A plausible length so the junk is read as a message, not refused at its first bytes.
                    junk[0] = (byte) (junk.length - 4);
                    junk[1] = (byte) ((junk.length - 4) >> 8);
                    junk[2] = 0;
                    junk[3] = 0;
                    OutputStream out = s.getOutputStream();
                    out.write(junk);
                    out.flush();
                    count(junk.length);
                }
            }
            case NOISE_DATAGRAMS -> {
                try (Client c = new Client(port)) {
                    c.helloAndDefinitions("noise", workCollectors(), List.of("Main"));
                    byte[] noise = new byte[1 + random.nextInt(1400)];
                    for (int i = 0; i < 20; i++) {
                        random.nextBytes(noise);
                        c.udp.send(new DatagramPacket(noise, noise.length, InetAddress.getLoopbackAddress(),
                                c.hello.udpPort()));
                        count(noise.length);
                    }
                }
            }
            case MEMORY_HOG -> {
                // Within every other limit (collectors, threads, names), but a profile past the memory budget.
                try (Client c = new Client(port)) {
                    List<CollectorDef> defs = new ArrayList<>();
                    defs.add(CollectorDef.time(0, "Frame", 0, 1, 1, 1, 0));
                    int collectors = 300 + random.nextInt(600);
                    for (int i = 1; i <= collectors; i++) {
                        defs.add(CollectorDef.time(i, "M", 0, 1, 1, 1, 0));
                    }
                    List<String> threads = new ArrayList<>();
                    for (int t = 0; t < 16; t++) {
                        threads.add("T" + t);
                    }
                    assertTrue(ProfileMemory.estimate(collectors + 1, 16, ProfileMemory.frameEvents(collectors + 1))
                            > (long) HOG_BUDGET_MIB << 20);
                    c.helloAndDefinitions("memory hog", defs, threads);
                    if (target == Target.WINDOW) {
                        c.awaitDropped();
                    }
                }
            }
            default -> throw new IllegalStateException(attack.toString());
        }
    }
}
