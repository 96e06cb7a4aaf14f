package io.hudprof.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.GpuZone;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.TimelineFrame;
import io.hudprof.core.Zone;
import io.hudprof.testkit.AllocationCheck;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 31: a spike keeps its frame's timeline raw (the frame's events, copied out of the threads' rings inside the
 * {@code update()} that catches it) and builds its bars when first read. The bars read long after, when the store
 * and the rings have moved far on, are the bars an eager build gave at capture; and a storm of spikes (every frame
 * one, several threads, timeline on) allocates nothing on the updating thread once the slots have grown.
 */
class SpikeTimelineHeldRawTest {
    private static final Zone FRAME = Zone.local("shr-frame");
    private static final Zone DRAW = Zone.local("shr-draw");
    private static final Zone LOOP = Zone.local("shr-loop");
    private static final Zone JOB = Zone.local("shr-job");
    private static final Zone PART = Zone.local("shr-part");

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private Profiler profiler;
    private Workers workers;
    /** Runs on the updating thread at the end of each frame, just before its update(). */
    private IntConsumer beforeUpdate;

    @AfterEach
    void stop() {
        if (workers != null) {
            workers.close();
        }
        Hudprof.uninstall();
    }

    private Profiler install(int timelineCapacity) {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
                .timelineCapacity(timelineCapacity).timelineFrames(8).build());
        Hudprof.install(profiler);
        return profiler;
    }

    /** Every lane and bar of a timeline, with every field a reader can see. */
    private static List<String> describe(TimelineFrame f) {
        List<String> out = new ArrayList<>();
        out.add("frame " + f.frameNumber() + " " + f.available() + " " + f.startNanos() + ".." + f.endNanos()
                + " lanes " + f.laneCount() + "/" + f.threadLaneCount());
        for (int l = 0; l < f.laneCount(); l++) {
            out.add("lane " + f.laneName(l) + " root " + f.laneRootZone(l) + " ended " + f.laneEnded(l) + " died "
                    + f.laneDiedInZone(l) + " incomplete " + f.laneIncomplete(l) + " depth " + f.laneDepth(l)
                    + " busy " + f.laneBusyNanos(l) + " bars " + f.laneFirstBar(l) + "+" + f.laneBarCount(l));
        }
        for (int b = 0; b < f.barCount(); b++) {
            out.add("bar " + Zone.byId(f.barZone(b)).name() + " lane " + f.barLane(b) + " depth " + f.barDepth(b)
                    + " parent " + f.barParent(b) + " " + f.barStart(b) + ".." + f.barEnd(b) + " self "
                    + f.barSelf(b) + " cut " + f.barCutAtStart(b) + "/" + f.barCutAtEnd(b));
        }
        return out;
    }

    /**
     * One frame: the updating thread draws {@code pairs} parts inside DRAW inside FRAME; each worker runs its step for
     * the frame; the clock then moves to {@code frameMicros}.
     */
    private void frame(int frame, int pairs, long frameMicros) {
        FRAME.begin();
        DRAW.begin();
        for (int i = 0; i < pairs; i++) {
            PART.begin();
            clock.advance(500);
            PART.end();
        }
        DRAW.end();
        FRAME.end();
        if (workers != null) {
            workers.step(frame);
        }
        clock.advanceMicros(frameMicros - pairs / 2);
        if (beforeUpdate != null) {
            beforeUpdate.accept(frame);
        }
        profiler.update();
    }

    /**
     * A worker's frame: LOOP open from the first frame to the 40th, across every boundary, a JOB opened in one frame
     * and closed in the next, and {@code pairs} parts.
     */
    private IntConsumer workerStep(int pairs) {
        return frame -> {
            if (frame == 1) {
                LOOP.begin();
            }
            if (frame % 2 == 1) {
                JOB.begin();
            }
            // The workers run at once and leave the clock to the updating thread: their parts take no time.
            for (int i = 0; i < pairs; i++) {
                PART.begin();
                PART.end();
            }
            if (frame % 2 == 0) {
                JOB.end();
            }
            if (frame == 40) {
                LOOP.end();
            }
        };
    }

    @Test
    void aSpikesTimelineReadLongAfterEqualsTheBarsBuiltEagerlyAtCapture() {
        install(1 << 10);
        GpuZone scene = GpuZone.local("shr-gpu-scene");
        workers = new Workers(2, workerStep(30));
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(10)).recent(4).worst(4)
                .attach(profiler);
        // The GPU results of the frame before arrive late in each frame, their zone inside its window (in a spike
        // frame from before its start, cut there): the <gpu> lane.
        beforeUpdate = f -> {
            if (f >= 2) {
                long t = clock.nanoTime();
                int[] codes = {scene.zone().id(), ~scene.zone().id()};
                long[] nanos = {t - (f % 10 == 3 ? 40_000_000 : 4_000_000), t - 1_000_000};
                assertTrue(profiler.gpu().frameResolved(f - 1, codes, nanos, 2), "GPU frame " + (f - 1));
            }
        };
        Map<Long, List<String>> eager = new HashMap<>();
        TimelineFrame oracle = new TimelineFrame();
        for (int f = 1; f <= 120; f++) {
            boolean spike = f % 10 == 3;
            // Earlier spikes are the larger: the worst list keeps the first four, copied from slots the recent list
            // (four) has refilled since.
            frame(f, spike ? 200 + f : 100, spike ? 30_000 - 10 * f : 5_000);
            if (spike) {
                // The oracle: the frame built at once, as a spike's timeline was built inside update() before.
                assertTrue(profiler.loadTimeline(f, oracle));
                eager.put((long) f, describe(oracle));
            }
        }
        assertEquals(12, spikes.captured());
        // The rings (1,024 events, about 260 a frame) and the store (8 frames) have moved far past every spike.
        assertFalse(profiler.loadTimeline(3, new TimelineFrame()), "the store no longer holds frame 3");
        int checked = 0;
        for (int i = 0; i < spikes.recentCount(); i++) {
            checked += checkAgainstOracle(spikes.recent(i), eager);
        }
        for (int i = 0; i < spikes.worstCount(); i++) {
            checked += checkAgainstOracle(spikes.worst(i), eager);
        }
        assertEquals(8, checked, "4 recent and 4 worst spikes");
        assertEquals(3, spikes.worst(0).frameNumber());
        assertEquals(113, spikes.recent(0).frameNumber());
        List<String> early = describe(spikes.find(3).timeline());
        assertTrue(early.stream().anyMatch(l -> l.startsWith("bar shr-loop") && l.contains("cut true/true")),
                "a worker's LOOP cut at both ends: " + early);
        assertTrue(early.stream().anyMatch(l -> l.startsWith("bar shr-gpu-scene") && l.contains("cut true/false")),
                "the <gpu> lane's zone, cut at the frame's start: " + early);
        assertTrue(early.stream().anyMatch(l -> l.startsWith("bar shr-job") && l.contains("cut false/true")),
                "a worker's JOB cut at the frame's end: " + early);
        spikes.detach();
    }

    private static int checkAgainstOracle(Spike spike, Map<Long, List<String>> eager) {
        TimelineFrame timeline = spike.timeline();
        assertNotNull(timeline, "spike " + spike.frameNumber() + " kept its timeline");
        List<String> expected = eager.get(spike.frameNumber());
        List<String> actual = describe(timeline);
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            assertEquals(expected.get(i), actual.get(i), "spike " + spike.frameNumber() + ", line " + i);
        }
        assertEquals(expected.size(), actual.size(), "spike " + spike.frameNumber() + ": lines");
        return 1;
    }

    @Test
    void aSpikeStormOnSeveralThreadsAllocatesNothingOnceTheSlotsHaveGrown() throws InterruptedException {
        install(1 << 12);
        workers = new Workers(2, workerStep(300));
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(1)).recent(8).worst(4).attach(profiler);
        int[] f = {0};
        AllocationCheck.assertSteady("every frame a spike, three threads, timeline on", 600, 8, 100,
                () -> frame(++f[0], 300, 5_000 + f[0] % 7));
        assertEquals(f[0], spikes.captured(), "every frame was a spike");
        Spike last = spikes.recent(0);
        assertEquals(3, last.timelineThreads());
        int main = last.timeline().laneName(0).equals(Thread.currentThread().getName()) ? 0 : -1;
        assertEquals(0, main, "the updating thread's lane first");
        assertEquals(302, last.timeline().laneBarCount(0), "FRAME, DRAW and 300 parts, built on this read");
        spikes.detach();
    }

    /**
     * Real threads stepped in lockstep with the updating thread without allocating on it: a volatile round number
     * and each worker's finished round, waited for by yielding.
     */
    private static final class Workers {
        private final Thread[] threads;
        private final AtomicLongArray done;
        private volatile long round;
        private volatile boolean stopped;

        Workers(int count, IntConsumer step) {
            threads = new Thread[count];
            done = new AtomicLongArray(count);
            for (int w = 0; w < count; w++) {
                int index = w;
                threads[w] = new Thread(() -> {
                    long seen = 0;
                    while (!stopped) {
                        long r = round;
                        if (r == seen) {
                            Thread.yield();
                            continue;
                        }
                        seen = r;
                        step.accept((int) r);
                        done.set(index, r);
                    }
                }, "shr-worker-" + w);
                threads[w].setDaemon(true);
                threads[w].start();
            }
        }

        /** Runs every worker's step for {@code frame} and waits until all have finished it. */
        void step(int frame) {
            round = frame;
            for (int w = 0; w < threads.length; w++) {
                while (done.get(w) != frame) {
                    Thread.yield();
                }
            }
        }

        void close() {
            stopped = true;
            for (Thread t : threads) {
                try {
                    t.join(10_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
