package io.hudprof.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One thread's statistic cells: a {@code long} per slot, holding that thread's running totals since it started
 * counting. Written by its own thread only, so an update is a plain read and an opaque store: no lock, no atomic
 * read-modify-write, no allocation. Opaque stores and loads make each 64-bit cell atomic (never torn) and
 * coherent (a reader never sees a cell go back in time), which is all a merge of running totals needs.
 *
 * <p>The array is padded at both ends so two threads' cells never share a cache line. When statistics are
 * defined after the thread started counting, the owner grows its array on first use of a new slot: it copies
 * its cells and publishes the copy with a release store, which readers load with acquire.
 */
final class ThreadCells {
    /** Longs of padding before and after the cells: a cache line on each side, whatever the array header. */
    static final int PAD = 16;

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle VALUES;

    static {
        try {
            VALUES = MethodHandles.lookup().findVarHandle(ThreadCells.class, "values", long[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Thread thread;
    /** Owner-written; replaced with a release store when grown, read by mergers with acquire. */
    private long[] values;

    ThreadCells(Thread thread, long[] cells) {
        this.thread = thread;
        this.values = cells;
    }

    /** Padded cell array holding {@code initial[0..slots)}. */
    static long[] padded(long[] initial, int slots) {
        long[] cells = new long[slots + 2 * PAD];
        System.arraycopy(initial, 0, cells, PAD, slots);
        return cells;
    }

    void add(int slot, long delta) {
        long[] v = cellsFor(slot + 1);
        int i = slot + PAD;
        SLOT.setOpaque(v, i, v[i] + delta);
    }

    void addPair(int slot, long first, long second) {
        long[] v = cellsFor(slot + 2);
        int i = slot + PAD;
        SLOT.setOpaque(v, i, v[i] + first);
        SLOT.setOpaque(v, i + 1, v[i + 1] + second);
    }

    /** A distribution's count, sum, min, max. */
    void report(int slot, long value) {
        long[] v = cellsFor(slot + 4);
        int i = slot + PAD;
        SLOT.setOpaque(v, i, v[i] + 1);
        SLOT.setOpaque(v, i + 1, v[i + 1] + value);
        if (value < v[i + 2]) {
            SLOT.setOpaque(v, i + 2, value);
        }
        if (value > v[i + 3]) {
            SLOT.setOpaque(v, i + 3, value);
        }
    }

    /** A floating-point distribution's count, sum, min, max; sum, min and max hold {@code double} bits. */
    void report(int slot, double value) {
        long[] v = cellsFor(slot + 4);
        int i = slot + PAD;
        SLOT.setOpaque(v, i, v[i] + 1);
        SLOT.setOpaque(v, i + 1, Double.doubleToRawLongBits(Double.longBitsToDouble(v[i + 1]) + value));
        if (value < Double.longBitsToDouble(v[i + 2])) {
            SLOT.setOpaque(v, i + 2, Double.doubleToRawLongBits(value));
        }
        if (value > Double.longBitsToDouble(v[i + 3])) {
            SLOT.setOpaque(v, i + 3, Double.doubleToRawLongBits(value));
        }
    }

    private long[] cellsFor(int slotEnd) {
        long[] v = values;
        return slotEnd + 2 * PAD <= v.length ? v : grow(v);
    }

    private long[] grow(long[] old) {
        long[] grown = StatRegistry.grownCells(old);
        VALUES.setRelease(this, grown);
        return grown;
    }

    /** The cell array, for a merging thread. */
    long[] acquireValues() {
        return (long[]) VALUES.getAcquire(this);
    }

    /** Slot {@code slot} of a cell array obtained from {@link #acquireValues()}. */
    static long read(long[] cells, int slot) {
        return (long) SLOT.getOpaque(cells, slot + PAD);
    }

    /** How many slots a cell array holds. */
    static int slotsIn(long[] cells) {
        return cells.length - 2 * PAD;
    }
}
