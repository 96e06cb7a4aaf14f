package io.hudprof.demo;

import java.util.Arrays;

/**
 * Each frame's wall time in a run of a known number of frames, kept in an array sized once, so a timed run
 * allocates nothing per frame. The first quarter of the frames is left out of the summary: JIT warm-up, the
 * driver's shader compiles and the world's first path plans would otherwise dominate a short run. What
 * {@code bench/demo-hud-cost.sh} reads to compare the HUD shown, hidden and compiled out.
 */
final class FrameTimes {
    private final long[] nanos;
    /**
     * Each frame's CPU time on the game thread (-1 where the JVM does not measure it). With {@code LP_NUM_THREADS=0}
     * llvmpipe rasterises on that thread, so this is the frame's whole cost on one core, which other work on a
     * shared machine hardly moves (unlike the wall time): the figure to compare runs by on a loaded machine.
     */
    private final long[] cpuNanos;
    private final java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    private final boolean cpuMeasured = threads.isCurrentThreadCpuTimeSupported();
    private long lastCpu;
    private int count;

    /** Made on the game thread, which then records every frame. */
    FrameTimes(int frames) {
        nanos = new long[frames];
        cpuNanos = new long[frames];
        lastCpu = cpuMeasured ? threads.getCurrentThreadCpuTime() : -1;
    }

    /** The frame that just ended took {@code frameNanos}; frames past the array's size are ignored. */
    void record(long frameNanos) {
        if (count < nanos.length) {
            long cpu = cpuMeasured ? threads.getCurrentThreadCpuTime() : -1;
            cpuNanos[count] = cpu >= 0 && lastCpu >= 0 ? cpu - lastCpu : -1;
            lastCpu = cpu;
            nanos[count++] = frameNanos;
        }
    }

    /** Index of the first frame the summary counts. */
    int firstCounted() {
        return count / 4;
    }

    /**
     * One line: the mean, median and middle half (25th–75th percentile) in milliseconds of the frames after the
     * first quarter, or null when fewer than 8 frames were recorded.
     */
    String summary() {
        int from = firstCounted();
        int n = count - from;
        if (n < 8) {
            return null;
        }
        long[] sorted = Arrays.copyOfRange(nanos, from, count);
        long total = 0;
        for (long t : sorted) {
            total += t;
        }
        Arrays.sort(sorted);
        String wall = String.format(java.util.Locale.ROOT,
                "frame times, frames %d-%d: mean %.3f ms, median %.3f ms, middle half %.3f-%.3f ms",
                from + 1, count, total / 1e6 / n, sorted[n / 2] / 1e6, sorted[n / 4] / 1e6, sorted[3 * n / 4] / 1e6);
        long[] cpu = Arrays.copyOfRange(cpuNanos, from, count);
        Arrays.sort(cpu);
        if (cpu[0] < 0) {
            return wall;
        }
        long cpuTotal = 0;
        for (long t : cpu) {
            cpuTotal += t;
        }
        // Worded without "median": the script reads the wall time's median as the line's last "median".
        return wall + String.format(java.util.Locale.ROOT, "; game thread CPU per frame p50 %.3f ms, mean %.3f ms",
                cpu[n / 2] / 1e6, cpuTotal / 1e6 / n);
    }
}
