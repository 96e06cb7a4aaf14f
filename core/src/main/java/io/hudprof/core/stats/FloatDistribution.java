package io.hudprof.core.stats;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ValueUnit;
import io.hudprof.core.format.TextLine;

/**
 * The distribution of floating-point values (pbrt's STAT_FLOAT_DISTRIBUTION): each {@link #report(double)} adds
 * a value; the report shows their average, minimum, maximum and count. Its frame value is the average of the
 * values reported during the frame; minimum and maximum are over the run. {@code NaN} values are ignored, so one
 * bad value cannot poison the average.
 */
public final class FloatDistribution extends Stat {
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

    /** How many values were reported, in a snapshot. */
    public long count(StatSnapshot snapshot) {
        return snapshot.sum(slot);
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
    public double frameValue(StatSnapshot now, StatSnapshot before) {
        return divide(sum(now) - sum(before), count(now) - count(before));
    }

    @Override
    public double runValue(StatSnapshot now) {
        return divide(sum(now), count(now));
    }

    @Override
    public double runMin(StatSnapshot now) {
        return count(now) == 0 ? Double.NaN : min(now);
    }

    @Override
    public double runMax(StatSnapshot now) {
        return count(now) == 0 ? Double.NaN : max(now);
    }

    @Override
    public double runCount(StatSnapshot now) {
        return count(now);
    }

    @Override
    void appendRun(StatSnapshot now, TextLine value, TextLine detail) {
        Distributions.appendRun(this, now, value, detail);
    }
}
