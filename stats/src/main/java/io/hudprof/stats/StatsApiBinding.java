package io.hudprof.stats;

import io.hudprof.core.ApiStatistics;

import java.util.Arrays;

/**
 * {@code hudprof-api}'s counters and distributions as this module's {@link Counter}, {@link IntDistribution} and
 * {@link FloatDistribution}: core finds this class with {@link java.util.ServiceLoader} when it binds to the api.
 * Definitions copy the handle tables under a lock (they are rare); reports read a volatile table and never lock.
 */
public final class StatsApiBinding implements ApiStatistics {
    private volatile Counter[] counters = new Counter[0];
    private volatile IntDistribution[] intDistributions = new IntDistribution[0];
    private volatile FloatDistribution[] floatDistributions = new FloatDistribution[0];

    /** Made by {@link java.util.ServiceLoader}. */
    public StatsApiBinding() {
    }

    @Override
    public synchronized int defineCounter(String name, boolean level) {
        counters = appended(counters, level ? Counter.defineLevel(name) : Counter.define(name));
        return counters.length - 1;
    }

    @Override
    public synchronized int defineIntDistribution(String name) {
        intDistributions = appended(intDistributions, IntDistribution.define(name));
        return intDistributions.length - 1;
    }

    @Override
    public synchronized int defineFloatDistribution(String name) {
        floatDistributions = appended(floatDistributions, FloatDistribution.define(name));
        return floatDistributions.length - 1;
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

    private static <T> T[] appended(T[] table, T added) {
        T[] grown = Arrays.copyOf(table, table.length + 1);
        grown[table.length] = added;
        return grown;
    }
}
