package io.hudprof.pstats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Averaging;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import java.net.InetAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * hudprof client → PStats server on loopback: for every frame and zone, the time the server credits the zone's
 * collector (PStats' rule) and its start count equal exactly the game's own per-zone self time and entry count, on a
 * manual clock whose ticks float32 holds exactly (2^-9 s).
 */
class ClientRoundTripTest {
    /** 2^-9 s in nanoseconds: every multiple (below 32768 s) is exact in float32 seconds. */
    private static final long TICK = 1_953_125L;

    private static final Zone UPDATE = Zone.define("Update");
    private static final Zone PHYSICS = Zone.define("Physics");
    private static final Zone BROADPHASE = Zone.define("Physics:Broadphase");
    private static final Zone AI = Zone.define("AI");
    private static final Zone RAYCAST = Zone.define("Raycast");
    private static final Zone RENDER = Zone.define("Render:Sprites");
    /** Two call sites' private zones of one name: two rows in hudprof, so two collectors. */
    private static final Zone BATCH_A = Zone.local("Render:Batch");
    private static final Zone BATCH_B = Zone.local("Render:Batch");

    private final ManualClock clock = new ManualClock(5 * TICK);
    private final List<String> log = new CopyOnWriteArrayList<>();
    /** Per frame number: collector full name → {alone ns, count}; plus "Frame" → {net ns}. */
    private final Map<Long, Map<String, long[]>> received = new ConcurrentHashMap<>();
    private final List<String> threadNames = new CopyOnWriteArrayList<>();
    /** Per frame number: level collector full name → value shown (PStats' level rule). */
    private final Map<Long, Map<String, Double>> levels = new ConcurrentHashMap<>();
    /** Level collector full name → {units, factor}. */
    private final Map<String, String> levelUnits = new ConcurrentHashMap<>();
    /** Collector full name → its parent's full name, as the server's table has them. */
    private final Map<String, String> parents = new ConcurrentHashMap<>();
    /** Collector full name → its suggested colour as 0xRRGGBB, read back from the definition's floats. */
    private final Map<String, Integer> colors = new ConcurrentHashMap<>();
    private PStatsServer server;
    private PStatsClient client;
    private Profiler profiler;

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

    private void startServer() throws Exception {
        server = PStatsServer.start(InetAddress.getLoopbackAddress(), 0, peer -> new SessionListener() {
            final FrameAccounting accounting = new FrameAccounting();
            final StaticTree tree = new StaticTree();

            @Override
            public void frame(PStatsSession session, FrameData frame) {
                CollectorTable table = session.collectors();
                accounting.account(frame, table);
                tree.update(table);
                double[] net = new double[table.size()];
                accounting.net(tree, net);
                Map<String, long[]> values = new HashMap<>();
                for (int c = 1; c < table.size(); c++) {
                    if (accounting.timed(c)) {
                        values.put(table.fullName(c), new long[] {exactNanos(accounting.alone(c)), accounting.count(c)});
                    }
                }
                values.put("Frame", new long[] {exactNanos(accounting.alone(0)), exactNanos(net[0])});
                threadNames.add(session.threadName(frame.threadIndex()));
                double[] shown = new double[table.size()];
                accounting.levels(tree, shown);
                Map<String, Double> frameLevels = new HashMap<>();
                for (int c = 1; c < table.size(); c++) {
                    if (accounting.hasOwnLevel(c)) {
                        frameLevels.put(table.fullName(c), shown[c]);
                        levelUnits.put(table.fullName(c), table.def(c).levelUnits() + " " + table.def(c).factor());
                    }
                }
                levels.put(frame.frameNumber(), frameLevels);
                for (int c = 1; c < table.size(); c++) {
                    if (table.isDefined(c)) {
                        int p = table.parent(c);
                        parents.put(table.fullName(c), p <= 0 ? "" : table.fullName(p));
                        CollectorDef def = table.def(c);
                        colors.put(table.fullName(c), Math.round(def.red() * 255) << 16
                                | Math.round(def.green() * 255) << 8 | Math.round(def.blue() * 255));
                    }
                }
                received.put(frame.frameNumber(), values);
            }
        }, log::add, PStatsServer.Options.defaults());
    }

    /** Seconds that are sums of exact float32 ticks convert back to whole nanoseconds without rounding. */
    private static long exactNanos(double seconds) {
        double nanos = seconds * 1e9;
        assertEquals(Math.rint(nanos), nanos, 0.0, "not a whole number of nanoseconds: " + nanos);
        return (long) nanos;
    }

    private void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + "; log " + log);
            }
            Thread.sleep(2);
        }
    }

    private void spend(Zone zone, long ticks) {
        zone.begin();
        clock.advance(ticks * TICK);
        zone.end();
    }

    private void frame(int n) {
        UPDATE.begin();
        clock.advance(TICK);
        PHYSICS.begin();
        clock.advance(2 * TICK);
        for (int i = 0; i < 1 + n % 3; i++) {
            spend(BROADPHASE, 1 + i);
        }
        PHYSICS.end();
        AI.begin();
        for (int i = 0; i < 2; i++) {
            spend(RAYCAST, 1);
        }
        clock.advance(TICK * (n % 2));
        AI.end();
        UPDATE.end();
        RENDER.begin();
        spend(RAYCAST, 2);
        clock.advance(3 * TICK);
        RENDER.end();
        clock.advance(TICK);
    }

    /** The game's own numbers for the frame just recorded: per zone, self ns and entries summed over its states. */
    private Map<String, long[]> gameValues() {
        ProfileData data = profiler.data();
        Map<String, long[]> values = new HashMap<>();
        double[] self = data.self(Averaging.INSTANTANEOUS);
        double[] calls = data.calls(Averaging.INSTANTANEOUS);
        long rootSelf = 0;
        for (int s = 0; s < data.stateCount(); s++) {
            if (data.parent(s) < 0) {
                rootSelf += (long) self[s];
                continue;
            }
            if (calls[s] == 0 && self[s] == 0) {
                continue;
            }
            long[] v = values.computeIfAbsent(Zone.byId(data.zone(s)).name(), k -> new long[2]);
            v[0] += (long) self[s];
            v[1] += (long) calls[s];
        }
        values.put("Frame", new long[] {rootSelf, (long) data.frameNanos(Averaging.INSTANTANEOUS)});
        return values;
    }

    @Test
    void everyZoneOfEveryFrameArrivesExactly() throws Exception {
        startServer();
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).build());
        Hudprof.install(profiler);
        client = PStatsClient.connect(profiler, "127.0.0.1", server.port(),
                PStatsClient.Options.defaults().withMaxRate(100_000).withLog(log::add));
        await(client::connected, "connection");
        Map<Long, Map<String, long[]>> expected = new HashMap<>();
        for (int n = 0; n < 60; n++) {
            frame(n);
            profiler.update();
            expected.put(profiler.recordedFrames(), gameValues());
            long frameNumber = profiler.recordedFrames();
            await(() -> received.containsKey(frameNumber), "frame " + frameNumber);
        }
        // The sender counts a frame after its bytes left, so the server may have it a moment before the count does.
        await(() -> client.sentFrames() == 60, "the sender to count 60 frames");
        assertEquals(0, client.droppedFrames());
        assertEquals(60, client.sentFrames());
        for (Map.Entry<Long, Map<String, long[]>> frame : expected.entrySet()) {
            Map<String, long[]> got = received.get(frame.getKey());
            assertEquals(frame.getValue().keySet(), got.keySet(), "frame " + frame.getKey());
            for (Map.Entry<String, long[]> zone : frame.getValue().entrySet()) {
                assertEquals(List.of(zone.getValue()[0], zone.getValue()[1]),
                        List.of(got.get(zone.getKey())[0], got.get(zone.getKey())[1]),
                        zone.getKey() + " in frame " + frame.getKey() + " (self ns, calls)");
            }
        }
        assertTrue(threadNames.stream().allMatch(name -> name.equals(Thread.currentThread().getName())), threadNames.toString());
        assertTrue(log.contains("connected to 127.0.0.1:" + server.port()), log.toString());
    }

    @Test
    void privateZonesOfOneNameStayDistinctCollectors() throws Exception {
        startServer();
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).build());
        Hudprof.install(profiler);
        client = PStatsClient.connect(profiler, "127.0.0.1", server.port(),
                PStatsClient.Options.defaults().withMaxRate(100_000).withLog(log::add));
        await(client::connected, "connection");
        for (int n = 1; n <= 5; n++) {
            RENDER.begin();
            spend(BATCH_A, n);
            spend(BATCH_B, 10 * n);
            spend(BATCH_A, 1);
            RENDER.end();
            profiler.update();
            long frameNumber = profiler.recordedFrames();
            await(() -> received.containsKey(frameNumber), "frame " + frameNumber);
            Map<String, long[]> got = received.get(frameNumber);
            assertEquals(List.of((n + 1) * TICK, 2L), List.of(got.get("Render:Batch")[0], got.get("Render:Batch")[1]),
                    "the first zone keeps the name (self ns, calls) in frame " + frameNumber);
            assertEquals(List.of(10 * n * TICK, 1L),
                    List.of(got.get("Render:Batch #2")[0], got.get("Render:Batch #2")[1]),
                    "the second gets '#2' in frame " + frameNumber);
        }
        assertEquals("Render", parents.get("Render:Batch"));
        assertEquals("Render", parents.get("Render:Batch #2"), "both under the shared category");
        assertTrue(parents.keySet().stream().noneMatch(name -> name.endsWith("#3")), parents.toString());
    }

    private static final Zone TINTED = Zone.define("Tinted").color(0xFF8000);
    private static final Zone BRUSH;
    private static final Zone OWN_BRUSH;

    static {
        io.hudprof.stats.category.Category.of("Painted").color(0x0080FF);
        BRUSH = Zone.define("Painted:Brush");
        OWN_BRUSH = Zone.define("Painted:Own").color(0x102030);
    }

    @Test
    void chosenColoursAreTheCollectorsSuggestedColours() throws Exception {
        startServer();
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).build());
        Hudprof.install(profiler);
        client = PStatsClient.connect(profiler, "127.0.0.1", server.port(),
                PStatsClient.Options.defaults().withMaxRate(100_000).withLog(log::add));
        await(client::connected, "connection");
        spend(TINTED, 1);
        spend(BRUSH, 1);
        spend(OWN_BRUSH, 1);
        spend(AI, 1);
        profiler.update();
        long frameNumber = profiler.recordedFrames();
        await(() -> received.containsKey(frameNumber), "frame " + frameNumber);
        assertEquals(0xFF8000, colors.get("Tinted"), "the zone's own colour");
        assertEquals(0x0080FF, colors.get("Painted"), "the category's collector");
        assertEquals(0x0080FF, colors.get("Painted:Brush"), "a zone without a colour takes its category's");
        assertEquals(0x102030, colors.get("Painted:Own"), "a zone's own colour beats its category's");
        int ai = colors.get("AI");
        assertTrue(ai != 0xFF8000 && ai != 0x0080FF, "a zone with no colour keeps its name's: " + Integer.toHexString(ai));
    }

    private static final io.hudprof.stats.Counter THINGS =
            io.hudprof.stats.Counter.define("Round trip/Things drawn");
    private static final io.hudprof.stats.MemoryCounter HELD =
            io.hudprof.stats.MemoryCounter.defineLevel("Round trip/Bytes held");

    @Test
    void statisticsArriveAsLevelCollectorsWithTheirFrameValues() throws Exception {
        startServer();
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).build());
        Hudprof.install(profiler);
        client = PStatsClient.connect(profiler, "127.0.0.1", server.port(),
                PStatsClient.Options.defaults().withMaxRate(100_000).withLog(log::add));
        await(client::connected, "connection");
        // Attached after the client on purpose: the client moves behind the statistics' listener when it sees them.
        io.hudprof.stats.FrameStatistics statistics = io.hudprof.stats.FrameStatistics.builder()
                .sensors(java.util.EnumSet.noneOf(io.hudprof.stats.Sensor.class)).attach(profiler);
        long held = 0;
        Map<Long, long[]> expected = new HashMap<>();
        for (int n = 1; n <= 20; n++) {
            THINGS.add(10L * n);
            long more = (n % 3 == 0 ? -1 : 1) * 3L * 1024 * 1024 + 4096L * n;
            HELD.add(more);
            held += more;
            spend(UPDATE, 1);
            profiler.update();
            expected.put(profiler.recordedFrames(), new long[] {10L * n, held});
            assertEquals(10.0 * n, statistics.frameValue(THINGS, Averaging.INSTANTANEOUS));
            long frameNumber = profiler.recordedFrames();
            await(() -> levels.containsKey(frameNumber), "frame " + frameNumber);
        }
        assertEquals(" 1.0", levelUnits.get("Round trip/Things drawn"), "a count: no units, factor 1");
        assertEquals("MB " + (1f / (1024 * 1024)), levelUnits.get("Round trip/Bytes held"),
                "bytes in MB, with the factor the client applied");
        long first = expected.keySet().stream().mapToLong(Long::longValue).min().orElseThrow();
        for (Map.Entry<Long, long[]> frame : expected.entrySet()) {
            if (frame.getKey() == first) {
                continue; // the statistics' listener ran after the client's in the frame they were attached
            }
            Map<String, Double> got = levels.get(frame.getKey());
            assertEquals(frame.getValue()[0], got.get("Round trip/Things drawn"), 0.0, "frame " + frame.getKey());
            double mb = frame.getValue()[1] / (1024.0 * 1024.0);
            assertEquals(mb, got.get("Round trip/Bytes held"), Math.abs(mb) * 1e-6, "frame " + frame.getKey());
        }
    }
}
