package io.hudprof.pstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.report.ReportController;
import io.hudprof.testkit.AllocationCheck;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The client in the game: zero allocation per streamed frame on the game thread, drops counted when no server
 * listens or the sender is behind, one log line per connection state, reconnection after the server comes back,
 * and start-up values that fail fast naming the property.
 */
class ClientBehaviourTest {
    private static final Zone WORK = Zone.define("behaviour:Work");
    private static final Zone INNER = Zone.define("behaviour:Inner");

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final AtomicLong frames = new AtomicLong();
    private Profiler profiler;
    private PStatsClient client;
    private PStatsServer server;

    @AfterEach
    void tearDown() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
        Hudprof.uninstall();
    }

    private void startProfiler() {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).build());
        Hudprof.install(profiler);
    }

    private PStatsServer startServer(int port) throws Exception {
        return PStatsServer.start(InetAddress.getLoopbackAddress(), port, peer -> (session, frame) ->
                frames.incrementAndGet(), log::add, PStatsServer.Options.defaults());
    }

    /** The same port again; the OS may hold it briefly after the close, so binding is retried for a bounded time. */
    private PStatsServer restartServer(int port) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            try {
                return startServer(port);
            } catch (java.net.BindException busy) {
                if (System.nanoTime() > deadline) {
                    throw busy;
                }
                Thread.sleep(50);
            }
        }
    }

    private void frame() {
        WORK.begin();
        for (int i = 0; i < 4; i++) {
            INNER.begin();
            clock.advance(100_000);
            INNER.end();
        }
        WORK.end();
        clock.advance(1_000_000);
        profiler.update();
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(5);
        }
    }

    private static final io.hudprof.stats.Counter STREAMED =
            io.hudprof.stats.Counter.define("Client test/Frames streamed");

    @Test
    void streamingAFrameAllocatesNothingOnTheGameThread() throws Exception {
        streamAndMeasureAllocation(false);
    }

    @Test
    void streamingAFrameWithStatisticsAllocatesNothingOnTheGameThread() throws Exception {
        streamAndMeasureAllocation(true);
    }

    private void streamAndMeasureAllocation(boolean statistics) throws Exception {
        server = startServer(0);
        startProfiler();
        client = PStatsClient.connect(profiler, "127.0.0.1", server.port(),
                PStatsClient.Options.defaults().withMaxRate(100_000).withLog(log::add));
        await(client::connected, "connection");
        if (statistics) {
            io.hudprof.stats.FrameStatistics.builder()
                    .sensors(java.util.EnumSet.noneOf(io.hudprof.stats.Sensor.class)).attach(profiler);
            profiler.addFrameListener((nanos, recorded) -> STREAMED.increment());
        }
        // The check measures more windows while the JIT settles (a loaded machine), so the frames run are counted.
        long[] run = new long[1];
        AllocationCheck.assertSteady("the game thread streaming frames", 20_000, 5, 2000, () -> {
            frame();
            run[0]++;
        });
        assertTrue(client.sentFrames() > 0);
        await(() -> client.sentFrames() + client.droppedFrames() == run[0], "every one of the " + run[0]
                + " frames sent or dropped");
    }

    @Test
    void withoutAServerFramesAreDroppedCountedAndLoggedOnce() throws Exception {
        // A port held for the whole test, bound but never listening, so connecting to it is refused; a port found
        // by opening and closing a server socket could be taken by another program before the client tries it.
        try (Socket held = new Socket()) {
            held.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = held.getLocalPort();
            startProfiler();
            client = PStatsClient.connect(profiler, "127.0.0.1", port,
                    PStatsClient.Options.defaults().withMaxRate(100_000).withLog(log::add));
            for (int i = 0; i < 100; i++) {
                frame();
            }
            assertEquals(100, client.droppedFrames());
            Thread.sleep(1700);
            assertEquals(1, log.size(), "one line however many retries: " + log);
            assertTrue(log.get(0).startsWith("cannot connect to 127.0.0.1:" + port), log.get(0));
        }
    }

    /** What the HUD's title shows for the client (see HudControls.status). */
    private static String status(PStatsClient c) {
        StringBuilder line = new StringBuilder(64);
        c.appendStatus(line);
        return line.toString();
    }

    @Test
    void aLostServerIsLoggedAndTheClientReconnectsWhenItReturns() throws Exception {
        server = startServer(0);
        int port = server.port();
        startProfiler();
        client = PStatsClient.connect(profiler, "127.0.0.1", port,
                PStatsClient.Options.defaults().withMaxRate(100_000).withLog(log::add));
        await(client::connected, "connection");
        assertEquals("PStats 0 dropped", status(client));
        assertEquals(client, ReportController.of(profiler).status(), "the HUD shows the streaming client's status");
        frame();
        await(() -> frames.get() >= 1, "first frame");
        server.close();
        server = null;
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (client.connected() && System.nanoTime() < deadline) {
            frame();
            Thread.sleep(5);
        }
        assertTrue(log.stream().anyMatch(l -> l.startsWith("lost 127.0.0.1:" + port)), log.toString());
        // Frames queued when the server went are dropped by the sender thread as it notices; wait until it has.
        await(() -> client.queuedFrames() == 0, "the frames queued at the loss dropped");
        long droppedWhileAway = client.droppedFrames();
        frame();
        assertEquals(droppedWhileAway + 1, client.droppedFrames(), "frames drop while no server is connected");
        assertEquals("PStats off, " + (droppedWhileAway + 1) + " dropped", status(client), "the HUD's status");
        server = restartServer(port);
        await(client::connected, "reconnection");
        long before = frames.get();
        frame();
        await(() -> frames.get() > before, "a frame after reconnecting");
        assertEquals("PStats " + client.droppedFrames() + " dropped", status(client));
        client.close();
        assertEquals(null, ReportController.of(profiler).status(), "closed: the status goes with it");
        assertEquals(2, log.stream().filter(l -> l.startsWith("connected to")).count(), log.toString());
    }

    @Test
    void badValuesFailFastNamingThePropertyAndTheAcceptedForms() {
        for (String bad : List.of("", ":5185", "host:", "host:0", "host:70000", "host:x", "[::1", "h st")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> PStatsClient.HostPort.parse(bad, "-Dhudprof.pstats"), bad);
            assertTrue(e.getMessage().contains("-Dhudprof.pstats=" + bad) && e.getMessage().contains("host:port"),
                    e.getMessage());
        }
        assertEquals(new PStatsClient.HostPort("localhost", 5185), PStatsClient.HostPort.parse("localhost", "p"));
        assertEquals(new PStatsClient.HostPort("10.0.0.2", 6000), PStatsClient.HostPort.parse("10.0.0.2:6000", "p"));
        assertEquals(new PStatsClient.HostPort("::1", 7000), PStatsClient.HostPort.parse("[::1]:7000", "p"));
        assertEquals(new PStatsClient.HostPort("::1", 5185), PStatsClient.HostPort.parse("::1", "p"));

        System.setProperty(PStatsClient.MAX_RATE_PROPERTY, "fast");
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    PStatsClient::maxRateFromProperty);
            assertTrue(e.getMessage().contains("-Dhudprof.pstats.maxRate=fast"), e.getMessage());
            System.setProperty(PStatsClient.MAX_RATE_PROPERTY, "60");
            assertEquals(60.0, PStatsClient.maxRateFromProperty());
        } finally {
            System.clearProperty(PStatsClient.MAX_RATE_PROPERTY);
        }
        assertEquals(30.0, PStatsClient.maxRateFromProperty());
    }

    @Test
    void withoutPropertyOrEnvironmentNothingStarts() {
        startProfiler();
        System.clearProperty(PStatsClient.PROPERTY);
        if (System.getenv(PStatsClient.ENVIRONMENT) == null) {
            assertNull(PStatsClient.startFromProperties(profiler));
        }
    }

    @Test
    void thePropertyStartsAClientThatStreams() throws Exception {
        server = startServer(0);
        startProfiler();
        System.setProperty(PStatsClient.PROPERTY, "127.0.0.1:" + server.port());
        System.setProperty(PStatsClient.MAX_RATE_PROPERTY, "100000");
        try {
            client = PStatsClient.startFromProperties(profiler);
        } finally {
            System.clearProperty(PStatsClient.PROPERTY);
            System.clearProperty(PStatsClient.MAX_RATE_PROPERTY);
        }
        await(client::connected, "connection");
        frame();
        await(() -> frames.get() >= 1, "a frame");
    }
}
