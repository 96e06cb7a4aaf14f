package io.hudprof.stats.text;

import io.hudprof.core.ValueUnit;

/**
 * How a value in a {@link ValueUnit} is printed: "12.50 MiB", "3.20x", "1.250 ms". {@link #append} allocates nothing
 * once the line has room, so renderers can format on the per-frame path; it rounds by {@link TextLine}'s one rule, so
 * every view prints the same digits. {@code NaN} (no value in that frame) prints as {@code -}.
 */
public final class UnitText {
    private static final long KIB = 1024;
    private static final long MIB = KIB * 1024;
    private static final long GIB = MIB * 1024;

    private UnitText() {
    }

    /**
     * Appends {@code value} in {@code unit} to {@code dest} ("12.50 MiB", "3.20x", "1.250 ms"), with
     * {@link TextLine}'s rounding rule; allocation-free once {@code dest} has room.
     */
    public static void append(ValueUnit unit, double value, TextLine dest) {
        if (Double.isNaN(value)) {
            dest.append('-');
            return;
        }
        switch (unit) {
            case COUNT -> appendCount(value, 2, dest);
            case BYTES -> appendBytes(value, dest);
            case NANOS -> dest.appendScaled(value, -6, 3).append(" ms");
            case PERCENT -> dest.appendFixed(value, 2).append('%');
            case RATIO -> dest.appendFixed(value, 2).append('x');
            case NUMBER -> dest.appendFixed(value, 3);
        }
    }

    /** {@code value} in {@code unit} as text; for logs and tests, not the per-frame path. */
    public static String format(ValueUnit unit, double value) {
        TextLine out = new TextLine(24);
        append(unit, value, out);
        return out.toString();
    }

    /**
     * A count: whole when it is a whole number (as counted), else with {@code decimals} (an average). The one rule
     * for counts in every report.
     */
    public static void appendCount(double value, int decimals, TextLine dest) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            dest.append((long) value);
        } else {
            dest.appendFixed(value, decimals);
        }
    }

    /** The value in the unit a chart axis is labelled in: milliseconds for {@link ValueUnit#NANOS}, else itself. */
    public static double toDisplay(ValueUnit unit, double value) {
        return unit == ValueUnit.NANOS ? value / 1e6 : value;
    }

    /** The label of a chart axis or a data-file column in {@code unit} ("ms", "bytes", "%", "x"; empty for counts). */
    public static String axisLabel(ValueUnit unit) {
        return switch (unit) {
            case COUNT, NUMBER -> "";
            case BYTES -> "bytes";
            case NANOS -> "ms";
            case PERCENT -> "%";
            case RATIO -> "x";
        };
    }

    /** B, KiB, MiB or GiB: the largest unit in which the printed number is at least 1. */
    private static void appendBytes(double bytes, TextLine dest) {
        // Thresholds sit where the smaller unit would print 1024 after rounding, so "1024.00 KiB" never appears.
        double magnitude = Math.abs(bytes);
        if (magnitude < KIB - 0.5) {
            dest.appendFixed(bytes, 0).append(" B");
        } else if (magnitude < MIB - 0.005 * KIB) {
            dest.appendFixed(bytes / KIB, 2).append(" KiB");
        } else if (magnitude < GIB - 0.005 * MIB) {
            dest.appendFixed(bytes / MIB, 2).append(" MiB");
        } else {
            dest.appendFixed(bytes / GIB, 2).append(" GiB");
        }
    }
}
