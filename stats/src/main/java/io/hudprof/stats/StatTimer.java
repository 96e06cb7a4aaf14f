package io.hudprof.stats;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ValueUnit;
import io.hudprof.stats.text.TextLine;
import io.hudprof.stats.text.UnitText;

/**
 * Time spent in a block of code outside the zone tree (pbrt's STAT_TIMER): a loader thread's decoding, a job
 * system's tasks. Each timing adds its duration and counts one; the frame value is the time added during the
 * frame, the run value the total. The clock is {@link Stats#clock()}; a timing costs two clock reads, so do not
 * time tiny blocks.
 *
 * <pre>{@code
 * static final StatTimer DECODE = StatTimer.define("Assets/Texture decode");
 * ...
 * long start = DECODE.start();
 * decode(file);
 * DECODE.stop(start);
 * }</pre>
 */
public final class StatTimer extends Stat {
    private StatTimer(Identity identity) {
        super(identity);
    }

    /**
     * Defines a timer, or returns the one with this name.
     *
     * @param name {@code Category/Name}
     * @throws IllegalArgumentException if the name is malformed or taken by another kind of statistic
     */
    public static StatTimer define(String name) {
        return StatRegistry.define(name, StatKind.TIMER, ValueUnit.NANOS, false, StatTimer.class, StatTimer::new);
    }

    /** The time now, to pass to {@link #stop(long)}; 0 when profiling is compiled out. */
    public long start() {
        return Hudprof.compiledIn() ? Stats.clock().nanoTime() : 0;
    }

    /** Ends a timing begun with {@link #start()}: adds the time since {@code startNanos} and counts one timing. */
    public void stop(long startNanos) {
        if (Hudprof.compiledIn()) {
            long elapsed = Stats.clock().nanoTime() - startNanos;
            StatRegistry.cells().addPair(slot, 1, Math.max(0, elapsed));
        }
    }

    /** Adds one timing of {@code nanos} measured elsewhere. */
    public void add(long nanos) {
        if (Hudprof.compiledIn()) {
            StatRegistry.cells().addPair(slot, 1, nanos);
        }
    }

    /** How many timings, in a snapshot. */
    public long timings(StatSnapshot snapshot) {
        return snapshot.sum(slot);
    }

    /** The total time in nanoseconds, in a snapshot. */
    public long nanos(StatSnapshot snapshot) {
        return snapshot.sum(slot + 1);
    }

    @Override
    public double frameValue(StatSnapshot now, StatSnapshot before) {
        return nanos(now) - nanos(before);
    }

    @Override
    public double runValue(StatSnapshot now) {
        return nanos(now);
    }

    @Override
    public double runCount(StatSnapshot now) {
        return timings(now);
    }

    @Override
    void appendRun(StatSnapshot now, TextLine value, TextLine detail) {
        UnitText.append(unit(), runValue(now), value);
        long timings = timings(now);
        detail.append(timings).append(timings == 1 ? " timing" : " timings");
        if (timings > 0) {
            detail.append(", ");
            UnitText.append(unit(), (double) nanos(now) / timings, detail);
            detail.append(" each");
        }
    }
}
