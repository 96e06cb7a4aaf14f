package io.hudprof.bench.peers;

import java.util.HashMap;
import java.util.Map;

/**
 * The profiler people write by hand: start times and totals in {@code HashMap<String, Long>}, keyed by the zone's
 * name. Written the obvious way on purpose (boxing, hashing the name twice per pair), because that is the baseline a
 * game developer would compare hudprof with.
 */
public final class NaiveStopwatch {
    private final Map<String, Long> started = new HashMap<>();
    private final Map<String, Long> totals = new HashMap<>();

    /** Starts timing {@code name}. */
    public void start(String name) {
        started.put(name, System.nanoTime());
    }

    /** Stops timing {@code name} and adds the elapsed time to its total. */
    public void stop(String name) {
        long elapsed = System.nanoTime() - started.get(name);
        totals.merge(name, elapsed, Long::sum);
    }

    /** The accumulated nanoseconds of {@code name}, or 0. */
    public long total(String name) {
        return totals.getOrDefault(name, 0L);
    }

    /** Forgets the totals, as a game does after showing a frame's numbers. */
    public void reset() {
        totals.clear();
    }
}
