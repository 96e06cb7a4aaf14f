package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.ProfilerFixture;
import io.hudprof.core.ThreadRoster;
import io.hudprof.core.ThreadWorker;
import io.hudprof.core.Zone;
import org.junit.jupiter.api.Test;

/** One thread's busy and whole time per history frame, for the graph of that thread alone. */
class ThreadSeriesTest {
    private static final Zone JOB = Zone.local("tv-job");

    @Test
    void oneThreadsHistoryGivesItsBusyTimePerFrame() {
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().historyFrames(4));
             ThreadWorker worker = new ThreadWorker("tv-history")) {
            for (int f = 1; f <= 6; f++) {
                worker.run(JOB::begin);
                fx.micros(f);
                worker.run(JOB::end);
                fx.micros(10);
                fx.profiler.update();
            }
            int root = rootOf(fx, "tv-history");
            assertTrue(root >= 0, "the worker is in the roster");
            ThreadSeries series = new ThreadSeries(fx.profiler.data());
            for (int ago = 0; ago < 4; ago++) {
                assertEquals((6 - ago) * 1_000, series.busyNanos(root, ago), "busy " + ago + " back");
                assertEquals((6 - ago) * 1_000 + 10_000, series.totalNanos(root, ago), "total " + ago + " back");
            }
            assertTrue(Double.isNaN(series.busyNanos(root, 4)), "older than history");
            int main = fx.profiler.data().updateThreadRootZone();
            assertEquals(0, series.busyNanos(main, 0), "the main thread entered no zone");
            fx.micros(1);
            fx.profiler.update();
            assertEquals(0, series.busyNanos(root, 0), "the newest frame, summed on demand");
            assertEquals(6_000, series.busyNanos(root, 1), "the cached frame moved one back");
        }
    }

    /** The root zone of the thread named {@code thread} in the profiler's roster, or -1. */
    private static int rootOf(ProfilerFixture fx, String thread) {
        ThreadRoster roster = fx.profiler.data().threads();
        for (int i = 0; i < roster.count(); i++) {
            if (roster.name(i).equals(thread)) {
                return roster.rootZone(i);
            }
        }
        return -1;
    }
}
