package io.hudprof.overlay;

/**
 * The user's own guide bars on one chart scale (PStats' "add a guide bar here"), kept for the session: a few values
 * in the scale's unit, oldest first; adding one beyond {@link #MAX} replaces the oldest. Shared by the category strip
 * chart (nanoseconds) and the value charts (one set per unit). Allocation-free; render thread only.
 */
final class UserGuides {
    /** How many guide bars are kept; adding one more replaces the oldest. */
    static final int MAX = 8;

    private final double[] values = new double[MAX];
    private int count;

    /** Adds a guide bar at {@code value}; NaN and values at or below zero are ignored (they would not show). */
    void add(double value) {
        if (Double.isNaN(value) || value <= 0) {
            return;
        }
        if (count == MAX) {
            System.arraycopy(values, 1, values, 0, MAX - 1);
            count--;
        }
        values[count++] = value;
    }

    /** Removes the guide bar added last. */
    void removeLast() {
        count = Math.max(0, count - 1);
    }

    /** The values, valid in {@code [0, count())}. */
    double[] values() {
        return values;
    }

    int count() {
        return count;
    }

    /** Holds the same guide bars as {@code other}. */
    void copyFrom(UserGuides other) {
        System.arraycopy(other.values, 0, values, 0, MAX);
        count = other.count;
    }
}
