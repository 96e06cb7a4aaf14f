package io.hudprof.stats;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ValueUnit;

/**
 * The distribution of floating-point values (pbrt's STAT_FLOAT_DISTRIBUTION): each {@link #report(double)} adds
 * a value; the report shows their average, minimum, maximum and count. Its frame value is the average of the
 * values reported during the frame; minimum and maximum are over the run. {@code NaN} values are ignored, so one
 * bad value cannot poison the average.
 */
public final class FloatDistribution extends Distribution {
    private FloatDistribution(Identity identity) {
        super(identity);
    }

    /**
     * Defines a distribution of plain numbers, or returns the one with this name.
     *
     * @param name {@code Category/Name}
     * @throws IllegalArgumentException if the name is malformed or taken by another kind of statistic
     */
    public static FloatDistribution define(String name) {
        return define(name, ValueUnit.NUMBER);
    }

    /** Defines a distribution of values in {@code unit} (for example {@link ValueUnit#RATIO}). */
    public static FloatDistribution define(String name, ValueUnit unit) {
        return StatRegistry.define(name, StatKind.FLOAT_DISTRIBUTION, unit, false, FloatDistribution.class,
                FloatDistribution::new);
    }

    /** Adds {@code value} to the distribution; {@code NaN} is ignored. */
    public void report(double value) {
        if (Hudprof.compiledIn() && !Double.isNaN(value)) {
            StatRegistry.cells().report(slot, value);
        }
    }


    /** The sum of the values reported, in a snapshot. */
    public double sum(StatSnapshot snapshot) {
        return snapshot.doubleSum(slot + 1);
    }

    /** The smallest value reported, or +infinity when none was. */
    public double min(StatSnapshot snapshot) {
        return Double.longBitsToDouble(snapshot.raw(slot + 2));
    }

    /** The largest value reported, or -infinity when none was. */
    public double max(StatSnapshot snapshot) {
        return Double.longBitsToDouble(snapshot.raw(slot + 3));
    }

    @Override
    double sumValue(StatSnapshot snapshot) {
        return sum(snapshot);
    }

    @Override
    double minValue(StatSnapshot snapshot) {
        return min(snapshot);
    }

    @Override
    double maxValue(StatSnapshot snapshot) {
        return max(snapshot);
    }
}
