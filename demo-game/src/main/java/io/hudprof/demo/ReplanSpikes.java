package io.hudprof.demo;

import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.capture.Spike;
import io.hudprof.capture.SpikeCapture;

/**
 * Which of the A* re-plan frames the spike capture caught: checked right after the re-plan frame's update (the newest
 * spike is that frame or it was not caught), so it holds however many spikes later push it out of the bounded store.
 * Keeps the first {@value #KEPT} re-plans; allocates nothing per frame.
 */
final class ReplanSpikes {
    static final int KEPT = 64;

    private final long[] frames = new long[KEPT];
    private final boolean[] caught = new boolean[KEPT];
    /** Per kept re-plan: the caught spike's frame time and the zone that grew most (-1 when not caught). */
    private final long[] frameNanos = new long[KEPT];
    private final int[] grewZone = new int[KEPT];
    private final double[] grewNanos = new double[KEPT];
    private int count;
    private int total;
    private int totalCaught;

    /** The frame that just ended re-planned (call after its update). */
    void replanned(Profiler profiler, SpikeCapture spikes) {
        long frame = profiler.recordedFrames();
        boolean isSpike = spikes.recentCount() > 0 && spikes.recent(0).frameNumber() == frame;
        total++;
        if (isSpike) {
            totalCaught++;
        }
        if (count < KEPT) {
            Spike spike = isSpike ? spikes.recent(0) : null;
            frames[count] = frame;
            caught[count] = isSpike;
            frameNanos[count] = profiler.history().frameNanos(0);
            grewZone[count] = isSpike ? spike.grewZone() : -1;
            grewNanos[count] = isSpike ? spike.grewNanos() : 0;
            count++;
        }
    }

    /**
     * {@code 4 path re-plans, 4 caught as spikes: #1 (40.1 ms, A* +22.3 ms), #121 (...)}; a re-plan frame not caught
     * reads {@code #241 (12.0 ms, not caught)}.
     */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder().append(total).append(" path re-plans, ").append(totalCaught)
                .append(" caught as spikes:");
        for (int i = 0; i < count; i++) {
            b.append(i == 0 ? " #" : ", #").append(frames[i]);
            b.append(String.format(java.util.Locale.ROOT, " (%.1f ms", frameNanos[i] / 1e6));
            if (!caught[i]) {
                b.append(", not caught)");
                continue;
            }
            Zone zone = grewZone[i] >= 0 ? Zone.byId(grewZone[i]) : null;
            if (zone != null) {
                b.append(", ").append(zone.name()).append(String.format(java.util.Locale.ROOT, " +%.1f ms",
                        grewNanos[i] / 1e6));
            }
            b.append(')');
        }
        return b.toString();
    }
}
