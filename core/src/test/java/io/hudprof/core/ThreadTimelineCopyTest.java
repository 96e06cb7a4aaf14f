package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ThreadTimeline#copyFrame} (a spike keeps its frame's events with it, array by array) copies exactly what
 * {@link ThreadTimeline#forEachEvent} visits, also for frames that wrap around the end of the ring, and nothing for
 * a frame the ring no longer holds.
 */
class ThreadTimelineCopyTest {
    private static final Zone A = Zone.local("ttc-a");
    private static final Zone B = Zone.local("ttc-b");

    @Test
    void copyingAFrameGivesTheEventsForEachEventVisitsAcrossTheRingsWrap() {
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(64))) {
            ThreadTimeline timeline = null;
            for (int f = 0; f < 40; f++) {
                // 2 + 2 × (f % 7) events: frames of different sizes, so their starts fall all over the 64-event ring.
                A.begin();
                for (int i = 0; i < f % 7; i++) {
                    fx.micros(1);
                    B.begin();
                    fx.micros(1);
                    B.end();
                }
                A.end();
                fx.micros(3);
                fx.profiler.update();
                timeline = fx.profiler.timeline(0);
                for (int ago = 0; ago < 6; ago++) {
                    assertSameEvents(timeline, ago);
                }
            }
            assertEquals(-1, timeline.frameEventCount(30), "a frame the ring no longer holds");
            assertEquals(-1, timeline.copyFrame(30, new int[64], new boolean[64], new long[64]));
        }
    }

    private static void assertSameEvents(ThreadTimeline timeline, int ago) {
        List<long[]> visited = new ArrayList<>();
        boolean held = timeline.forEachEvent(ago, (zone, begin, nanos) -> visited.add(new long[] {zone, begin ? 1 : 0,
                nanos}));
        int[] zones = new int[64];
        boolean[] begins = new boolean[64];
        long[] times = new long[64];
        int count = timeline.copyFrame(ago, zones, begins, times);
        assertEquals(held ? visited.size() : -1, count, "frame " + ago + " back");
        assertEquals(count, timeline.frameEventCount(ago));
        for (int e = 0; e < Math.max(0, count); e++) {
            assertArrayEquals(visited.get(e), new long[] {zones[e], begins[e] ? 1 : 0, times[e]}, "event " + e);
        }
    }
}
