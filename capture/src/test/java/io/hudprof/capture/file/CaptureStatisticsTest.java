package io.hudprof.capture.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Averaging;
import io.hudprof.core.FrameListener;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.ThreadWorker;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.stats.text.TextReport;
import io.hudprof.stats.Counter;
import io.hudprof.stats.FloatDistribution;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.IntDistribution;
import io.hudprof.stats.Percent;
import io.hudprof.stats.Sensor;
import io.hudprof.stats.Stat;
import io.hudprof.stats.StatHistory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Format 1.1: the statistics the HUD shows (counters, levels, distributions, percentages, counted on two threads)
 * go into a capture as each frame's changed cells, and the replay's statistics give, frame by frame, the live
 * statistics report (frame values and run values, minimum, maximum and counts) and the live charts' values.
 */
class CaptureStatisticsTest {
    static final Zone FRAME = Zone.define("cs:Frame");
    static final Counter SPAWNED = Counter.define("cs Game/Enemies spawned");
    static final Counter ALIVE = Counter.defineLevel("cs Game/Enemies alive");
    static final IntDistribution BATCH = IntDistribution.define("cs Render/Batch size");
    static final FloatDistribution ERROR = FloatDistribution.define("cs Physics/Step error");
    static final Percent HITS = Percent.define("cs Render/Cache hits");

    private final ManualClock clock = new ManualClock(2_000_000_000L);

    @TempDir
    Path dir;

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    private static ProfilerConfig.Builder config() {
        return ProfilerConfig.builder().historyFrames(128).timelineCapacity(1 << 12).timelineFrames(16);
    }

    private void frame(int f, ThreadWorker worker) {
        FRAME.begin();
        SPAWNED.add(f % 3);
        ALIVE.add(f % 4 == 0 ? -1 : 2);
        for (int b = 0; b < 1 + f % 4; b++) {
            BATCH.report(10L * b + f);
        }
        if (f % 5 != 0) {
            HITS.count(f % 2 == 0);
        }
        worker.run(() -> {
            ERROR.report(0.25 * (f % 7) - 0.5);
            SPAWNED.increment();
        });
        clock.advanceMicros(4_000 + f);
        FRAME.end();
    }

    @Test
    void aReplayedCaptureGivesTheLiveStatisticsFrameByFrame() throws Exception {
        Profiler live = new Profiler(config().clock(clock).build());
        Hudprof.install(live);
        FrameStatistics liveStats = FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(live);
        Path file = dir.resolve("stats.hudprof");
        List<String> liveReports = new ArrayList<>();
        List<String> liveCharts = new ArrayList<>();
        try (ThreadWorker worker = new ThreadWorker("worker")) {
            for (int f = 0; f < 6; f++) { // counted before the capture: the run values start from these
                frame(f, worker);
                live.update();
            }
            CaptureWriter writer = CaptureWriter.start(live, file, 128, 0, "statistics");
            frame(6, worker);
            live.update(); // the capture starts with the next frame, whole
            live.addFrameListener(statisticsReporter(live, liveReports, liveCharts));
            for (int f = 7; f < 50; f++) {
                frame(f, worker);
                live.update(f != 30);
            }
            writer.finish().get(30, TimeUnit.SECONDS);
            assertEquals(0, writer.framesDropped());
        }
        Hudprof.uninstall();

        Capture capture = Capture.open(file);
        assertTrue(capture.statistics().stream().anyMatch(s -> s.name().equals(HITS.name())));
        assertTrue(capture.frames().stream().allMatch(CapturedFrame::hasStatistics));
        List<String> replayedReports = new ArrayList<>();
        List<String> replayedCharts = new ArrayList<>();
        try (CaptureReplay replay = capture.replay(config())) {
            assertNotNull(replay.statistics());
            replay.profiler().addFrameListener(statisticsReporter(replay.profiler(), replayedReports,
                    replayedCharts));
            replay.replayAll();
            assertEquals(FrameStatistics.attachedTo(replay.profiler()), replay.statistics());
        }
        assertEquals(liveReports.size(), replayedReports.size());
        assertEquals(42, liveReports.size());
        for (int i = 0; i < liveReports.size(); i++) {
            assertEquals(withoutFrameNumber(liveReports.get(i)), withoutFrameNumber(replayedReports.get(i)),
                    "statistics of recorded frame " + (i + 1) + " of the capture");
            assertEquals(liveCharts.get(i), replayedCharts.get(i), "chart values of frame " + (i + 1));
        }
        assertTrue(liveReports.get(3).contains("Enemies spawned"), liveReports.get(3));
        assertTrue(liveStats.latest().statCount() > 0);
    }

    @Test
    void framesAlreadyGoneByCarryTheirStatisticsAndReplayAsTheyWereLive() throws Exception {
        Profiler live = new Profiler(config().clock(clock).build());
        Hudprof.install(live);
        io.hudprof.capture.FrameTimes times = io.hudprof.capture.FrameTimes.attach(live, 64);
        FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(live);
        List<String> liveReports = new ArrayList<>();
        List<String> liveCharts = new ArrayList<>();
        live.addFrameListener(statisticsReporter(live, liveReports, liveCharts));
        Path last = dir.resolve("last.hudprof");
        Path past = dir.resolve("past.hudprof");
        try (ThreadWorker worker = new ThreadWorker("worker")) {
            for (int f = 0; f < 40; f++) {
                frame(f, worker);
                live.update();
            }
            Captures.of(live).title("last 20").writeLast(20, times, last).get(30, TimeUnit.SECONDS);
            // Ten frames that ended five updates ago (a spike's surroundings), with a level counter that moved.
            Captures.of(live).title("past").writePast(5, 10, times, past).get(30, TimeUnit.SECONDS);
        }
        Hudprof.uninstall();
        assertReplaysLive(Capture.open(last), liveReports, liveCharts, 20);
        assertReplaysLive(Capture.open(past), liveReports.subList(0, 35), liveCharts.subList(0, 35), 10);
    }

    /** The capture's {@code frames} recorded frames, the last of {@code liveReports}, give the live statistics. */
    private static void assertReplaysLive(Capture capture, List<String> liveReports, List<String> liveCharts,
                                          int frames) {
        assertEquals(frames, capture.frames().size());
        assertTrue(capture.frames().stream().allMatch(CapturedFrame::hasStatistics),
                "every frame of the window carries its statistics");
        List<String> reports = new ArrayList<>();
        List<String> charts = new ArrayList<>();
        try (CaptureReplay replay = capture.replay(config())) {
            assertNotNull(replay.statistics());
            replay.profiler().addFrameListener(statisticsReporter(replay.profiler(), reports, charts));
            replay.replayAll();
        }
        assertEquals(frames, reports.size());
        int first = liveReports.size() - frames;
        for (int i = 0; i < frames; i++) {
            assertEquals(withoutFrameNumber(liveReports.get(first + i)), withoutFrameNumber(reports.get(i)),
                    "statistics of live frame " + (first + i + 1));
            assertEquals(liveCharts.get(first + i), charts.get(i), "chart values of live frame " + (first + i + 1));
        }
    }

    /**
     * After each recorded frame: the statistics report (instantaneous frame values and the run's) and the newest
     * chart value of each of the test's statistics.
     */
    private static FrameListener statisticsReporter(Profiler profiler, List<String> reports, List<String> charts) {
        Report report = new Report();
        Stat[] mine = {SPAWNED, ALIVE, BATCH, ERROR, HITS};
        return (nanos, recorded) -> {
            if (!recorded) {
                return;
            }
            ReportController c = ReportController.of(profiler);
            StringBuilder text = new StringBuilder();
            c.setAveraging(Averaging.INSTANTANEOUS);
            c.setMode(ReportMode.STATISTICS);
            c.build(report);
            TextReport.append(report, text);
            c.setMode(ReportMode.SELF_TIME);
            reports.add(text.toString());
            StatHistory history = FrameStatistics.attachedTo(profiler).history();
            StringBuilder values = new StringBuilder();
            for (Stat stat : mine) {
                values.append(stat.name()).append('=').append(history.value(stat, 0)).append(' ');
            }
            charts.add(values.toString());
        };
    }

    private static String withoutFrameNumber(String report) {
        return report.replaceAll("frame \\d+ ", "frame N ");
    }
}
