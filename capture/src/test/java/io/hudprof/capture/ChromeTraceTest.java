package io.hudprof.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.GpuZone;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualAllocationCounter;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.stats.Counter;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.Sensor;
import io.hudprof.stats.StatTimer;
import io.hudprof.stats.Stats;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChromeTraceTest {
    private static final Zone OUTER = Zone.local("ct-outer");
    private static final Zone INNER = Zone.local("ct-inner \"quoted\"");
    private static final Zone WORK = Zone.local("ct-work");

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private final Profiler profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
            .timelineCapacity(1024).build());
    private final FrameTimes times = FrameTimes.attach(profiler, 64);
    private final FrameNotes notes = new FrameNotes(16);

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    /** Three frames: OUTER/INNER on the game thread, WORK on a worker from frame 1 into frame 2. */
    private void recordThreeFrames() throws InterruptedException {
        Hudprof.install(profiler);
        profiler.addFrameListener((nanos, recorded) -> notes.settle(times, null));
        CountDownLatch begun = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread worker = new Thread(() -> {
            WORK.begin();
            begun.countDown();
            try {
                finish.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            WORK.end();
            done.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "ct-worker");
        worker.setDaemon(true);
        clock.advanceMillis(1);                 // 1.001 s
        worker.start();
        assertTrue(begun.await(10, TimeUnit.SECONDS));
        OUTER.begin();
        clock.advanceMillis(1);                 // 1.002
        INNER.begin();
        clock.advanceMillis(1);                 // 1.003
        INNER.end();
        OUTER.end();
        clock.advanceMillis(2);                 // 1.005
        profiler.update();                      // frame 1: [1.000, 1.005)
        clock.advanceMillis(1);                 // 1.006
        finish.countDown();
        assertTrue(done.await(10, TimeUnit.SECONDS));
        OUTER.begin();
        clock.advanceMicros(2_500);             // 1.0085
        OUTER.end();
        notes.post(FrameNotes.Kind.GC, "G1 Young Generation", "G1 Evacuation Pause", 1_007_000_000L, 1_000_000L);
        clock.advanceMicros(500);               // 1.009
        profiler.update();                      // frame 2: [1.005, 1.009)
        clock.advanceMillis(3);                 // 1.012
        profiler.update();                      // frame 3: [1.009, 1.012)
    }

    @Test
    @SuppressWarnings("unchecked")
    void lastFramesNestPerThreadWithNamesFramesCountersAndNotes() throws Exception {
        recordThreeFrames();
        ChromeTrace trace = ChromeTrace.capture(profiler, times, notes, 2, "test");
        StringWriter out = new StringWriter();
        trace.write(out);
        TraceRules.Summary summary = TraceRules.check(out.toString());

        assertEquals(2, trace.frameCount());
        assertTrue(summary.threadNames().containsValue("main") || summary.threadNames().values().stream()
                .anyMatch(n -> n.equals(Thread.currentThread().getName())), summary.threadNames().toString());
        assertTrue(summary.threadNames().containsValue("ct-worker"), summary.threadNames().toString());
        assertEquals("frames", summary.threadNames().get((long) ChromeTrace.FRAMES_TID));
        List<Object> events = summary.events();
        Map<String, Object> frame2 = find(events, "frame 2", "X");
        assertEquals(0.0, frame2.get("ts"), "the window starts at frame 2's start");
        assertEquals(4000.0, frame2.get("dur"));
        assertEquals(3000.0, find(events, "frame 3", "X").get("dur"));
        Map<String, Object> counter = find(events, "frame ms", "C");
        assertEquals(4.0, ((Map<String, Object>) counter.get("args")).get("ms"));
        // The worker's zone began before the window: the trace opens it at the window's start, closes it at 1 ms.
        Map<String, Object> workBegin = find(events, "ct-work", "B");
        Map<String, Object> workEnd = find(events, "ct-work", "E");
        assertEquals(0.0, workBegin.get("ts"));
        assertEquals(1000.0, workEnd.get("ts"));
        assertEquals(1, trace.cutZones());
        Map<String, Object> outer = find(events, "ct-outer", "B");
        assertEquals(1000.0, outer.get("ts"));
        assertEquals(3500.0, find(events, "ct-outer", "E").get("ts"));
        Map<String, Object> gc = find(events, "G1 Young Generation pause 1.0 ms (G1 Evacuation Pause)", "i");
        assertEquals(2000.0, gc.get("ts"));
        assertEquals(1000.0, find(events, "G1 Young Generation", "X").get("dur"));
        assertFalse(out.toString().contains("ct-inner"), "frame 1 is not in a 2-frame window");
    }

    @Test
    void wholeHistoryExportEscapesNamesAndKeepsInnerZonesNested() throws Exception {
        recordThreeFrames();
        StringWriter out = new StringWriter();
        ChromeTrace.capture(profiler, times, notes, 100, "all").write(out);
        TraceRules.Summary summary = TraceRules.check(out.toString());
        Map<String, Object> inner = find(summary.events(), "ct-inner \"quoted\"", "B");
        assertEquals(2000.0, inner.get("ts"));
    }

    @Test
    void exporterWritesOnItsOwnThreadAndRenamesIntoPlace(@TempDir Path dir) throws Exception {
        recordThreeFrames();
        Path file = dir.resolve("trace.json");
        try (TraceExporter exporter = TraceExporter.of(profiler, times, notes)) {
            assertEquals(file, exporter.exportRecent(3, file).get(10, TimeUnit.SECONDS));
        }
        TraceRules.check(Files.readString(file, StandardCharsets.UTF_8));
        try (var listing = Files.list(dir)) {
            assertEquals(List.of(file), listing.toList(), "no temporary file is left behind");
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void withAllocationPerZoneEachFrameGetsABytesCounter() throws Exception {
        ManualAllocationCounter counter = new ManualAllocationCounter();
        Profiler allocating = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
                .timelineCapacity(1024).allocationPerZone(true).allocationCounter(counter).build());
        FrameTimes allocatingTimes = FrameTimes.attach(allocating, 64);
        Hudprof.install(allocating);
        for (int frame = 1; frame <= 3; frame++) {
            OUTER.begin();
            counter.allocate(1_000L * frame);
            clock.advanceMillis(1);
            INNER.begin();
            counter.allocate(24);
            clock.advanceMillis(1);
            INNER.end();
            OUTER.end();
            allocating.update();
        }
        StringWriter out = new StringWriter();
        ChromeTrace.capture(allocating, allocatingTimes, null, 2, "bytes").write(out);
        List<Object> events = TraceRules.check(out.toString()).events();
        List<Object> bytes = events.stream().filter(o -> "bytes".equals(((Map<String, Object>) o).get("name"))
                && "C".equals(((Map<String, Object>) o).get("ph"))).toList();
        assertEquals(2, bytes.size(), "one counter per exported frame");
        Map<String, Object> frame2 = (Map<String, Object>) bytes.get(0);
        assertEquals(0.0, frame2.get("ts"));
        assertEquals(2_024.0, ((Number) ((Map<String, Object>) frame2.get("args")).get("B")).doubleValue());
        Map<String, Object> frame3 = (Map<String, Object>) bytes.get(1);
        assertEquals(2000.0, frame3.get("ts"));
        assertEquals(3_024.0, ((Number) ((Map<String, Object>) frame3.get("args")).get("B")).doubleValue());
    }

    @Test
    @SuppressWarnings("unchecked")
    void withStatisticsAttachedEachChartedStatisticIsACounterTrackWithItsFrameValues() throws Exception {
        FrameStatistics stats = FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        Stats.setClock(clock);
        Counter drawn = Counter.define("Trace stats/Drawn");
        StatTimer decode = StatTimer.define("Trace stats/Decode");
        Hudprof.install(profiler);
        try {
            for (int frame = 1; frame <= 3; frame++) {
                drawn.add(100L * frame);
                long start = decode.start();
                clock.advanceMillis(frame);
                decode.stop(start);
                clock.advanceMillis(5);
                profiler.update();
            }
            StringWriter out = new StringWriter();
            ChromeTrace.capture(profiler, times, null, 2, "stats").write(out);
            List<Object> events = TraceRules.check(out.toString()).events();
            List<Map<String, Object>> counts = events.stream().map(o -> (Map<String, Object>) o)
                    .filter(e -> "Trace stats/Drawn".equals(e.get("name"))).toList();
            assertEquals(2, counts.size(), "one value per exported frame: " + counts);
            assertEquals("C", counts.get(0).get("ph"));
            assertEquals("stat", counts.get(0).get("cat"));
            assertEquals(0.0, counts.get(0).get("ts"));
            assertEquals(200.0, ((Map<String, Object>) counts.get(0).get("args")).get("value"));
            assertEquals(300.0, ((Map<String, Object>) counts.get(1).get("args")).get("value"));
            Map<String, Object> decoded = find(events, "Trace stats/Decode", "C");
            assertEquals(2.0, ((Map<String, Object>) decoded.get("args")).get("ms"), "times in ms");
        } finally {
            stats.detach();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void resolvedGpuZonesAreTheGpusOwnTrackWhereTheyRan() throws Exception {
        GpuZone scene = GpuZone.local("ct-gpu scene");
        GpuZone rocks = GpuZone.local("ct-gpu rocks");
        Hudprof.install(profiler);
        for (int frame = 1; frame <= 3; frame++) {
            OUTER.begin();
            clock.advanceMillis(2);
            OUTER.end();
            clock.advanceMillis(3);
            profiler.update();
            // Frame f's GPU work, resolved a frame later (as a GPU timer reads it back): scene [1, 4) ms after the
            // frame began, rocks [2, 3) inside it.
            if (frame >= 2) {
                long start = times.startNanos(1);
                assertTrue(profiler.gpu().frameResolved(frame - 1, new int[] {scene.zone().id(), rocks.zone().id(),
                        ~rocks.zone().id(), ~scene.zone().id()}, new long[] {start + 1_000_000L, start + 2_000_000L,
                        start + 3_000_000L, start + 4_000_000L}, 4));
            }
        }
        StringWriter out = new StringWriter();
        ChromeTrace.capture(profiler, times, null, 3, "gpu").write(out);
        TraceRules.Summary summary = TraceRules.check(out.toString());
        assertEquals("<gpu>", summary.threadNames().get((long) ChromeTrace.GPU_TID));
        List<Map<String, Object>> gpu = summary.events().stream().map(o -> (Map<String, Object>) o)
                .filter(e -> ((Double) e.get("tid")).intValue() == ChromeTrace.GPU_TID && !"M".equals(e.get("ph")))
                .toList();
        assertEquals(8, gpu.size(), "frames 1 and 2 arrived, frame 3's had not when copied: " + gpu);
        assertEquals(scene.zone().name(), gpu.get(0).get("name"));
        assertEquals("B", gpu.get(0).get("ph"));
        assertEquals(1000.0, gpu.get(0).get("ts"), "1 ms into the first frame");
        assertEquals(rocks.zone().name(), gpu.get(5).get("name"));
        assertEquals(5000.0 + 2000.0, gpu.get(5).get("ts"), "frame 2 began at 5 ms");
    }

    @Test
    void withoutTimelinesTheGpuEventsAreNotKept() {
        Profiler plain = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).build());
        GpuZone pass = GpuZone.local("ct-gpu pass");
        Hudprof.install(plain);
        clock.advanceMillis(5);
        plain.update();
        assertTrue(plain.gpu().frameResolved(1, new int[] {pass.zone().id(), ~pass.zone().id()},
                new long[] {clock.nanoTime() - 4_000_000L, clock.nanoTime() - 1_000_000L}, 2));
        assertFalse(plain.gpu().forEachEvent(1, (zone, begin, nanos) -> { }));
    }

    @Test
    void withoutAllocationPerZoneThereIsNoBytesCounter() throws Exception {
        recordThreeFrames();
        StringWriter out = new StringWriter();
        ChromeTrace.capture(profiler, times, notes, 3, "time").write(out);
        assertFalse(out.toString().contains("\"bytes\""), out.toString());
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> find(List<Object> events, String name, String ph) {
        for (Object o : events) {
            Map<String, Object> e = (Map<String, Object>) o;
            if (name.equals(e.get("name")) && ph.equals(e.get("ph"))) {
                return e;
            }
        }
        throw new AssertionError("no " + ph + " event named " + name + " in " + events);
    }
}
