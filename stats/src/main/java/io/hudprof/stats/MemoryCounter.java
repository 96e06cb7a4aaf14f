package io.hudprof.stats;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ValueUnit;

/**
 * A count of bytes (pbrt's STAT_MEMORY_COUNTER), shown in B, KiB, MiB or GiB as fits:
 * {@code BVH_MEMORY.add(nodes * NODE_BYTES)}. Its frame value is what was added during the frame, its run value
 * the total.
 *
 * <p>{@link #defineLevel(String)} makes a counter of memory in use (texture memory, pooled buffers), updated with
 * {@code add(+bytes)} on allocation and {@code add(-bytes)} on release from any thread: its frame value is then
 * the amount in use at the frame's end.
 */
public final class MemoryCounter extends Stat {
    private MemoryCounter(Identity identity) {
        super(identity);
    }

    /**
     * Defines a counter of bytes, or returns the one with this name.
     *
     * @param name {@code Category/Name}
     * @throws IllegalArgumentException if the name is malformed or taken by another kind of statistic
     */
    public static MemoryCounter define(String name) {
        return StatRegistry.define(name, StatKind.MEMORY_COUNTER, ValueUnit.BYTES, false, MemoryCounter.class,
                MemoryCounter::new);
    }

    /** Defines a counter of bytes in use, whose frame value is the amount at the frame's end. */
    public static MemoryCounter defineLevel(String name) {
        return StatRegistry.define(name, StatKind.MEMORY_COUNTER, ValueUnit.BYTES, true, MemoryCounter.class,
                MemoryCounter::new);
    }

    /** Adds {@code bytes} (negative when memory is released). */
    public void add(long bytes) {
        if (Hudprof.compiledIn()) {
            StatRegistry.cells().add(slot, bytes);
        }
    }

    /** The total bytes in a snapshot. */
    public long bytes(StatSnapshot snapshot) {
        return snapshot.sum(slot);
    }

    @Override
    public double frameValue(StatSnapshot now, StatSnapshot before) {
        return isLevel() ? bytes(now) : bytes(now) - bytes(before);
    }

    @Override
    public double runValue(StatSnapshot now) {
        return bytes(now);
    }
}
