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
    /** CPU and wall time of hudprof's calls (update and HUD) in the blamed frame, ns; -1 when not measured. */
    private final long[] ownCpu = new long[KEPT];
    private final long[] ownWall = new long[KEPT];
    private long lastOwnCpu = -1;
    private long lastOwnWall = -1;
    private long lastOwnGcs;
    private final long[] ownGcs = new long[KEPT];
    private final java.lang.management.GarbageCollectorMXBean[] collectors =
            java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()
                    .toArray(new java.lang.management.GarbageCollectorMXBean[0]);
    private int count;
    /** Spike slots grown inside update() after the warm-up (a spike larger than any before it), the last one's frame. */
    private long seenGrowths;
    private int lateGrowths;
    private long lastGrowthFrame;
    private int total;
    /** Spikes after the warm-up blamed on a JVM pause (a GC pause or safepoint that explains the rise). */
    private int pauseBlamed;
    private long seenCaptured;

    /**
     * After the frame's HUD render: the game thread's CPU and wall time in hudprof's calls since the update began
     * (update, HUD). Those calls land in the next recorded frame (the update opens it), so a spike blamed on them there
     * says whether hudprof worked that long (CPU) or the thread waited (wall only: descheduled, or a GC pause).
     */
    void ownCallsTook(long cpuNanos, long wallNanos, long collections) {
        lastOwnCpu = cpuNanos;
        lastOwnWall = wallNanos;
        lastOwnGcs = collections;
    }

    /** Garbage collections so far, all collectors: read around hudprof's calls to see one land inside them. */
    long collections() {
        long sum = 0;
        for (int i = 0; i < collectors.length; i++) {
            sum += Math.max(0, collectors[i].getCollectionCount());
        }
        return sum;
    }

    /** After the frame's update. */
    void frameEnded(Profiler profiler, SpikeCapture spikes) {
        long captured = spikes.captured();
        if (captured == seenCaptured) {
            return;
        }
        seenCaptured = captured;
        long frame = profiler.recordedFrames();
        long growths = spikes.slotGrowthsInUpdate();
        if (growths != seenGrowths) {
            seenGrowths = growths;
            if (frame > WARM_UP_FRAMES) {
                lateGrowths++;
                lastGrowthFrame = frame;
            }
        }
        if (frame <= WARM_UP_FRAMES || spikes.recentCount() == 0) {
            return;
        }
        Spike spike = spikes.recent(0);
        if (spike.frameNumber() == frame && spike.blamesPause()) {
            pauseBlamed++;
            return;
        }
        Zone grew = spike.frameNumber() == frame && spike.grewZone() >= 0 ? Zone.byId(spike.grewZone()) : null;
        if (grew == null || !grew.name().startsWith("hudprof:")) {
            return;
        }
        total++;
        if (count < KEPT) {
            frames[count] = frame;
            zones[count] = spike.grewZone();
            grewNanos[count] = spike.grewNanos();
            ownCpu[count] = lastOwnCpu;
            ownWall[count] = lastOwnWall;
            ownGcs[count] = lastOwnGcs;
            count++;
        }
    }

    /**
     * {@code spikes blamed on hudprof's own zones after frame 30: 1: #520 (hudprof:update +1.2 ms; hudprof's calls
     * 1.31 ms CPU, 1.36 ms wall; 0 GCs in them); blamed on a JVM pause (GC or safepoint) instead: 1; spike slots grown
     * inside update() after frame 30: 0}: with the spike's first note when it is still held and has one (a GC pause
     * that overlapped it, too short to explain the rise).
     */
    String summary(SpikeCapture spikes) {
        // A pause's note may arrive after the frame was checked (a JFR safepoint, a second late): a spike still held
        // that is now blamed on the pause says so in its entry (counted above as it was judged at its frame's end).
        int later = 0;
        StringBuilder b = new StringBuilder("spikes blamed on hudprof's own zones after frame ").append(WARM_UP_FRAMES)
                .append(": ").append(total);
        for (int i = 0; i < count; i++) {
            b.append(i == 0 ? ": #" : ", #").append(frames[i]).append(" (").append(Zone.byId(zones[i]).name())
                    .append(String.format(java.util.Locale.ROOT, " +%.1f ms", grewNanos[i] / 1e6));
            if (ownCpu[i] >= 0) {
                b.append(String.format(java.util.Locale.ROOT, "; hudprof's calls %.2f ms CPU, %.2f ms wall, %d GCs"
                        + " in them", ownCpu[i] / 1e6, ownWall[i] / 1e6, ownGcs[i]));
            }
            Spike held = spikes.find(frames[i]);
            if (held != null && held.noteCount() > 0) {
                b.append("; ").append(held.note(0));
            }
            if (held != null && held.blamesPause()) {
                b.append("; now blamed on a JVM pause: ").append(held.pauseNote());
                later++;
            }
            b.append(')');
        }
        b.append("; blamed on a JVM pause (GC or safepoint) instead: ").append(pauseBlamed);
        if (later > 0) {
            b.append(" (and ").append(later).append(" of those above since their pause's note arrived)");
        }
        b.append("; spike slots grown inside update() after frame ").append(WARM_UP_FRAMES).append(": ")
                .append(lateGrowths);
        if (lateGrowths > 0) {
            b.append(" (last at #").append(lastGrowthFrame).append(')');
        }
        return b.toString();
    }
}
