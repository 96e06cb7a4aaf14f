package io.hudprof.stats;

import io.hudprof.core.ValueUnit;

/**
 * The cell-level view of statistics that a capture file stores and a replay of it gives back: where each
 * statistic's cells are in a {@link StatSnapshot}, a snapshot's raw cells, and a snapshot filled from cells read
 * elsewhere. Frame values, averages, run values and charts are then worked out from those cells by the same code as
 * live. For the capture module; a game has no use for it.
 */
public final class StatSlots {
    private StatSlots() {
    }

    /** The first of {@code stat}'s cells in a snapshot; it has {@link #slotCount(StatKind)} of them. */
    public static int firstSlot(Stat stat) {
        return stat.slot;
    }

    /** How many 64-bit cells a statistic of {@code kind} takes. */
    public static int slotCount(StatKind kind) {
        return kind.slots();
    }

    /** How many cells {@code snapshot} holds (every statistic it covers). */
    public static int slotCount(StatSnapshot snapshot) {
        return snapshot.slotCount();
    }

    /** Cell {@code slot} of {@code snapshot} as merged (a {@code double}'s bits for floating-point cells). */
    public static long slot(StatSnapshot snapshot, int slot) {
        return snapshot.raw(slot);
    }

    /**
     * The first cell in {@code [from, to)} where {@code snapshot} differs from {@code cells} ({@code to} when none):
     * a vectorised comparison, so a caller that keeps a copy of the cells finds what changed in a frame without
     * reading them one by one. {@code to} must not pass {@link #slotCount(StatSnapshot)} nor {@code cells.length}.
     */
    public static int firstDifference(StatSnapshot snapshot, long[] cells, int from, int to) {
        return snapshot.firstDifference(cells, from, to);
    }

    /** How many cells {@code snapshot} takes without growing (a keeper sizing its copies ahead). */
    public static int capacity(StatSnapshot snapshot) {
        return snapshot.capacity();
    }

    /**
     * Grows {@code snapshot} to take {@code cells} cells without growing when it is next filled (on a thread that
     * must not allocate); what it holds is kept.
     */
    public static void reserve(StatSnapshot snapshot, int cells) {
        snapshot.reserve(cells);
    }

    /** Every cell's value with nothing counted, for the statistics defined so far. */
    public static long[] initialValues() {
        int slots = StatRegistry.slotCount();
        long[] values = new long[slots];
        for (int s = 0; s < slots; s++) {
            values[s] = StatRegistry.initialValue(s);
        }
        return values;
    }

    /**
     * Makes {@code dest} a snapshot of {@code stats} statistics whose {@code slots} cells are {@code cells}' first
     * ones (a replay's: not merged from this JVM's threads). Allocation-free once {@code dest} is as large.
     */
    public static void fill(StatSnapshot dest, long[] cells, int slots, int stats) {
        long[] out = dest.prepare(slots, stats);
        System.arraycopy(cells, 0, out, 0, slots);
    }

    /**
     * Defines the statistic {@code name} of {@code kind} (a replay's copy of a captured one), or returns the one
     * this JVM already has; the unit applies to distributions, the other kinds have their own.
     *
     * @throws IllegalArgumentException when the name is taken by a statistic of another kind, unit or accumulation
     */
    public static Stat define(String name, StatKind kind, ValueUnit unit, boolean level) {
        return switch (kind) {
            case COUNTER -> level ? Counter.defineLevel(name) : Counter.define(name);
            case MEMORY_COUNTER -> level ? MemoryCounter.defineLevel(name) : MemoryCounter.define(name);
            case INT_DISTRIBUTION -> IntDistribution.define(name, unit);
            case FLOAT_DISTRIBUTION -> FloatDistribution.define(name, unit);
            case PERCENT -> Percent.define(name);
            case RATIO -> Ratio.define(name);
            case TIMER -> StatTimer.define(name);
        };
    }
}
