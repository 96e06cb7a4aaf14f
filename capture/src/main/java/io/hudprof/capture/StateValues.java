package io.hudprof.capture;

import io.hudprof.core.Metric;
import java.util.Arrays;

/**
 * One frame's per-state values kept sparsely (only the states with a value): self time, entry count and, when
 * recorded, self allocated bytes. A {@link Spike} keeps two: its own frame and the frame before it (what its heat
 * compares with). The arrays grow on a spike only, never per frame.
 */
final class StateValues {
    int count;
    int[] states = new int[0];
    double[] self = new double[0];
    double[] calls = new double[0];
    double[] bytes = new double[0];

    void ensure(int n) {
        if (states.length < n) {
            states = Arrays.copyOf(states, n);
            self = Arrays.copyOf(self, n);
            calls = Arrays.copyOf(calls, n);
            bytes = Arrays.copyOf(bytes, n);
        }
    }

    /**
     * Keeps every state below {@code stateCount} with a non-zero value in the state-indexed arrays ({@code bytes}
     * may be null when not recorded).
     */
    void keep(int stateCount, double[] selfByState, double[] callsByState, double[] bytesByState) {
        int kept = 0;
        for (int st = 0; st < stateCount; st++) {
            if (has(st, selfByState, callsByState, bytesByState)) {
                kept++;
            }
        }
        ensure(kept);
        count = 0;
        for (int st = 0; st < stateCount; st++) {
            if (!has(st, selfByState, callsByState, bytesByState)) {
                continue;
            }
            int i = count++;
            states[i] = st;
            self[i] = selfByState[st];
            calls[i] = callsByState[st];
            bytes[i] = bytesByState != null ? bytesByState[st] : 0;
        }
    }

    private static boolean has(int st, double[] self, double[] calls, double[] bytes) {
        return self[st] != 0 || calls[st] != 0 || bytes != null && bytes[st] != 0;
    }

    /** Writes the {@code metric} self values (time or bytes) and entry counts into state-indexed arrays. */
    void load(Metric metric, double[] selfByState, double[] callsByState) {
        double[] values = metric == Metric.TIME ? self : bytes;
        for (int i = 0; i < count; i++) {
            selfByState[states[i]] = values[i];
            callsByState[states[i]] = calls[i];
        }
    }

    /** Zeroes exactly the entries {@link #load} wrote. */
    void clear(double[] selfByState, double[] callsByState) {
        for (int i = 0; i < count; i++) {
            selfByState[states[i]] = 0;
            callsByState[states[i]] = 0;
        }
    }

    /** Drops the kept states {@code drop} says yes to, keeping the others in order. */
    void removeIf(java.util.function.IntPredicate drop) {
        int kept = 0;
        for (int i = 0; i < count; i++) {
            if (drop.test(states[i])) {
                continue;
            }
            states[kept] = states[i];
            self[kept] = self[i];
            calls[kept] = calls[i];
            bytes[kept] = bytes[i];
            kept++;
        }
        count = kept;
    }

    /** Adds one state's values (a state not kept yet); grows on a spike only. */
    void add(int state, double selfValue, double callsValue) {
        if (count == states.length) {
            ensure(Math.max(8, count * 2));
        }
        states[count] = state;
        self[count] = selfValue;
        calls[count] = callsValue;
        bytes[count] = 0;
        count++;
    }

    void copyFrom(StateValues other) {
        ensure(other.count);
        count = other.count;
        System.arraycopy(other.states, 0, states, 0, count);
        System.arraycopy(other.self, 0, self, 0, count);
        System.arraycopy(other.calls, 0, calls, 0, count);
        System.arraycopy(other.bytes, 0, bytes, 0, count);
    }
}
