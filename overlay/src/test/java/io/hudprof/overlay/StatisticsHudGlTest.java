package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_C;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_ENTER;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_G;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_M;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;

import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.stats.Counter;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.MemoryCounter;
import io.hudprof.stats.Sensor;
import io.hudprof.stats.Stat;
import io.hudprof.stats.Stats;
import io.hudprof.testkit.AllocationCheck;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The statistics report and the value chart in the HUD: placement, scale, keys, draw calls and allocation. */
class StatisticsHudGlTest {
    private static final int W = 1280;
    private static final int H = 720;
    private static final int HISTORY = 48;
    private static final Counter SPAWNED = Counter.define("Game/Entities spawned");
    private static final MemoryCounter UPLOADED = MemoryCounter.define("Game/Bytes uploaded");

    private static GlContext gl;
    private ScriptedGame game;
    private FrameStatistics stats;
    private Overlay overlay;
    private int frames;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
    }

    @AfterAll
    static void close() {
        gl.close();
    }

    @BeforeEach
    void start() {
        game = new ScriptedGame(HISTORY, 0);
        stats = FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(game.profiler);
        // Draw calls and the chart's pixels are pinned frame by frame: the HUD redraws every frame.
        overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).graphColumnWidth(6)
                .graphHeight(160).refreshInterval(java.time.Duration.ZERO).build());
    }

    @AfterEach
    void stop() {
        overlay.close();
        stats.detach();
        game.close();
    }

    /** Frame n spawns (n % 4) × 10 entities and uploads (n % 3) MiB. */
    private void frames(int count) {
        for (int i = 0; i < count; i++) {
            SPAWNED.add((frames % 4) * 10L);
            UPLOADED.add((frames % 3) * (1L << 20));
            frames++;
            game.frame(1.0);
        }
    }

    private Image render(String screenshot) {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        return screenshot == null ? gl.read() : gl.screenshot(screenshot);
    }

    private void press(int key) {
        overlay.keys().onKey(key, GLFW_PRESS, 0);
        overlay.keys().onKey(key, GLFW_RELEASE, 0);
    }

    /** Height of the chart's bar for the frame {@code framesAgo} back, measured up from the zero line. */
    private static int barHeight(Image image, ValueChartView chart, int framesAgo) {
        int x = chart.strip().plot().right() - (framesAgo + 1) * chart.strip().columnWidth();
        for (int y = chart.strip().plot().top(); y < chart.strip().plot().bottom(); y++) {
            if (image.rgb(x, y) == HudPalette.CHART_BAR >>> 8) {
                return chart.strip().plot().bottom() - y;
            }
        }
        return 0;
    }

    @Test
    void chartSitsBesideTheGraphAndItsBarsFollowTheValuesOnANiceScale() {
        frames(HISTORY);
        overlay.controls().chart(SPAWNED);
        Image image = render("value-chart-counter");
        assertTrue(overlay.chartShown());
        ValueChartView chart = overlay.chart();
        HistoryGraphView graph = overlay.graph();
        assertTrue(chart.strip().bounds().left() >= graph.strip().bounds().right(), "to the right of the graph");
        assertEquals(graph.strip().plot().top(), chart.strip().plot().top(), "plots line up");
        assertEquals(graph.strip().plot().bottom(), chart.strip().plot().bottom());
        assertEquals(graph.strip().columnWidth(), chart.strip().columnWidth());
        assertEquals(50, chart.scaleTop(), "largest value 30, next nice number 50");
        assertEquals(0, chart.scaleBottom());
        int plotHeight = chart.strip().plot().bottom() - chart.strip().plot().top();
        for (int ago = 0; ago < HISTORY; ago++) {
            double value = stats.history().value(SPAWNED, ago);
            int expected = (int) Math.round(value / 50 * plotHeight);
            int measured = barHeight(image, chart, ago);
            assertTrue(Math.abs(measured - expected) <= 1, ago + " frames back: value " + value + " should be "
                    + expected + " px, is " + measured);
        }
        // Opaque panels (the default): the report's background, its text; the graph's background, its furniture;
        // the chart's background, its bars and labels; the graph's column picture; the guide lines over it.
        assertEquals(8, overlay.lastDrawCalls(), "the chart adds its opaque background and its blended bars");
    }

    @Test
    void bytesScaleToPowersOf1024() {
        frames(HISTORY);
        overlay.controls().chart(UPLOADED);
        render("value-chart-bytes");
        assertEquals(2 << 20, overlay.chart().scaleTop(), "largest value 2 MiB");
    }

    @Test
    void chartKeyCyclesThroughEveryStatisticInReportOrderThenHidesTheChart() {
        frames(5);
        assertNull(overlay.controls().chartedStatistic());
        press(GLFW_KEY_C);
        assertEquals(stats.nextCharted(-1), overlay.controls().chartedStatistic().id());
        int presses = 1;
        while (overlay.controls().chartedStatistic() != null && presses <= Stats.count()) {
            Stat before = overlay.controls().chartedStatistic();
            press(GLFW_KEY_C);
            presses++;
            Stat after = overlay.controls().chartedStatistic();
            if (after != null) {
                assertEquals(stats.nextCharted(before.id()), after.id());
            }
        }
        assertEquals(Stats.count() + 1, presses, "each statistic once, then no chart");
        render(null);
        assertFalse(overlay.chartShown());
    }

    @Test
    void enterOnAStatisticsRowChartsThatStatisticAndGHidesTheChartWithTheGraph() {
        frames(5);
        press(GLFW_KEY_M);
        press(GLFW_KEY_M);
        press(GLFW_KEY_M);
        assertEquals(ReportMode.STATISTICS, ReportController.of(game.profiler).mode());
        render(null);
        Report report = overlay.report();
        int row = -1;
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).key() == UPLOADED.id()) {
                row = i;
            }
        }
        ReportController.of(game.profiler).setCursor(row);
        render(null);
        press(GLFW_KEY_ENTER);
        assertSame(UPLOADED, overlay.controls().chartedStatistic());
        assertEquals(ReportMode.STATISTICS, ReportController.of(game.profiler).mode(), "still the statistics report");
        render("statistics-report-with-chart");
        assertTrue(overlay.chartShown());
        press(GLFW_KEY_G);
        render(null);
        assertFalse(overlay.chartShown(), "the chart sits beside the graph and hides with it");
    }

    @Test
    void statisticsReportColumnsAreWideEnoughForValuesWithUnits() {
        frames(5);
        render(null);
        int timeWidth = overlay.panel().bounds().width();
        ReportController.of(game.profiler).setMode(ReportMode.STATISTICS);
        render("statistics-report");
        int cell = overlay.font().cellWidth();
        assertEquals(5, overlay.report().columnCount());
        assertEquals(timeWidth + (5 * ReportPanelView.STAT_VALUE_CHARS - 4 * ReportPanelView.VALUE_CHARS) * cell,
                overlay.panel().bounds().width());
    }

    @Test
    void drawingTheStatisticsReportAndAChartAllocatesNothing() {
        ReportController.of(game.profiler).setMode(ReportMode.STATISTICS);
        overlay.controls().chart(SPAWNED);
        for (int i = 0; i < 300; i++) {
            frames(1);
            overlay.controls().cursorDown();
            overlay.render(W, H);
        }
        AllocationCheck.assertSteady("counting, update and drawing with the statistics report and a chart", 300, 5,
                100, new Runnable() {
                    private int i;

                    @Override
                    public void run() {
                        frames(1);
                        overlay.controls().frameOlder(i++ % 2 == 0 ? 3 : -3);
                        overlay.render(W, H);
                    }
                });
        assertTrue(overlay.chartShown());
    }
}
