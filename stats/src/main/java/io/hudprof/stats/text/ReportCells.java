package io.hudprof.stats.text;

import io.hudprof.core.Metric;
import io.hudprof.core.ValueUnit;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;

/**
 * The text of a report's cells, the same for every way of showing a {@link Report} (the HUD's panel, the plain-text
 * report, exports): the name cell with IProf's drill markers, each column's header, and each value by its column:
 * <ul>
 *   <li>{@link Column#SELF}, {@link Column#HIER} and the distribution columns ({@link Column#DIST_MIN} ...):
 *       milliseconds with {@value #MILLIS_DECIMALS} decimals, or, in a
 *       report of {@link Metric#ALLOCATED_BYTES}, bytes in {@link ValueUnit#BYTES} ("12.50 KiB");
 *   <li>{@link Column#COUNT}: whole when counted, with {@value #AVERAGED_COUNT_DECIMALS} decimal when averaged;
 *   <li>{@link Column#SELF_PERCENT}, {@link Column#HIER_PERCENT}: {@value #PERCENT_DECIMALS} decimal;
 *   <li>{@link Column#FRAME}, {@link Column#RUN}, {@link Column#MIN}, {@link Column#MAX}: the row's
 *       {@link ValueUnit} ("12.50 MiB", "3.20x");
 *   <li>a value that is not a number prints as {@code -}; a cell the row does not show prints nothing.
 * </ul>
 * Rounding is {@link TextLine}'s one rule. Allocation-free once the destination has room.
 */
public final class ReportCells {
    /** Decimals of millisecond cells. */
    public static final int MILLIS_DECIMALS = 3;
    /** Decimals of an averaged (fractional) count. */
    public static final int AVERAGED_COUNT_DECIMALS = 1;
    /** Decimals of percentage-of-frame cells. */
    public static final int PERCENT_DECIMALS = 1;

    private ReportCells() {
    }

    /** Appends the header of {@code column} in a time report: its name, with the unit for time columns ("self ms"). */
    public static void appendHeader(Column column, TextLine dest) {
        appendHeader(column, Metric.TIME, dest);
    }

    /**
     * Appends the header of {@code column} in a report of {@code metric}: its name, with "ms" on time columns or
     * "alloc" on allocated-bytes columns ("self alloc"), whose cells carry their own B/KiB/MiB.
     */
    public static void appendHeader(Column column, Metric metric, TextLine dest) {
        dest.append(column.header());
        if (column == Column.SELF || column == Column.HIER || column.distribution()) {
            dest.append(metric == Metric.TIME ? " ms" : " alloc");
        }
    }

    /**
     * Appends the row's name cell: two spaces per indent level, then {@code -} on the call graph's focus, {@code +}
     * on a row that can be drilled into, a space otherwise, then the name. A cell longer than {@code maxChars} is
     * cut and ends in {@code ~}, so the cut shows.
     */
    public static void appendName(ReportRow row, int maxChars, TextLine dest) {
        int from = dest.length();
        dest.spaces(2 * row.indent());
        dest.append(row.role() == RowRole.FOCUS ? '-' : row.drillable() ? '+' : ' ');
        dest.append(row.name());
        if (dest.length() - from > maxChars) {
            dest.truncate(from + Math.max(0, maxChars - 1)).append('~');
        }
    }

    /** Appends the row's cell in {@code column}, with time in {@value #MILLIS_DECIMALS} decimals. */
    public static void appendValue(ReportRow row, Column column, TextLine dest) {
        appendValue(row, column, MILLIS_DECIMALS, dest);
    }

    /**
     * Appends the row's cell in {@code column}, with time in {@code millisDecimals} decimals (a HUD configured for
     * fewer digits); nothing when the row does not show that column.
     */
    public static void appendValue(ReportRow row, Column column, int millisDecimals, TextLine dest) {
        if (!row.shown(column)) {
            return;
        }
        double value = row.value(column);
        switch (column) {
            case SELF, HIER, DIST_MIN, DIST_MEDIAN, DIST_P95, DIST_P99, DIST_MAX -> {
                if (row.unit() == ValueUnit.BYTES) {
                    UnitText.append(ValueUnit.BYTES, value, dest);
                } else {
                    dest.appendScaled(value, -6, millisDecimals);
                }
            }
            case COUNT -> UnitText.appendCount(value, AVERAGED_COUNT_DECIMALS, dest);
            case SELF_PERCENT, HIER_PERCENT -> dest.appendFixed(value, PERCENT_DECIMALS);
            case FRAME, RUN, MIN, MAX -> UnitText.append(row.unit(), value, dest);
        }
    }
}
