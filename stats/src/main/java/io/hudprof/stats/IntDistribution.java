package io.hudprof.stats;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ValueUnit;

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
public final class IntDistribution extends Distribution {
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
