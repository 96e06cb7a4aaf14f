package io.hudprof.capture.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;
import io.hudprof.testkit.AllocationCheck;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Run by its own surefire execution with {@code -Dhudprof.jfr.zones=true} (read once per JVM): zones become
 * {@code io.hudprof.Zone} events in a real recording, read back with {@link RecordingFile}.
 */
class JfrZonesTest {
    private static final Zone OUTER = Zone.local("jfrz-outer");
    private static final Zone INNER = Zone.local("jfrz-inner");
    private static final Zone EARLY = Zone.local("jfrz-early");
    private static final Zone A = Zone.local("jfrz-a");
    private static final Zone B = Zone.local("jfrz-b");
    private static final Zone C = Zone.local("jfrz-c");
    private static final Zone LEFT_OPEN = Zone.local("jfrz-left-open");
    private static final Zone PAIR = Zone.local("jfrz-pair");
    private static final int ROUNDS = 40;

    private Profiler profiler;

    @BeforeEach
    void install() {
        // A command-line -Dtest=... also picks this class in the default run, which has the switch off.
        assumeTrue("true".equals(System.getProperty("hudprof.jfr.zones")), "run by the jfr-zones surefire execution");
        profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().selfProfiling(false).build()));
    }

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    @Test
    void nestedZonesOnTwoThreadsAreZoneEventsNestedInTimeOnTheirOwnThreads(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("zones.jfr");
        EARLY.begin();                                  // begun before the recording: JFR never saw its begin
        try (Recording recording = new Recording()) {
            recording.enable(JfrZoneStack.EVENT_NAME).withoutThreshold();
            recording.start();
            EARLY.end();
            Thread a = new Thread(JfrZonesTest::nestedRounds, "jfrz-thread-a");
            Thread b = new Thread(JfrZonesTest::nestedRounds, "jfrz-thread-b");
            a.start();
            b.start();
            a.join();
            b.join();
            profiler.update();
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> events = zoneEvents(file);
        Map<String, Map<String, Long>> counts = new TreeMap<>();
        for (RecordedEvent e : events) {
            counts.computeIfAbsent(e.getThread().getJavaName(), k -> new TreeMap<>())
                    .merge(e.getString("zone") + "@" + e.getInt("depth"), 1L, Long::sum);
        }
        Map<String, Long> perThread = Map.of("jfrz-outer@1", (long) ROUNDS, "jfrz-inner@2", 2L * ROUNDS);
        assertEquals(Map.of("jfrz-thread-a", perThread, "jfrz-thread-b", perThread), counts);
        for (RecordedEvent inner : events) {
            if (!inner.getString("zone").equals("jfrz-inner")) {
                continue;
            }
            long parents = events.stream()
                    .filter(o -> o.getString("zone").equals("jfrz-outer"))
                    .filter(o -> o.getThread().getJavaThreadId() == inner.getThread().getJavaThreadId())
                    .filter(o -> within(inner, o))
                    .count();
            assertEquals(1, parents, "each inner event lies inside exactly one outer event of its thread");
        }
    }

    @Test
    void repairedMismatchesCommitWhatTheRecorderClosedAndNeverThrow(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("repairs.jfr");
        try (Recording recording = new Recording()) {
            recording.enable(JfrZoneStack.EVENT_NAME).withoutThreshold();
            recording.start();
            // Missing end: ending A closes B (left open inside it) first.
            A.begin();
            B.begin();
            A.end();
            // Extra end: nothing open, nothing committed.
            C.end();
            // A scope closed out of order: closing it closes the explicitly begun C inside it.
            ZoneScope scope = B.enter();
            C.begin();
            scope.close();
            C.end();                                    // now an extra end
            // A zone left open when update() runs on its thread is closed there.
            LEFT_OPEN.begin();
            profiler.update();
            LEFT_OPEN.end();                            // extra end after the repair
            recording.stop();
            recording.dump(file);
        }
        List<String> committed = zoneEvents(file).stream()
                .map(e -> e.getString("zone") + "@" + e.getInt("depth"))
                .collect(Collectors.toList());
        assertEquals(List.of("jfrz-b@2", "jfrz-a@1", "jfrz-c@2", "jfrz-b@1", "jfrz-left-open@1"), committed);
        List<RecordedEvent> events = zoneEvents(file);
        assertTrue(within(events.get(0), events.get(1)), "the repaired inner zone lies inside its parent");
    }

    @Test
    void aZonePairAllocatesNothingWhileTheRecordingRuns(@TempDir Path dir) throws Exception {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (Recording recording = new Recording()) {
            recording.enable(JfrZoneStack.EVENT_NAME).withoutThreshold();
            recording.start();
            // After a warm-up window, forty windows of 500 pairs, an update after each: a one-off hit (JFR's buffer
            // rotation, a class load) can land in any window, a per-pair allocation lands in all of them. The check
            // measures more windows while the JIT settles, so the pairs run are counted, not assumed.
            int[] pairs = new int[1];
            AllocationCheck.Windows windows = AllocationCheck.measure(500, 40, 500, i -> pairs[0]++, i -> {
                PAIR.begin();
                INNER.begin();
                INNER.end();
                PAIR.end();
                if (i % 500 == 499) {
                    profiler.update();
                }
            });
            recording.stop();
            System.out.println("jfr zones: " + windows);
            windows.assertSteady("zone pairs with io.hudprof.Zone recording");
            recording.dump(dir.resolve("pairs.jfr"));
            assertEquals(pairs[0] * 2, zoneEvents(dir.resolve("pairs.jfr")).size(), "every zone of the "
                    + pairs[0] + " pairs run is an event");
        }
    }

    private static void nestedRounds() {
        for (int i = 0; i < ROUNDS; i++) {
            try (ZoneScope outer = OUTER.enter()) {
                INNER.begin();
                spin();
                INNER.end();
                try (ZoneScope inner = INNER.enter()) {
                    spin();
                }
            }
        }
    }

    private static void spin() {
        long until = System.nanoTime() + 20_000;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    private static boolean within(RecordedEvent inner, RecordedEvent outer) {
        Instant start = inner.getStartTime();
        Instant end = inner.getEndTime();
        return !start.isBefore(outer.getStartTime()) && !end.isAfter(outer.getEndTime());
    }

    static List<RecordedEvent> zoneEvents(Path file) throws Exception {
        return RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals(JfrZoneStack.EVENT_NAME))
                .sorted((x, y) -> x.getEndTime().compareTo(y.getEndTime()))
                .collect(Collectors.toList());
    }
}
