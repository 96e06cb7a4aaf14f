package io.hudprof.stats;

import io.hudprof.core.ValueUnit;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The process-wide list of statistics and of the threads counting into them (pbrt's StatRegisterer and
 * StatsAccumulator). Definitions and merges take a lock; updates never do.
 *
 * <p>Each statistic owns a range of slots; each thread owns a {@link ThreadCells} array over all slots. A merge
 * adds up (or takes the min/max of) every live thread's cells plus the cells of threads that have ended. A thread
 * that has ended is folded into those "retired" cells by the first merge or registration that sees
 * {@link Thread#isAlive()} return false: the JLS makes a thread's last action happen-before another thread
 * detecting its termination that way, so its final values are all visible and none is lost.
 *
 * <p>Memory bound: at most {@link #MAX_STATS} statistics. Definitions beyond it share one overflow statistic per
 * kind ("Hudprof/Statistic limit: counters", ...), so a name built in a loop cannot grow memory without end.
 */
final class StatRegistry {
    /** Most statistics a process can define; more share their kind's overflow statistic. */
    static final int MAX_STATS = 4096;

    static final byte SUM = 0;
    static final byte DOUBLE_SUM = 1;
    static final byte MIN = 2;
    static final byte MAX = 3;
    static final byte DOUBLE_MIN = 4;
    static final byte DOUBLE_MAX = 5;

    private static final Object LOCK = new Object();
    private static final Map<String, Stat> BY_NAME = new HashMap<>();
    private static final Stat[] OVERFLOW = new Stat[StatKind.values().length];
    private static final ThreadLocal<ThreadCells> CELLS = ThreadLocal.withInitial(StatRegistry::register);

    private static volatile Stat[] stats = new Stat[0];
    private static int slotCount;
    private static long[] initial = new long[64];
    private static byte[] ops = new byte[64];
    private static long[] retired = new long[64];
    private static ThreadCells[] live = new ThreadCells[8];
    private static int liveCount;
    private static long overflowDefinitions;
    private static long retiredThreads;

    private StatRegistry() {
    }

    /** The calling thread's cells (a thread-local lookup; registration on a thread's first update). */
    static ThreadCells cells() {
        return CELLS.get();
    }

    /** Creates a statistic of a kind from its registered identity. */
    @FunctionalInterface
    interface Factory<T extends Stat> {
        T create(Stat.Identity identity);
    }

    /**
     * Defines a statistic, or returns the one already defined with this name when it has the same kind, unit and
     * accumulation.
     *
     * @throws IllegalArgumentException when the name is not {@code Category/Name}, or is taken by a statistic of
     *                                  another kind, unit or accumulation
     */
    static <T extends Stat> T define(String name, StatKind kind, ValueUnit unit, boolean level, Class<T> type,
                                     Factory<T> factory) {
        Stats.init();
        checkName(name);
        if (unit == null) {
            throw new IllegalArgumentException("hudprof: statistic \"" + name + "\" needs a unit, e.g. ValueUnit.COUNT");
        }
        synchronized (LOCK) {
            Stat existing = BY_NAME.get(name);
            if (existing != null) {
                if (existing.kind() != kind || existing.unit() != unit || existing.isLevel() != level) {
                    throw new IllegalArgumentException("hudprof: statistic \"" + name + "\" is already defined as "
                            + existing.describe() + "; give the new one another name");
                }
                return type.cast(existing);
            }
            if (stats.length >= MAX_STATS - OVERFLOW.length) {
                overflowDefinitions++;
                return factory.create(overflowOf(kind, unit, level, factory).identity());
            }
            T stat = factory.create(newIdentity(name, kind, unit, level));
            add(stat);
            BY_NAME.put(name, stat);
            return stat;
        }
    }

    private static <T extends Stat> Stat overflowOf(StatKind kind, ValueUnit unit, boolean level, Factory<T> factory) {
        Stat overflow = OVERFLOW[kind.ordinal()];
        if (overflow == null) {
            overflow = factory.create(newIdentity("Hudprof/Statistic limit: " + kind.plural(), kind, unit, level));
            add(overflow);
            OVERFLOW[kind.ordinal()] = overflow;
        }
        return overflow;
    }

    private static Stat.Identity newIdentity(String name, StatKind kind, ValueUnit unit, boolean level) {
        int slot = slotCount;
        int end = slot + kind.slots();
        if (end > initial.length) {
            int size = Math.max(end, initial.length * 2);
            initial = Arrays.copyOf(initial, size);
            ops = Arrays.copyOf(ops, size);
            retired = Arrays.copyOf(retired, size);
        }
        switch (kind) {
            case COUNTER, MEMORY_COUNTER, PERCENT, RATIO, TIMER -> {
                for (int s = slot; s < end; s++) {
                    layout(s, SUM, 0);
                }
            }
            case INT_DISTRIBUTION -> {
                layout(slot, SUM, 0);
                layout(slot + 1, SUM, 0);
                layout(slot + 2, MIN, Long.MAX_VALUE);
                layout(slot + 3, MAX, Long.MIN_VALUE);
            }
            case FLOAT_DISTRIBUTION -> {
                layout(slot, SUM, 0);
                layout(slot + 1, DOUBLE_SUM, Double.doubleToRawLongBits(0.0));
                layout(slot + 2, DOUBLE_MIN, Double.doubleToRawLongBits(Double.POSITIVE_INFINITY));
                layout(slot + 3, DOUBLE_MAX, Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY));
            }
        }
        slotCount = end;
        return new Stat.Identity(stats.length, name, kind, unit, level, slot);
    }

    private static void layout(int slot, byte op, long initialValue) {
        ops[slot] = op;
        initial[slot] = initialValue;
        retired[slot] = initialValue;
    }

    private static void add(Stat stat) {
        Stat[] grown = Arrays.copyOf(stats, stats.length + 1);
        grown[grown.length - 1] = stat;
        stats = grown;
    }

    private static void checkName(String name) {
        int slash = name == null ? -1 : name.indexOf('/');
        if (slash <= 0 || slash == name.length() - 1 || name.substring(0, slash).isBlank()
                || name.substring(slash + 1).isBlank()) {
            throw new IllegalArgumentException("hudprof: a statistic's name has the form Category/Name, e.g. "
                    + "\"Render/Triangles drawn\"; got " + (name == null ? "null" : "\"" + name + "\""));
        }
    }

    private static ThreadCells register() {
        synchronized (LOCK) {
            retireDeadThreads();
            ThreadCells cells = new ThreadCells(Thread.currentThread(), ThreadCells.padded(initial, slotCount));
            if (liveCount == live.length) {
                live = Arrays.copyOf(live, live.length * 2);
            }
            live[liveCount++] = cells;
            return cells;
        }
    }

    /** A copy of {@code old} with room for every slot defined so far, new slots at their initial values. */
    static long[] grownCells(long[] old) {
        synchronized (LOCK) {
            long[] grown = ThreadCells.padded(initial, slotCount);
            System.arraycopy(old, ThreadCells.PAD, grown, ThreadCells.PAD, ThreadCells.slotsIn(old));
            return grown;
        }
    }

    /** Folds the cells of threads that have ended into the retired totals and forgets them. Holds LOCK. */
    private static void retireDeadThreads() {
        int kept = 0;
        for (int i = 0; i < liveCount; i++) {
            ThreadCells cells = live[i];
            if (cells.thread.isAlive()) {
                live[kept++] = cells;
            } else {
                // isAlive() == false happens-after the thread's last write, so these reads see its final values.
                long[] values = cells.acquireValues();
                int slots = Math.min(slotCount, ThreadCells.slotsIn(values));
                for (int s = 0; s < slots; s++) {
                    retired[s] = combine(ops[s], retired[s], ThreadCells.read(values, s));
                }
                retiredThreads++;
            }
        }
        Arrays.fill(live, kept, liveCount, null);
        liveCount = kept;
    }

    /** Merges every thread's cells into {@code dest}. Allocation-free unless statistics were added. */
    static void merge(StatSnapshot dest) {
        synchronized (LOCK) {
            retireDeadThreads();
            int slots = slotCount;
            long[] out = dest.prepare(slots, stats.length);
            System.arraycopy(retired, 0, out, 0, slots);
            for (int t = 0; t < liveCount; t++) {
                long[] values = live[t].acquireValues();
                int held = Math.min(slots, ThreadCells.slotsIn(values));
                for (int s = 0; s < held; s++) {
                    out[s] = combine(ops[s], out[s], ThreadCells.read(values, s));
                }
            }
        }
    }

    private static long combine(byte op, long a, long b) {
        return switch (op) {
            case SUM -> a + b;
            case DOUBLE_SUM -> Double.doubleToRawLongBits(Double.longBitsToDouble(a) + Double.longBitsToDouble(b));
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
            case DOUBLE_MIN -> Double.doubleToRawLongBits(Math.min(Double.longBitsToDouble(a),
                    Double.longBitsToDouble(b)));
            case DOUBLE_MAX -> Double.doubleToRawLongBits(Math.max(Double.longBitsToDouble(a),
                    Double.longBitsToDouble(b)));
            default -> throw new IllegalStateException("slot op " + op);
        };
    }

    /** How many cells the statistics defined so far take. */
    static int slotCount() {
        synchronized (LOCK) {
            return slotCount;
        }
    }

    /** The initial (nothing counted) value of a slot. */
    static long initialValue(int slot) {
        synchronized (LOCK) {
            return initial[slot];
        }
    }

    /** Every statistic defined so far, by id. The array is shared: do not modify it. */
    static Stat[] all() {
        return stats;
    }

    /** The statistic with this id, or {@code null}. */
    static Stat byId(int id) {
        Stat[] all = stats;
        return id >= 0 && id < all.length ? all[id] : null;
    }

    /** How many definitions the statistic limit turned into an overflow statistic. */
    static long overflowDefinitions() {
        synchronized (LOCK) {
            return overflowDefinitions;
        }
    }

    /** How many threads counted and then ended (their cells are folded into the totals). */
    static long retiredThreads() {
        synchronized (LOCK) {
            return retiredThreads;
        }
    }

    /** How many threads are counting now (registered and not yet seen to end). */
    static int liveThreads() {
        synchronized (LOCK) {
            return liveCount;
        }
    }
}
