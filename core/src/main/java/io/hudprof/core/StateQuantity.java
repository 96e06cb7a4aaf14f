package io.hudprof.core;

import java.util.Arrays;

/**
 * One quantity kept per zone-stack state: self time, entry counts, or self allocated bytes. It holds the frame
 * being gathered (exact longs), the last committed frame and its two moving averages (doubles, so every report
 * source looks alike), and the same four for the frame's total. The aggregator keeps one per quantity, so a second
 * measured quantity goes through the very code the first one does.
 *
 * <p>Owned by the thread inside {@code update()}.
 */
final class StateQuantity {
    long[] frame;
    double[] inst;
    double[] fast;
    double[] slow;
    long frameTotal;
    double instTotal;
    double fastTotal;
    double slowTotal;

    StateQuantity(int size) {
        frame = new long[size];
        inst = new double[size];
        fast = new double[size];
        slow = new double[size];
    }

    void ensure(int size) {
        if (frame.length >= size) {
            return;
        }
        frame = Arrays.copyOf(frame, size);
        inst = Arrays.copyOf(inst, size);
        fast = Arrays.copyOf(fast, size);
        slow = Arrays.copyOf(slow, size);
    }

    double[] values(Averaging averaging) {
        return switch (averaging) {
            case INSTANTANEOUS -> inst;
            case FAST -> fast;
            case SLOW -> slow;
        };
    }

    double total(Averaging averaging) {
        return switch (averaging) {
            case INSTANTANEOUS -> instTotal;
            case FAST -> fastTotal;
            case SLOW -> slowTotal;
        };
    }

    /**
     * Folds the committed instantaneous values of {@code states} states into the averages; the first recorded
     * frame starts them.
     */
    void average(int states, boolean first, double fastWeight, double slowWeight) {
        if (first) {
            System.arraycopy(inst, 0, fast, 0, states);
            System.arraycopy(inst, 0, slow, 0, states);
            fastTotal = instTotal;
            slowTotal = instTotal;
            return;
        }
        for (int s = 0; s < states; s++) {
            double v = inst[s];
            fast[s] += fastWeight * (v - fast[s]);
            slow[s] += slowWeight * (v - slow[s]);
        }
        fastTotal += fastWeight * (instTotal - fastTotal);
        slowTotal += slowWeight * (instTotal - slowTotal);
    }
}
