package io.hudprof.core;

/**
 * The statistics side of {@code hudprof-api}'s binding: how the api's {@code Counter}, {@code IntDistribution} and
 * {@code FloatDistribution} reach hudprof's statistics, which live in the {@code stats} module above core. That
 * module provides it ({@link java.util.ServiceLoader}, a {@code META-INF/services/io.hudprof.core.ApiStatistics}
 * file); core looks it up once, when it binds the api. Without the module the api's statistics record nothing.
 *
 * <p>Each {@code define} returns a handle for the other calls, or throws {@link IllegalArgumentException} when the
 * name is taken by another kind of statistic. The other calls run on the game's threads: they must not throw, block
 * or allocate, and must ignore a handle they did not give (the api passes -1 for a refused definition).
 */
public interface ApiStatistics {
    /** Defines a counter (a level when {@code level}), or finds the one with this name; returns its handle. */
    int defineCounter(String name, boolean level);

    /** Defines a distribution of whole values, or finds it; returns its handle. */
    int defineIntDistribution(String name);

    /** Defines a distribution of real values, or finds it; returns its handle. */
    int defineFloatDistribution(String name);

    /** Adds {@code n} to the counter. */
    void counterAdd(int counter, long n);

    /** Adds a sample to the distribution. */
    void intReport(int distribution, long value);

    /** Adds a sample to the distribution ({@code NaN} is ignored). */
    void floatReport(int distribution, double value);
}
