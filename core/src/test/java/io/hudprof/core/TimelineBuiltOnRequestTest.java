package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The frame timeline keeps no bars: a frame's bars are built from the threads' kept events when a reader loads it. A
 * frame loaded frames later (or after a pause) equals the frame loaded at once, bar for bar: zones cut by the
 * frame's boundaries, a thread that ends inside a zone, the {@code <gpu>} lane whose results come frames late.
 */
class TimelineBuiltOnRequestTest {
    private static final Zone LOOP = Zone.local("bor-loop");
    private static final Zone PHYSICS = Zone.local("bor-physics");
    private static final Zone STEP = Zone.local("bor-step");
    private static final Zone JOB = Zone.local("bor-job");

    /** Every lane and bar of a loaded frame, with every field a reader can see. */
    static List<String> describe(TimelineFrame f) {
        List<String> out = new ArrayList<>();
        out.add("frame " + f.frameNumber() + " " + f.available() + " " + f.startNanos() + ".." + f.endNanos());
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
     * The CPU side of scripted frame {@code f} (1 to 6) of the timeline tests, ending with its update: PHYSICS > STEP
     * on the updating thread; on the worker, {@code loop} open from frame 1 until the worker ends in frame 5 inside
     * it (> {@code job}), and {@code physics} open from each odd frame into the next, so zones cross the boundaries.
     */
    static void playScriptedFrame(ProfilerFixture fx, ThreadWorker worker, int f, Zone loop, Zone physics, Zone step,
            Zone job) {
        physics.begin();
        fx.micros(f);
        step.begin();
        fx.micros(1);
        step.end();
        physics.end();
        if (f <= 4) {
            worker.run(() -> {
                if (f == 1) {
                    loop.begin();
                }
                fx.micros(1);
                if (f % 2 == 1) {
                    physics.begin();
                } else {
                    physics.end();
                }
            });
        }
        if (f == 5) {
            worker.run(job::begin);
            worker.close();
        }
        fx.micros(3);
        fx.profiler.update();
    }

    private static List<String> cpuLanes(TimelineFrame f) {
        List<String> all = describe(f);
        all.removeIf(line -> line.contains("<gpu>") || line.startsWith("bar bor-gpu"));
        return all;
    }

    @Test
    void aFrameBuiltLateEqualsTheFrameBuiltAtOnce() throws Exception {
        GpuZone scene = GpuZone.local("bor-gpu-scene");
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(1 << 10)
                .timelineFrames(8));
                ThreadWorker worker = new ThreadWorker("bor-worker")) {
            TimelineStore store = fx.profiler.timelines();
            List<List<String>> atOnce = new ArrayList<>();
            atOnce.add(List.of());
            TimelineFrame frame = new TimelineFrame();
            for (int f = 1; f <= 6; f++) {
                // The updating thread closes its zones at each update; the worker's stay open across boundaries:
                // LOOP from frame 1 until the worker ends in frame 5, inside LOOP > JOB; PHYSICS from odd frames into
                // the next.
                playScriptedFrame(fx, worker, f, LOOP, PHYSICS, STEP, JOB);
                if (f >= 3) {
                    long t = fx.clock.nanoTime();
                    int[] codes = {scene.zone().id(), ~scene.zone().id()};
                    long[] nanos = {t - 9_000, t - 4_000};
                    assertTrue(fx.profiler.gpu().frameResolved(f - 1, codes, nanos, 2), "GPU frame " + (f - 1));
                }
                assertTrue(store.load(f, frame));
                atOnce.add(describe(frame));
            }
            assertTrue(atOnce.get(5).stream().anyMatch(l -> l.startsWith("lane bor-worker") && l.contains(
                    "ended true died true")), "the worker's last lane: " + atOnce.get(5));
            assertTrue(atOnce.get(2).stream().anyMatch(l -> l.startsWith("bar bor-loop") && l.contains(
                    "cut true/true")), "LOOP is cut at both ends: " + atOnce.get(2));
            assertTrue(atOnce.get(2).stream().anyMatch(l -> l.startsWith("bar bor-physics lane 1") && l.contains(
                    "cut true/false")), "the worker's PHYSICS from frame 1, cut at frame 2's start: " + atOnce.get(2));
            for (int f = 1; f <= 6; f++) {
                assertTrue(store.load(f, frame));
                // GPU frames 2..5 arrived after their CPU frames were first loaded: only the CPU lanes are compared.
                List<String> late = cpuLanes(frame);
                List<String> early = new ArrayList<>(atOnce.get(f));
                early.removeIf(line -> line.contains("<gpu>") || line.startsWith("bar bor-gpu"));
                assertEquals(early, late, "frame " + f);
            }
            assertTrue(store.load(4, frame));
            assertTrue(describe(frame).stream().anyMatch(l -> l.startsWith("lane <gpu>")),
                    "GPU results that came late show in the frame's <gpu> lane: " + describe(frame));

            // Paused: the threads' rings move on (here far past their 1,024 events), the kept frames do not.
            List<List<String>> beforePause = new ArrayList<>();
            for (int f = 1; f <= 6; f++) {
                assertTrue(store.load(f, frame));
                beforePause.add(describe(frame));
            }
            fx.profiler.setPaused(true);
            for (int u = 0; u < 20; u++) {
                for (int i = 0; i < 100; i++) {
                    STEP.begin();
                    fx.micros(1);
                    STEP.end();
                }
                fx.profiler.update();
            }
            for (int f = 1; f <= 6; f++) {
                assertTrue(store.load(f, frame), "frame " + f + " kept through the pause");
                assertEquals(beforePause.get(f - 1), describe(frame), "frame " + f);
            }
            fx.profiler.setPaused(false);
            fx.profiler.update();
            assertTrue(store.load(7, frame));
            assertTrue(store.load(6, frame), "frames from before the pause stay as they were");
            assertEquals(beforePause.get(5), describe(frame));
        }
    }

    @Test
    void aFrameWhoseEventsAgedOutSaysNotKept() {
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(1 << 8)
                .timelineFrames(8))) {
            TimelineStore store = fx.profiler.timelines();
            TimelineFrame frame = new TimelineFrame();
            for (int f = 1; f <= 4; f++) {
                for (int i = 0; i < 50; i++) {
                    STEP.begin();
                    fx.micros(1);
                    STEP.end();
                }
                fx.profiler.update();
            }
            // 100 events a frame in a ring of 256: frames 3 and 4 are held, frame 2 partly overwritten.
            assertTrue(store.load(4, frame));
            assertEquals(50, frame.laneBarCount(0));
            assertTrue(store.load(3, frame));
            assertFalse(store.load(2, frame), "never drawn cut short");
            assertFalse(frame.available());
            assertEquals(0, frame.barCount());
        }
    }

    @Test
    void theZoneNamedAtTheStateLimitIsTheOneThatRan() {
        Zone[] zones = new Zone[80];
        for (int i = 0; i < zones.length; i++) {
            zones[i] = Zone.local("bor-limit-" + i);
        }
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().timelineCapacity(1 << 10)
                .maxStates(64));
                ThreadWorker worker = new ThreadWorker("bor-limit")) {
            // 80 zones nested, left open: past the 64th state every level is the state tree's one overflow state.
            worker.run(() -> {
                for (Zone zone : zones) {
                    zone.begin();
                }
            });
            fx.micros(1);
            fx.profiler.update();
            fx.micros(1);
            fx.profiler.update();
            TimelineFrame frame = new TimelineFrame();
            assertTrue(fx.profiler.timelines().load(1, frame));
            List<String> atOnce = describe(frame);
            assertTrue(fx.profiler.timelines().load(2, frame));
            List<String> next = describe(frame);
            int lane = frame.laneName(0).equals("bor-limit") ? 0 : 1;
            assertEquals(80, frame.laneBarCount(lane), next.toString());
            // Frame 2 starts with the zones open at frame 1's end: the same names as frame 1's bars, not the overflow
            // zone's.
            for (int b = frame.laneFirstBar(lane); b < frame.laneFirstBar(lane) + 80; b++) {
                assertEquals(zones[b - frame.laneFirstBar(lane)], Zone.byId(frame.barZone(b)));
                assertTrue(frame.barCutAtStart(b) && frame.barCutAtEnd(b));
            }
            assertEquals(atOnce.size(), next.size());
        }
    }
}
