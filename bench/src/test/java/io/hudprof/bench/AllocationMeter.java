package io.hudprof.bench;

import java.lang.management.ManagementFactory;

/**
 * Measures what a piece of code allocates on the calling thread, with HotSpot's per-thread allocated-bytes
 * counter, after a warm-up long enough for the JIT to compile it (escape analysis included).
 */
public final class AllocationMeter {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private AllocationMeter() {
    }

    /**
     * Runs {@code frame} {@code warmUp} times, then in {@code windows} windows of {@code perWindow} runs, and returns
     * the fewest bytes a window allocated. Code that allocates on every run shows in every window; the JVM's own
     * one-off allocations on this thread (a few hundred bytes, once, at a moment of its choosing) show in at most
     * one, so the minimum is the honest steady-state figure.
     */
    public static long fewestBytes(int warmUp, int windows, int perWindow, Runnable frame) {
        if (!THREADS.isThreadAllocatedMemorySupported() || !THREADS.isThreadAllocatedMemoryEnabled()) {
            throw new IllegalStateException("this JVM does not count allocated bytes per thread; run on HotSpot");
        }
        for (int i = 0; i < warmUp; i++) {
            frame.run();
        }
        long fewest = Long.MAX_VALUE;
        for (int w = 0; w < windows; w++) {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < perWindow; i++) {
                frame.run();
            }
            fewest = Math.min(fewest, THREADS.getCurrentThreadAllocatedBytes() - before);
        }
        return fewest;
    }
}
