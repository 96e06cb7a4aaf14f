package io.hudprof.stats;

import io.hudprof.core.Averaging;
import io.hudprof.core.Metric;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Zone;

import java.util.Arrays;

/**
 * Picks the zones worth a colour in a graph or a column in an export: the largest slow-average self times,
 * thread roots excluded. Reusable and allocation-free once its scratch arrays have grown to the zone count.
 * Use it on the thread that calls {@code update()}.
 */
public final class ZoneRanking {
    private final ProfileData data;
    private double[] zoneSelf = new double[0];
    private int[] candidates = new int[0];

    /** A ranking over the given profile's values. */
    public ZoneRanking(ProfileData data) {
        if (data == null) {
            throw new IllegalArgumentException("hudprof: profile data is null");
        }
        this.data = data;
    }

    /**
     * Writes the ids of the zones with the largest slow-average self time, largest first (ties by id), into
     * {@code dest}, as many as fit.
     *
     * @return how many ids were written
     */
    public int topZones(int[] dest) {
        return topZones(Metric.TIME, dest);
    }

    /**
     * {@link #topZones(int[])} by the slow-average self value of {@code metric} (time, or allocated bytes).
     *
     * @throws IllegalStateException when the metric is not recorded
     */
    public int topZones(Metric metric, int[] dest) {
        int zones = Zone.count();
        if (zoneSelf.length < zones) {
            zoneSelf = new double[Math.max(zones, zoneSelf.length * 2)];
            candidates = new int[zoneSelf.length];
        }
        Arrays.fill(zoneSelf, 0, zones, 0);
        double[] self = data.self(metric, Averaging.SLOW);
        int states = data.stateCount();
        for (int s = 0; s < states; s++) {
            int z = data.zone(s);
            if (z < zones) {
                zoneSelf[z] += self[s];
            }
        }
        int n = 0;
        for (int z = 0; z < zones; z++) {
            Zone zone = Zone.byId(z);
            // GPU zones are not part of the CPU frame the graph stacks (nor of the per-zone history): the graph draws
            // the GPU frame time as its own line instead.
            if (zoneSelf[z] > 0 && zone != null && !zone.isThreadRoot() && !zone.isGpu()) {
                candidates[n++] = z;
            }
        }
        // Only the first dest.length places are needed: a partial selection sort does that in n × dest.length.
        int written = Math.min(n, dest.length);
        for (int i = 0; i < written; i++) {
            int best = i;
            for (int j = i + 1; j < n; j++) {
                if (zoneSelf[candidates[j]] > zoneSelf[candidates[best]]) {
                    best = j;
                }
            }
            int swap = candidates[i];
            candidates[i] = candidates[best];
            candidates[best] = swap;
            dest[i] = candidates[i];
        }
        return written;
    }
}
