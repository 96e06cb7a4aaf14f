package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import io.hudprof.core.Averaging;
import io.hudprof.core.ValueUnit;
import io.hudprof.stats.text.TextLine;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.stats.text.TextReport;
import io.hudprof.stats.FloatDistribution;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.MemoryCounter;
import io.hudprof.stats.Sensor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The HUD's report panel and the plain-text report print the same cells, digit for digit, for the same report:
 * names, times (including exact rounding ties), counts, percentages and statistics in their units. The HUD's text
 * comes from {@link HudFrame}, with no GL context.
 */
class HudCellsMatchTextReportTest {
    /** The text report's layout: cursor marker, name column, value columns. */
    private static final int TEXT_MARKER = 2;
    private static final int TEXT_NAME = 36;
    private static final int TEXT_VALUE = 11;
    /** A HUD name column that cuts names where the text report does (its last character is a space). */
    private static final int HUD_NAME = TEXT_NAME + 1;

    private static final MemoryCounter UPLOADED = MemoryCounter.define("Cells/Bytes uploaded");
    private static final FloatDistribution LATENESS = FloatDistribution.define("Cells/Lateness", ValueUnit.RATIO);

    private ScriptedGame game;
    private HudFrame hud;

    @BeforeEach
    void play() {
        game = new ScriptedGame(64, 4);
        FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(game.profiler);
        for (int i = 0; i <= 40; i++) {
            UPLOADED.add(1000 + 37 * i);
            LATENESS.report(1.0 + 0.005 * (i % 3));
            // 1.00025 makes Physics 2000.5 µs, a tie at the third decimal of a millisecond, in the live frame.
            game.frame(i % 2 == 0 ? 1.00025 : 1.1);
        }
        hud = HudFrame.create(game.profiler, OverlayConfig.builder().startVisible(true).nameChars(HUD_NAME)
                .visibleRows(60).build());
    }

    @AfterEach
    void close() {
        hud.close();
        game.close();
    }

    @Test
    void selfTimeCellsAreIdenticalLiveAndAveraged() {
        ReportController.of(game.profiler).setAveraging(Averaging.INSTANTANEOUS);
        List<List<String>> live = assertSameCells(ReportMode.SELF_TIME);
        assertTrue(live.stream().anyMatch(row -> row.get(0).equals("+Physics") && row.get(1).equals("2.001")),
                "Physics' self time of 2000.5 µs rounds half away from zero: " + live);
        for (Averaging averaging : Averaging.values()) {
            ReportController.of(game.profiler).setAveraging(averaging);
            assertSameCells(ReportMode.SELF_TIME);
        }
    }

    @Test
    void hierarchicalTimeCellsAreIdentical() {
        ReportController.of(game.profiler).setMode(ReportMode.HIERARCHICAL_TIME);
        ReportController.of(game.profiler).setAveraging(Averaging.SLOW);
        assertSameCells(ReportMode.HIERARCHICAL_TIME);
    }

    @Test
    void callGraphCellsAreIdenticalInAHistoryFrame() {
        ReportController.of(game.profiler).setFrame(3);
        ReportController.of(game.profiler).setCursor(1);
        ReportController.of(game.profiler).select();
        assertSameCells(ReportMode.CALL_GRAPH);
    }

    @Test
    void statisticsCellsAreIdenticalInTheirUnits() {
        ReportController.of(game.profiler).setMode(ReportMode.STATISTICS);
        ReportController.of(game.profiler).setAveraging(Averaging.FAST);
        List<List<String>> hudCells = assertSameCells(ReportMode.STATISTICS);
        assertTrue(hudCells.stream().anyMatch(row -> row.stream().anyMatch(c -> c.endsWith(" KiB"))),
                "the statistics report shows a memory value: " + hudCells);
        assertTrue(hudCells.stream().anyMatch(row -> row.stream().anyMatch(c -> c.endsWith("x"))),
                "the statistics report shows a ratio: " + hudCells);
    }

    /** Builds a HUD frame, prints the same report as text, and compares every row's cells; returns the HUD's. */
    private List<List<String>> assertSameCells(ReportMode mode) {
        assertTrue(hud.build(1920, 1080));
        Report report = hud.report();
        assertEquals(mode, report.mode());
        assertTrue(report.rowCount() > 1, "rows to compare");
        String[] text = TextReport.render(report).split("\n");
        boolean stats = mode == ReportMode.STATISTICS;
        int hudValue = stats ? ReportPanelView.STAT_VALUE_CHARS : ReportPanelView.VALUE_CHARS;
        TextLine line = new TextLine(256);
        List<List<String>> hudRows = new ArrayList<>();
        for (int i = 0; i < report.rowCount(); i++) {
            hud.appendRowText(i, line.clear());
            List<String> hudCells = cells(line.toString(), 0, HUD_NAME, hudValue, report.columnCount());
            List<String> textCells = cells(text[2 + i], TEXT_MARKER, TEXT_NAME, TEXT_VALUE, report.columnCount());
            assertEquals(textCells, hudCells,
                    "row " + i + " of " + mode + "\nHUD:  " + line + "\ntext: " + text[2 + i]);
            hudRows.add(hudCells);
        }
        return hudRows;
    }

    /** The trimmed name cell and value cells of a fixed-width report line. */
    private static List<String> cells(String line, int start, int nameWidth, int valueWidth, int columns) {
        List<String> cells = new ArrayList<>();
        cells.add(line.substring(start, start + nameWidth).trim());
        for (int c = 0; c < columns; c++) {
            int from = start + nameWidth + c * valueWidth;
            cells.add(line.substring(Math.min(from, line.length()), Math.min(from + valueWidth, line.length())).trim());
        }
        return cells;
    }
}
