package io.hudprof.core.stats;

import io.hudprof.core.format.TextLine;

/** The exit-report cells shared by both kinds of distribution. */
final class Distributions {
    private Distributions() {
    }

    /** Value: the average; detail: "range MIN - MAX, N values" (pbrt's "avg [range min - max]"). */
    static void appendRun(Stat stat, StatSnapshot now, TextLine value, TextLine detail) {
        double count = stat.runCount(now);
        if (count == 0) {
            value.append('-');
            detail.append("no values");
            return;
        }
        stat.unit().append(stat.runValue(now), value);
        value.append(" avg");
        detail.append("range ");
        stat.unit().append(stat.runMin(now), detail);
        detail.append(" - ");
        stat.unit().append(stat.runMax(now), detail);
        detail.append(", ").append((long) count).append(count == 1 ? " value" : " values");
    }
}
