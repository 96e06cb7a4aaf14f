package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Averaging;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The JVM and process sensors report plausible values, and their selection fails fast on a bad name. */
class SensorsTest {
    private static final int MIB = 1 << 20;

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private Profiler profiler;
    private FrameStatistics stats;
    private static volatile byte[][] retained;

    @AfterEach
    void tearDown() {
        if (stats != null) {
            stats.detach();
        }
        Hudprof.uninstall();
        retained = null;
    }

    private void attach(Set<Sensor> sensors) {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).build());
        Hudprof.install(profiler);
        stats = FrameStatistics.builder().sensors(sensors).targetFps(60).attach(profiler);
    }

    private void frame(long millis) {
        clock.advanceMillis(millis);
        profiler.update();
    }

    private double frameValue(String name) {
        return stats.frameValue(byName(name), Averaging.INSTANTANEOUS);
    }

    private static Stat byName(String name) {
        return Stats.all().stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no statistic " + name));
    }

    @Test
    void knownAllocationForcedGcAndFrameTimesShowInTheirSensors() throws Exception {
        attach(EnumSet.allOf(Sensor.class));
        frame(10);
        frame(10);
        retained = new byte[8][MIB];
        frame(10);
        double allocated = frameValue("JVM/Allocated");
        assertTrue(allocated >= 8 * MIB && allocated < 8 * MIB + 256 * 1024,
                "8 MiB allocated in the frame, measured " + allocated);
        assertTrue(frameValue("JVM/Heap used") >= 8 * MIB, "the retained 8 MiB are in the heap");
        double threads = frameValue("JVM/Live threads");
        assertTrue(threads >= 1 && threads < 1000, "live threads " + threads);

        double before = byName("JVM/GC collections").runValue(stats.latest());
        System.gc();
        long deadline = System.nanoTime() + 10_000_000_000L;
        // GC notifications arrive on their own thread shortly after the collection.
        while (byName("JVM/GC collections").runValue(stats.latest()) == before && System.nanoTime() < deadline) {
            Thread.sleep(5);
            frame(10);
        }
        StatSnapshot run = stats.latest();
        assertTrue(byName("JVM/GC collections").runValue(run) > before, "the forced GC was counted");
        double pause = byName("JVM/GC pause").runValue(run);
        assertEquals(0, pause % 1_000_000, "the JVM reports pauses in whole milliseconds: " + pause + " ns");
        assertTrue(byName("Process/CPU time").runValue(run) > 0, "the process used CPU time");

        frame(10);
        assertEquals(0, frameValue("Frame/Late frames"));
        assertEquals(0.6, frameValue("Frame/Time per target"), 1e-6);
        frame(20);
        assertEquals(100, frameValue("Frame/Late frames"));
        assertEquals(1.2, frameValue("Frame/Time per target"), 1e-6);
    }

    @Test
    void allocationsOfAnAddedFrameThreadCountWithTheUpdatingThreads() throws Exception {
        attach(EnumSet.of(Sensor.ALLOC));
        CountDownLatch allocate = new CountDownLatch(1);
        CountDownLatch allocated = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        Thread logic = new Thread(() -> {
            try {
                allocate.await();
                retained = new byte[4][MIB];
                allocated.countDown();
                finish.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "logic");
        logic.start();
        stats.addFrameThread(logic);
        frame(10);
        frame(10);
        allocate.countDown();
        allocated.await();
        frame(10);
        double bytes = frameValue("JVM/Allocated");
        finish.countDown();
        logic.join();
        assertTrue(bytes >= 4 * MIB && bytes < 4 * MIB + 256 * 1024, "4 MiB from the logic thread, got " + bytes);
        assertEquals(EnumSet.of(Sensor.ALLOC), stats.sensors());
    }

    @Test
    void unknownSensorNameFailsNamingWhereItCameFromAndTheValidNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Sensor.parse("gc, alloc,bogus", "-Dhudprof.sensors=gc, alloc,bogus"));
        assertEquals("hudprof: unknown sensor \"bogus\" in -Dhudprof.sensors=gc, alloc,bogus; valid names are "
                + "alloc, gc, heap, threads, cpu, late, all or none, separated by commas", e.getMessage());
    }

    @Test
    void sensorListsAcceptAllNoneAndAnyCase() {
        assertEquals(EnumSet.of(Sensor.GC, Sensor.CPU), Sensor.parse(" GC , cpu ", "test"));
        assertEquals(EnumSet.allOf(Sensor.class), Sensor.parse("all", "test"));
        assertEquals(EnumSet.noneOf(Sensor.class), Sensor.parse("none", "test"));
    }

    @Test
    void theSystemPropertyChoosesTheSensors() {
        System.setProperty(Sensor.PROPERTY, "heap,late");
        try {
            assertEquals(EnumSet.of(Sensor.HEAP, Sensor.LATE), Sensor.configured());
            System.setProperty(Sensor.PROPERTY, "heap,lat");
            assertThrows(IllegalArgumentException.class, () -> FrameStatistics.attach(
                    new Profiler(ProfilerConfig.defaults())));
        } finally {
            System.clearProperty(Sensor.PROPERTY);
        }
    }
}
