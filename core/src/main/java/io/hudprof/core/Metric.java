package io.hudprof.core;

/**
 * A quantity the zones measure and the aggregator attributes through the zone-stack states: self values are
 * measured between consecutive events of a thread, hierarchical values, call-graph contributions, averages and
 * history are derived from them the same way for every metric.
 */
public enum Metric {
    /** Time in nanoseconds, from the profiler's clock; always recorded. */
    TIME(ValueUnit.NANOS),
    /**
     * Bytes allocated on the heap by the recording thread, from {@link AllocationCounter}; recorded only when
     * allocation per zone is on ({@link ProfilerConfig.Builder#allocationPerZone(boolean)}) and the JVM has the
     * counter.
     */
    ALLOCATED_BYTES(ValueUnit.BYTES);

    private final ValueUnit unit;

    Metric(ValueUnit unit) {
        this.unit = unit;
    }

    /** The unit this metric's values are in. */
    public ValueUnit unit() {
        return unit;
    }
}
