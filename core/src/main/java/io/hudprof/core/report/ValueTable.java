package io.hudprof.core.report;

import io.hudprof.core.Averaging;
import io.hudprof.core.Profiler;
import io.hudprof.core.ValueUnit;

/**
 * Rows of named values that are not zone times, for the {@link ReportMode#STATISTICS} report: the report
 * controller copies them into {@link ReportRow}s so every renderer draws them like any other report. The
 * statistics module implements it and plugs it in as a {@link ReportAnnex}.
 *
 * <p>Called on the thread that builds reports (the one calling {@code Profiler.update()}), at most once per
 * build: {@link #prepare} first, then the row accessors. Implementations should not allocate in steady state.
 */
public interface ValueTable {
    /**
     * Gets the rows ready for the frame {@code framesAgo} back (0 = the latest recorded frame) under the given
     * averaging (live frames only; history frames are instantaneous).
     *
     * @return false when that frame's values are not held; the report then shows no rows
     */
    boolean prepare(int framesAgo, Averaging averaging);

    /** Number of rows prepared. */
    int rowCount();

    /** The text of the row's name column. */
    String name(int row);

    /**
     * A stable identity of the row across frames (the report's cursor follows it when rows come and go): for
     * example a statistic's id, or a negative number for a category heading.
     */
    int key(int row);

    /** Indentation in levels: 0 for a category heading, 1 for the values under it. */
    int indent(int row);

    /** The unit of the row's {@link Column#FRAME}, {@link Column#RUN}, {@link Column#MIN} and {@link Column#MAX}. */
    ValueUnit unit(int row);

    /** The row's value in a column, or {@code NaN} to leave that cell blank. */
    double value(int row, Column column);
}
