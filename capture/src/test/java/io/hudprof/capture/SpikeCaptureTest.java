package io.hudprof.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.FrameStates;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualAllocationCounter;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Metric;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.stats.text.TextReport;
import io.hudprof.testkit.AllocationCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpikeCaptureTest {
    private static final Zone LOGIC = Zone.local("sc-logic");
    private static final Zone PATH = Zone.local("sc-path");

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private final Profiler profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
            .timelineCapacity(1024).build());

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    private SpikeCapture attach(SpikeCapture.Builder builder) {
        Hudprof.install(profiler);
        return builder.attach(profiler);
    }

    /** One frame: LOGIC for logicMicros, inside it PATH for pathMicros, then idle to frameMicros. */
    private void frame(long frameMicros, long logicMicros, long pathMicros) {
        LOGIC.begin();
        clock.advanceMicros(logicMicros - pathMicros);
        if (pathMicros > 0) {
            PATH.begin();
            clock.advanceMicros(pathMicros);
            PATH.end();
        }
        LOGIC.end();
        clock.advanceMicros(frameMicros - logicMicros);
        profiler.update();
    }

    private void frame(long micros) {
        frame(micros, micros / 2, 0);
    }

    private static List<Long> recentFrames(SpikeCapture spikes) {
        List<Long> frames = new ArrayList<>();
        for (int i = 0; i < spikes.recentCount(); i++) {
            frames.add(spikes.recent(i).frameNumber());
        }
        return frames;
    }

    @Test
    void fractionalMillisecondThresholdCatchesOnlyFramesAboveIt() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(5.5)));
        frame(5_000);
        frame(5_501);
        frame(5_499);
        frame(5_500);
        assertEquals(List.of(2L), recentFrames(spikes));
        Spike spike = spikes.recent(0);
        assertEquals(SpikeRule.Trigger.ABSOLUTE, spike.trigger());
        assertEquals(5_501_000, spike.value());
        assertEquals(5_501_000, spike.frameNanos());
        assertEquals(1_005_000_000L, spike.startNanos());
        assertNull(spike.thread());
    }

    @Test
    void averageRuleComparesWithEarlierFramesOnlyAndHonoursTheFloor() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.parse("ms=0,avg=3,min=1", 60)));
        for (int i = 0; i < 10; i++) {
            frame(2_000);
        }
        frame(6_000);                          // exactly 3 × the average: not above
        assertEquals(0, spikes.captured());
        frame(7_000);
        assertEquals(1, spikes.captured());
        Spike spike = spikes.recent(0);
        assertEquals(SpikeRule.Trigger.AVERAGE, spike.trigger());
        assertEquals(12, spike.frameNumber());
        assertTrue(spike.baseline() > 2_000_000 && spike.baseline() < 2_100_000, "baseline " + spike.baseline());
        SpikeCapture floor = SpikeCapture.builder().rule(SpikeRule.parse("ms=0,avg=3,min=1", 60))
                .attach(profiler);
        frame(30);
        frame(30);
        frame(900);                            // 30 × the average, but under the 1 ms floor
        assertEquals(0, floor.captured());
    }

    @Test
    void previousFrameRuleIsMinecraftsRiseOverTheLastFrame() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.parse("ms=0,avg=0,prev=3,min=0.5", 60)));
        frame(1_000);
        frame(2_900);
        frame(9_000);
        frame(1_000);
        assertEquals(List.of(3L), recentFrames(spikes));
        assertEquals(SpikeRule.Trigger.PREVIOUS, spikes.recent(0).trigger());
    }

    @Test
    void defaultRuleFollowsTheTargetFrameRate() {
        SpikeRule rule = SpikeRule.forTargetFps(60);
        assertEquals(SpikeRule.Trigger.ABSOLUTE, rule.match(33_400_000, Double.NaN, -1));
        assertNull(rule.match(33_300_000, 20_000_000, 20_000_000));
        assertEquals(SpikeRule.Trigger.AVERAGE, rule.match(17_000_000, 5_000_000, 5_000_000));
        assertNull(rule.match(16_000_000, 1_000_000, 1_000_000), "below one target frame relative rules are off");
        assertThrows(IllegalArgumentException.class, () -> SpikeRule.parse("ms=abc", 60));
        assertThrows(IllegalArgumentException.class, () -> SpikeRule.parse("speed=3", 60));
        assertThrows(IllegalArgumentException.class, () -> SpikeRule.parse("ms=0,avg=0", 60));
    }

    @Test
    void threadRuleWatchesThatThreadsTimeInsideZones() {
        String me = Thread.currentThread().getName();
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(3).onThread(me)));
        frame(10_000, 2_000, 0);               // a long frame, but only 2 ms inside zones
        frame(4_000, 3_500, 1_000);
        assertEquals(List.of(2L), recentFrames(spikes));
        assertEquals("<" + me + ">", spikes.recent(0).thread());
        assertEquals(3_500_000, spikes.recent(0).value());
        SpikeCapture other = SpikeCapture.builder().rule(SpikeRule.above(3).onThread("nobody")).attach(profiler);
        frame(4_000, 3_500, 1_000);
        assertEquals(0, other.captured());
        SpikeCapture any = SpikeCapture.builder().rule(SpikeRule.above(3).onThread("*")).attach(profiler);
        frame(4_000, 3_500, 1_000);
        assertEquals(1, any.captured());
    }

    @Test
    void withAllocationPerZoneTheSpikeKeepsBytesAndNamesTheZoneWhoseAllocationGrew() {
        ManualAllocationCounter counter = new ManualAllocationCounter();
        Profiler allocating = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
                .allocationPerZone(true).allocationCounter(counter).build());
        Hudprof.install(allocating);
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(10)).attach(allocating);
        for (int i = 0; i < 20; i++) {
            allocatingFrame(allocating, counter, 5_000, 1_000, 500, 100);
        }
        assertEquals(0, spikes.captured());
        // PATH's time grows by 9 ms, but LOGIC's own allocation grows by 4,500 B while PATH's stays 100 B.
        allocatingFrame(allocating, counter, 15_000, 10_000, 5_000, 100);
        Spike spike = spikes.recent(0);
        assertTrue(spike.hasBytes());
        assertEquals(5_100, spike.frameBytes());
        assertEquals(PATH.id(), spike.grewZone());
        assertEquals(PATH.id(), spike.grewZone(Metric.TIME));
        assertEquals(9_000_000, spike.grew(Metric.TIME), 1e-3);
        assertEquals(LOGIC.id(), spike.grewZone(Metric.ALLOCATED_BYTES));
        assertEquals(4_500, spike.grew(Metric.ALLOCATED_BYTES), 1e-6);
        double logicBytes = 0;
        double pathBytes = 0;
        FrameStates states = spike.states();
        for (int i = 0; i < states.count(); i++) {
            int zone = allocating.data().zone(states.state(i));
            if (zone == LOGIC.id()) {
                logicBytes += states.bytes(i);
            } else if (zone == PATH.id()) {
                pathBytes += states.bytes(i);
            }
        }
        assertEquals(5_000, logicBytes);
        assertEquals(100, pathBytes);
    }

    @Test
    void withoutAllocationPerZoneTheSpikeHasNoBytes() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)));
        frame(5_000, 3_000, 1_000);
        frame(15_000, 12_000, 10_000);
        Spike spike = spikes.recent(0);
        assertFalse(spike.hasBytes());
        assertEquals(-1, spike.grewZone(Metric.ALLOCATED_BYTES));
        assertEquals(0, spike.grew(Metric.ALLOCATED_BYTES));
        assertEquals(PATH.id(), spike.grewZone(Metric.TIME));
    }

    /** One frame of {@code allocating}: LOGIC (allocating logicBytes itself) holding PATH (pathBytes). */
    private void allocatingFrame(Profiler allocating, ManualAllocationCounter counter, long frameMicros,
                                 long pathMicros, long logicBytes, long pathBytes) {
        LOGIC.begin();
        counter.allocate(logicBytes);
        clock.advanceMicros(1_000);
        PATH.begin();
        counter.allocate(pathBytes);
        clock.advanceMicros(pathMicros);
        PATH.end();
        LOGIC.end();
        clock.advanceMicros(frameMicros - 1_000 - pathMicros);
        allocating.update();
    }

    @Test
    void boundsAndPauseComeFromPropertiesAndBadOnesFailNamingTheFix() {
        try {
            System.setProperty(SpikeCapture.RECENT_PROPERTY, "2");
            System.setProperty(SpikeCapture.WORST_PROPERTY, "0");
            System.setProperty(SpikeCapture.PAUSE_PROPERTY, "true");
            SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(1)));
            assertTrue(spikes.pauseOnSpike());
            frame(2_000);
            assertTrue(profiler.paused());
            profiler.setPaused(false);
            frame(3_000);
            profiler.setPaused(false);
            frame(4_000);
            assertEquals(2, spikes.recentCount(), "two recent kept");
            assertEquals(0, spikes.worstCount());
            spikes.detach();
            System.setProperty(SpikeCapture.RECENT_PROPERTY, "lots");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, SpikeCapture::builder);
            assertTrue(e.getMessage().contains("-Dhudprof.spike.recent=lots") && e.getMessage().contains("1 to 1024"),
                    e.getMessage());
            System.clearProperty(SpikeCapture.RECENT_PROPERTY);
            System.setProperty(SpikeCapture.PAUSE_PROPERTY, "yes");
            e = assertThrows(IllegalArgumentException.class, SpikeCapture::builder);
            assertTrue(e.getMessage().contains("use true or false"), e.getMessage());
        } finally {
            System.clearProperty(SpikeCapture.RECENT_PROPERTY);
            System.clearProperty(SpikeCapture.WORST_PROPERTY);
            System.clearProperty(SpikeCapture.PAUSE_PROPERTY);
        }
    }

    @Test
    void jfrNotesAndExportAroundComeFromPropertiesToo(@TempDir Path dir) throws Exception {
        try {
            System.setProperty(SpikeCapture.JFR_PROPERTY, "true");
            System.setProperty(SpikeCapture.EXPORT_DIR_PROPERTY, dir.toString());
            System.setProperty(SpikeCapture.EXPORT_AROUND_PROPERTY, "1");
            SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)).exportNotesWait(0));
            try {
                assertTrue(spikes.jfrNotes() != null, "-Dhudprof.spike.jfr=true streams JFR notes");
                assertEquals(1, spikes.framesAfter());
                frame(5_000);
                frame(12_000);                                // 2: the spike
                frame(5_000);                                 // 3: one frame after it, then the bounded wait (0)
                frame(5_000);
                assertEquals(SpikeCapture.exportFile(dir, 2), spikes.lastExport().get(10, TimeUnit.SECONDS));
            } finally {
                spikes.detach();
            }
        } finally {
            System.clearProperty(SpikeCapture.JFR_PROPERTY);
            System.clearProperty(SpikeCapture.EXPORT_DIR_PROPERTY);
            System.clearProperty(SpikeCapture.EXPORT_AROUND_PROPERTY);
        }
    }

    @Test
    void spikeKeepsEveryStateTheZoneThatGrewAndTheTimeline() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)));
        for (int i = 0; i < 20; i++) {
            frame(5_000, 3_000, 1_000);
        }
        frame(15_000, 12_000, 10_000);         // PATH grew by 9 ms, LOGIC's own time stayed 2 ms
        Spike spike = spikes.recent(0);
        assertEquals(PATH.id(), spike.grewZone());
        assertEquals(9_000_000, spike.grewNanos(), 1e-3);
        double[] self = new double[profiler.data().stateCapacity()];
        double[] calls = new double[self.length];
        assertTrue(spike.states().load(Metric.TIME, self, calls));
        double pathSelf = 0;
        double logicSelf = 0;
        for (int s = 0; s < profiler.data().stateCount(); s++) {
            if (profiler.data().zone(s) == PATH.id()) {
                pathSelf += self[s];
                assertEquals(1, calls[s]);
            } else if (profiler.data().zone(s) == LOGIC.id()) {
                logicSelf += self[s];
            }
        }
        assertEquals(10_000_000, pathSelf);
        assertEquals(2_000_000, logicSelf);
        assertEquals(1, spike.timelineThreads());
        List<String> events = new ArrayList<>();
        spike.forEachEvent(0, (zone, begin, nanos) -> events.add((begin ? "+" : "-") + Zone.byId(zone).name()
                + "@" + (nanos - spike.startNanos()) / 1000));
        assertEquals(List.of("+sc-logic@0", "+sc-path@2000", "-sc-path@12000", "-sc-logic@12000"), events);
    }

    @Test
    void recentAndWorstStayWithinTheirBoundsThroughABurst() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(1)).recent(3).worst(2));
        long[] micros = {2_000, 9_000, 3_000, 8_000, 4_000, 5_000, 1_500, 7_000};
        for (long m : micros) {
            frame(m);
        }
        assertEquals(8, spikes.captured());
        assertEquals(List.of(8L, 7L, 6L), recentFrames(spikes));
        assertEquals(2, spikes.worstCount());
        assertEquals(2, spikes.worst(0).frameNumber());
        assertEquals(4, spikes.worst(1).frameNumber());
        assertEquals(9_000_000, spikes.worst(0).value());
        assertEquals(2, spikes.find(2).frameNumber(), "a worst spike outlives the recent list");
        assertNull(spikes.find(1));
    }

    @Test
    void pauseOnSpikeFreezesTheProfileAtTheSpike() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)).pauseOnSpike(true));
        frame(5_000);
        frame(12_000);
        assertTrue(profiler.paused());
        frame(5_000);
        frame(5_000);
        assertEquals(2, profiler.recordedFrames(), "paused: later frames are not recorded");
        assertEquals(2, profiler.history().frameNumber(0));
        assertEquals(12_000_000, profiler.history().frameNanos(0));
        assertEquals(1, spikes.captured());
    }

    @Test
    void listenersHearOfASpikeFramesAfterIt() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)).framesAfter(2));
        List<String> heard = new ArrayList<>();
        spikes.addListener((spike, ago) -> heard.add(spike.frameNumber() + "/" + ago));
        frame(5_000);
        frame(12_000);
        frame(5_000);
        assertTrue(heard.isEmpty());
        frame(5_000);
        assertEquals(List.of("2/2"), heard);
    }

    /**
     * A spike is copied inside the update() that catches it (its states, statistics rows, events and timeline): once
     * the kept slots have grown to the frames' size, catching another allocates nothing, statistics attached. The
     * statistics rows' sort buffer was made per spike, and so was the event copier (a capturing lambda per thread);
     * on a loaded machine, where every frame of the demo was over its spike rule, that was every frame's update().
     */
    @Test
    void catchingSpikesAllocatesNothingOnceTheSlotsHaveGrown() {
        io.hudprof.stats.FrameStatistics.builder().sensors(java.util.EnumSet.noneOf(io.hudprof.stats.Sensor.class))
                .attach(profiler);
        io.hudprof.stats.Counter hits = io.hudprof.stats.Counter.define("Spike test/Hits");
        io.hudprof.stats.Counter misses = io.hudprof.stats.Counter.define("Spike test/Misses");
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(1)));
        AllocationCheck.assertSteady("frames that are all spikes, statistics attached", 2_000, 8, 2_000, () -> {
            hits.add(3);
            misses.increment();
            frame(5_000, 3_000, 1_000);
        });
        assertTrue(spikes.captured() > 10_000, "every frame was a spike: " + spikes.captured());
    }

    /** One frame of LOGIC with {@code paths} PATH zones inside it, each 10 us: a spike as large as paths says. */
    private void wideFrame(int paths) {
        LOGIC.begin();
        for (int i = 0; i < paths; i++) {
            PATH.begin();
            clock.advanceMicros(10);
            PATH.end();
        }
        LOGIC.end();
        clock.advanceMicros(5_000);
        profiler.update();
    }

    /** Waits (bounded) until the grower thread handed every spare back; the spares never depend on wall time. */
    private static void awaitSpares(SpikeCapture spikes) throws InterruptedException {
        for (int i = 0; i < 2_000 && !spikes.spares().allReady(); i++) {
            Thread.sleep(5);
        }
        assertTrue(spikes.spares().allReady(), "the spike slots' grower handed its spares back");
    }

    /**
     * Issue 31: a spike used to grow each slot it was copied into (filled, recent, worst, waiting) inside update(),
     * megabytes in the demo. Now only a spike larger than every one before grows its slot there; every other slot
     * too small for it is swapped for a spare grown on the "hudprof spike slots" thread.
     */
    @Test
    void slotsTooSmallForASpikeTakeSparesGrownOffTheUpdatingThread() throws InterruptedException {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(1)).recent(6).worst(3)
                .framesAfter(0));
        spikes.addListener((spike, ago) -> { });
        wideFrame(2);
        wideFrame(200);
        long grownByTheLargest = spikes.slotGrowthsInUpdate();
        assertTrue(grownByTheLargest >= 1, "the largest spike so far grows the slot it is filled in");
        // Every recent and worst slot gets its first spike of this size; the grower keeps a spare ready between.
        for (int i = 0; i < 12; i++) {
            awaitSpares(spikes);
            wideFrame(200 - i);
        }
        assertEquals(grownByTheLargest, spikes.slotGrowthsInUpdate(),
                "no slot grew inside update() for a spike no larger than one before it");
        assertEquals(List.of(189, 190, 191), List.of(countPaths(spikes.recent(0)), countPaths(spikes.recent(1)),
                countPaths(spikes.recent(2))), "each kept spike holds its own frame's PATH zones");
        assertTrue(spikes.spares().spareGrowths() > 0, "spares were grown by the grower thread");
        // A spike more than twice the largest before it is larger than any spare: its slot grows in update(), counted.
        awaitSpares(spikes);
        wideFrame(450);
        assertTrue(spikes.slotGrowthsInUpdate() > grownByTheLargest, "growth inside update() is counted");
        spikes.detach();
    }

    /**
     * Issue 31: the first spike larger than every spike before it grew its slot inside update() (a frame of the demo
     * after its warm-up, 553 KB). The spares now grow ahead to the frames' sizes, spike or not, so a spike no larger
     * than the frames before it finds a spare ready, however much larger than the spikes before it.
     */
    @Test
    void aSpikeAsLargeAsTheFramesBeforeItDoesNotGrowItsSlotInsideUpdate() throws InterruptedException {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(20)).recent(4).worst(2)
                .framesAfter(0));
        spikes.addListener((spike, ago) -> { });
        wideFrame(2);
        for (int paths = 10; paths <= 300; paths += 10) {
            wideFrame(paths);
        }
        assertEquals(0, spikes.captured(), "no frame before was a spike");
        awaitSpares(spikes);
        long before = spikes.slotGrowthsInUpdate();
        // One spike as wide as the widest frame so far, its time over the rule: the largest spike by far.
        LOGIC.begin();
        for (int i = 0; i < 300; i++) {
            PATH.begin();
            clock.advanceMicros(10);
            PATH.end();
        }
        LOGIC.end();
        clock.advanceMicros(25_000);
        profiler.update();
        assertEquals(1, spikes.captured());
        assertEquals(300, countPaths(spikes.recent(0)), "the spike holds its frame's PATH zones");
        assertEquals(before, spikes.slotGrowthsInUpdate(), "its slots were grown ahead, off the updating thread");
        spikes.detach();
    }

    /** PATH begin events in the spike's first timeline thread. */
    private static int countPaths(Spike spike) {
        int[] paths = {0};
        spike.forEachEvent(0, (zone, begin, nanos) -> {
            if (begin && zone == PATH.id()) {
                paths[0]++;
            }
        });
        return paths[0];
    }

    @Test
    void framesWithoutSpikesAllocateNothing() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(50).onThread("*")));
        SpikeCapture frameRule = SpikeCapture.builder().rule(SpikeRule.forTargetFps(60)).attach(profiler);
        // Eight windows: one-off allocations by the JVM itself on this thread (see AllocationTest; the JIT still
        // compiles in a loaded full build) show in some windows, a per-frame allocation in every one.
        AllocationCheck.assertSteady("frames without a spike", 2_000, 8, 2_000, () -> frame(5_000, 3_000, 1_000));
        assertEquals(0, spikes.captured() + frameRule.captured());
    }

    /**
     * Issue 31: a note's text was made when it settled, inside update() (a few hundred bytes a GC in the demo, the
     * frames after its warm-up where update() still allocated). The posting thread makes it now; the update that
     * settles a note, one a frame here, each adding it to the spikes it overlapped, allocates nothing.
     */
    @Test
    void settlingANoteInsideUpdateAllocatesNothing() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(1)).recent(4).worst(2));
        FrameNotes notes = spikes.notes();
        AllocationCheck.measure(200, 8, 200, f -> {
            // Posted by "another thread" (the test's, unmeasured): a pause inside the frame about to be recorded.
            notes.post(FrameNotes.Kind.GC, "G1 Young Generation", "G1 Evacuation Pause", clock.nanoTime() + 1_000_000L,
                    2_000_000L);
            clock.advanceMicros(5_000);
        }, f -> profiler.update()).assertSteady("update() settling one GC note a frame");
        assertTrue(notes.end() > 1_000, "every frame settled a note: " + notes.end());
        assertEquals("G1 Young Generation pause 2.0 ms (G1 Evacuation Pause)", spikes.recent(0).note(0));
    }

    @Test
    void gcPauseIsPinnedToTheFramesItOverlappedNotTheFrameItWasReportedIn() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)));
        frame(5_000);                                         // 1: [1.000, 1.005)
        frame(15_000);                                        // 2: [1.005, 1.020) spike
        long pauseStart = 1_008_000_000L;
        frame(5_000);                                         // 3
        // The notification arrives during frame 4, two frames late, with the collection's own times.
        spikes.notes().post(FrameNotes.Kind.GC, "G1 Young Generation", "G1 Evacuation Pause", pauseStart,
                11_200_000L);
        frame(5_000);                                         // 4
        FrameNotes notes = spikes.notes();
        assertEquals(1, notes.end());
        assertEquals(2, notes.firstFrame(0));
        assertEquals(2, notes.lastFrame(0));
        assertEquals("G1 Young Generation pause 11.2 ms (G1 Evacuation Pause)", notes.text(0));
        Spike spike = spikes.recent(0);
        assertEquals(1, spike.noteCount());
        assertEquals(notes.text(0), spike.note(0));
        // A pause across a frame boundary is pinned to both frames.
        spikes.notes().post(FrameNotes.Kind.GC, "G1 Old Generation", "", 1_029_000_000L, 2_000_000L);
        frame(5_000);                                         // 5: [1.030, 1.035)
        assertEquals(4, notes.firstFrame(1));
        assertEquals(5, notes.lastFrame(1));
        // A pause still running at the latest frame's end waits for the frame that covers it.
        spikes.notes().post(FrameNotes.Kind.SAFEPOINT, "Safepoint", "", 1_034_000_000L, 3_000_000L);
        assertEquals(2, notes.end());
        frame(5_000);                                         // 6: [1.035, 1.040)
        assertEquals(3, notes.end());
        assertEquals(5, notes.firstFrame(2));
        assertEquals(6, notes.lastFrame(2));
        assertFalse(notes.touches(2, 4));
    }

    /**
     * Ten 5 ms frames, then a 20 ms frame (a 15 ms rise) in which PATH took 16 ms instead of 1 and a pause of
     * {@code pauseMicros} of {@code kind} landed inside PATH, its note posted before the frame's update.
     */
    private SpikeCapture spikeWithPauseInsidePath(FrameNotes.Kind kind, String detail, long pauseMicros) {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)));
        for (int i = 0; i < 10; i++) {
            frame(5_000, 3_000, 1_000);
        }
        long pathStart = clock.nanoTime() + 1_000_000L;
        spikes.notes().post(kind, "G1 Young Generation", detail, pathStart + 1_000_000L, pauseMicros * 1_000L);
        frame(20_000, 18_000, 16_000);
        return spikes;
    }

    @Test
    void aGcPauseThatExplainsTheRiseIsBlamedInsteadOfTheZoneItLandedIn() {
        SpikeCapture spikes = spikeWithPauseInsidePath(FrameNotes.Kind.GC, "G1 Evacuation Pause", 14_000);
        Spike spike = spikes.recent(0);
        assertEquals(11, spike.frameNumber());
        assertTrue(spike.blamesPause(), "PATH grew 15 ms, 14 of them the collector's");
        assertEquals(-1, spike.grewZone(), "no zone is named for the pause's time");
        assertEquals(0.0, spike.grewNanos());
        assertEquals(14_000_000L, spike.pauseNanos());
        assertEquals("G1 Young Generation pause 14.0 ms (G1 Evacuation Pause)", spike.pauseNote());
        assertEquals("JVM pause 14.0 ms: G1 Young Generation pause 14.0 ms (G1 Evacuation Pause)", spike.blameText());
        assertTrue(spikes.worst(0).blamesPause(), "the worst list's copy says the same");
        spikes.detach();
    }

    @Test
    void aZoneThatReallyGrewBesideAShortPauseIsStillBlamed() {
        SpikeCapture spikes = spikeWithPauseInsidePath(FrameNotes.Kind.GC, "G1 Evacuation Pause", 1_000);
        Spike spike = spikes.recent(0);
        assertFalse(spike.blamesPause(), "a 1 ms pause explains under a quarter of the 15 ms rise");
        assertEquals(PATH.id(), spike.grewZone());
        assertEquals(15_000_000, spike.grewNanos(), 1e-3);
        assertEquals(1_000_000L, spike.pauseNanos());
        assertEquals("sc-path +15.0 ms", spike.blameText());
        spikes.detach();
    }

    @Test
    void aLongCompilationIsNoPauseAndTakesNoBlame() {
        SpikeCapture compiled = spikeWithPauseInsidePath(FrameNotes.Kind.COMPILATION, "C2, level 4", 14_000);
        assertFalse(compiled.recent(0).blamesPause(), "a compiler thread's work does not stop the game thread");
        assertEquals(PATH.id(), compiled.recent(0).grewZone());
        assertEquals(0L, compiled.recent(0).pauseNanos());
        compiled.detach();
    }

    @Test
    void aConcurrentCycleIsNoPauseAndTakesNoBlame() {
        SpikeCapture cycle = spikeWithPauseInsidePath(FrameNotes.Kind.GC, "concurrent cycle, Allocation Rate", 14_000);
        assertFalse(cycle.recent(0).blamesPause(), "ZGC's cycle runs beside the game");
        assertEquals(PATH.id(), cycle.recent(0).grewZone());
        cycle.detach();
    }

    @Test
    void aPauseWhoseNoteArrivesLateTakesTheBlameFromTheZoneWhenItSettles() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)));
        for (int i = 0; i < 10; i++) {
            frame(5_000, 3_000, 1_000);
        }
        long spikeStart = clock.nanoTime();
        frame(20_000, 18_000, 16_000);                        // 11: PATH +15 ms, no note yet
        Spike spike = spikes.recent(0);
        assertEquals(PATH.id(), spike.grewZone(), "until the note arrives the zone that grew is named");
        frame(5_000, 3_000, 1_000);
        // A JFR stream delivers the safepoint about a second late, pinned to frame 11 by its own times.
        spikes.notes().post(FrameNotes.Kind.SAFEPOINT, "JVM", "G1CollectForAllocation", spikeStart + 3_000_000L,
                13_000_000L);
        frame(5_000, 3_000, 1_000);
        assertTrue(spike.blamesPause());
        assertEquals(-1, spike.grewZone());
        assertEquals(13_000_000L, spike.pauseNanos());
        spikes.detach();
    }

    @Test
    void aPauseAcrossTheFrameBoundaryCountsOnlyItsPartInsideTheFrame() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)));
        for (int i = 0; i < 10; i++) {
            frame(5_000, 3_000, 1_000);
        }
        // 20 ms from 10 ms before the spike frame: 10 ms of it inside the frame (and in the frame before).
        spikes.notes().post(FrameNotes.Kind.GC, "G1 Young Generation", "G1 Evacuation Pause",
                clock.nanoTime() - 10_000_000L, 20_000_000L);
        frame(20_000, 18_000, 16_000);
        assertEquals(10_000_000L, spikes.recent(0).pauseNanos());
        assertTrue(spikes.recent(0).blamesPause(), "10 of the 15 ms rise, more than PATH's 5 ms beyond it");
        spikes.detach();
    }

    @Test
    void aReportCarriesTheNotesPinnedToTheFrameItShows() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)));
        frame(5_000);                                         // 1: [1.000, 1.005)
        frame(15_000);                                        // 2: [1.005, 1.020) spike
        frame(5_000);                                         // 3
        spikes.notes().post(FrameNotes.Kind.GC, "G1 Young Generation", "G1 Evacuation Pause", 1_008_000_000L,
                11_200_000L);
        frame(5_000);                                         // 4
        ReportController controller = ReportController.of(profiler);
        Report report = new Report();
        controller.build(report);
        assertEquals(0, report.noteCount(), "the live frame 4 had no collection");
        controller.setFrame(2);
        controller.build(report);
        assertEquals(2, report.frameNumber());
        assertEquals(1, report.noteCount());
        assertEquals("G1 Young Generation pause 11.2 ms (G1 Evacuation Pause)", report.note(0));
        String title = TextReport.render(report).lines().findFirst().orElseThrow();
        assertTrue(title.contains(" | 2 frames back | frame 2 "), title);
        assertTrue(title.endsWith(" | included G1 Young Generation pause 11.2 ms (G1 Evacuation Pause)"), title);
        controller.showSpike(spikes.recent(0));
        controller.build(report);
        assertEquals(1, report.noteCount(), "a stored spike shows its own notes");
        spikes.detach();
        assertNull(controller.notes(), "detach unplugs the notes");
    }

    @Test
    void exportAroundWritesTheSpikeFrameWithFramesEitherSide(@TempDir Path dir) throws Exception {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)).exportAround(3, dir));
        assertEquals(3, spikes.framesAfter());
        for (int i = 0; i < 4; i++) {
            frame(5_000, 3_000, 1_000);
        }
        frame(12_000, 11_000, 9_000);
        for (int i = 0; i < 2; i++) {
            frame(5_000, 3_000, 1_000);
        }
        assertNull(spikes.lastExport(), "not before 3 frames after the spike");
        frame(5_000, 3_000, 1_000);
        Path file = spikes.lastExport().get(10, TimeUnit.SECONDS);
        assertEquals(SpikeCapture.exportFile(dir, 5), file);
        String json = Files.readString(file);
        assertTrue(json.contains("\"name\":\"frame 5\""), "the spike frame's marker");
        assertTrue(json.contains("spike at frame 5"), "the title");
        for (long f = 2; f <= 8; f++) {
            assertTrue(json.contains("\"name\":\"frame " + f + "\""), "frame " + f);
        }
        assertFalse(json.contains("\"name\":\"frame 1\""), "3 frames before, no more");
        assertTrue(json.contains("sc-path"), "the spike's zones");
        spikes.detach();
    }

    @Test
    void aSpikeExportWaitsUntilItsWindowsNotesAreInAndHoldsThem(@TempDir Path dir) throws Exception {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)).exportAround(1, dir));
        long[] postedUpTo = {Long.MIN_VALUE};
        spikes.notes().addSource(() -> postedUpTo[0]);
        for (int i = 0; i < 3; i++) {
            frame(5_000, 3_000, 1_000);                       // 1..3
        }
        long spikeStart = clock.nanoTime();
        frame(12_000, 11_000, 9_000);                         // 4: the spike
        frame(5_000, 3_000, 1_000);                           // 5: the window is complete, its notes are not
        assertNull(spikes.lastExport(), "the trace waits for the notes of its window");
        frame(5_000, 3_000, 1_000);
        frame(5_000, 3_000, 1_000);
        assertNull(spikes.lastExport());
        // A second later (say) the JFR stream delivers a pause inside the spike frame, then says it is complete.
        spikes.notes().post(FrameNotes.Kind.GC, "G1 Young Generation", "G1 Evacuation Pause", spikeStart + 2_000_000L,
                3_000_000L);
        postedUpTo[0] = clock.nanoTime();
        frame(5_000, 3_000, 1_000);                           // 8
        String json = Files.readString(spikes.lastExport().get(10, TimeUnit.SECONDS));
        assertTrue(json.contains("G1 Young Generation pause 3.0 ms (G1 Evacuation Pause)"), "the late note");
        assertTrue(json.contains("\"notes\":\"complete\""), "says its notes are complete");
        assertTrue(json.contains("spike at frame 4 ± 1 frames, blamed on sc-path +8.0 ms"),
                "a 3 ms pause explains under a quarter of the 7 ms rise: the zone keeps the blame");
        for (long f = 3; f <= 5; f++) {
            assertTrue(json.contains("\"name\":\"frame " + f + "\""), "frame " + f);
        }
        assertFalse(json.contains("\"name\":\"frame 6\""), "the window, not the frames waited");
        assertEquals(1, spikes.recent(0).noteCount(), "the stored spike has the note too");
        spikes.detach();
    }

    @Test
    void aSpikeExportIsTitledWithThePauseWhoseNoteArrivedAfterTheCopy(@TempDir Path dir) throws Exception {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)).exportAround(1, dir));
        long[] postedUpTo = {Long.MIN_VALUE};
        spikes.notes().addSource(() -> postedUpTo[0]);
        for (int i = 0; i < 3; i++) {
            frame(5_000, 3_000, 1_000);                       // 1..3
        }
        long spikeStart = clock.nanoTime();
        frame(12_000, 11_000, 9_000);                         // 4: the spike, PATH +8 ms
        frame(5_000, 3_000, 1_000);                           // 5: copied, blamed on PATH so far
        spikes.notes().post(FrameNotes.Kind.SAFEPOINT, "JVM", "G1CollectForAllocation", spikeStart + 2_000_000L,
                7_000_000L);
        postedUpTo[0] = clock.nanoTime();
        frame(5_000, 3_000, 1_000);                           // 6: the note settles, the trace is written
        String json = Files.readString(spikes.lastExport().get(10, TimeUnit.SECONDS));
        assertTrue(json.contains("spike at frame 4 ± 1 frames, blamed on JVM pause 7.0 ms: JVM safepoint 7.0 ms"
                + " (G1CollectForAllocation)"), json.substring(0, Math.min(400, json.length())));
        spikes.detach();
    }

    @Test
    void severalSpikeExportsWaitAtOnceAndEachGetsItsNotes(@TempDir Path dir) throws Exception {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)).exportAround(1, dir));
        long[] postedUpTo = {Long.MIN_VALUE};
        spikes.notes().addSource(() -> postedUpTo[0]);
        frame(5_000, 3_000, 1_000);                           // 1
        long firstStart = clock.nanoTime();
        frame(12_000, 11_000, 9_000);                         // 2: a spike
        frame(5_000, 3_000, 1_000);                           // 3: its export waits
        frame(5_000, 3_000, 1_000);                           // 4
        long secondStart = clock.nanoTime();
        frame(14_000, 11_000, 9_000);                         // 5: another spike
        frame(5_000, 3_000, 1_000);                           // 6: both wait
        assertNull(spikes.lastExport());
        spikes.notes().post(FrameNotes.Kind.SAFEPOINT, "JVM", "G1CollectForAllocation", firstStart + 1_000_000L,
                2_000_000L);
        spikes.notes().post(FrameNotes.Kind.COMPILATION, "Game.update", "C2, level 4", secondStart + 1_000_000L,
                6_000_000L);
        postedUpTo[0] = clock.nanoTime();
        frame(5_000, 3_000, 1_000);                           // 7: both written
        // One writer thread writes in order: the latest written means both are.
        assertEquals(SpikeCapture.exportFile(dir, 5), spikes.lastExport().get(10, TimeUnit.SECONDS));
        spikes.detach();
        String first = Files.readString(SpikeCapture.exportFile(dir, 2));
        String second = Files.readString(SpikeCapture.exportFile(dir, 5));
        assertTrue(first.contains("JVM safepoint 2.0 ms (G1CollectForAllocation)") && first.contains(
                "\"notes\":\"complete\""), first);
        assertTrue(second.contains("Game.update compilation 6.0 ms (C2, level 4)") && second.contains(
                "\"notes\":\"complete\""), second);
        assertFalse(first.contains("Game.update"), "each trace has its own window's notes");
    }

    @Test
    void aSpikeExportWaitsAtMostTheBoundThenWritesTheNotesItHas(@TempDir Path dir) throws Exception {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)).exportAround(1, dir)
                .exportNotesWait(3));
        spikes.notes().addSource(() -> Long.MIN_VALUE);      // a source that never catches up
        for (int i = 0; i < 3; i++) {
            frame(5_000, 3_000, 1_000);
        }
        frame(12_000, 11_000, 9_000);                         // 4: the spike
        frame(5_000, 3_000, 1_000);                           // 5: captured, waiting
        frame(5_000, 3_000, 1_000);
        frame(5_000, 3_000, 1_000);
        assertNull(spikes.lastExport());
        frame(5_000, 3_000, 1_000);                           // 8: three frames waited
        String json = Files.readString(spikes.lastExport().get(10, TimeUnit.SECONDS));
        assertTrue(json.contains("\"notes\":\"incomplete\""), "says its notes may be missing");
        assertTrue(json.contains("\"name\":\"frame 4\""));
        spikes.detach();
    }

    @Test
    void exportAroundAllocatesNothingWhileNoSpikeHappens(@TempDir Path dir) {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(50)).exportAround(5, dir));
        AllocationCheck.assertSteady("frames without a spike, export armed", 2_000, 8, 2_000,
                () -> frame(5_000, 3_000, 1_000));
        assertEquals(0, spikes.captured());
        assertNull(spikes.lastExport());
        spikes.detach();
    }

    @Test
    void jfrNotesIsOptInAndDetachClosesItsStream() throws Exception {
        SpikeCapture off = attach(SpikeCapture.builder());
        assertNull(off.jfrNotes());
        off.detach();
        SpikeCapture on = SpikeCapture.builder().jfrNotes(true).attach(profiler);
        assertTrue(on.jfrNotes() != null);
        assertTrue(jfrThreadRunning());
        on.detach();
        assertFalse(jfrThreadRunning(), "detach ends the stream's thread");
    }

    private static boolean jfrThreadRunning() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals(JfrNotes.THREAD_NAME) && t.isAlive()) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aFrameWithinATenthOfItsAverageBlamesNoZoneButARealRiseDoes() {
        SpikeCapture spikes = attach(SpikeCapture.builder().rule(SpikeRule.above(10)));
        for (int i = 0; i < 20; i++) {
            frame(9_800, 5_000, 1_000);
        }
        frame(10_400, 5_600, 1_600);           // over the rule, 0.6 ms (6 %) over its average: PATH grew all of it
        for (int i = 0; i < 5; i++) {
            frame(9_800, 5_000, 1_000);
        }
        frame(12_800, 8_000, 4_000);           // 3 ms (31 %) over its average: PATH grew all of it
        assertEquals(List.of(27L, 21L), recentFrames(spikes));
        assertEquals(-1, spikes.recent(1).grewZone(), "the usual frame over the line: no zone made it");
        assertFalse(spikes.recent(1).blamesPause());
        assertEquals(PATH.id(), spikes.recent(0).grewZone());
    }
}
