package io.hudprof.core;

/**
 * The statistics half of {@code hudprof-api}'s backend, supplied by the statistics module ({@code hudprof-stats}),
 * which core does not know: found with {@link java.util.ServiceLoader} (a
 * {@code META-INF/services/io.hudprof.core.ApiStatistics} file in that jar) when core binds to the api. Without it
 * on the class path, api counters and distributions stay no-ops while api zones record as usual.
 *
 * <p>Handles are dense indexes the implementation hands out; the report calls run on game threads, so they must not
 * lock or allocate, and an unknown handle is ignored.
 */
public interface ApiStatistics {
    /** Defines (or finds) a counter; {@code level} makes a level counter. Returns its handle. */
    int defineCounter(String name, boolean level);

    /** Defines (or finds) an integer distribution. Returns its handle. */
    int defineIntDistribution(String name);

    /** Defines (or finds) a floating-point distribution. Returns its handle. */
    int defineFloatDistribution(String name);

    /** Adds {@code n} to counter {@code counter}. */
    void counterAdd(int counter, long n);

    /** Reports {@code value} to integer distribution {@code distribution}. */
    void intReport(int distribution, long value);

    /** Reports {@code value} to floating-point distribution {@code distribution}. */
    void floatReport(int distribution, double value);
}
