package io.hudprof.core;

import java.util.Arrays;
import java.util.Objects;

/**
 * One frame's per-state values, the record that history, a captured spike and the PStats client share: an entry for
 * each zone-stack state with a value in the frame (its self time in ns, its entry count and, when allocation per zone
 * was recorded, its self allocated bytes). The aggregator commits each frame as one, history keeps it and gives it
 * back ({@link FrameHistory#loadStates(int, FrameStates)}), readers copy the last one ({@link
 * ProfileData#loadLastFrame}); a report loads it into the dense state-indexed arrays it works on and clears exactly
 * those entries afterwards. A frame's GPU states join its record in history when their results arrive.
 *
 * <p>Arrays only grow (doubling, or to what {@link #copyFrom} needs), so a record refilled every frame allocates
 * nothing in steady state. Not thread-safe: one thread fills it, then reads it or hands it over.
 */
public final class FrameStates {
    private int count;
    private boolean hasBytes;
    private int[] states = new int[0];
    private long[] self = new long[0];
    private long[] calls = new long[0];
    private long[] bytes = new long[0];

    /** Number of entries. */
    public int count() {
        return count;
    }

    /** Whether the entries carry self allocated bytes (allocation per zone was recorded for the frame). */
    public boolean hasBytes() {
        return hasBytes;
    }

    /** The i-th entry's zone-stack state (a state index of {@link ProfileData}). */
    public int state(int i) {
        return states[Objects.checkIndex(i, count)];
    }

    /** The i-th entry's self time (ns). */
    public long self(int i) {
        return self[Objects.checkIndex(i, count)];
    }

    /** The i-th entry's entry count. */
    public long calls(int i) {
        return calls[Objects.checkIndex(i, count)];
    }

    /** The i-th entry's self allocated bytes; 0 when not {@linkplain #hasBytes() recorded}. */
    public long bytes(int i) {
        return bytes[Objects.checkIndex(i, count)];
    }

    /** How many entries it holds without growing. */
    public int capacity() {
        return states.length;
    }

    /** Grows to hold {@code entries} without growing again; keeps the entries. */
    public void ensureCapacity(int entries) {
        if (states.length < entries) {
            states = Arrays.copyOf(states, entries);
            self = Arrays.copyOf(self, entries);
            calls = Arrays.copyOf(calls, entries);
            bytes = Arrays.copyOf(bytes, entries);
        }
    }

    /** Empties the record; its entries will carry bytes when {@code withBytes}. */
    public void reset(boolean withBytes) {
        count = 0;
        hasBytes = withBytes;
    }

    /** Adds one state's entry (a state not in the record yet); {@code selfBytes} is ignored without bytes. */
    public void add(int state, long selfNanos, long entries, long selfBytes) {
        if (count == states.length) {
            ensureCapacity(Math.max(8, count * 2));
        }
        int i = count++;
        states[i] = state;
        self[i] = selfNanos;
        calls[i] = entries;
        bytes[i] = hasBytes ? selfBytes : 0;
    }

    /**
     * Writes the entries' {@code metric} self values (time or bytes) and entry counts into arrays indexed by state;
     * other states are left alone. Returns false, writing nothing, for bytes the record does not carry.
     */
    public boolean load(Metric metric, double[] selfByState, double[] callsByState) {
        if (metric == Metric.ALLOCATED_BYTES && !hasBytes) {
            return false;
        }
        long[] values = metric == Metric.TIME ? self : bytes;
        for (int i = 0; i < count; i++) {
            selfByState[states[i]] = values[i];
            callsByState[states[i]] = calls[i];
        }
        return true;
    }

    /** Zeroes exactly the entries {@link #load} writes, so scratch arrays stay zero between uses. */
    public void clear(double[] selfByState, double[] callsByState) {
        for (int i = 0; i < count; i++) {
            selfByState[states[i]] = 0;
            callsByState[states[i]] = 0;
        }
    }

    /** Makes this record a copy of {@code other}, growing at most once, to exactly its count. */
    public void copyFrom(FrameStates other) {
        ensureCapacity(other.count);
        count = other.count;
        hasBytes = other.hasBytes;
        System.arraycopy(other.states, 0, states, 0, count);
        System.arraycopy(other.self, 0, self, 0, count);
        System.arraycopy(other.calls, 0, calls, 0, count);
        System.arraycopy(other.bytes, 0, bytes, 0, count);
    }
}
