package io.hudprof.testkit;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * The one rule every allocation test in hudprof follows, so a test catches per-frame garbage and never trips on a
 * one-off: warm up, then measure several windows of frames with HotSpot's per-thread allocated-bytes counter, and
 * require
 * <ul>
 *   <li>zero bytes in the steady windows: more than half of the windows allocate nothing at all (code that allocates
 *   now and then, not every frame, still shows in most windows);</li>
 *   <li>less than one object a frame in every window ({@value #SMALLEST_OBJECT_BYTES} bytes, the smallest object,
 *   times the window's frames): code that allocates on every frame fails every window, while a one-off of the JVM's
 *   own on this thread (the JIT replacing a method, a class initialised, a lambda's first call) fits in one.</li>
 * </ul>
 *
 * <p>The JIT keeps settling long after a short warm-up (a method compiled late runs unoptimised, and allocates what
 * escape analysis will later remove, for thousands of frames on a loaded machine), so {@link #measure} goes on
 * measuring, up to {@value #MAX_WINDOWS_FACTOR} times the windows asked for, until the last windows asked for hold
 * the rule, and judges those: code that allocates on every frame, or every few frames, never gets there, while a
 * JIT that settles late only costs time.
 *
 * <p>{@link #measure} runs a frame given as a {@link Runnable}; {@link Windows#of} takes windows a harness counted
 * itself (an engine's own loop, where the test cannot call the frame). Either way {@link Windows#assertSteady} judges
 * them and names every window's bytes when it fails. Measure on the thread that runs the frames.
 */
public final class AllocationCheck {
    /** The smallest object HotSpot allocates (a 12-byte header padded to 8), in bytes. */
    public static final int SMALLEST_OBJECT_BYTES = 16;
    /** The fewest windows a judgement needs: with fewer, "more than half" cannot tell a one-off from a habit. */
    public static final int MIN_WINDOWS = 3;
    /** How many times the windows asked for {@link #measure} may run before it judges the last ones as they are. */
    public static final int MAX_WINDOWS_FACTOR = 6;

    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private AllocationCheck() {
    }

    private static com.sun.management.ThreadMXBean threads() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (!(bean instanceof com.sun.management.ThreadMXBean hotspot) || !hotspot.isThreadAllocatedMemorySupported()) {
            throw new IllegalStateException("this JVM does not count allocated bytes per thread; run the tests on a "
                    + "HotSpot JVM (OpenJDK, Temurin)");
        }
        hotspot.setThreadAllocatedMemoryEnabled(true);
        return hotspot;
    }

    /** The bytes this thread has allocated so far (for harnesses that count windows themselves). */
    public static long allocatedBytes() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    /**
     * Runs {@code frame} {@code warmUp} times, then {@code windows} windows of {@code framesPerWindow} runs each, and
     * returns the bytes each window allocated on this thread.
     */
    public static Windows measure(int warmUp, int windows, int framesPerWindow, Runnable frame) {
        if (windows < MIN_WINDOWS || framesPerWindow < 1 || warmUp < 0) {
            throw new IllegalArgumentException("measure: at least " + MIN_WINDOWS + " windows (got " + windows
                    + ") of at least one frame (got " + framesPerWindow + "), warm-up 0 or more (got " + warmUp + ")");
        }
        for (int i = 0; i < warmUp; i++) {
            frame.run();
        }
        long[] bytes = new long[windows * MAX_WINDOWS_FACTOR];
        int measured = 0;
        do {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < framesPerWindow; i++) {
                frame.run();
            }
            bytes[measured++] = THREADS.getCurrentThreadAllocatedBytes() - before;
        } while (!settled(bytes, measured, windows, framesPerWindow));
        return last(bytes, measured, windows, framesPerWindow);
    }

    /**
     * As {@link #measure(int, int, int, Runnable)}, for a frame of which only a part is under test: each frame runs
     * {@code unmeasured} (the game's own frame, which may allocate), then {@code measured}, and a window counts only
     * what {@code measured} allocated. Both get the frame's index, from 0 at the first warm-up frame.
     */
    public static Windows measure(int warmUp, int windows, int framesPerWindow, IntConsumer unmeasured,
                                  IntConsumer measured) {
        if (windows < MIN_WINDOWS || framesPerWindow < 1 || warmUp < 0) {
            throw new IllegalArgumentException("measure: at least " + MIN_WINDOWS + " windows (got " + windows
                    + ") of at least one frame (got " + framesPerWindow + "), warm-up 0 or more (got " + warmUp + ")");
        }
        int frame = 0;
        for (; frame < warmUp; frame++) {
            unmeasured.accept(frame);
            measured.accept(frame);
        }
        long[] bytes = new long[windows * MAX_WINDOWS_FACTOR];
        int measuredWindows = 0;
        do {
            long sum = 0;
            for (int i = 0; i < framesPerWindow; i++, frame++) {
                unmeasured.accept(frame);
                long before = THREADS.getCurrentThreadAllocatedBytes();
                measured.accept(frame);
                sum += THREADS.getCurrentThreadAllocatedBytes() - before;
            }
            bytes[measuredWindows++] = sum;
        } while (!settled(bytes, measuredWindows, windows, framesPerWindow));
        return last(bytes, measuredWindows, windows, framesPerWindow);
    }

    /**
     * For a harness that counts its windows itself (an engine's own loop): whether the last {@code judged} of the
     * first {@code count} windows in {@code bytes} hold the rule, so it may stop measuring.
     */
    public static boolean settled(int framesPerWindow, int judged, long[] bytes, int count) {
        return count >= judged && last(bytes, count, judged, framesPerWindow).steady();
    }

    /**
     * For a harness that counts its windows itself: the last {@code judged} of the first {@code count} windows in
     * {@code bytes}, to judge, remembering how many came before them while the JIT settled.
     */
    public static Windows lastOf(int framesPerWindow, int judged, long[] bytes, int count) {
        if (judged < MIN_WINDOWS || count < judged || framesPerWindow < 1) {
            throw new IllegalArgumentException("at least " + MIN_WINDOWS + " windows judged (got " + judged + ") of "
                    + count + " measured, of at least one frame (got " + framesPerWindow + ")");
        }
        return last(bytes, count, judged, framesPerWindow);
    }

    /** Whether measuring can stop: every window taken, or the last {@code windows} of the {@code measured} steady. */
    private static boolean settled(long[] bytes, int measured, int windows, int framesPerWindow) {
        return measured == bytes.length
                || measured >= windows && last(bytes, measured, windows, framesPerWindow).steady();
    }

    /** The last {@code windows} of the {@code measured} windows, remembering how many came before them. */
    private static Windows last(long[] bytes, int measured, int windows, int framesPerWindow) {
        return new Windows(framesPerWindow, Arrays.copyOfRange(bytes, measured - windows, measured),
                measured - windows);
    }

    /** {@link #measure}, then {@link Windows#assertSteady}: fails with {@code what} and every window's bytes. */
    public static Windows assertSteady(String what, int warmUp, int windows, int framesPerWindow, Runnable frame) {
        Windows measured = measure(warmUp, windows, framesPerWindow, frame);
        measured.assertSteady(what);
        return measured;
    }

    /** The bytes each measured window allocated, and the rule's verdict on them. */
    public static final class Windows {
        private final int framesPerWindow;
        private final long[] bytes;
        /** Windows measured and passed over before these, while the JIT settled. */
        private final int settling;

        private Windows(int framesPerWindow, long[] bytes, int settling) {
            this.framesPerWindow = framesPerWindow;
            this.bytes = bytes;
            this.settling = settling;
        }

        /** Windows a harness counted itself: {@code bytes[i]} allocated over {@code framesPerWindow} frames. */
        public static Windows of(int framesPerWindow, long... bytes) {
            if (bytes.length < MIN_WINDOWS || framesPerWindow < 1) {
                throw new IllegalArgumentException("at least " + MIN_WINDOWS + " windows (got " + bytes.length
                        + ") of at least one frame (got " + framesPerWindow + ")");
            }
            return new Windows(framesPerWindow, bytes.clone(), 0);
        }

        /**
         * These windows less {@code known} bytes each, what the test's own frame code allocates by design (the
         * rule then judges only what is left); fails if a window allocated less than that, since then the known
         * figure is wrong.
         */
        public Windows less(long known) {
            long[] left = new long[bytes.length];
            for (int w = 0; w < bytes.length; w++) {
                if (bytes[w] < known) {
                    throw new AssertionError("a window allocated " + bytes[w] + " bytes, less than the " + known
                            + " its frames allocate by design: " + this);
                }
                left[w] = bytes[w] - known;
            }
            return new Windows(framesPerWindow, left, settling);
        }

        /** Each window's bytes, in order. */
        public long[] bytes() {
            return bytes.clone();
        }

        /** The fewest bytes a window allocated. */
        public long fewest() {
            return Arrays.stream(bytes).min().orElseThrow();
        }

        /** How many windows allocated nothing. */
        public int zeroWindows() {
            return (int) Arrays.stream(bytes).filter(b -> b == 0).count();
        }

        /** The bytes below which a window allocated less than one object a frame. */
        public long underOneObjectAFrame() {
            return (long) framesPerWindow * SMALLEST_OBJECT_BYTES;
        }

        /** Whether the rule holds: more than half the windows at zero, every window under one object a frame. */
        public boolean steady() {
            if (zeroWindows() * 2 <= bytes.length) {
                return false;
            }
            for (long b : bytes) {
                if (b >= underOneObjectAFrame()) {
                    return false;
                }
            }
            return true;
        }

        /** Throws an {@link AssertionError} naming {@code what} and every window's bytes unless {@link #steady()}. */
        public void assertSteady(String what) {
            if (!steady()) {
                throw new AssertionError(what + ": bytes allocated per window of " + framesPerWindow + " frames "
                        + Arrays.toString(bytes) + "; expected 0 in more than half of the windows and under "
                        + underOneObjectAFrame() + " (one object a frame) in every one"
                        + (settling > 0 ? ", after " + settling + " earlier windows that never settled" : ""));
            }
        }

        @Override
        public String toString() {
            return Arrays.toString(bytes) + " bytes per window of " + framesPerWindow + " frames"
                    + (settling > 0 ? " (after " + settling + " windows while the JIT settled)" : "");
        }
    }
}
