package io.hudprof.bench;

/** The floor every zone is compared with: the two clock reads a zone needs, and nothing else. */
public final class ClockFloor {
    private ClockFloor() {
    }

    /** Reads {@link System#nanoTime()} twice, {@link ZoneWorkloads#PAIRS} times; returns a sum so none is dead. */
    public static long pairs() {
        long sum = 0;
        for (int i = 0; i < ZoneWorkloads.PAIRS; i++) {
            long start = System.nanoTime();
            long end = System.nanoTime();
            sum += end - start;
        }
        return sum;
    }
}
