package io.hudprof.core.report;

import io.hudprof.core.ProfileData;

/**
 * Per-zone numbers of one set of per-state values, derived exactly as a report row derives them
 * ({@link KeyedValues}: recursion collapsed, a zone's hierarchical time summed over its outermost states only), for
 * readers outside the report that keep or compare zones' values, such as a per-frame sampler. Indexed by zone id,
 * {@code 0 ≤ zone < }{@link #zoneCount()}. Reusable: {@link #compute} refills it in place and allocates only when the
 * profile has grown past every size seen before.
 */
public final class ZoneTotals {
    private final KeyedValues values = new KeyedValues();

    /**
     * Derives the per-zone values of {@code stateSelf} and {@code stateCalls} (for example
     * {@code data.self(Averaging.INSTANTANEOUS)}, or a history frame loaded with
     * {@link ProfileData#loadHistoryStates}), over all threads. Call on the thread that calls {@code update()}.
     */
    public void compute(ProfileData data, double[] stateSelf, double[] stateCalls) {
        values.compute(data, stateSelf, stateCalls, false, -1);
    }

    /** How many zone ids the last {@link #compute} covered. */
    public int zoneCount() {
        return values.keyCount;
    }

    /** Whether the zone had time or entries in the values computed. */
    public boolean hasData(int zone) {
        return values.hasData[zone];
    }

    /** The zone's self time (or self value of the metric the values were of). */
    public double self(int zone) {
        return values.self[zone];
    }

    /** The zone's hierarchical time: its outermost states' time including what they called. */
    public double hier(int zone) {
        return values.hier[zone];
    }

    /** How many times the zone was entered. */
    public double calls(int zone) {
        return values.calls[zone];
    }
}
