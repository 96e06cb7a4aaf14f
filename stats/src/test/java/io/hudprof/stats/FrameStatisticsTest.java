package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Averaging;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.ValueUnit;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.stats.text.TextReport;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Per-frame values, averages and history of statistics, and the STATISTICS report built from them. */
class FrameStatisticsTest {
    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private Profiler profiler;
    private FrameStatistics stats;
    private final Report report = new Report();

    @BeforeEach
    void setUp() {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).historyFrames(16).build());
        Hudprof.install(profiler);
        stats = FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        Stats.setClock(clock);
    }

    @AfterEach
    void tearDown() {
        stats.detach();
        Hudprof.uninstall();
    }

    private void frame() {
        clock.advanceMillis(16);
        profiler.update();
    }

    @Test
    void frameValuesAreWhatEachFrameAddedAndRunValuesTheTotal() {
        Counter drawn = Counter.define("Frames/Drawn");
        Counter alive = Counter.defineLevel("Frames/Alive");
        Percent culled = Percent.define("Frames/Culled");
        Ratio perRay = Ratio.define("Frames/Tests per ray");
        IntDistribution batch = IntDistribution.define("Frames/Batch");
        StatTimer decode = StatTimer.define("Frames/Decode");

        drawn.add(5);
        alive.add(10);
        culled.count(true);
        culled.count(false);
        culled.count(false);
        culled.count(false);
        perRay.add(30, 10);
        batch.report(2);
        batch.report(4);
        long start = decode.start();
        clock.advanceMillis(2);
        decode.stop(start);
        frame();
        assertEquals(5, stats.frameValue(drawn, Averaging.INSTANTANEOUS));
        assertEquals(10, stats.frameValue(alive, Averaging.INSTANTANEOUS));
        assertEquals(25, stats.frameValue(culled, Averaging.INSTANTANEOUS));
        assertEquals(3, stats.frameValue(perRay, Averaging.INSTANTANEOUS));
        assertEquals(3, stats.frameValue(batch, Averaging.INSTANTANEOUS));
        assertEquals(2_000_000, stats.frameValue(decode, Averaging.INSTANTANEOUS));

        drawn.add(3);
        alive.add(-4);
        culled.count(true);
        culled.count(true);
        perRay.add(5, 10);
        batch.report(10);
        frame();
        StatSnapshot run = stats.latest();
        assertEquals(3, stats.frameValue(drawn, Averaging.INSTANTANEOUS));
        assertEquals(8, drawn.runValue(run));
        assertEquals(6, stats.frameValue(alive, Averaging.INSTANTANEOUS), "a level shows the amount at frame end");
        assertEquals(6, alive.runValue(run));
        assertEquals(100, stats.frameValue(culled, Averaging.INSTANTANEOUS));
        assertEquals(50, culled.runValue(run));
        assertEquals(0.5, stats.frameValue(perRay, Averaging.INSTANTANEOUS));
        assertEquals(35 / 20.0, perRay.runValue(run));
        assertEquals(10, stats.frameValue(batch, Averaging.INSTANTANEOUS));
        assertEquals(16 / 3.0, batch.runValue(run), 1e-12);
        assertEquals(2, batch.runMin(run));
        assertEquals(10, batch.runMax(run));
        assertEquals(3, batch.runCount(run));
        assertEquals(0, stats.frameValue(decode, Averaging.INSTANTANEOUS));
        assertEquals(1, decode.runCount(run));
    }

    @Test
    void averagesUseTheProfilersWeightsAndSkipFramesWithoutAValue() {
        Counter counter = Counter.define("Averages/Counter");
        IntDistribution sizes = IntDistribution.define("Averages/Sizes");
        counter.add(10);
        sizes.report(10);
        frame();
        counter.add(20);
        frame();
        assertEquals(20, stats.frameValue(counter, Averaging.INSTANTANEOUS));
        assertEquals(10 + 0.2 * 10, stats.frameValue(counter, Averaging.FAST), 1e-12);
        assertEquals(10 + 0.02 * 10, stats.frameValue(counter, Averaging.SLOW), 1e-12);
        assertTrue(Double.isNaN(stats.frameValue(sizes, Averaging.INSTANTANEOUS)), "no value reported this frame");
        assertEquals(10, stats.frameValue(sizes, Averaging.FAST), "the average keeps the last frames' value");
    }

    @Test
    void pausedFramesAreConsumedButNotRecorded() {
        Counter counter = Counter.define("Paused/Counter");
        frame();
        int held = stats.history().size();
        counter.add(5);
        clock.advanceMillis(16);
        profiler.update(false);
        assertEquals(held, stats.history().size());
        counter.add(2);
        frame();
        assertEquals(2, stats.frameValue(counter, Averaging.INSTANTANEOUS), "the paused frame's counts are gone");
        assertEquals(7, counter.runValue(stats.latest()), "but still in the run total");
    }

    @Test
    void historyHoldsEachRecordedFramesValueInStepWithTheProfilersHistory() {
        Counter counter = Counter.define("History/Counter");
        for (int i = 1; i <= 20; i++) {
            counter.add(i);
            frame();
        }
        StatHistory history = stats.history();
        assertEquals(16, history.size());
        for (int ago = 0; ago < 16; ago++) {
            assertEquals(20 - ago, history.value(counter, ago));
            assertEquals(profiler.history().frameNumber(ago), history.frameNumber(ago));
            assertEquals(16_000_000, history.frameNanos(ago));
        }
        assertTrue(Double.isNaN(history.value(counter, 16)), "older than the history holds");
        double[] range = new double[2];
        assertTrue(history.range(counter, 4, range));
        assertEquals(17, range[0]);
        assertEquals(20, range[1]);
    }

    @Test
    void statisticsReportListsCategoriesWithTheirStatisticsSortedAndIndented() {
        Counter zebras = Counter.define("Zoo/Zebras");
        MemoryCounter food = MemoryCounter.define("Zoo/Food");
        Percent asleep = Percent.define("Aviary/Asleep");
        zebras.add(3);
        food.add(3 * 1024 * 1024);
        asleep.add(1, 4);
        frame();
        ReportController controller = ReportController.of(profiler);
        controller.setAveraging(Averaging.INSTANTANEOUS);
        controller.setMode(ReportMode.STATISTICS);
        controller.build(report);

        assertEquals(ReportMode.STATISTICS, report.mode());
        assertTrue(report.frameAvailable());
        int aviary = rowNamed("Aviary");
        assertEquals(0, report.row(aviary).indent());
        assertFalse(report.row(aviary).shown(Column.FRAME), "a category heading has no values");
        ReportRow asleepRow = report.row(aviary + 1);
        assertEquals("Asleep", asleepRow.name());
        assertEquals(1, asleepRow.indent());
        assertEquals(ValueUnit.PERCENT, asleepRow.unit());
        assertEquals(25, asleepRow.value(Column.FRAME));
        assertEquals(4, asleepRow.value(Column.COUNT));
        int zoo = rowNamed("Zoo");
        assertEquals("Food", report.row(zoo + 1).name(), "sorted by name within the category");
        assertEquals("Zebras", report.row(zoo + 2).name());
        assertEquals(ValueUnit.BYTES, report.row(zoo + 1).unit());
        assertEquals(zebras.id(), report.row(zoo + 2).key());
        assertEquals(-1, report.row(zoo + 2).zoneId());
        assertFalse(report.row(zoo + 2).shown(Column.MIN), "only distributions have a minimum");

        String text = TextReport.render(report);
        assertTrue(text.startsWith("hudprof statistics | instant | live | frame 1 16.000 ms\n"), text);
        assertTrue(text.contains("\nstatistic "), text);
        assertTrue(text.contains("\n     Food                                3.00 MiB   3.00 MiB"), text);
        assertTrue(text.contains("\n     Asleep                                25.00%     25.00%"), text);
    }

    @Test
    void cursorStaysOnItsStatisticWhenRowsAreAddedAboveIt() {
        Counter target = Counter.define("Cursor/Target");
        target.increment();
        frame();
        ReportController controller = ReportController.of(profiler);
        controller.setMode(ReportMode.STATISTICS);
        controller.build(report);
        controller.setCursor(rowWithKey(target.id()));
        Counter.define("Aaa/Sorted first").add(1);
        Counter.define("Aab/Sorted second").add(1);
        frame();
        controller.build(report);
        assertEquals(target.id(), report.row(report.cursor()).key());
        controller.moveCursor(-1);
        controller.build(report);
        assertEquals("Cursor", report.row(report.cursor()).name(), "moved onto the category heading");
    }

    @Test
    void selectingAStatisticRowLeavesTheReportAlone() {
        Counter.define("Select/Thing").increment();
        frame();
        ReportController controller = ReportController.of(profiler);
        controller.setMode(ReportMode.STATISTICS);
        controller.build(report);
        controller.select();
        controller.selectParent();
        assertEquals(ReportMode.STATISTICS, controller.mode());
        assertNull(controller.focus());
        controller.setMode(ReportMode.CALL_GRAPH);
        assertNull(controller.focus(), "a statistic is not a zone to focus on");
    }

    @Test
    void cycleModeVisitsStatisticsOnlyWhileATableIsPluggedIn() {
        ReportController controller = ReportController.of(profiler);
        assertSame(stats, controller.statistics());
        controller.setMode(ReportMode.CALL_GRAPH);
        controller.cycleMode();
        assertEquals(ReportMode.STATISTICS, controller.mode());
        controller.cycleMode();
        assertEquals(ReportMode.SELF_TIME, controller.mode());
        stats.detach();
        assertNull(controller.statistics());
        controller.setMode(ReportMode.CALL_GRAPH);
        controller.cycleMode();
        assertEquals(ReportMode.SELF_TIME, controller.mode());
    }

    @Test
    void historyFramesAndAveragingChooseTheFrameColumn() {
        Counter counter = Counter.define("Scrub/Counter");
        counter.add(10);
        frame();
        counter.add(20);
        frame();
        counter.add(40);
        frame();
        ReportController controller = ReportController.of(profiler);
        controller.setMode(ReportMode.STATISTICS);
        controller.setAveraging(Averaging.INSTANTANEOUS);
        controller.build(report);
        ReportRow row = report.row(rowWithKey(counter.id()));
        assertEquals(40, row.value(Column.FRAME));
        assertEquals(70, row.value(Column.RUN));
        controller.setAveraging(Averaging.FAST);
        controller.build(report);
        assertEquals(stats.frameValue(counter, Averaging.FAST), report.row(rowWithKey(counter.id())).value(Column.FRAME));
        controller.setFrame(2);
        controller.build(report);
        assertEquals(Averaging.INSTANTANEOUS, report.averaging(), "history frames are instantaneous");
        assertEquals(1, report.frameNumber());
        assertEquals(10, report.row(rowWithKey(counter.id())).value(Column.FRAME));
        assertEquals(70, report.row(rowWithKey(counter.id())).value(Column.RUN), "run values are up to now");
    }

    @Test
    void nextChartedWalksTheStatisticsInReportOrderThenStops() {
        Counter b = Counter.define("Walk/B");
        Counter a = Counter.define("Walk/A");
        Counter c = Counter.define("Walk/C");
        frame();
        assertEquals(a.id(), firstInCategoryAfter("Walk", -1), "sorted by name within the category");
        assertEquals(b.id(), stats.nextCharted(a.id()));
        assertEquals(c.id(), stats.nextCharted(b.id()));
        int id = -1;
        int steps = 0;
        do {
            id = stats.nextCharted(id);
            steps++;
        } while (id >= 0 && steps < 1000);
        assertEquals(Stats.count() + 1, steps, "every statistic once, then -1");
    }

    private int firstInCategoryAfter(String category, int id) {
        int next = stats.nextCharted(id);
        while (next >= 0 && !Stats.byId(next).category().equals(category)) {
            next = stats.nextCharted(next);
        }
        return next;
    }

    @Test
    void statisticsReportHasNoRowsBeforeTheFirstRecordedFrame() {
        Counter.define("Early/Counter").increment();
        ReportController controller = ReportController.of(profiler);
        controller.setMode(ReportMode.STATISTICS);
        controller.build(report);
        assertFalse(report.frameAvailable());
        assertEquals(0, report.rowCount());
        assertEquals(-1, report.cursor());
    }

    private int rowNamed(String name) {
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).name().equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no row " + name + " in\n" + TextReport.render(report));
    }

    private int rowWithKey(int key) {
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).key() == key) {
                return i;
            }
        }
        throw new AssertionError("no row with key " + key + " in\n" + TextReport.render(report));
    }
}
