package io.hudprof.core;

import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;

/**
 * The unit of a statistic's values, and how to print one. Used by rows of {@link ReportMode#STATISTICS} reports
 * ({@link ReportRow#unit()}), by value charts and by the statistics exit report.
 *
 * <p>{@link #append(double, StringBuilder)} allocates nothing once the builder has room, so renderers can format
 * on the per-frame path. {@code NaN} (no value in that frame) prints as {@code -}.
 */
public enum ValueUnit {
    /** A count of events or things: a whole number, or two decimals when averaged. */
    COUNT(""),
    /** Bytes, printed in B, KiB, MiB or GiB, whichever keeps the number below 1024. */
    BYTES(""),
    /** A duration in nanoseconds, printed in milliseconds with three decimals. */
    NANOS(" ms"),
    /** A percentage, 0–100, printed with two decimals and {@code %}. */
    PERCENT("%"),
    /** A ratio, printed with two decimals and {@code x} ("3.20x"). */
    RATIO("x"),
    /** A plain number, printed with three decimals. */
    NUMBER("");

    private static final long KIB = 1024;
    private static final long MIB = KIB * 1024;
    private static final long GIB = MIB * 1024;

    private final String suffix;

    ValueUnit(String suffix) {
        this.suffix = suffix;
    }

    /** Appends {@code value} in this unit to {@code dest} (e.g. "12.50 MiB", "3.20x", "1.250 ms"). */
    public void append(double value, StringBuilder dest) {
        if (Double.isNaN(value)) {
            dest.append('-');
            return;
        }
        switch (this) {
            case COUNT -> {
                if (value == Math.rint(value) && Math.abs(value) < 1e15) {
                    dest.append((long) value);
                } else {
                    appendFixed(value, 2, dest);
                }
            }
            case BYTES -> appendBytes(value, dest);
            case NANOS -> appendFixed(value / 1e6, 3, dest);
            case PERCENT, RATIO -> appendFixed(value, 2, dest);
            case NUMBER -> appendFixed(value, 3, dest);
        }
        dest.append(suffix);
    }

    /** This unit's value as text; for logs and tests, not the per-frame path. */
    public String format(double value) {
        StringBuilder out = new StringBuilder(24);
        append(value, out);
        return out.toString();
    }

    /** The value in the unit a chart axis is labelled in: milliseconds for {@link #NANOS}, itself otherwise. */
    public double toDisplay(double value) {
        return this == NANOS ? value / 1e6 : value;
    }

    /** The label of a chart axis or a data-file column in this unit ("ms", "bytes", "%", "x"; empty for counts). */
    public String axisLabel() {
        return switch (this) {
            case COUNT, NUMBER -> "";
            case BYTES -> "bytes";
            case NANOS -> "ms";
            case PERCENT -> "%";
            case RATIO -> "x";
        };
    }

    private static void appendBytes(double bytes, StringBuilder dest) {
        double magnitude = Math.abs(bytes);
        if (magnitude < KIB) {
            dest.append((long) bytes).append(" B");
        } else if (magnitude < MIB) {
            appendFixed(bytes / KIB, 2, dest);
            dest.append(" KiB");
        } else if (magnitude < GIB) {
            appendFixed(bytes / MIB, 2, dest);
            dest.append(" MiB");
        } else {
            appendFixed(bytes / GIB, 2, dest);
            dest.append(" GiB");
        }
    }

    /**
     * Appends {@code value} rounded half-away-from-zero to {@code decimals} places, without the garbage of
     * {@code String.format} or {@code Double.toString}. Values too large for a scaled long print whole.
     */
    static void appendFixed(double value, int decimals, StringBuilder dest) {
        if (Double.isInfinite(value)) {
            dest.append(value > 0 ? "inf" : "-inf");
            return;
        }
        long scale = 1;
        for (int i = 0; i < decimals; i++) {
            scale *= 10;
        }
        double scaled = Math.abs(value) * scale;
        if (scaled >= 9e18) {
            dest.append(Math.round(value));
            return;
        }
        long units = Math.round(scaled);
        if (value < 0 && units != 0) {
            dest.append('-');
        }
        dest.append(units / scale);
        if (decimals > 0) {
            dest.append('.');
            long fraction = units % scale;
            for (long digit = scale / 10; digit > 0; digit /= 10) {
                dest.append((char) ('0' + (fraction / digit) % 10));
            }
        }
    }
}
