package io.hudprof.stats;

import java.util.Arrays;

import io.hudprof.core.ApiStatistics;

/**
 * The statistics of {@code hudprof-api} ({@code io.hudprof.api.Counter} and the distributions), recorded as this
 * module's own: an api counter named {@code "Game/Spawns"} is {@link Counter#define(String)} of that name, so it is one
 * row with the core counter of the name, whichever API defined it. Found by core with {@link java.util.ServiceLoader}
 * when it binds the api; not for game code.
 */
public final class ApiStatisticsService implements ApiStatistics {
    /** By handle; copy-on-write under the instance lock, read without it on the game's threads. */
    private volatile Counter[] counters = new Counter[0];
    private volatile IntDistribution[] intDistributions = new IntDistribution[0];
    private volatile FloatDistribution[] floatDistributions = new FloatDistribution[0];

    /** For {@link java.util.ServiceLoader}. */
    public ApiStatisticsService() {
    }

    @Override
    public synchronized int defineCounter(String name, boolean level) {
        Counter counter = level ? Counter.defineLevel(name) : Counter.define(name);
        Counter[] grown = Arrays.copyOf(counters, counters.length + 1);
        grown[grown.length - 1] = counter;
        counters = grown;
        return grown.length - 1;
    }

    @Override
    public synchronized int defineIntDistribution(String name) {
        IntDistribution distribution = IntDistribution.define(name);
        IntDistribution[] grown = Arrays.copyOf(intDistributions, intDistributions.length + 1);
        grown[grown.length - 1] = distribution;
        intDistributions = grown;
        return grown.length - 1;
    }

    @Override
    public synchronized int defineFloatDistribution(String name) {
        FloatDistribution distribution = FloatDistribution.define(name);
        FloatDistribution[] grown = Arrays.copyOf(floatDistributions, floatDistributions.length + 1);
        grown[grown.length - 1] = distribution;
        floatDistributions = grown;
        return grown.length - 1;
    }

    @Override
    public void counterAdd(int counter, long n) {
        Counter[] all = counters;
        if (counter >= 0 && counter < all.length) {
            all[counter].add(n);
        }
    }

    @Override
    public void intReport(int distribution, long value) {
        IntDistribution[] all = intDistributions;
        if (distribution >= 0 && distribution < all.length) {
            all[distribution].report(value);
        }
    }

    @Override
    public void floatReport(int distribution, double value) {
        FloatDistribution[] all = floatDistributions;
        if (distribution >= 0 && distribution < all.length) {
            all[distribution].report(value);
        }
    }
}
