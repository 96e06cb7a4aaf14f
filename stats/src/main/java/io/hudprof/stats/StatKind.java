package io.hudprof.stats;

/** The kinds of statistic (pbrt's), each with its per-thread cell layout. */
public enum StatKind {
    /** How many times something happened ({@link Counter}). */
    COUNTER("counters", 1),
    /** Bytes, shown in KiB, MiB or GiB ({@link MemoryCounter}). */
    MEMORY_COUNTER("memory counters", 1),
    /** Whole-number values: count, sum, min, max ({@link IntDistribution}). */
    INT_DISTRIBUTION("int distributions", 4),
    /** Floating-point values: count, sum, min, max ({@link FloatDistribution}). */
    FLOAT_DISTRIBUTION("float distributions", 4),
    /** How often an event happens, numerator over denominator as a percentage ({@link Percent}). */
    PERCENT("percentages", 2),
    /** Numerator over denominator as a ratio ({@link Ratio}). */
    RATIO("ratios", 2),
    /** Time spent in blocks of code outside the zone tree: timings and nanoseconds ({@link StatTimer}). */
    TIMER("timers", 2);

    private final String plural;
    private final int slots;

    StatKind(String plural, int slots) {
        this.plural = plural;
        this.slots = slots;
    }

    /** The kind's name in the plural, for messages. */
    public String plural() {
        return plural;
    }

    /** Number of 64-bit cells a statistic of this kind takes in each thread. */
    int slots() {
        return slots;
    }
}
