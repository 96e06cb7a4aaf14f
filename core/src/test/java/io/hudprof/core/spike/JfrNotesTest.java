package io.hudprof.core.spike;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class JfrNotesTest {
    @Test
    void theOffsetMapsWallClockToNanoTime() {
        long offset = JfrNotes.measureEpochOffset();
        long before = System.nanoTime();
        Instant now = Instant.now();
        long after = System.nanoTime();
        long mapped = offset + now.getEpochSecond() * 1_000_000_000L + now.getNano();
        // Instant.now() has microsecond resolution at worst on Linux; allow 1 ms.
        assertTrue(mapped >= before - 1_000_000L && mapped <= after + 1_000_000L,
                "mapped " + mapped + " outside " + before + ".." + after);
    }

    @Test
    void aSafepointArrivesLateAndIsPinnedToTheFrameThatRanIt() throws Exception {
        Profiler profiler = new Profiler(ProfilerConfig.builder().selfProfiling(false).historyFrames(4096).build());
        Hudprof.install(profiler);
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(60_000)).attach(profiler);
        FrameNotes notes = spikes.notes();
        JfrNotes jfr = JfrNotes.builder().safepointThreshold(Duration.ZERO).start(notes);
        try {
            Thread.sleep(500); // the stream's first flush
            long gcFrame = -1;
            long gcFrom = 0;
            long gcTo = 0;
            long found = -1;
            long deadline = System.nanoTime() + 10_000_000_000L;
            for (int f = 1; found < 0 && System.nanoTime() < deadline; f++) {
                Thread.sleep(3);
                if (f == 20) {
                    gcFrame = profiler.recordedFrames() + 1;
                    gcFrom = System.nanoTime();
                    System.gc();
                    gcTo = System.nanoTime();
                    Thread.sleep(2);
                }
                profiler.update();
                if (gcFrame < 0) {
                    continue;
                }
                for (long n = notes.oldest(); n < notes.end(); n++) {
                    if (notes.kind(n) == FrameNotes.Kind.SAFEPOINT && notes.startNanos(n) >= gcFrom - 1_000_000L
                            && notes.startNanos(n) <= gcTo && notes.durationNanos(n) >= 1_000_000L) {
                        found = n;
                    }
                }
            }
            assertTrue(found >= 0, "the System.gc() safepoint was noted within 10 s; posted " + jfr.posted());
            long late = profiler.recordedFrames() - gcFrame;
            assertEquals(FrameNotes.Kind.SAFEPOINT, notes.kind(found));
            assertTrue(notes.firstFrame(found) >= gcFrame - 1 && notes.firstFrame(found) <= gcFrame + 1,
                    "pinned to frame " + notes.firstFrame(found) + ".." + notes.lastFrame(found) + ", ran in "
                            + gcFrame + " (arrived " + late + " frames later): " + notes.text(found));
            assertTrue(notes.text(found).startsWith("JVM safepoint "), notes.text(found));
            System.out.println("JfrNotesTest: " + notes.text(found) + " arrived " + late + " frames late");
        } finally {
            jfr.close();
            spikes.detach();
            Hudprof.uninstall();
        }
    }

    @Test
    void closeEndsTheStreamThread() throws Exception {
        int before = streamThreads();
        JfrNotes jfr = JfrNotes.start(new FrameNotes(16));
        Thread.sleep(200);
        assertTrue(streamThreads() > before, "the stream runs on its own thread");
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            assertTrue(!t.getName().contains(JfrNotes.THREAD_NAME) || t.isDaemon(), "daemon: " + t);
        }
        jfr.close();
        assertTrue(streamThreads() <= before, "stream threads left: " + streamThreads());
    }

    private static int streamThreads() {
        int n = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().contains(JfrNotes.THREAD_NAME)) {
                n++;
            }
        }
        return n;
    }
}
