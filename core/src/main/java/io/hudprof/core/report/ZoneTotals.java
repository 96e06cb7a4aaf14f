package io.hudprof.core.report;

import io.hudprof.core.ProfileData;

/**
 * Per-zone numbers of one set of per-state values, derived exactly as a report row derives them
 * ({@link KeyedValues}: recursion collapsed, a zone's hierarchical time summed over its outermost states only), for
 * readers outside the report that keep or compare zones' values, such as a per-frame sampler, a comparison of
 * ranges or the distribution columns. Indexed by report key, {@code 0 ≤ key < }{@link #zoneCount()}: the zone id, or
 * with recursion expanded {@link ProfileData#expandedKey(int)}'s key (a zone at one depth). Reusable: {@link #compute}
 * refills it in place and allocates only when the profile has grown past every size seen before.
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

    /**
     * As {@link #compute(ProfileData, double[], double[])}, by zone id or, with {@code expanded}, by the key of a zone
     * at one recursion depth (as a report with recursion expanded lists them).
     */
    public void compute(ProfileData data, double[] stateSelf, double[] stateCalls, boolean expanded) {
        values.compute(data, stateSelf, stateCalls, expanded, -1);
    }

    /** How many keys (zone ids, or expanded keys) the last {@link #compute} covered. */
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

    /**
     * The hierarchical value of one state ({@code 0 ≤ state < data.stateCount()}) in the last {@link #compute}: its
     * self value plus its descendants'.
     */
    public double stateHier(int state) {
        return values.stateHier[state];
    }
}
