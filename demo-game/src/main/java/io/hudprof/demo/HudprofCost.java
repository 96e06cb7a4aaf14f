package io.hudprof.demo;

import io.hudprof.core.Averaging;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Profiler;
import io.hudprof.core.SelfZones;
import java.util.Arrays;
import java.util.Locale;

/**
 * hudprof's own work on the game thread, frame by frame, as its own zones measured it: {@code hudprof:update},
 * {@code hudprof:report}, {@code hudprof:HUD draw list} and {@code hudprof:GPU poll} (self times, so the report built
 * inside the draw list is counted once); the HUD's GL submit is the driver's work and is left out. Read after each
 * frame's HUD render from the last recorded frame, outside every zone, into arrays sized once: nothing allocated per
 * frame. The summary leaves out the first quarter of the frames, as {@link FrameTimes} does, and is the one line the
 * demo prints at exit (what {@code bench/demo-hud-cost.sh} reads).
 */
final class HudprofCost {
    private static final int UPDATE = 0;
    private static final int REPORT = 1;
    private static final int DRAW_LIST = 2;
    private static final int GPU_POLL = 3;
    private static final int PARTS = 4;
    private static final String[] NAMES = {"update", "report", "draw list", "GPU poll"};

    private final ProfileData data;
    private final java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    /** HotSpot's per-thread allocation counter, or null where the JVM has none. */
    private final com.sun.management.ThreadMXBean allocation = threads instanceof com.sun.management.ThreadMXBean t
            && t.isThreadAllocatedMemorySupported() && t.isThreadAllocatedMemoryEnabled() ? t : null;
    /**
     * Frames after the warm-up whose {@code update()} allocated (growth of a ring, store or table landing in one
     * frame: in steady state {@code update()} allocates nothing), their bytes in all, and the largest.
     */
    private int growthFrames;
    private long growthBytes;
    private long largestGrowth;
    private long largestGrowthFrame;
    /** Per frame, the game thread's CPU time inside {@code update()}, ns: immune to preemption by other processes. */
    private final long[] updateCpu;
    private int cpuCount;
    /** Per part and frame, ns; the last row is the frame's total. */
    private final long[][] nanos;
    private int count;
    private long lastFrame;
    /**
     * The zone-stack states of each part's zone, found as the state tree grows; a part's states include those under
     * it (the zones hudprof's frame listeners run in, inside {@code hudprof:update}).
     */
    private int[][] states = new int[PARTS][8];
    private final int[] stateCounts = new int[PARTS];
    /** Per state seen: its part (-1: none) and, under {@code hudprof:update}, its feature (-1: update's own). */
    private int[] partOfState = new int[256];
    private int[] featureOfState = new int[256];
    private int statesSeen;
    /** The features inside update: each zone directly under {@code hudprof:update}, in the order first seen. */
    private static final int FEATURES = 8;
    private final int[] featureZones = new int[FEATURES];
    private int featureCount;
    /** Per feature and frame, ns (the self time of its zone and anything under it). */
    private final long[][] featureNanos;

    HudprofCost(Profiler profiler, int frames) {
        this.data = profiler.data();
        this.nanos = new long[PARTS + 1][frames];
        this.featureNanos = new long[FEATURES][frames];
        this.updateCpu = new long[frames];
    }

    /** The calling thread's CPU time (ns), for {@link #updateCpu(long)}. */
    long cpuNow() {
        return threads.getCurrentThreadCpuTime();
    }

    /** The calling thread's allocated bytes so far (-1 without the counter), for {@link #updateAllocated}. */
    long allocatedNow() {
        return allocation == null ? -1 : allocation.getCurrentThreadAllocatedBytes();
    }

    /**
     * The bytes frame {@code frame}'s {@code update()} allocated on the game thread (two {@link #allocatedNow()}
     * readings apart); counted after {@link OwnSpikes#WARM_UP_FRAMES}.
     */
    void updateAllocated(long frame, long bytes) {
        if (allocation == null || frame <= OwnSpikes.WARM_UP_FRAMES || bytes <= 0) {
            return;
        }
        growthFrames++;
        growthBytes += bytes;
        if (bytes > largestGrowth) {
            largestGrowth = bytes;
            largestGrowthFrame = frame;
        }
    }

    /** The CPU time the frame's {@code update()} took on the game thread (two {@link #cpuNow()} readings apart). */
    void updateCpu(long cpuNanos) {
        if (cpuCount < updateCpu.length) {
            updateCpu[cpuCount++] = cpuNanos;
        }
    }

    /** After the frame's HUD render: adds the last recorded frame's hudprof work, once per recorded frame. */
    void frame() {
        long recorded = data.recordedFrames();
        if (recorded == lastFrame || count == nanos[0].length) {
            return;
        }
        lastFrame = recorded;
        findNewStates();
        double[] self = data.self(Averaging.INSTANTANEOUS);
        long total = 0;
        for (int part = 0; part < PARTS; part++) {
            double sum = 0;
            for (int i = 0; i < stateCounts[part]; i++) {
                int state = states[part][i];
                sum += self[state];
                int feature = featureOfState[state];
                if (feature >= 0) {
                    featureNanos[feature][count] += (long) self[state];
                }
            }
            nanos[part][count] = (long) sum;
            total += (long) sum;
        }
        nanos[PARTS][count++] = total;
    }

    private void findNewStates() {
        int stateCount = data.stateCount();
        if (partOfState.length < stateCount) {
            partOfState = Arrays.copyOf(partOfState, Math.max(stateCount, partOfState.length * 2));
            featureOfState = Arrays.copyOf(featureOfState, partOfState.length);
        }
        // States come in topological order: a state's parent was seen before it.
        for (int s = statesSeen; s < stateCount; s++) {
            int zone = data.zone(s);
            int parent = data.parent(s);
            int part = partOf(zone);
            int feature = -1;
            if (part < 0 && parent >= 0 && partOfState[parent] == UPDATE) {
                part = UPDATE;
                feature = data.zone(parent) == SelfZones.UPDATE.id() ? featureOf(zone) : featureOfState[parent];
            }
            partOfState[s] = part;
            featureOfState[s] = feature;
            if (part >= 0) {
                if (stateCounts[part] == states[part].length) {
                    states[part] = Arrays.copyOf(states[part], stateCounts[part] * 2);
                }
                states[part][stateCounts[part]++] = s;
            }
        }
        statesSeen = stateCount;
    }

    /** The feature index of a zone directly under {@code hudprof:update}; past {@value #FEATURES}, the last one. */
    private int featureOf(int zone) {
        for (int f = 0; f < featureCount; f++) {
            if (featureZones[f] == zone) {
                return f;
            }
        }
        if (featureCount == FEATURES) {
            return FEATURES - 1;
        }
        featureZones[featureCount] = zone;
        return featureCount++;
    }

    private static int partOf(int zone) {
        if (zone == SelfZones.UPDATE.id()) {
            return UPDATE;
        }
        if (zone == SelfZones.REPORT.id()) {
            return REPORT;
        }
        if (zone == SelfZones.HUD_DRAW_LIST.id()) {
            return DRAW_LIST;
        }
        return zone == SelfZones.GPU_POLL.id() ? GPU_POLL : -1;
    }

    /**
     * One line: the mean and 99th percentile of hudprof's game-thread work per frame, in total and by part, over the
     * frames after the first quarter; null with fewer than 8 frames or with self-profiling off.
     */
    String summary() {
        int from = count / 4;
        int n = count - from;
        if (n < 8 || !data.selfProfiling()) {
            return null;
        }
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                "hudprof game-thread cost per frame, frames %d-%d: mean %.3f ms, p99 %.3f ms", from + 1, count,
                mean(nanos[PARTS], from) / 1e6, p99(nanos[PARTS], from) / 1e6));
        line.append(" (");
        for (int part = 0; part < PARTS; part++) {
            line.append(part == 0 ? "" : ", ").append(NAMES[part]).append(String.format(Locale.ROOT,
                    " %.3f/%.3f", mean(nanos[part], from) / 1e6, p99(nanos[part], from) / 1e6));
        }
        line.append(" ms mean/p99; HUD GL submit not counted)");
        int cpuFrom = cpuCount / 4;
        if (cpuCount - cpuFrom >= 8) {
            line.append(String.format(Locale.ROOT, "; update() thread CPU time mean %.3f ms, p99 %.3f ms",
                    mean(updateCpu, cpuFrom, cpuCount) / 1e6, p99(updateCpu, cpuFrom, cpuCount) / 1e6));
        }
        if (allocation != null) {
            line.append(String.format(Locale.ROOT, "; update() allocated in %d frames after frame %d, %d bytes in all",
                    growthFrames, OwnSpikes.WARM_UP_FRAMES, growthBytes));
            if (growthFrames > 0) {
                line.append(String.format(Locale.ROOT, ", most %d at frame %d", largestGrowth, largestGrowthFrame));
            }
        }
        if (featureCount > 0) {
            // update() by feature: each frame listener's own zone; the rest is the drain and commit of the frame.
            double rest = mean(nanos[UPDATE], from);
            line.append("; update's mean by feature:");
            for (int f = 0; f < featureCount; f++) {
                double m = mean(featureNanos[f], from);
                rest -= m;
                line.append(f == 0 ? " " : ", ").append(io.hudprof.core.Zone.byId(featureZones[f]).name()
                        .replace("hudprof:", "")).append(String.format(Locale.ROOT, " %.3f", m / 1e6));
            }
            line.append(String.format(Locale.ROOT, ", the rest (drain, commit, other listeners) %.3f ms", rest / 1e6));
        }
        return line.toString();
    }

    private double mean(long[] values, int from) {
        return mean(values, from, count);
    }

    private long p99(long[] values, int from) {
        return p99(values, from, count);
    }

    private static double mean(long[] values, int from, int to) {
        long sum = 0;
        for (int i = from; i < to; i++) {
            sum += values[i];
        }
        return (double) sum / (to - from);
    }

    private static long p99(long[] values, int from, int to) {
        long[] sorted = Arrays.copyOfRange(values, from, to);
        Arrays.sort(sorted);
        int n = sorted.length;
        return sorted[Math.min(n - 1, (int) Math.ceil(0.99 * n) - 1)];
    }
}
