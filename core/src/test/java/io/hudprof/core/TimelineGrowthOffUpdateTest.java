package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * Issue 31: the timeline's growth never lands in one frame's {@code update()}. A new thread's timeline ring (12
 * bytes an event, megabytes in the demo) is made by the thread itself when it registers, and the frame timeline's
 * shared bar ring, once half full, has its next size made on the "hudprof timeline rings" thread, so the update that
 * fills the ring copies into it instead of allocating.
 */
class TimelineGrowthOffUpdateTest {
    private static final Zone OUTER = Zone.local("tg-outer");
    private static final Zone INNER = Zone.local("tg-inner");
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static void frame(ProfilerFixture fx, int inner) {
        OUTER.begin();
        for (int i = 0; i < inner; i++) {
            INNER.begin();
            fx.micros(1);
            INNER.end();
        }
        OUTER.end();
        fx.micros(10);
        fx.profiler.update();
    }

    @Test
    void theBarRingGrowsIntoArraysMadeAheadOffTheUpdatingThread() throws InterruptedException {
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(1 << 16))) {
            TimelineStore store = fx.profiler.timelines();
            // Frames grow from 20 to about 4,000 bars: the ring (256 bars at first) doubles 7 times.
            for (int f = 0; f < 200; f++) {
                frame(fx, 20 + 20 * f);
                for (int i = 0; i < 2_000 && store.nextBars().waiting(); i++) {
                    Thread.sleep(5);
                }
            }
            assertTrue(store.nextBars().made() >= 7, "rings made ahead: " + store.nextBars().made());
            assertEquals(0, store.barGrowthsInUpdate(), "every growth used a ring made ahead");
            TimelineFrame last = new TimelineFrame();
            assertTrue(store.load(fx.profiler.recordedFrames(), last));
            assertEquals(1 + 20 + 20 * 199, last.laneBarCount(0), "the newest frame kept all its bars");
        }
    }

    @Test
    void aNewThreadsTimelineIsMadeByThatThreadNotByUpdate() throws Exception {
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(1 << 16));
                ThreadWorker worker = new ThreadWorker("tg-worker")) {
            for (int f = 0; f < 50; f++) {
                frame(fx, 10);
            }
            worker.run(() -> {
                INNER.begin();
                INNER.end();
            });
            long before = THREADS.getCurrentThreadAllocatedBytes();
            fx.profiler.update();
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            assertEquals(2, fx.profiler.threadCount());
            // The ring is 1 << 16 events of 12 bytes, 786 KB; what is left is the thread's context and roster entry.
            assertTrue(allocated < 64 * 1024, "the update that first saw the thread allocated " + allocated + " B");
        }
    }
}
