package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.core.Metric;
import io.hudprof.core.ProfilerFixture;
import io.hudprof.core.Zone;
import io.hudprof.testkit.AllocationCheck;
import org.junit.jupiter.api.Test;

/** The zones worth a colour: largest slow-average self time first, thread roots left out, without allocating. */
class ZoneRankingTest {
    private static final Zone WORK = Zone.local("ranking:work");
    private static final Zone OTHER = Zone.local("ranking:other");

    private static void frame(ProfilerFixture fx, int i) {
        WORK.begin();
        fx.micros(i * 10L);
        WORK.end();
        fx.micros(1);
        if (i % 2 == 0) {
            OTHER.begin();
            fx.micros(5);
            OTHER.end();
        }
        fx.profiler.update();
    }

    @Test
    void ranksZonesByTheirSlowAverageSelfTimeLeavingOutThreadRoots() {
        try (ProfilerFixture fx = new ProfilerFixture()) {
            for (int i = 1; i <= 6; i++) {
                frame(fx, i);
            }
            int[] top = new int[4];
            int n = new ZoneRanking(fx.profiler.data()).topZones(top);
            assertEquals(2, n, "the updating thread's root is not a zone worth a colour");
            assertEquals(WORK.id(), top[0]);
            assertEquals(OTHER.id(), top[1]);
            int[] one = new int[1];
            assertEquals(1, new ZoneRanking(fx.profiler.data()).topZones(Metric.TIME, one), "as many as fit");
            assertEquals(WORK.id(), one[0]);
        }
    }

    @Test
    void rankingEveryFrameAllocatesNothingInSteadyState() {
        try (ProfilerFixture fx = new ProfilerFixture()) {
            ZoneRanking ranking = new ZoneRanking(fx.profiler.data());
            int[] top = new int[8];
            long[] self = new long[8];
            AllocationCheck.measure(5_000, 5, 1_000, n -> { }, n -> {
                frame(fx, 1 + (n & 7));
                int count = ranking.topZones(top);
                fx.profiler.history().zoneSelf(n % 100, top, count, self);
            }).assertSteady("ranking zones every frame");
        }
    }
}
