package io.hudprof.stats;

import java.util.Arrays;

/**
 * Every statistic's merged value at one moment: the running totals of all threads, those that have ended
 * included. Per-frame values are the difference of two snapshots ({@link Stat#frameValue}); run values read one.
 *
 * <p>A reusable container: {@link #take()} refills it without allocating unless statistics were defined since
 * the last fill. Each cell of each thread is read atomically; the cells of one multi-cell statistic (a
 * percentage's numerator and denominator) are read one after the other, so an update racing the read may be
 * half in this snapshot and half in the next. Totals are never lost: what one snapshot misses the next one has.
 */
public final class StatSnapshot {
    private long[] slots = new long[0];
    private int slotCount;
    private int statCount;

    /** An empty snapshot (no statistics); fill it with {@link #take()}. */
    public StatSnapshot() {
    }

    /** Merges every thread's current values into this snapshot and returns it. */
    public StatSnapshot take() {
        StatRegistry.merge(this);
        return this;
    }

    /** Makes this snapshot a copy of {@code other}. */
    public void copyFrom(StatSnapshot other) {
        long[] out = prepare(other.slotCount, other.statCount);
        System.arraycopy(other.slots, 0, out, 0, other.slotCount);
    }

    /** How many statistics this snapshot covers (ids {@code 0 .. statCount()-1}). */
    public int statCount() {
        return statCount;
    }

    /** How many cells this snapshot holds. */
    int slotCount() {
        return slotCount;
    }

    /** Whether this snapshot was taken after {@code stat} was defined. */
    public boolean covers(Stat stat) {
        return stat.id() < statCount;
    }

    /** How many cells this snapshot holds without growing. */
    int capacity() {
        return slots.length;
    }

    /** Grows to hold {@code cells} cells without growing later; what it holds is kept. */
    void reserve(int cells) {
        if (slots.length < cells) {
            slots = Arrays.copyOf(slots, cells);
        }
    }

    /** {@link StatSlots#firstDifference}. */
    int firstDifference(long[] cells, int from, int to) {
        if (from >= to) {
            return to;
        }
        int at = Arrays.mismatch(slots, from, to, cells, from, to);
        return at < 0 ? to : from + at;
    }

    long[] prepare(int slots, int stats) {
        if (this.slots.length < slots) {
            this.slots = new long[Math.max(slots, this.slots.length * 2)];
        }
        this.slotCount = slots;
        this.statCount = stats;
        return this.slots;
    }

    /** A summed slot: 0 when the statistic did not exist yet. */
    long sum(int slot) {
        return slot < slotCount ? slots[slot] : 0;
    }

    /** A summed slot holding {@code double} bits: 0.0 when the statistic did not exist yet. */
    double doubleSum(int slot) {
        return slot < slotCount ? Double.longBitsToDouble(slots[slot]) : 0.0;
    }

    /** Any slot as merged: its initial value when the statistic did not exist yet. */
    long raw(int slot) {
        return slot < slotCount ? slots[slot] : StatRegistry.initialValue(slot);
    }
}
