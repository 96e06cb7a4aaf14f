package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ThreadTimeline#frameEventCount} (what a spike sizes its slot by) counts exactly the events
 * {@link ThreadTimeline#forEachEvent} visits, also for frames that wrap around the end of the ring, and -1 for a frame
 * the ring no longer holds.
 */
class ThreadTimelineEventCountTest {
    private static final Zone A = Zone.local("ttc-a");
    private static final Zone B = Zone.local("ttc-b");

    @Test
    void aFramesEventCountIsWhatForEachEventVisitsAcrossTheRingsWrap() {
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
        }
    }

    private static void assertSameEvents(ThreadTimeline timeline, int ago) {
        List<long[]> visited = new ArrayList<>();
        boolean held = timeline.forEachEvent(ago, (zone, begin, nanos) -> visited.add(new long[] {zone, begin ? 1 : 0,
                nanos}));
        assertEquals(held ? visited.size() : -1, timeline.frameEventCount(ago), "frame " + ago + " back");
    }
}
