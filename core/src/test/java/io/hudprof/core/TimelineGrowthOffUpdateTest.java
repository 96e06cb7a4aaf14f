package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.testkit.AllocationCheck;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * Issue 31: the timeline's growth never lands in one frame's {@code update()}. A new thread's timeline ring (12
 * bytes an event, megabytes in the demo) is made by the thread itself when it registers, and the frame timeline keeps
 * no bars (they are built when a reader asks), so frames that grow allocate nothing in {@code update()}.
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
    void framesGrowingToThousandsOfBarsAllocateNothingInUpdate() {
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(1 << 16))) {
            for (int f = 0; f < 20; f++) {
                frame(fx, 20);
            }
            // Frames grow from 20 to about 4,000 bars: a store of bars would double its ring 7 times on the way.
            int[] size = {20};
            AllocationCheck.measure(0, 5, 40, n -> {
                size[0] = Math.min(4_000, 20 + 20 * n);
                OUTER.begin();
                for (int i = 0; i < size[0]; i++) {
                    INNER.begin();
                    fx.micros(1);
                    INNER.end();
                }
                OUTER.end();
                fx.micros(10);
            }, n -> fx.profiler.update()            ).assertSteady("update() with frames growing to 4,000 bars");
            TimelineFrame last = new TimelineFrame();
            assertTrue(fx.profiler.timelines().load(fx.profiler.recordedFrames(), last));
            assertEquals(1 + size[0], last.laneBarCount(0), "the newest frame has all its bars");
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
