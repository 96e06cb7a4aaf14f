package io.hudprof.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.FrameListener;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.stats.Counter;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.IntDistribution;
import io.hudprof.stats.Sensor;
import io.hudprof.stats.Stats;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A captured spike keeps the statistics of its frame (counters, levels, distributions) whichever of the spike capture
 * and the statistics was attached first, and the statistics report of the stored spike shows them after the frame
 * left the history ring.
 */
class SpikeStatisticsTest {
    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private Profiler profiler;

    @BeforeEach
    void setUp() {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).historyFrames(8).build());
        Hudprof.install(profiler);
        Stats.setClock(clock);
    }

    @AfterEach
    void tearDown() {
        Hudprof.uninstall();
    }

    private void frame(long millis) {
        clock.advanceMillis(millis);
        profiler.update();
    }

    @Test
    void gatheringListenersRunBeforeReadingOnesWhateverTheOrderAdded() {
        List<String> order = new ArrayList<>();
        profiler.addFrameListener((nanos, recorded) -> order.add("read 1"));
        profiler.addFrameListener(new FrameListener() {
            @Override
            public void frameEnded(long frameNanos, boolean recorded) {
                order.add("gather");
            }

            @Override
            public Stage stage() {
                return Stage.GATHER;
            }
        });
        profiler.addFrameListener((nanos, recorded) -> order.add("read 2"));
        frame(16);
        assertEquals(List.of("gather", "read 1", "read 2"), order);
    }

    @Test
    void aSpikeKeepsItsFramesStatisticsEvenWhenTheCaptureWasAttachedFirst() {
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(10)).attach(profiler);
        FrameStatistics stats = FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        Counter expanded = Counter.define("Spike stats/Nodes expanded");
        Counter open = Counter.defineLevel("Spike stats/Open list");
        IntDistribution length = IntDistribution.define("Spike stats/Path length");
        try {
            for (int i = 0; i < 5; i++) {
                expanded.add(10);
                length.report(4);
                frame(5);
            }
            expanded.add(700);
            open.add(300);
            length.report(40);
            length.report(60);
            frame(15);
            long spikeFrame = profiler.recordedFrames();
            Spike spike = spikes.recent(0);
            assertEquals(spikeFrame, spike.frameNumber());
            assertEquals(700, spike.statistic(expanded.id(), Column.FRAME));
            assertEquals(750, spike.statistic(expanded.id(), Column.RUN));
            assertEquals(300, spike.statistic(open.id(), Column.FRAME));
            assertEquals(50, spike.statistic(length.id(), Column.FRAME), "the frame's mean");
            assertEquals(4, spike.statistic(length.id(), Column.MIN));
            assertEquals(60, spike.statistic(length.id(), Column.MAX));
            assertEquals(7, spike.statistic(length.id(), Column.COUNT));

            for (int i = 0; i < 20; i++) {
                expanded.add(10);
                length.report(100);
                frame(5);
            }
            ReportController controller = ReportController.of(profiler);
            controller.setMode(ReportMode.STATISTICS);
            Report report = new Report();
            controller.build(report);
            assertEquals(950, row(report, "Nodes expanded").value(Column.RUN), "live: today's run value");

            controller.showSpike(spike);
            controller.build(report);
            assertTrue(report.storedSpike());
            assertTrue(report.frameAvailable());
            assertEquals(spikeFrame, report.frameNumber());
            assertEquals(15_000_000, report.frameNanos());
            assertEquals(700, row(report, "Nodes expanded").value(Column.FRAME));
            assertEquals(750, row(report, "Nodes expanded").value(Column.RUN));
            assertEquals(300, row(report, "Open list").value(Column.FRAME));
            assertEquals(50, row(report, "Path length").value(Column.FRAME));
            assertEquals(60, row(report, "Path length").value(Column.MAX));
        } finally {
            spikes.detach();
            stats.detach();
        }
    }

    @Test
    void aStatisticDefinedAfterTheSpikeShowsBlankInItsReport() {
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(10)).attach(profiler);
        FrameStatistics stats = FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        Counter before = Counter.define("Spike stats late/Before");
        try {
            before.add(3);
            frame(15);
            Counter after = Counter.define("Spike stats late/After");
            after.add(5);
            frame(5);
            ReportController controller = ReportController.of(profiler);
            controller.setMode(ReportMode.STATISTICS);
            controller.showSpike(spikes.recent(0));
            Report report = new Report();
            controller.build(report);
            assertEquals(3, row(report, "Before").value(Column.FRAME));
            assertTrue(!row(report, "After").shown(Column.FRAME) && !row(report, "After").shown(Column.RUN));
        } finally {
            spikes.detach();
            stats.detach();
        }
    }

    private static ReportRow row(Report report, String name) {
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).name().equals(name)) {
                return report.row(i);
            }
        }
        throw new AssertionError("no row " + name);
    }
}
