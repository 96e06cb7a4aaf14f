package io.hudprof.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.core.ValueUnit;
import io.hudprof.stats.text.ReportCells;
import io.hudprof.stats.text.TextLine;
import org.junit.jupiter.api.Test;

/** Each column's cell text, at the rounding ties and edges the HUD and the text report must agree on. */
class ReportCellsTest {
    private final TextLine line = new TextLine(16);

    private String cell(ReportRow row, Column column) {
        line.clear();
        ReportCells.appendValue(row, column, line);
        return line.toString();
    }

    private static ReportRow zoneRow(Column column, double value) {
        ReportRow row = new ReportRow();
        row.set("Physics", -1, 1, 0, RowRole.FLAT, false);
        row.value(column, value);
        return row;
    }

    private static ReportRow statRow(ValueUnit unit, Column column, double value) {
        ReportRow row = new ReportRow();
        row.setValueRow("Uploads", 7, 1, unit);
        row.value(column, value);
        return row;
    }

    @Test
    void timesAreMillisecondsWithThreeDecimalsRoundedHalfAwayFromZero() {
        assertEquals("0.001", cell(zoneRow(Column.SELF, 500), Column.SELF), "0.0005 ms is a tie");
        assertEquals("0.000", cell(zoneRow(Column.SELF, 499.999), Column.SELF));
        assertEquals("1.001", cell(zoneRow(Column.HIER, 1_000_500), Column.HIER));
        assertEquals("16.667", cell(zoneRow(Column.HIER, 16_666_666.7), Column.HIER));
        assertEquals("0.000", cell(zoneRow(Column.SELF, -0.0), Column.SELF));
        assertEquals("-", cell(zoneRow(Column.SELF, Double.NaN), Column.SELF));
        assertEquals("1.00e16", cell(zoneRow(Column.SELF, 1e22), Column.SELF));
    }

    @Test
    void countsAreWholeUnlessAveraged() {
        assertEquals("42", cell(zoneRow(Column.COUNT, 42), Column.COUNT));
        assertEquals("2.5", cell(zoneRow(Column.COUNT, 2.45), Column.COUNT), "2.45 is held just above the tie");
        assertEquals("0.1", cell(zoneRow(Column.COUNT, 0.05), Column.COUNT));
        assertEquals("-", cell(zoneRow(Column.COUNT, Double.NaN), Column.COUNT));
    }

    @Test
    void percentagesHaveOneDecimal() {
        assertEquals("12.3", cell(zoneRow(Column.SELF_PERCENT, 12.25), Column.SELF_PERCENT), "a true tie goes up");
        assertEquals("100.0", cell(zoneRow(Column.HIER_PERCENT, 100), Column.HIER_PERCENT));
    }

    @Test
    void statisticCellsPrintInTheRowsUnit() {
        assertEquals("1023 B", cell(statRow(ValueUnit.BYTES, Column.FRAME, 1023.4), Column.FRAME));
        assertEquals("1.00 KiB", cell(statRow(ValueUnit.BYTES, Column.FRAME, 1023.6), Column.FRAME),
                "never 1024 B");
        assertEquals("1.00 MiB", cell(statRow(ValueUnit.BYTES, Column.RUN, 1024 * 1024 - 1), Column.RUN),
                "never 1024.00 KiB");
        assertEquals("5.25 GiB", cell(statRow(ValueUnit.BYTES, Column.MAX, 5.25 * (1L << 30)), Column.MAX));
        assertEquals("3.21x", cell(statRow(ValueUnit.RATIO, Column.FRAME, 3.205), Column.FRAME));
        assertEquals("12.50%", cell(statRow(ValueUnit.PERCENT, Column.RUN, 12.5), Column.RUN));
        assertEquals("2.50", cell(statRow(ValueUnit.COUNT, Column.FRAME, 2.5), Column.FRAME));
        assertEquals("1.500 ms", cell(statRow(ValueUnit.NANOS, Column.MIN, 1_499_500), Column.MIN));
        assertEquals("-", cell(statRow(ValueUnit.RATIO, Column.FRAME, Double.NaN), Column.FRAME));
    }

    @Test
    void aColumnTheRowDoesNotShowIsBlank() {
        assertEquals("", cell(zoneRow(Column.SELF, 5), Column.HIER));
    }

    @Test
    void timeHeadersCarryTheirUnit() {
        ReportCells.appendHeader(Column.SELF, line.clear());
        assertEquals("self ms", line.toString());
        ReportCells.appendHeader(Column.COUNT, line.clear());
        assertEquals("count", line.toString());
    }

    @Test
    void nameCellsIndentMarkAndCutWithATilde() {
        ReportRow row = new ReportRow();
        row.set("Broadphase", -1, 1, 2, RowRole.FLAT, true);
        ReportCells.appendName(row, 30, line.clear());
        assertEquals("    +Broadphase", line.toString());
        ReportCells.appendName(row, 8, line.clear());
        assertEquals("    +Br~", line.toString());
        row.set("Physics", -1, 1, 0, RowRole.FOCUS, true);
        ReportCells.appendName(row, 30, line.clear());
        assertEquals("-Physics", line.toString());
    }
}
