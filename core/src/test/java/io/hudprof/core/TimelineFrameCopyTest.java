package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.testkit.AllocationCheck;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * A stored spike copies its frame's timeline inside the {@code update()} that keeps it (issue 31: growth must not
 * land in one frame's update as a series of copies): {@link TimelineFrame#copyFrom} makes room for the whole copy at
 * once, so copying a large frame into an empty one allocates the arrays of that size once, not the ten doublings
 * from 64 bars to 8,192 (about twice the bytes, and each copied). The copy holds every bar exactly.
 */
class TimelineFrameCopyTest {
    private static final int BARS = 5_000;
    /** Bytes per bar over the eight parallel arrays (int zone, depth, lane, parent; long start, end, self; byte). */
    private static final int BAR_BYTES = 4 * 4 + 3 * 8 + 1;

    private static TimelineFrame frameOfBars(int bars) {
        TimelineFrame f = new TimelineFrame();
        f.clear(7);
        f.begin(0, bars * 10L);
        f.addLane("main", 1, 0);
        for (int b = 0; b < bars; b++) {
            f.endBar(f.addBar(100 + b % 7, 0, b * 10L, false), b * 10L + 8, false);
        }
        f.finish();
        return f;
    }

    @Test
    void copyingALargeFrameGrowsEachArrayOnceAndKeepsEveryBar() {
        TimelineFrame source = frameOfBars(BARS);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        // Warm the copy up on other targets, so the measured copy is the growth alone.
        for (int i = 0; i < 20; i++) {
            new TimelineFrame().copyFrom(source);
        }
        TimelineFrame copy = new TimelineFrame();
        long before = threads.getCurrentThreadAllocatedBytes();
        copy.copyFrom(source);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertEquals(BARS, copy.barCount());
        assertEquals(source.frameNumber(), copy.frameNumber());
        long once = (long) BARS * BAR_BYTES;
        assertTrue(allocated <= once + 4096, "copying " + BARS + " bars allocated " + allocated + " bytes; arrays of"
                + " that size once are " + once + " (growing bar by bar allocates about twice that)");
        // Copying again into the grown frame allocates nothing: judged by AllocationCheck's rule over windows of one
        // copy each, so a one-off of the JVM's own on this thread (a method replaced by the JIT) cannot fail it.
        AllocationCheck.assertSteady("copying into the grown frame (it reuses the arrays)", 0, 5, 1,
                () -> copy.copyFrom(source));
        assertEquals(BARS, copy.barCount());
    }
}
