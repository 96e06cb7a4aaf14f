package io.hudprof.core;

/**
 * The unit of a statistic's values. Used by rows of statistics reports ({@code ReportRow.unit()}), by value charts
 * and by the statistics exit report. Each constant says how it is printed; the printing, and a chart axis's label
 * and scale, are the renderers' ({@code io.hudprof.stats.text.UnitText} in hudprof-stats): core holds numbers.
 */
public enum ValueUnit {
    /** A count of events or things: a whole number, or two decimals when averaged. */
    COUNT,
    /** Bytes, printed whole in B, or with two decimals in KiB, MiB or GiB, whichever keeps the number below 1024. */
    BYTES,
    /** A duration in nanoseconds, printed in milliseconds with three decimals. */
    NANOS,
    /** A percentage, 0–100, printed with two decimals and {@code %}. */
    PERCENT,
    /** A ratio, printed with two decimals and {@code x} ("3.20x"). */
    RATIO,
    /** A plain number, printed with three decimals. */
    NUMBER
}
