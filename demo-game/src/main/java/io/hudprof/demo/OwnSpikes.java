package io.hudprof.demo;

import io.hudprof.capture.Spike;
import io.hudprof.capture.SpikeCapture;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;

/**
 * The spikes the capture blamed on one of hudprof's own zones ({@code hudprof:...}, the zone that grew most) after the
 * warm-up frames: hudprof must never cause the spikes it reports. Checked right after each update, when the newest
 * spike is that frame's or there is none, so it holds however many spikes later push it out of the bounded store.
 * Keeps the first {@value #KEPT}; allocates nothing per frame.
 */
final class OwnSpikes {
    static final int KEPT = 16;
    /** Frames up to this one are warm-up (JIT, the driver's shader compiles, first path plans): not counted. */
    static final long WARM_UP_FRAMES = 30;

    private final long[] frames = new long[KEPT];
    private final int[] zones = new int[KEPT];
    private final double[] grewNanos = new double[KEPT];
    private int count;
    private int total;
    private long seenCaptured;

    /** After the frame's update. */
    void frameEnded(Profiler profiler, SpikeCapture spikes) {
        long captured = spikes.captured();
        if (captured == seenCaptured) {
            return;
        }
        seenCaptured = captured;
        long frame = profiler.recordedFrames();
        if (frame <= WARM_UP_FRAMES || spikes.recentCount() == 0) {
            return;
        }
        Spike spike = spikes.recent(0);
        Zone grew = spike.frameNumber() == frame && spike.grewZone() >= 0 ? Zone.byId(spike.grewZone()) : null;
        if (grew == null || !grew.name().startsWith("hudprof:")) {
            return;
        }
        total++;
        if (count < KEPT) {
            frames[count] = frame;
            zones[count] = spike.grewZone();
            grewNanos[count] = spike.grewNanos();
            count++;
        }
    }

    /** {@code spikes blamed on hudprof's own zones after frame 30: 1: #520 (hudprof:update +12.0 ms)}. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("spikes blamed on hudprof's own zones after frame ").append(WARM_UP_FRAMES)
                .append(": ").append(total);
        for (int i = 0; i < count; i++) {
            b.append(i == 0 ? ": #" : ", #").append(frames[i]).append(" (").append(Zone.byId(zones[i]).name())
                    .append(String.format(java.util.Locale.ROOT, " +%.1f ms)", grewNanos[i] / 1e6));
        }
        return b.toString();
    }
}
