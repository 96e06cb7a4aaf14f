package io.hudprof.stats;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ValueUnit;

/**
 * How often an event happens, shown as the percentage numerator / denominator (pbrt's STAT_PERCENT):
 * {@code CULLED.count(wasCulled)} adds one to the denominator and, when true, one to the numerator. Its frame
 * value is the percentage of what was added during the frame.
 *
 * <pre>{@code
 * static final Percent CULLED = Percent.define("Scene/Objects culled");
 * ...
 * CULLED.count(!frustum.contains(bounds));
 * }</pre>
 */
public final class Percent extends Fraction {
    private Percent(Identity identity) {
        super(identity);
    }

    /**
     * Defines a percentage, or returns the one with this name.
     *
     * @param name {@code Category/Name}
     * @throws IllegalArgumentException if the name is malformed or taken by another kind of statistic
     */
    public static Percent define(String name) {
        return StatRegistry.define(name, StatKind.PERCENT, ValueUnit.PERCENT, false, Percent.class, Percent::new);
    }

    /** Counts one case: the denominator goes up by one, the numerator too when {@code hit}. */
    public void count(boolean hit) {
        if (Hudprof.compiledIn()) {
            StatRegistry.cells().addPair(slot, hit ? 1 : 0, 1);
        }
    }

    @Override
    double scale() {
        return 100;
    }
}
