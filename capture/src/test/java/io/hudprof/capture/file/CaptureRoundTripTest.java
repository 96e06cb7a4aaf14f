package io.hudprof.capture.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.FrameListener;
import io.hudprof.core.GpuZone;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.ScriptedGpuTimestamps;
import io.hudprof.core.ThreadWorker;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game-like workload on a manual clock (the updating thread with nesting and recursion, a worker with a zone open
 * across frames, a thread that starts and ends inside the capture, GPU zones resolved frames late, a paused frame)
 * is captured; the capture replayed into a fresh profiler gives, frame by frame, the same reports (every averaging,
 * self and hierarchical, call graphs of a few focuses) and the same history.
 */
class CaptureRoundTripTest {
    static final Zone FRAME = Zone.define("rt:Frame");
    static final Zone LOGIC = Zone.define("rt:Logic");
    static final Zone PATH = Zone.define("rt:Path");
    static final Zone RENDER = Zone.define("rt:Render");
    static final Zone PRIVATE = Zone.local("rt:Private");
    static final Zone PHYSICS = Zone.define("rt:Physics");
    static final Zone LONG_JOB = Zone.define("rt:LongJob");
    static final Zone LOAD = Zone.define("rt:Load");
    static final Zone SESSION = Zone.define("rt:Session");
    static final GpuZone DRAW = GpuZone.define("rt:Draw");
    static final GpuZone POST = GpuZone.define("rt:Post");
    static final Zone[] FOCUSES = {LOGIC, PATH, PHYSICS, SESSION};

    private final ManualClock clock = new ManualClock(5_000_000_000L);

    @TempDir
    Path dir;

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    static ProfilerConfig.Builder config() {
        return ProfilerConfig.builder().historyFrames(128).timelineCapacity(1 << 12).timelineFrames(16);
    }

    @Test
    void aReplayedCaptureGivesTheLiveReportsFrameByFrame() throws Exception {
        Profiler live = new Profiler(config().clock(clock).build());
        Hudprof.install(live);
        new ScriptedGpuTimestamps(live, clock, 3);
        Path file = dir.resolve("round.hudprof");
        List<String> liveReports = new ArrayList<>();
        try (ThreadWorker physics = new ThreadWorker("physics")) {
            physics.run(() -> {
                PHYSICS.begin();
                clock.advanceMicros(50);
                PHYSICS.end();
                SESSION.begin(); // open when the capture starts, closed in its frame 5
            });
            CaptureWriter writer = CaptureWriter.start(live, file, 128, 0, "round trip"); // a slot for every frame
            live.addFrameListener(reporter(live, liveReports, name -> name));
            clock.advanceMicros(100);
            live.update(false); // the capture starts with this first (unrecorded) frame: nothing was updated before
            ThreadWorker loader = null;
            for (int frame = 0; frame < 60; frame++) {
                if (frame == 20) {
                    loader = new ThreadWorker("loader");
                }
                ThreadWorker l = loader;
                runFrame(frame, physics, l);
                if (frame == 30) {
                    loader.close();
                    loader = null;
                }
                clock.advanceMicros(30 + frame % 7);
                live.update(frame != 40);
            }
            writer.finish().get(30, TimeUnit.SECONDS);
            assertEquals(61, writer.framesTaken());
            assertEquals(0, writer.framesDropped());
        }
        Hudprof.uninstall();

        Capture capture = Capture.open(file);
        assertEquals("round trip", capture.title());
        assertEquals(61, capture.frames().size());
        if (System.getProperty("capture.dump") != null) {
            for (CapturedFrame f : capture.frames()) {
                System.out.println("frame " + f.frameNumber() + " gpu " + java.util.Arrays.toString(f.gpuFrame) + " "
                        + java.util.Arrays.toString(f.gpuFlags) + " " + java.util.Arrays.toString(f.gpuNanos));
            }
        }
        List<String> replayed = new ArrayList<>();
        try (CaptureReplay replay = capture.replay(config())) {
            replay.profiler().addFrameListener(reporter(replay.profiler(), replayed, name -> name));
            replay.replayAll();
            assertEquals(liveReports.size(), replayed.size());
            if (System.getProperty("capture.dump") != null) {
                java.nio.file.Files.write(Path.of(System.getProperty("capture.dump") + ".live"), liveReports);
                java.nio.file.Files.write(Path.of(System.getProperty("capture.dump") + ".replay"), replayed);
            }
            for (int i = 0; i < liveReports.size(); i++) {
                assertEquals(liveReports.get(i), replayed.get(i), "frame " + (i + 1));
            }
            assertSameHistory(live, replay.profiler());
        }
    }

    @Test
    void framesTheWriterCouldNotTakeAreCountedAndTheReplayPicksUpAfterThem() throws Exception {
        Profiler live = new Profiler(config().clock(clock).build());
        Hudprof.install(live);
        Path file = dir.resolve("gap.hudprof");
        List<String> liveReports = new ArrayList<>();
        CaptureWriter writer;
        try (ThreadWorker physics = new ThreadWorker("physics")) {
            writer = CaptureWriter.start(live, file, 2, 0, "gap");
            clock.advanceMicros(100);
            live.update(false);
            for (int frame = 0; frame < 30; frame++) {
                writer.holdWriter = frame >= 8 && frame < 16;
                if (frame == 16) {
                    long waitUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                    while (writer.framesWaiting() > 0 && System.nanoTime() < waitUntil) {
                        Thread.sleep(1);
                    }
                }
                runFrame(100 + frame, physics, null); // (no zone opened or closed across frames)
                clock.advanceMicros(30 + frame % 7);
                live.update();
                liveReports.add(instantReport(live));
            }
            writer.finish().get(30, TimeUnit.SECONDS);
        }
        Hudprof.uninstall();
        assertTrue(writer.framesDropped() > 0, "frames lost while the writer was held");
        Capture capture = Capture.open(file);
        assertEquals(writer.framesDropped(), capture.droppedFrames());
        assertEquals(31 - writer.framesDropped(), capture.frames().size());
        int afterGap = -1;
        for (int i = 0; i < capture.frames().size(); i++) {
            if (capture.frames().get(i).droppedBefore() > 0) {
                afterGap = i;
            }
        }
        assertTrue(afterGap > 0);
        try (CaptureReplay replay = capture.replay(config())) {
            List<String> replayed = new ArrayList<>();
            replay.profiler().addFrameListener((nanos, recorded) -> {
                if (recorded) {
                    replayed.add(instantReport(replay.profiler()));
                }
            });
            replay.replayAll();
            assertEquals(capture.frames().size() - 1, replayed.size());
            for (int i = 1; i < capture.frames().size(); i++) { // 0: the unrecorded first update
                int liveIndex = (int) capture.frames().get(i).frameNumber() - 1;
                // The frame number and averages count the frames lost; every instant value is the live one.
                assertEquals(withoutFrameNumber(liveReports.get(liveIndex)), withoutFrameNumber(replayed.get(i - 1)),
                        "captured frame " + i + " (live frame " + (liveIndex + 1) + ")");
            }
        }
    }

    @Test
    void theLastFramesCapturedAfterTheFactReplayAsTheyWereLive() throws Exception {
        Profiler live = new Profiler(config().clock(clock).build());
        Hudprof.install(live);
        io.hudprof.capture.FrameTimes times = io.hudprof.capture.FrameTimes.attach(live, 64);
        List<String> liveReports = new ArrayList<>();
        Path file = dir.resolve("last.hudprof");
        java.util.concurrent.CompletableFuture<Path> written;
        try (ThreadWorker physics = new ThreadWorker("physics")) {
            for (int frame = 0; frame < 30; frame++) {
                runFrame(frame + 6, physics, null); // LONG_JOB opens in frame 5, before the window, and ends in 9
                clock.advanceMicros(30 + frame % 7);
                live.update();
                liveReports.add(instantReport(live));
            }
            written = Captures.of(live).title("last 25").writeLast(25, times, file);
        }
        assertEquals(file.toAbsolutePath(), written.get(30, TimeUnit.SECONDS));
        Hudprof.uninstall();
        Capture capture = Capture.open(file);
        assertEquals(25, capture.frames().size());
        assertEquals(6, capture.frames().get(0).frameNumber());
        try (CaptureReplay replay = capture.replay(config())) {
            List<String> replayed = new ArrayList<>();
            replay.profiler().addFrameListener((nanos, recorded) -> {
                if (recorded) {
                    replayed.add(instantReport(replay.profiler()));
                }
            });
            replay.replayAll();
            assertEquals(25, replayed.size());
            for (int i = 0; i < 25; i++) {
                assertEquals(withoutFrameNumber(liveReports.get(5 + i)), withoutFrameNumber(replayed.get(i)),
                        "live frame " + (6 + i));
            }
            assertTrue(String.join("", replayed).contains("rt:LongJob"));
        }
    }

    private static String instantReport(Profiler profiler) {
        return InstantReports.text(profiler, PHYSICS);
    }

    /** The report without its frame number and the navigation cursor (where the reader's cursor happens to be). */
    private static String withoutFrameNumber(String report) {
        return report.replaceAll("frame \\d+ ", "frame N ").replaceAll("(?m)^>", " ");
    }

    private void runFrame(int frame, ThreadWorker physics, ThreadWorker loader) {
        FRAME.begin();
        clock.advanceMicros(10);
        LOGIC.begin();
        recurse(1 + frame % 3);
        LOGIC.end();
        physics.run(() -> {
            if (frame == 14) {
                LONG_JOB.end();
            }
            if (frame == 5) {
                SESSION.end();
            }
            PHYSICS.begin();
            clock.advanceMicros(40 + frame % 5);
            PHYSICS.end();
            if (frame == 10) {
                LONG_JOB.begin(); // open across frames 10..14
            }
            clock.advanceMicros(3);
        });
        if (loader != null && frame < 30) {
            loader.run(() -> {
                LOAD.begin();
                clock.advanceMicros(7 + frame);
                LOAD.end();
            });
        }
        RENDER.begin();
        DRAW.begin();
        clock.advanceMicros(20);
        PRIVATE.begin();
        clock.advanceMicros(5 + frame % 2);
        PRIVATE.end();
        DRAW.end();
        POST.begin();
        clock.advanceMicros(8);
        POST.end();
        RENDER.end();
        FRAME.end();
    }

    private void recurse(int depth) {
        PATH.begin();
        clock.advanceMicros(11);
        if (depth > 1) {
            recurse(depth - 1);
        }
        clock.advanceMicros(2);
        PATH.end();
    }

    /** After each recorded frame: the text of every averaging's self and hierarchical report and a few call graphs. */
    static FrameListener reporter(Profiler profiler, List<String> out, java.util.function.UnaryOperator<String> n) {
        Report report = new Report();
        return (nanos, recorded) -> {
            if (!recorded) {
                return; // the replay's own unrecorded update before its first frame has no live twin
            }
            ReportController c = ReportController.of(profiler);
            out.add(InstantReports.everyView(c, report, FOCUSES));
        };
    }

    static void assertSameHistory(Profiler live, Profiler replayed) {
        FrameHistory a = live.history();
        FrameHistory b = replayed.history();
        assertEquals(a.size(), b.size(), "history frames");
        int[] ids = new int[Zone.count()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i;
        }
        long[] selfA = new long[ids.length];
        long[] selfB = new long[ids.length];
        for (int ago = 0; ago < a.size(); ago++) {
            assertEquals(a.frameNumber(ago), b.frameNumber(ago), "frame number " + ago + " ago");
            assertEquals(a.frameNanos(ago), b.frameNanos(ago), "frame time " + ago + " ago");
            assertEquals(a.gpuFrameNanos(ago), b.gpuFrameNanos(ago), "GPU frame time " + ago + " ago");
            assertTrue(a.zoneSelf(ago, ids, ids.length, selfA));
            assertTrue(b.zoneSelf(ago, ids, ids.length, selfB));
            for (int z = 0; z < ids.length; z++) {
                Zone zone = Zone.byId(z);
                if (zone != null && !zone.isPublic()) {
                    continue; // private zones are new zones in the replay (compared by the reports' names)
                }
                assertEquals(selfA[z], selfB[z], "self time of " + zone + " " + ago + " frames ago");
            }
        }
    }
}
