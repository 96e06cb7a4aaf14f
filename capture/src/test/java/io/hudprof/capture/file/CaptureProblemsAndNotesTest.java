package io.hudprof.capture.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.capture.FrameNotes;
import io.hudprof.capture.SpikeCapture;
import io.hudprof.capture.SpikeRule;
import io.hudprof.core.Averaging;
import io.hudprof.core.FrameListener;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Problem;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.ThreadWorker;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.stats.text.TextReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Format 1.1: the problem counts of every frame (the live run's repairs: missing and extra ends, zones open at
 * update) and the notes pinned to frames (GC pauses, safepoints) go into a capture, and its replay shows them as the
 * live HUD did, frame by frame: the same reports (problem counts in frame and in total, notes against the frames they
 * touched) and the same history of problem counts.
 */
class CaptureProblemsAndNotesTest {
    static final Zone OUTER = Zone.define("pn:Outer");
    static final Zone INNER = Zone.define("pn:Inner");
    static final Zone WORK = Zone.define("pn:Work");

    private final ManualClock clock = new ManualClock(1_000_000_000L);

    @TempDir
    Path dir;

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    private static ProfilerConfig.Builder config() {
        return ProfilerConfig.builder().historyFrames(128).timelineCapacity(1 << 12).timelineFrames(16);
    }

    /** One frame of 5 ms; some frames make instrumentation mistakes the profiler repairs and counts. */
    private void frame(int f, ThreadWorker worker) {
        OUTER.begin();
        clock.advanceMicros(100);
        INNER.begin();
        clock.advanceMicros(50);
        if (f % 5 != 2) {
            INNER.end();                 // f % 5 == 2: a missing end, repaired when OUTER ends
        }
        OUTER.end();
        if (f % 7 == 3) {
            INNER.end();                 // an extra end
        }
        worker.run(() -> {
            WORK.begin();
            clock.advanceMicros(30);
            WORK.end();
        });
        if (f % 9 == 4) {
            WORK.begin();                // open at update: closed and counted there
        }
        clock.advanceMicros(5_000 - 180);
    }

    @Test
    void problemCountsAndNotesReplayAsTheLiveReportsShowedThem() throws Exception {
        Profiler live = new Profiler(config().clock(clock).build());
        Hudprof.install(live);
        // Notes settle in the spike capture's update listener: added before the writer, which takes them then.
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(1_000)).attach(live);
        Path file = dir.resolve("problems.hudprof");
        List<String> liveReports = new ArrayList<>();
        try (ThreadWorker worker = new ThreadWorker("worker")) {
            // Frames before the capture count problems too: the replay's totals start from theirs.
            for (int f = 0; f < 4; f++) {
                frame(f, worker);
                live.update();
            }
            CaptureWriter writer = CaptureWriter.start(live, file, 128, 0, "problems and notes");
            // Started after updates, the capture begins with the frame after the next update, whole.
            frame(4, worker);
            live.update();
            live.addFrameListener(instantReporter(live, liveReports));
            for (int f = 5; f < 44; f++) {
                if (f == 12) {
                    // Reported in frame 12 (late, as a GC notification is), it overlapped frames 10 and 11.
                    long start = live.frameStartNanos() - 7_000_000L;
                    spikes.notes().post(FrameNotes.Kind.GC, "G1 Young Generation", "G1 Evacuation Pause", start,
                            4_000_000L);
                }
                if (f == 30) {
                    spikes.notes().post(FrameNotes.Kind.SAFEPOINT, "Safepoint", "", live.frameStartNanos() + 1_000,
                            2_000_000L);
                }
                frame(f, worker);
                live.update(f != 20); // frame 20 is not recorded: its problems count in the totals only
            }
            writer.finish().get(30, TimeUnit.SECONDS);
            assertEquals(0, writer.framesDropped());
        }
        Hudprof.uninstall();
        assertTrue(live.problemsTotal(Problem.MISSING_END) > 0 && live.problemsTotal(Problem.EXTRA_END) > 0
                && live.problemsTotal(Problem.OPEN_AT_UPDATE) > 0, "the workload makes every kind of mistake");

        Capture capture = Capture.open(file);
        assertEquals(CaptureFormat.MINOR, capture.minorVersion());
        assertEquals(2, capture.notes().size());
        assertEquals("G1 Young Generation pause 4.0 ms (G1 Evacuation Pause)", capture.notes().get(0).text());
        long countedInFrames = 0;
        for (CapturedFrame f : capture.frames()) {
            countedInFrames += f.problems(Problem.MISSING_END) + f.problemsBefore(Problem.MISSING_END);
        }
        assertEquals(live.problemsTotal(Problem.MISSING_END), countedInFrames);

        List<String> replayed = new ArrayList<>();
        try (CaptureReplay replay = capture.replay(config())) {
            replay.profiler().addFrameListener(instantReporter(replay.profiler(), replayed));
            replay.replayAll();
            assertEquals(liveReports.size(), replayed.size());
            boolean sawProblems = false;
            for (int i = 0; i < liveReports.size(); i++) {
                String a = withoutFrameNumber(liveReports.get(i));
                assertEquals(a, withoutFrameNumber(replayed.get(i)), "recorded frame " + (i + 1) + " of the capture");
                sawProblems |= a.contains("missing end 1/");
            }
            assertTrue(sawProblems, "the reports compared show problems");
            // Notes settle after the frames they touch: they show when the HUD goes back to those frames.
            int frames = replay.profiler().history().size();
            boolean sawNote = false;
            for (int ago = 0; ago < frames; ago++) {
                String a = withoutFrameNumber(pastReport(live, ago));
                assertEquals(a, withoutFrameNumber(pastReport(replay.profiler(), ago)), ago + " frames ago");
                sawNote |= a.contains("included G1 Young Generation pause 4.0 ms (G1 Evacuation Pause)");
            }
            assertTrue(sawNote, "a past frame's report shows the GC note");
            for (Problem p : Problem.values()) {
                assertEquals(live.problemsTotal(p), replay.profiler().problemsTotal(p), p + " in total");
            }
            for (int ago = 0; ago < frames; ago++) {
                for (Problem p : Problem.values()) {
                    assertEquals(live.history().problems(ago, p), replay.profiler().history().problems(ago, p),
                            p + " " + ago + " frames ago");
                }
            }
        }
    }

    @Test
    void theLastFramesCapturedAfterTheFactCarryTheirProblemCountsAndNotes() throws Exception {
        Profiler live = new Profiler(config().clock(clock).build());
        Hudprof.install(live);
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(1_000)).attach(live);
        io.hudprof.capture.FrameTimes times = io.hudprof.capture.FrameTimes.attach(live, 64);
        Path file = dir.resolve("last.hudprof");
        try (ThreadWorker worker = new ThreadWorker("worker")) {
            for (int f = 0; f < 30; f++) {
                if (f == 25) {
                    spikes.notes().post(FrameNotes.Kind.GC, "G1 Young Generation", "G1 Evacuation Pause",
                            live.frameStartNanos() - 7_000_000L, 4_000_000L);
                }
                frame(f, worker);
                live.update();
            }
            Captures.of(live).title("last 20").writeLast(20, times, file).get(30, TimeUnit.SECONDS);
        }
        Hudprof.uninstall();
        Capture capture = Capture.open(file);
        assertEquals(20, capture.frames().size());
        assertEquals(1, capture.notes().size());
        try (CaptureReplay replay = capture.replay(config())) {
            replay.replayAll();
            for (Problem p : Problem.values()) {
                assertEquals(live.problemsTotal(p), replay.profiler().problemsTotal(p), p + " in total");
            }
            boolean sawNote = false;
            for (int ago = 0; ago < 20; ago++) {
                for (Problem p : Problem.values()) {
                    assertEquals(live.history().problems(ago, p), replay.profiler().history().problems(ago, p),
                            p + " " + ago + " frames ago");
                }
                String a = withoutFrameNumber(pastReport(live, ago));
                assertEquals(a, withoutFrameNumber(pastReport(replay.profiler(), ago)), ago + " frames ago");
                sawNote |= a.contains("included G1 Young Generation pause");
            }
            assertTrue(sawNote, "a past frame's report shows the GC note");
        }
    }

    /**
     * After each recorded frame: the instantaneous self and hierarchical reports (averages would differ: the live
     * run's began before the capture).
     */
    private static FrameListener instantReporter(Profiler profiler, List<String> out) {
        Report report = new Report();
        return (nanos, recorded) -> {
            if (!recorded) {
                return;
            }
            ReportController c = ReportController.of(profiler);
            StringBuilder text = new StringBuilder();
            c.setAveraging(Averaging.INSTANTANEOUS);
            for (ReportMode mode : new ReportMode[] {ReportMode.SELF_TIME, ReportMode.HIERARCHICAL_TIME}) {
                c.setMode(mode);
                c.build(report);
                TextReport.append(report, text);
            }
            c.setMode(ReportMode.SELF_TIME);
            out.add(text.toString());
        };
    }

    /** The instantaneous self-time report of the frame {@code ago} frames back, as the HUD shows it paused there. */
    private static String pastReport(Profiler profiler, int ago) {
        ReportController c = ReportController.of(profiler);
        Report report = new Report();
        StringBuilder text = new StringBuilder();
        c.setAveraging(Averaging.INSTANTANEOUS);
        c.setMode(ReportMode.SELF_TIME);
        c.setFrame(ago);
        c.build(report);
        TextReport.append(report, text);
        c.setFrame(0);
        return text.toString();
    }

    /** The replay numbers its frames from 1: the frame number in a report is the replay's, the rest the live one. */
    private static String withoutFrameNumber(String report) {
        return report.replaceAll("frame \\d+ ", "frame N ");
    }
}
