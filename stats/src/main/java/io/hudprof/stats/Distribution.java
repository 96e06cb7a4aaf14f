package io.hudprof.stats;

import io.hudprof.stats.text.TextLine;
import io.hudprof.stats.text.UnitText;

/**
 * What both kinds of distribution share (pbrt's STAT_INT_DISTRIBUTION and STAT_FLOAT_DISTRIBUTION): four cells per
 * thread — count, sum, minimum, maximum — a frame value that is the average of the values reported in the frame,
 * a run value that is the average over the run, and minimum and maximum over the run. The subclasses only say how
 * their sum, minimum and maximum cells read as numbers.
 */
public abstract sealed class Distribution extends Stat permits IntDistribution, FloatDistribution {
    Distribution(Identity identity) {
        super(identity);
    }

    /** How many values were reported, in a snapshot. */
    public long count(StatSnapshot snapshot) {
        return snapshot.sum(slot);
    }

    abstract double sumValue(StatSnapshot snapshot);

    abstract double minValue(StatSnapshot snapshot);

    abstract double maxValue(StatSnapshot snapshot);

    @Override
    public double frameValue(StatSnapshot now, StatSnapshot before) {
        return divide(sumValue(now) - sumValue(before), count(now) - count(before));
    }

    @Override
    public double runValue(StatSnapshot now) {
        return divide(sumValue(now), count(now));
    }

    @Override
    public double runMin(StatSnapshot now) {
        return count(now) == 0 ? Double.NaN : minValue(now);
    }

    @Override
    public double runMax(StatSnapshot now) {
        return count(now) == 0 ? Double.NaN : maxValue(now);
    }

    @Override
    public double runCount(StatSnapshot now) {
        return count(now);
    }

    /** Value: the average; detail: "range MIN - MAX, N values" (pbrt's "avg [range min - max]"). */
    @Override
    void appendRun(StatSnapshot now, TextLine value, TextLine detail) {
        double count = runCount(now);
        if (count == 0) {
            value.append('-');
            detail.append("no values");
            return;
        }
        UnitText.append(unit(), runValue(now), value);
        value.append(" avg");
        detail.append("range ");
        UnitText.append(unit(), runMin(now), detail);
        detail.append(" - ");
        UnitText.append(unit(), runMax(now), detail);
        detail.append(", ").append((long) count).append(count == 1 ? " value" : " values");
    }
}
