package io.hudprof.core;

import static io.hudprof.core.TimelineBuiltOnRequestTest.describe;
import static io.hudprof.core.TimelineBuiltOnRequestTest.playScriptedFrame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.testkit.AllocationCheck;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 31: a loaded frame holds its events raw and builds its bars on the first read, so a frame kept inside
 * {@code update()} (a spike) costs a copy of its events, not their replay into bars. Pins down that a load builds
 * nothing, that the bars built late are the bars, and that a raw copy built later equals the frame it copied.
 */
class TimelineHeldRawTest {
    private static final Zone LOOP = Zone.local("raw-loop");
    private static final Zone PHYSICS = Zone.local("raw-physics");
    private static final Zone STEP = Zone.local("raw-step");
    private static final Zone JOB = Zone.local("raw-job");
    private static final int PAIRS = 2_500;

    @Test
    void loadingAFrameBuildsNoBarsUntilTheFirstRead() {
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(1 << 14)
                .timelineFrames(4))) {
            PHYSICS.begin();
            for (int i = 0; i < PAIRS; i++) {
                STEP.begin();
                fx.micros(1);
                STEP.end();
            }
            PHYSICS.end();
            fx.profiler.update();
            TimelineFrame frame = new TimelineFrame();
            frame.reserveStored(4, 2 * PAIRS + 16);
            int barRoom = frame.barCapacity();
            assertTrue(fx.profiler.loadTimeline(1, frame));
            assertEquals(1, frame.frameNumber());
            assertTrue(frame.available());
            assertEquals(barRoom, frame.barCapacity(), "the load built no bars (their arrays did not grow)");
            assertTrue(frame.storedEventCount() >= 2 * PAIRS + 2, "it holds the frame's events");
            // Loading again and again into the room reserved allocates nothing: the events are copied, not replayed.
            AllocationCheck.assertSteady("loading a frame of 5,002 events without reading its bars", 20, 5, 20,
                    () -> fx.profiler.loadTimeline(1, frame));
            assertEquals(barRoom, frame.barCapacity());
            // The first read builds them.
            assertEquals(PAIRS + 1, frame.barCount());
            assertEquals(PHYSICS.id(), frame.barZone(0));
            assertEquals(STEP.id(), frame.barZone(PAIRS));
            assertEquals(PAIRS * 1_000L, frame.barDuration(0));
            assertEquals(0, frame.barParent(PAIRS));
        }
    }

    @Test
    void aRawCopyBuiltLaterEqualsTheFrameItCopiedAfterTheRingsMovedOn() throws Exception {
        GpuZone scene = GpuZone.local("raw-gpu-scene");
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(1 << 8)
                .timelineFrames(8));
                ThreadWorker worker = new ThreadWorker("raw-worker")) {
            List<TimelineFrame> copies = new ArrayList<>();
            List<TimelineFrame> copiesOfBuilt = new ArrayList<>();
            List<List<String>> built = new ArrayList<>();
            for (int f = 1; f <= 6; f++) {
                playScriptedFrame(fx, worker, f, LOOP, PHYSICS, STEP, JOB);
                if (f >= 2) {
                    long t = fx.clock.nanoTime();
                    int[] codes = {scene.zone().id(), ~scene.zone().id()};
                    long[] nanos = {t - 9_000, t - 2_000};
                    assertTrue(fx.profiler.gpu().frameResolved(f - 1, codes, nanos, 2), "GPU frame " + (f - 1));
                }
                TimelineFrame loaded = new TimelineFrame();
                assertTrue(fx.profiler.loadTimeline(f, loaded));
                // Copied raw, before anything read it; then a copy of it once built.
                TimelineFrame copy = new TimelineFrame();
                copy.copyFrom(loaded);
                copies.add(copy);
                TimelineFrame copyOfCopy = new TimelineFrame();
                copyOfCopy.copyFrom(copy);
                copies.add(copyOfCopy);
                built.add(describe(loaded));
                TimelineFrame copyOfBuilt = new TimelineFrame();
                copyOfBuilt.copyFrom(loaded);
                copiesOfBuilt.add(copyOfBuilt);
            }
            assertTrue(built.get(4).stream().anyMatch(l -> l.startsWith("lane raw-worker") && l.contains(
                    "ended true died true")), "the worker's last lane: " + built.get(4));
            assertTrue(built.get(1).stream().anyMatch(l -> l.startsWith("bar raw-loop") && l.contains(
                    "cut true/true")), "LOOP is cut at both ends: " + built.get(1));
            assertTrue(built.get(3).stream().anyMatch(l -> l.startsWith("lane <gpu>")),
                    "the <gpu> lane is in the frames: " + built.get(3));
            // The threads' rings (256 events) and the store (8 frames) move far on: the copies hold their own events.
            for (int u = 0; u < 40; u++) {
                for (int i = 0; i < 100; i++) {
                    STEP.begin();
                    fx.micros(1);
                    STEP.end();
                }
                fx.profiler.update();
            }
            for (int f = 1; f <= 6; f++) {
                assertEquals(built.get(f - 1), describe(copies.get(2 * (f - 1))), "raw copy of frame " + f);
                assertEquals(built.get(f - 1), describe(copies.get(2 * (f - 1) + 1)), "copy of a raw copy, " + f);
                assertEquals(built.get(f - 1), describe(copiesOfBuilt.get(f - 1)), "copy of the built frame " + f);
            }
        }
    }
}
