package io.hudprof.stats;

import io.hudprof.core.Hudprof;
import io.hudprof.stats.text.TextLine;
import io.hudprof.stats.text.UnitText;

/**
 * What a percentage and a ratio share (pbrt's STAT_PERCENT and STAT_RATIO): a numerator and a denominator cell per
 * thread; the frame value divides what was added during the frame, the run value what was added since start-up,
 * each times the subclass's {@link #scale()} (100 for a percentage). The exit report prints "value" and
 * "numerator / denominator".
 */
public abstract sealed class Fraction extends Stat permits Percent, Ratio {
    Fraction(Identity identity) {
        super(identity);
    }

    /** 100 for a percentage, 1 for a ratio. */
    abstract double scale();

    /** Adds to the numerator and the denominator. */
    public void add(long numerator, long denominator) {
        if (Hudprof.compiledIn()) {
            StatRegistry.cells().addPair(slot, numerator, denominator);
        }
    }

    /** The numerator in a snapshot. */
    public long numerator(StatSnapshot snapshot) {
        return snapshot.sum(slot);
    }

    /** The denominator in a snapshot. */
    public long denominator(StatSnapshot snapshot) {
        return snapshot.sum(slot + 1);
    }

    @Override
    public double frameValue(StatSnapshot now, StatSnapshot before) {
        return scale() * divide(numerator(now) - numerator(before), denominator(now) - denominator(before));
    }

    @Override
    public double runValue(StatSnapshot now) {
        return scale() * divide(numerator(now), denominator(now));
    }

    @Override
    public double runCount(StatSnapshot now) {
        return denominator(now);
    }

    @Override
    void appendRun(StatSnapshot now, TextLine value, TextLine detail) {
        UnitText.append(unit(), runValue(now), value);
        detail.append(numerator(now)).append(" / ").append(denominator(now));
    }
}
