package io.hudprof.stats.category;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.testkit.AllocationCheck;
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
            // Ten windows of 500 frames: a one-off by the JVM itself on this thread (see core's AllocationTest) once
            // hit three windows of 1000 frames on a loaded machine, which the rule's majority of zero windows allows.
            AllocationCheck.assertSteady("crediting and reading categories", 1000, 10, 500, () -> {
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
            });
            assertTrue(history.total(0, Category.of("alloc:Render").id()) == 150);
        } finally {
            Hudprof.uninstall();
        }
    }
}
