package io.hudprof.core.category;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** Crediting and reading the category history allocate nothing once warm (measured, not assumed). */
class CategoryAllocationTest {
    private static final Zone DRAW = Zone.define("alloc:Render:Draw");
    private static final Zone CULL = Zone.define("alloc:Render:Cull");
    private static final Zone PHYSICS = Zone.define("alloc:Sim:Physics");

    @Test
    void creditingAndReadingAllocateNothingPerFrame() {
        ManualClock clock = new ManualClock(1);
        Profiler profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).build());
        Hudprof.install(profiler);
        try {
            CategoryHistory history = CategoryHistory.attach(profiler);
            int[] ids = new int[4];
            long[] dest = new long[4];
            com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            threads.setThreadAllocatedMemoryEnabled(true);
            // The fewest bytes of ten windows of 500 frames: a per-frame allocation shows in each, a one-off by the
            // JVM itself on this thread (see core's AllocationTest) in a few at most (it once hit three windows of
            // 1000 frames on a loaded machine).
            long fewest = Long.MAX_VALUE;
            long before = 0;
            for (int frame = 0; frame < 6000; frame++) {
                if (frame % 500 == 0) {
                    if (frame > 1000) {
                        fewest = Math.min(fewest, threads.getCurrentThreadAllocatedBytes() - before);
                    }
                    before = threads.getCurrentThreadAllocatedBytes();
                }
                DRAW.begin();
                clock.advance(100);
                CULL.begin();
                clock.advance(50);
                CULL.end();
                DRAW.end();
                PHYSICS.begin();
                clock.advance(70);
                PHYSICS.end();
                profiler.update();
                int n = Math.min(ids.length, history.rankChildren(-1, 0, 60, ids));
                history.load(0, ids, n, dest);
                history.average(ids[0], 0, 3_000_000_000L);
            }
            fewest = Math.min(fewest, threads.getCurrentThreadAllocatedBytes() - before);
            assertEquals(0, fewest, "bytes allocated in every window of 500 frames");
            assertTrue(history.total(0, Category.of("alloc:Render").id()) == 150);
        } finally {
            Hudprof.uninstall();
        }
    }
}
