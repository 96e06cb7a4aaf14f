package io.hudprof.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import org.junit.jupiter.api.Test;

class GcNotesTest {
    @Test
    void aRealCollectionIsPinnedToTheFrameThatRanIt() throws Exception {
        Profiler profiler = new Profiler(ProfilerConfig.builder().selfProfiling(false).build());
        Hudprof.install(profiler);
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(60_000)).gcNotes(true).attach(profiler);
        try {
            long gcFrame = -1;
            long found = -1;
            for (int f = 1; f <= 2_000 && found < 0; f++) {
                Thread.sleep(2);
                if (f == 20) {
                    gcFrame = profiler.recordedFrames() + 1;
                    System.gc();
                    Thread.sleep(2);
                }
                profiler.update();
                FrameNotes notes = spikes.notes();
                for (long n = notes.oldest(); n < notes.end(); n++) {
                    if (notes.detail(n).contains("System.gc()")) {
                        found = n;
                    }
                }
            }
            assertTrue(found >= 0, "the System.gc() collection was noted");
            FrameNotes notes = spikes.notes();
            assertEquals(FrameNotes.Kind.GC, notes.kind(found));
            // The JVM reports whole milliseconds: the pinned frames may start one frame early.
            assertTrue(notes.firstFrame(found) >= gcFrame - 1 && notes.firstFrame(found) <= gcFrame,
                    "pinned to frame " + notes.firstFrame(found) + ".." + notes.lastFrame(found) + ", ran in "
                            + gcFrame + ": " + notes.text(found));
            assertTrue(notes.text(found).contains(" ms (System.gc()"), notes.text(found));
        } finally {
            spikes.detach();
            Hudprof.uninstall();
        }
    }

    @Test
    void whenItSaysCollectionsArePostedUpToATimeTheCollectionBeforeItIsAlreadyNoted() throws Exception {
        Profiler profiler = new Profiler(ProfilerConfig.builder().selfProfiling(false).build());
        Hudprof.install(profiler);
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(60_000)).gcNotes(true).attach(profiler);
        FrameNotes notes = spikes.notes();
        try {
            profiler.update();
            long before = System.nanoTime();
            assertTrue(notes.postedUpToNanos() >= before, "no collection owed: posted up to now");
            System.gc();
            long gcEnd = System.nanoTime();
            boolean covered = false;
            for (int f = 0; f < 2_000 && !covered; f++) {
                Thread.sleep(1);
                long upTo = notes.postedUpToNanos();           // read before the frame's settle, as an export does
                profiler.update();
                covered = upTo >= gcEnd;
                if (covered) {
                    boolean noted = false;
                    for (long n = notes.oldest(); n < notes.end(); n++) {
                        noted |= notes.detail(n).contains("System.gc()");
                    }
                    assertTrue(noted, "posted up to after the collection, so its note is settled");
                }
            }
            assertTrue(covered, "the notification came within 2000 frames");
        } finally {
            spikes.detach();
            Hudprof.uninstall();
        }
    }

    @Test
    void aNotificationsEndStampAndDurationPinThePauseToTheFramesItOverlapped() throws Exception {
        Profiler profiler = new Profiler(ProfilerConfig.builder().selfProfiling(false).build());
        Hudprof.install(profiler);
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(60_000)).attach(profiler);
        FrameNotes notes = spikes.notes();
        GcNotes gc = GcNotes.attach(notes);
        try {
            long epochMillis = System.currentTimeMillis();
            long mapped = gc.toNanoTime(epochMillis);
            long now = System.nanoTime();
            assertTrue(Math.abs(mapped - now) < 5_000_000L, "the wall clock maps to nanoTime: " + (mapped - now));
            profiler.update();
            Thread.sleep(30);
            profiler.update();                                // frame 2 spans these 30 ms
            long frame2Start = spikes.times().startNanos(0);
            long frame2End = spikes.times().endNanos(0);
            // A 12 ms pause that ended 5 ms before frame 2 did, told a frame later with its whole-ms stamps.
            long endMillis = (frame2End - 5_000_000L - gc.toNanoTime(0)) / 1_000_000L;
            gc.collected("G1 Young Generation", "end of minor GC", "G1 Evacuation Pause", endMillis, 12);
            gc.collected("ZGC Cycles", "end of GC cycle", "Proactive", endMillis, 0);
            Thread.sleep(2);
            profiler.update();
            long young = notes.end() - 2;
            assertEquals(FrameNotes.Kind.GC, notes.kind(young));
            assertEquals(gc.toNanoTime(endMillis) - 12_000_000L, notes.startNanos(young));
            assertEquals(12_000_000L, notes.durationNanos(young));
            assertTrue(notes.startNanos(young) > frame2Start, "started inside frame 2");
            assertEquals(2, notes.firstFrame(young), "pinned to the frame it ran in, not frame 3 that heard of it");
            assertEquals(2, notes.lastFrame(young));
            assertEquals("G1 Young Generation pause 12.0 ms (G1 Evacuation Pause)", notes.text(young));
            assertEquals("ZGC Cycles cycle 0.0 ms (concurrent cycle, Proactive)", notes.text(young + 1));
        } finally {
            gc.close();
            spikes.detach();
            Hudprof.uninstall();
        }
    }
}
