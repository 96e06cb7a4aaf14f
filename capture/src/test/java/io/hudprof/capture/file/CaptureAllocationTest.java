package io.hudprof.capture.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.AllocationCounter;
import io.hudprof.core.FrameHistory;
import io.hudprof.core.FrameListener;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Metric;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.ThreadWorker;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Allocation per zone in captures (format 1.2): a game-like workload on a manual clock and a per-thread manual
 * allocation counter (the updating thread allocating at its root, in nested and recursive zones and right before
 * the update; a worker with a zone open when the capture starts; a thread that starts and ends inside the capture)
 * replays with the live allocation reports (every averaging, self and hierarchical, call graphs) and history, frame
 * by frame.
 */
class CaptureAllocationTest {
    static final Zone FRAME = Zone.define("ca:Frame");
    static final Zone LOGIC = Zone.define("ca:Logic");
    static final Zone PATH = Zone.define("ca:Path");
    static final Zone RENDER = Zone.define("ca:Render");
    static final Zone PRIVATE = Zone.local("ca:Private");
    static final Zone PHYSICS = Zone.define("ca:Physics");
    static final Zone SESSION = Zone.define("ca:Session");
    static final Zone LOAD = Zone.define("ca:Load");
    static final Zone[] FOCUSES = {LOGIC, PATH, PHYSICS, SESSION};

    private final ManualClock clock = new ManualClock(7_000_000_000L);
    private final ThreadCounters bytes = new ThreadCounters();

    @TempDir
    Path dir;

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    /** Every thread's own allocated-bytes counter, advanced by hand. */
    static final class ThreadCounters implements AllocationCounter {
        private final ThreadLocal<long[]> counter = ThreadLocal.withInitial(() -> new long[] {5_000});

        void allocate(long n) {
            counter.get()[0] += n;
        }

        @Override
        public long currentThreadAllocatedBytes() {
            return counter.get()[0];
        }

        @Override
        public String unavailableReason() {
            return null;
        }
    }

    private ProfilerConfig.Builder liveConfig() {
        return ProfilerConfig.builder().historyFrames(128).timelineCapacity(1 << 12).timelineFrames(16)
                .allocationPerZone(true).allocationCounter(bytes).clock(clock);
    }

    @Test
    void aReplayedCaptureGivesTheLiveAllocationReportsFrameByFrame() throws Exception {
        Profiler live = Hudprof.install(new Profiler(liveConfig().build()));
        Path file = dir.resolve("alloc.hudprof");
        List<String> liveReports = new ArrayList<>();
        try (ThreadWorker physics = new ThreadWorker("ca-physics")) {
            physics.run(() -> {
                PHYSICS.begin();
                bytes.allocate(64);
                PHYSICS.end();
                SESSION.begin(); // open when the capture starts, closed in its frame 5
            });
            clock.advanceMicros(100);
            live.update(false); // the threads are known (with their counters read) before the capture starts
            CaptureWriter writer = CaptureWriter.start(live, file, 128, 0, "allocation");
            clock.advanceMicros(100);
            live.update(false); // notes the open stacks: the capture starts with the next frame
            live.addFrameListener(reporter(live, liveReports));
            ThreadWorker loader = null;
            for (int frame = 0; frame < 40; frame++) {
                if (frame == 12) {
                    loader = new ThreadWorker("ca-loader");
                }
                runFrame(frame, physics, loader);
                if (frame == 20) {
                    loader.close();
                    loader = null;
                }
                clock.advanceMicros(30 + frame % 7);
                bytes.allocate(frame % 3 == 0 ? 0 : 40 + frame); // between the last zone and the update
                live.update(frame != 25);
            }
            writer.finish().get(30, TimeUnit.SECONDS);
            assertEquals(0, writer.framesDropped());
        }
        Hudprof.uninstall();

        Capture capture = Capture.open(file);
        assertEquals(2, capture.minorVersion());
        assertTrue(capture.allocationPerZone());
        assertFalse(capture.allocationStates().isEmpty());
        long capturedBytes = 0;
        for (CapturedFrame f : capture.frames()) {
            capturedBytes += f.allocatedBytes();
        }
        assertTrue(capturedBytes > 0, "the frames carry their bytes");
        List<String> replayed = new ArrayList<>();
        try (CaptureReplay replay = capture.replay(ProfilerConfig.builder().historyFrames(128)
                .timelineCapacity(1 << 12).timelineFrames(16))) {
            replay.profiler().addFrameListener(reporter(replay.profiler(), replayed));
            replay.replayAll();
            assertTrue(replay.profiler().data().records(Metric.ALLOCATED_BYTES), "the replay measures allocation");
            assertEquals(0, replay.unplacedBytes(), "every captured byte was credited");
            assertEquals(liveReports.size(), replayed.size());
            for (int i = 0; i < liveReports.size(); i++) {
                assertEquals(withoutCursor(liveReports.get(i)), withoutCursor(replayed.get(i)), "frame " + (i + 1));
            }
            assertTrue(String.join("", replayed).contains("ca:Path"), "the reports show zones");
            assertSameAllocationHistory(live, replay.profiler(), 39);
        }
    }

    @Test
    void aCaptureWithoutAllocationPerZoneReplaysWithoutIt() throws Exception {
        Profiler live = Hudprof.install(new Profiler(ProfilerConfig.builder().timelineCapacity(1 << 12)
                .clock(clock).build()));
        Path file = dir.resolve("no-alloc.hudprof");
        CaptureWriter writer = CaptureWriter.start(live, file);
        for (int frame = 0; frame < 5; frame++) {
            FRAME.begin();
            clock.advanceMicros(10);
            FRAME.end();
            live.update();
        }
        writer.finish().get(30, TimeUnit.SECONDS);
        Hudprof.uninstall();
        Capture capture = Capture.open(file);
        assertFalse(capture.allocationPerZone());
        assertTrue(capture.allocationStates().isEmpty());
        try (CaptureReplay replay = capture.replay()) {
            replay.replayAll();
            assertFalse(replay.profiler().data().records(Metric.ALLOCATED_BYTES));
        }
    }

    @Test
    void theLastFramesCapturedAfterTheFactCarryTheirAllocationWhereTheHistoryHoldsIt() throws Exception {
        Profiler live = Hudprof.install(new Profiler(liveConfig().build()));
        io.hudprof.capture.FrameTimes times = io.hudprof.capture.FrameTimes.attach(live, 64);
        List<String> liveReports = new ArrayList<>();
        live.addFrameListener(reporter(live, liveReports));
        Path file = dir.resolve("last.hudprof");
        CompletableFuture<Path> written;
        try (ThreadWorker physics = new ThreadWorker("ca-physics")) {
            for (int frame = 0; frame < 20; frame++) {
                runFrame(frame + 6, physics, null);
                clock.advanceMicros(30 + frame % 7);
                bytes.allocate(11);
                live.update();
            }
            written = Captures.of(live).title("last 12").writeLast(12, times, file);
        }
        written.get(30, TimeUnit.SECONDS);
        Hudprof.uninstall();
        Capture capture = Capture.open(file);
        assertTrue(capture.allocationPerZone());
        assertEquals(12, capture.frames().size());
        List<String> replayed = new ArrayList<>();
        try (CaptureReplay replay = capture.replay(ProfilerConfig.builder().historyFrames(128)
                .timelineCapacity(1 << 12).timelineFrames(16))) {
            replay.profiler().addFrameListener(reporter(replay.profiler(), replayed));
            replay.replayAll();
            // The first frame's threads have no reading before it in the replay (live they had): from the second
            // frame on, every instant allocation report is the live one.
            for (int i = 1; i < 12; i++) {
                assertEquals(instant(liveReports.get(8 + i)), instant(replayed.get(i)), "live frame " + (9 + i));
            }
        }
    }

    /** The report text up to the first fast average (the instant values only), without its frame number. */
    private static String instant(String report) {
        int cut = report.indexOf("| fast avg |");
        return withoutCursor(cut < 0 ? report : report.substring(0, cut)).replaceAll("frame \\d+ ", "frame N ");
    }

    /** The report without the navigation cursor (where the reader's cursor happens to be). */
    private static String withoutCursor(String report) {
        return report.replaceAll("(?m)^>", " ");
    }

    private void runFrame(int frame, ThreadWorker physics, ThreadWorker loader) {
        bytes.allocate(100 + frame); // at the updating thread's root, before the frame's first zone
        FRAME.begin();
        clock.advanceMicros(10);
        bytes.allocate(3L * frame);
        LOGIC.begin();
        recurse(1 + frame % 3);
        LOGIC.end();
        physics.run(() -> {
            if (frame == 5) {
                bytes.allocate(9);
                SESSION.end();
            }
            bytes.allocate(frame % 2 == 0 ? 21 : 0); // at the worker's root
            PHYSICS.begin();
            clock.advanceMicros(40 + frame % 5);
            bytes.allocate(256 + frame);
            PHYSICS.end();
            clock.advanceMicros(3);
        });
        if (loader != null) {
            loader.run(() -> {
                LOAD.begin();
                clock.advanceMicros(7 + frame);
                bytes.allocate(1024);
                LOAD.end();
            });
        }
        RENDER.begin();
        clock.advanceMicros(20);
        PRIVATE.begin();
        bytes.allocate(frame % 4 == 0 ? 4096 : 8 + frame); // never 0: a private zone's row sorts by its bytes
        clock.advanceMicros(5 + frame % 2);
        PRIVATE.end();
        RENDER.end();
        FRAME.end();
    }

    private void recurse(int depth) {
        PATH.begin();
        clock.advanceMicros(11);
        bytes.allocate(16L * depth);
        if (depth > 1) {
            recurse(depth - 1);
        }
        clock.advanceMicros(2);
        PATH.end();
    }

    /** After each recorded frame: every averaging's self and hierarchical allocation report and a few call graphs. */
    static FrameListener reporter(Profiler profiler, List<String> out) {
        Report report = new Report();
        return (nanos, recorded) -> {
            if (!recorded) {
                return;
            }
            ReportController c = ReportController.of(profiler);
            c.setMetric(Metric.ALLOCATED_BYTES);
            String text = InstantReports.everyView(c, report, FOCUSES);
            c.setMetric(Metric.TIME);
            out.add(text);
        };
    }

    /** The last {@code frames} recorded frames' allocated bytes and per-zone self bytes are the live ones. */
    static void assertSameAllocationHistory(Profiler live, Profiler replayed, int frames) {
        FrameHistory a = live.history();
        FrameHistory b = replayed.history();
        int[] ids = new int[Zone.count()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i;
        }
        long[] selfA = new long[ids.length];
        long[] selfB = new long[ids.length];
        for (int ago = 0; ago < frames; ago++) {
            assertEquals(a.frameTotal(Metric.ALLOCATED_BYTES, ago), b.frameTotal(Metric.ALLOCATED_BYTES, ago),
                    "bytes of the frame " + ago + " ago");
            assertTrue(a.zoneSelf(Metric.ALLOCATED_BYTES, ago, ids, ids.length, selfA));
            assertTrue(b.zoneSelf(Metric.ALLOCATED_BYTES, ago, ids, ids.length, selfB));
            for (int z = 0; z < ids.length; z++) {
                Zone zone = Zone.byId(z);
                if (zone != null && !zone.isPublic()) {
                    continue; // a private zone is a new zone in the replay
                }
                assertEquals(selfA[z], selfB[z], "self bytes of " + zone + " " + ago + " frames ago");
            }
        }
    }
}
