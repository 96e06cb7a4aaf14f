package io.hudprof.viewer;

import io.hudprof.core.Zone;
import io.hudprof.stats.FloatDistribution;
import java.util.Arrays;

/**
 * One received frame of one PStats thread, ready to replay: each time event's zone (null for "Frame", collector 0,
 * whose time is the thread root's, and for collectors not defined when the frame was resolved), start or stop, and
 * its time in the viewer's nanoseconds; and its level values with the statistic each is reported to. Pooled and reused by {@link ClientFeed}; the arrays only grow.
 */
final class ReplayFrame {
    int thread;
    long frameNumber;
    int events;
    Zone[] zones = new Zone[32];
    boolean[] starts = new boolean[32];
    long[] nanos = new long[32];
    /** The frame's level values, as statistics (main thread only). */
    int levels;
    FloatDistribution[] levelStats = new FloatDistribution[8];
    double[] levelValues = new double[8];
    /** A main-thread frame: the other replay threads, and how many frames each had been given before this one. */
    int awaitCount;
    final ReplayThread[] awaitThreads = new ReplayThread[ClientFeed.MAX_THREADS];
    final long[] awaitQueued = new long[ClientFeed.MAX_THREADS];

    void reset(int threadIndex, long number) {
        thread = threadIndex;
        frameNumber = number;
        events = 0;
        levels = 0;
    }

    void addLevel(FloatDistribution stat, double value) {
        if (levels == levelStats.length) {
            levelStats = Arrays.copyOf(levelStats, levels * 2);
            levelValues = Arrays.copyOf(levelValues, levels * 2);
        }
        levelStats[levels] = stat;
        levelValues[levels++] = value;
    }

    void add(Zone zone, boolean start, long time) {
        if (events == zones.length) {
            int n = events * 2;
            zones = Arrays.copyOf(zones, n);
            starts = Arrays.copyOf(starts, n);
            nanos = Arrays.copyOf(nanos, n);
        }
        zones[events] = zone;
        starts[events] = start;
        nanos[events] = time;
        events++;
    }

    long startNanos() {
        return nanos[0];
    }

    long endNanos() {
        return nanos[events - 1];
    }
}
