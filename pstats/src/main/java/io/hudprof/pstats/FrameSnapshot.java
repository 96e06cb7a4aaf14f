package io.hudprof.pstats;

import io.hudprof.core.FrameStates;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Profiler;
import io.hudprof.core.Averaging;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.Stat;
import io.hudprof.stats.Stats;
import java.util.Arrays;

/**
 * What the sender needs of one recorded frame, copied on the game thread from {@link ProfileData}: the frame's
 * per-state values as the one record history and spikes keep ({@link FrameStates}: self time and entry count of
 * each state with a value), the state tree's shape beside it (every state's parent and zone), the frame's end on the
 * profiler's clock, the names of live threads, and the frame value of every statistic when {@link FrameStatistics}
 * are attached. The arrays keep their capacity; they grow only when the profiler's state tree grows, so a steady
 * game copies without allocating.
 */
final class FrameSnapshot {
    long frameNumber;
    long frameEndNanos;
    long frameNanos;
    int updateRootZone;
    /** Number of states in the tree (the values name states below it). */
    int states;
    int[] parent = new int[64];
    int[] zone = new int[64];
    final FrameStates values = new FrameStates();
    int threads;
    String[] threadNames = new String[8];
    /** Statistics with a value this frame (when {@link FrameStatistics} are attached): id and frame value. */
    int stats;
    int[] statIds = new int[16];
    double[] statValues = new double[16];

    void copy(Profiler profiler, long frameNumber, long frameEndNanos, long frameNanos) {
        ProfileData data = profiler.data();
        this.frameNumber = frameNumber;
        this.frameEndNanos = frameEndNanos;
        this.frameNanos = frameNanos;
        this.updateRootZone = data.updateThreadRootZone();
        int n = data.stateCount();
        if (n > parent.length) {
            int m = Math.max(n, parent.length * 2);
            parent = new int[m];
            zone = new int[m];
        }
        for (int s = 0; s < n; s++) {
            parent[s] = data.parent(s);
            zone[s] = data.zone(s);
        }
        states = n;
        data.loadLastFrame(values);
        int t = profiler.threadCount();
        if (t > threadNames.length) {
            threadNames = Arrays.copyOf(threadNames, Math.max(t, threadNames.length * 2));
        }
        for (int i = 0; i < t; i++) {
            threadNames[i] = profiler.threadName(i);
        }
        threads = t;
        copyStatistics(profiler);
    }

    private void copyStatistics(Profiler profiler) {
        stats = 0;
        FrameStatistics statistics = FrameStatistics.attachedTo(profiler);
        if (statistics == null) {
            return;
        }
        int n = Stats.count();
        if (n > statIds.length) {
            statIds = new int[Math.max(n, statIds.length * 2)];
            statValues = new double[statIds.length];
        }
        for (int id = 0; id < n; id++) {
            Stat stat = Stats.byId(id);
            double v = stat == null ? Double.NaN : statistics.frameValue(stat, Averaging.INSTANTANEOUS);
            if (!Double.isNaN(v)) {
                statIds[stats] = id;
                statValues[stats++] = v;
            }
        }
    }
}
