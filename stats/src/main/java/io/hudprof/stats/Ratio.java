package io.hudprof.stats;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ValueUnit;

/**
 * Numerator over denominator shown as a ratio "x.xx" (pbrt's STAT_RATIO), for when the numerator often exceeds
 * the denominator: intersection tests per ray, draw calls per material. Its frame value is the ratio of what was
 * added during the frame.
 *
 * <pre>{@code
 * static final Ratio TESTS_PER_RAY = Ratio.define("Physics/Tests per ray");
 * ...
 * TESTS_PER_RAY.add(tests, 1);
 * }</pre>
 */
public final class Ratio extends Fraction {
    private Ratio(Identity identity) {
        super(identity);
    }

    /**
     * Defines a ratio, or returns the one with this name.
     *
     * @param name {@code Category/Name}
     * @throws IllegalArgumentException if the name is malformed or taken by another kind of statistic
     */
    public static Ratio define(String name) {
        return StatRegistry.define(name, StatKind.RATIO, ValueUnit.RATIO, false, Ratio.class, Ratio::new);
    }

    /** Adds to the numerator only. */
    public void addNumerator(long numerator) {
        if (Hudprof.compiledIn()) {
            StatRegistry.cells().add(slot, numerator);
        }
    }

    /** Adds to the denominator only. */
    public void addDenominator(long denominator) {
        if (Hudprof.compiledIn()) {
            StatRegistry.cells().add(slot + 1, denominator);
        }
    }

    @Override
    double scale() {
        return 1;
    }
}
