package io.hudprof.core.stats;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ValueUnit;
import io.hudprof.core.format.TextLine;

/**
 * The distribution of whole-number values (pbrt's STAT_INT_DISTRIBUTION): each {@link #report(long)} adds a
 * value; the report shows their average, minimum, maximum and count. Its frame value is the average of the
 * values reported during the frame; minimum and maximum are over the run.
 *
 * <pre>{@code
 * static final IntDistribution BATCH = IntDistribution.define("Render/Sprites per batch");
 * ...
 * BATCH.report(spritesInBatch);
 * }</pre>
 */
public final class IntDistribution extends Stat {
    private IntDistribution(Identity identity) {
        super(identity);
    }

    /**
     * Defines a distribution of counts, or returns the one with this name.
     *
     * @param name {@code Category/Name}
     * @throws IllegalArgumentException if the name is malformed or taken by another kind of statistic
     */
    public static IntDistribution define(String name) {
        return define(name, ValueUnit.COUNT);
    }

    /** Defines a distribution of values in {@code unit} (for example {@link ValueUnit#BYTES} per upload). */
    public static IntDistribution define(String name, ValueUnit unit) {
        return StatRegistry.define(name, StatKind.INT_DISTRIBUTION, unit, false, IntDistribution.class,
                IntDistribution::new);
    }

    /** Adds {@code value} to the distribution. */
    public void report(long value) {
        if (Hudprof.compiledIn()) {
            StatRegistry.cells().report(slot, value);
        }
    }

    /** How many values were reported, in a snapshot. */
    public long count(StatSnapshot snapshot) {
        return snapshot.sum(slot);
    }

    /** The sum of the values reported, in a snapshot. */
    public long sum(StatSnapshot snapshot) {
        return snapshot.sum(slot + 1);
    }

    /** The smallest value reported, or {@link Long#MAX_VALUE} when none was. */
    public long min(StatSnapshot snapshot) {
        return snapshot.raw(slot + 2);
    }

    /** The largest value reported, or {@link Long#MIN_VALUE} when none was. */
    public long max(StatSnapshot snapshot) {
        return snapshot.raw(slot + 3);
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
