package io.hudprof.stats;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ValueUnit;

/**
 * How many times something happened (pbrt's STAT_COUNTER): {@code RAYS.increment()}, {@code RAYS.add(n)}.
 * Its frame value is what was counted during the frame, its run value the total.
 *
 * <p>{@link #defineLevel(String)} makes a counter of things in existence (live entities, open handles), updated
 * with {@code add(+n)} and {@code add(-n)} from any thread: its frame value is then the count at the frame's end.
 *
 * <pre>{@code
 * static final Counter RAYS = Counter.define("Render/Rays cast");
 * ...
 * RAYS.increment();
 * }</pre>
 */
public final class Counter extends Stat {
    private Counter(Identity identity) {
        super(identity);
    }

    /**
     * Defines a counter of events, or returns the one with this name.
     *
     * @param name {@code Category/Name}
     * @throws IllegalArgumentException if the name is malformed or taken by another kind of statistic
     */
    public static Counter define(String name) {
        return StatRegistry.define(name, StatKind.COUNTER, ValueUnit.COUNT, false, Counter.class, Counter::new);
    }

    /** Defines a counter of things in existence, whose frame value is the count at the frame's end. */
    public static Counter defineLevel(String name) {
        return StatRegistry.define(name, StatKind.COUNTER, ValueUnit.COUNT, true, Counter.class, Counter::new);
    }

    /** Adds one. */
    public void increment() {
        if (Hudprof.compiledIn()) {
            StatRegistry.cells().add(slot, 1);
        }
    }

    /** Adds {@code n} (negative to take away, for a level). */
    public void add(long n) {
        if (Hudprof.compiledIn()) {
            StatRegistry.cells().add(slot, n);
        }
    }

    /** The total in a snapshot. */
    public long value(StatSnapshot snapshot) {
        return snapshot.sum(slot);
    }

    @Override
    public double frameValue(StatSnapshot now, StatSnapshot before) {
        return isLevel() ? value(now) : value(now) - value(before);
    }

    @Override
    public double runValue(StatSnapshot now) {
        return value(now);
    }
}
