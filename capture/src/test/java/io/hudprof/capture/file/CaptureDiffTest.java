package io.hudprof.capture.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.capture.compare.DiffReport;
import io.hudprof.capture.compare.RangeSummary;
import io.hudprof.stats.Counter;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.IntDistribution;
import io.hudprof.stats.Sensor;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Diffs of captures written on a manual clock: exact against the live profile, and the command's errors. */
class CaptureDiffTest {
    private static final Zone FRAME = Zone.define("CaptureDiff:Frame");
    private static final Zone WORK = Zone.define("CaptureDiff:Work");
    private static final Zone LATER = Zone.local("CaptureDiff:Later");
    private static final Counter SPAWNED = Counter.define("CaptureDiff/Spawned");
    private static final IntDistribution BATCH = IntDistribution.define("CaptureDiff/Batch");
    private static final Counter STEADY = Counter.define("CaptureDiff/Steady");

    @TempDir
    Path dir;

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    /** Writes 40 frames of FRAME { WORK for {@code workMicros} (and LATER when asked) } and returns the live profiler. */
    private Profiler capture(Path file, long workMicros, boolean later) throws Exception {
        return capture(file, workMicros, later, -1);
    }

    /**
     * As {@link #capture(Path, long, boolean)}, with statistics when {@code spawned} is 0 or more: that many spawned
     * a frame, a batch of {@code workMicros} and a steady 3 a frame.
     */
    private Profiler capture(Path file, long workMicros, boolean later, int spawned) throws Exception {
        ManualClock clock = new ManualClock(5_000_000_000L);
        Profiler live = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).historyFrames(64)
                .timelineCapacity(1 << 12).timelineFrames(8).build());
        Hudprof.install(live);
        if (spawned >= 0) {
            FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(live);
        }
        // As many slots as frames: a writer thread starved by a loaded machine never has to drop one.
        CaptureWriter writer = CaptureWriter.start(live, file, 64, 0, "diff");
        clock.advanceMicros(10);
        live.update(false); // arms the writer: the capture starts with the next frame
        for (int frame = 0; frame < 40; frame++) {
            FRAME.begin();
            if (spawned >= 0) {
                SPAWNED.add(spawned);
                BATCH.report(workMicros + frame % 2);
                STEADY.add(3);
            }
            WORK.begin();
            clock.advanceMicros(workMicros + frame % 3);
            WORK.end();
            if (later) {
                LATER.begin();
                clock.advanceMicros(7);
                LATER.end();
            }
            FRAME.end();
            clock.advanceMicros(20);
            live.update();
        }
        writer.finish().get(30, TimeUnit.SECONDS);
        // The arming update(false) may be taken too, as an unrecorded frame the replay leaves out of history.
        assertTrue(writer.framesTaken() >= 40, writer.framesTaken() + " frames taken");
        assertEquals(0, writer.framesDropped());
        Hudprof.uninstall();
        return live;
    }

    @Test
    void aCapturesSummaryEqualsTheLiveProfilesAndTheDiffLeadsWithTheZoneThatGrew() throws Exception {
        Path before = dir.resolve("before.hudprof");
        Path after = dir.resolve("after.hudprof");
        Profiler live = capture(before, 100, false);
        capture(after, 160, true);

        DiffReport replayedAgainstLive = DiffReport.between(RangeSummary.ofHistory(live.data(), "live"),
                CaptureDiff.summarize(Capture.open(before), "replayed"));
        assertEquals(40, replayedAgainstLive.b().frames());
        for (DiffReport.Row row : replayedAgainstLive.zones()) {
            assertEquals(DiffReport.Change.BOTH, row.change(), row.name());
            assertEquals(0, row.delta(RangeSummary.SELF), row.name());
            assertEquals(0, row.delta(RangeSummary.HIER), row.name());
            assertEquals(0, row.delta(RangeSummary.COUNT), row.name());
        }

        DiffReport diff = CaptureDiff.diff(before, after);
        DiffReport.Row first = diff.zones().get(0);
        assertEquals("CaptureDiff:Work", first.name(), diff.zones().toString());
        assertEquals(60_000, first.delta(RangeSummary.SELF), 1e-6);
        DiffReport.Row later = diff.zones().stream().filter(r -> r.name().equals("CaptureDiff:Later")).findFirst()
                .orElseThrow();
        assertEquals(DiffReport.Change.ADDED, later.change());
        assertEquals(7_000, later.b(RangeSummary.SELF), 1e-6);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, CaptureDiff.run(new String[] {before.toString(), after.toString(), "--rows", "3"},
                print(out), print(err)), err.toString(StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("hudprof diff | A = before.hudprof (40 frames"), text);
        assertTrue(text.contains("CaptureDiff:Work"), text);
    }

    @Test
    void theDiffComparesEveryStatisticsPerFrameMeanLargestChangeFirst() throws Exception {
        Path before = dir.resolve("stats-before.hudprof");
        Path after = dir.resolve("stats-after.hudprof");
        Profiler live = capture(before, 100, false, 2);
        capture(after, 160, false, 5);

        // The replay's means are the live ones; a capture against itself changes nothing.
        DiffReport replayedAgainstLive = DiffReport.between(
                RangeSummary.ofHistory(live.data(), FrameStatistics.attachedTo(live), "live"),
                CaptureDiff.summarize(Capture.open(before), "replayed"));
        DiffReport self = CaptureDiff.diff(before, before);
        for (DiffReport diff : new DiffReport[] {replayedAgainstLive, self}) {
            assertEquals(3, diff.statistics().size(), diff.statistics().toString());
            for (DiffReport.StatisticRow row : diff.statistics()) {
                assertEquals(DiffReport.Change.BOTH, row.change(), row.name());
                assertEquals(0, row.delta(), row.name());
                assertEquals(1, row.ratio(), row.name());
            }
        }
        DiffReport.StatisticRow spawnedLive = replayedAgainstLive.statistics().stream()
                .filter(r -> r.name().equals(SPAWNED.name())).findFirst().orElseThrow();
        assertEquals(2, spawnedLive.a(), 1e-9);

        DiffReport diff = CaptureDiff.diff(before, after);
        DiffReport.StatisticRow first = diff.statistics().get(0);
        assertEquals(SPAWNED.name(), first.name(), diff.statistics().toString()); // 2 -> 5: the largest change
        assertEquals(3, first.delta(), 1e-9);
        assertEquals(2.5, first.ratio(), 1e-9);
        DiffReport.StatisticRow batch = diff.statistics().get(1);
        assertEquals(BATCH.name(), batch.name());
        assertEquals(100.5, batch.a(), 1e-9);
        assertEquals(160.5, batch.b(), 1e-9);
        assertEquals(STEADY.name(), diff.statistics().get(2).name());
        assertEquals(0, diff.statistics().get(2).delta());

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, CaptureDiff.run(new String[] {before.toString(), after.toString()}, print(out), print(err)),
                err.toString(StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        int section = text.indexOf("== statistics, by relative change of per-frame means ==");
        assertTrue(section > 0, text);
        String statistics = text.substring(section);
        assertTrue(statistics.indexOf(SPAWNED.name()) < statistics.indexOf(BATCH.name()), statistics);
        assertTrue(statistics.contains("2.50x"), statistics);
        System.out.print(statistics);
    }

    @Test
    void badArgumentsAndFilesGiveOneLineAndExitTwo() throws Exception {
        Path junk = dir.resolve("junk.hudprof");
        Files.write(junk, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        assertError(new String[] {"only-one.hudprof"}, "usage: CaptureDiff");
        assertError(new String[] {dir.resolve("missing.hudprof").toString(), junk.toString()}, "no such file");
        assertError(new String[] {junk.toString(), junk.toString()}, "junk.hudprof");
        assertError(new String[] {junk.toString(), junk.toString(), "--rows", "many"}, "--rows many");
    }

    private static void assertError(String[] args, String expected) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, CaptureDiff.run(args, print(out), print(err)));
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains(expected), message);
        assertEquals(1, message.strip().lines().count(), "one line: " + message);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}
