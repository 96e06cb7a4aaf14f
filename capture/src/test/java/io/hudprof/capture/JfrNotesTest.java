package io.hudprof.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JfrNotesTest {
    private static final io.hudprof.core.Zone COLLECTING = io.hudprof.core.Zone.local("JfrNotesTest collecting");

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
            awaitStreaming(jfr);
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

    /** A method no other test calls, so its first JIT compilation happens in the frame that makes it hot. */
    private static long spin(long x) {
        return (x * 0x9E3779B97F4A7C15L) ^ (x >>> 29);
    }

    @Test
    void aJitCompilationIsNotedAndPinnedToTheFrameThatMadeTheMethodHot() throws Exception {
        Profiler profiler = new Profiler(ProfilerConfig.builder().selfProfiling(false).historyFrames(4096).build());
        Hudprof.install(profiler);
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(60_000)).attach(profiler);
        FrameNotes notes = spikes.notes();
        JfrNotes jfr = JfrNotes.builder().compilationThreshold(Duration.ZERO).start(notes);
        // Each recorded frame's own start and end, to check the note against the frame it is pinned to.
        java.util.Map<Long, long[]> frameTimes = new java.util.HashMap<>();
        try {
            awaitStreaming(jfr);
            long hotFrame = -1;
            long hotFrom = 0;
            long found = -1;
            long sink = 0;
            long deadline = System.nanoTime() + 15_000_000_000L;
            for (int f = 1; found < 0 && System.nanoTime() < deadline; f++) {
                Thread.sleep(3);
                if (f == 20) {
                    hotFrame = profiler.recordedFrames() + 1;
                    hotFrom = System.nanoTime();
                    // Hot for 30 ms: C1 compiles it after a few hundred calls, well inside this frame.
                    long until = System.nanoTime() + 30_000_000L;
                    for (long i = 0; System.nanoTime() < until; i++) {
                        for (int k = 0; k < 1_000; k++) {
                            sink += spin(i + k);
                        }
                    }
                }
                profiler.update();
                frameTimes.put(spikes.times().frameNumber(0),
                        new long[] {spikes.times().startNanos(0), spikes.times().endNanos(0)});
                for (long n = notes.oldest(); found < 0 && n < notes.end(); n++) {
                    if (notes.kind(n) == FrameNotes.Kind.COMPILATION && notes.what(n).endsWith("JfrNotesTest.spin")) {
                        found = n;
                    }
                }
            }
            assertTrue(found >= 0, "the compilation of spin was noted within 15 s; posted " + jfr.posted()
                    + " (sink " + sink + ")");
            long pinned = notes.firstFrame(found);
            long late = profiler.recordedFrames() - pinned;
            // When the compiler thread gets to the method is the scheduler's business (on a loaded machine, frames
            // after the hot one), and when the note arrives is the stream's flush (about once a second, so now and
            // then in the very frame): the note is checked against the frame it is pinned to, not before the method
            // was hot and holding the compilation's own start. A note pinned to the frame it arrived in fails that
            // whenever it arrived later than it happened, as it does nearly always.
            long[] frame = frameTimes.get(pinned);
            String where = "pinned to frame " + pinned + ".." + notes.lastFrame(found) + ", hot in " + hotFrame
                    + ", arrived in " + profiler.recordedFrames() + ": " + notes.text(found);
            assertTrue(pinned >= hotFrame && notes.startNanos(found) >= hotFrom - 1_000_000L, where);
            assertTrue(frame != null && frame[0] <= notes.startNanos(found) && notes.startNanos(found) < frame[1],
                    "the compilation started at " + notes.startNanos(found) + ", outside its frame "
                            + (frame == null ? "(not recorded)" : frame[0] + ".." + frame[1]) + "; " + where);
            assertTrue(notes.text(found).matches(
                    "io\\.hudprof\\.capture\\.JfrNotesTest\\.spin compilation \\d+\\.\\d ms \\((C1|C2), level \\d.*\\)"),
                    notes.text(found));
            System.out.println("JfrNotesTest: " + notes.text(found) + " arrived " + late + " frames late");
        } finally {
            jfr.close();
            spikes.detach();
            Hudprof.uninstall();
        }
    }

    @Test
    void aJfrGarbageCollectionReachesTheStoredSpikeAndItsExportWaitsForIt(@TempDir Path dir) throws Exception {
        Profiler profiler = new Profiler(ProfilerConfig.builder().selfProfiling(false).historyFrames(4096)
                .timelineCapacity(256).build());
        Hudprof.install(profiler);
        // gcNotes off: the collections come from the JFR stream (jdk.GarbageCollection), a second late. The rule
        // watches this thread's time inside zones, and its only zone wraps the collection: a frame the loaded
        // machine stalls for 200 ms is no spike (watching the frame time, one was, and the GC frame's export was
        // not the latest).
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(200).onThread(
                Thread.currentThread().getName())).jfrNotes(true).exportAround(2, dir).exportNotesWait(4096)
                .attach(profiler);
        try {
            awaitStreaming(spikes.jfrNotes());
            profiler.update(false);                          // the wait above is no frame (and no spike)
            long gcFrame = -1;
            Path file = null;
            long deadline = System.nanoTime() + 20_000_000_000L;
            for (int f = 1; System.nanoTime() < deadline; f++) {
                Thread.sleep(3);
                if (f == 20) {
                    gcFrame = profiler.recordedFrames() + 1;
                    COLLECTING.begin();
                    System.gc();
                    Thread.sleep(250);                       // a zone over the rule's 200 ms
                    COLLECTING.end();
                }
                profiler.update();
                if (gcFrame > 0 && f == 22) {
                    file = SpikeCapture.exportFile(dir, gcFrame);
                    assertEquals(gcFrame, spikes.recent(0).frameNumber(), "the GC frame is the spike");
                    assertTrue(spikes.lastExport() == null, "the export waits for the stream's notes");
                }
                if (spikes.lastExport() != null && spikes.lastExport().isDone()) {
                    break;
                }
            }
            assertTrue(spikes.lastExport() != null, "the export was written within 20 s");
            assertEquals(file, spikes.lastExport().get(10, TimeUnit.SECONDS));
            Spike spike = spikes.find(gcFrame);
            String gcNote = null;
            for (int i = 0; i < spike.noteCount(); i++) {
                if (spike.note(i).contains("(System.gc())")) {
                    gcNote = spike.note(i);
                }
            }
            assertTrue(gcNote != null, "the stored spike has the JFR collection: " + spikeNotes(spike));
            assertTrue(gcNote.matches(".+ pause \\d+\\.\\d ms \\(System\\.gc\\(\\)\\)"), gcNote);
            String json = Files.readString(file);
            assertTrue(json.contains(gcNote), "the export holds the note that came a second after its window");
            assertTrue(json.contains("\"notes\":\"complete\""), "the stream said it had posted past the window");
            System.out.println("JfrNotesTest: spike #" + gcFrame + " " + gcNote + ", exported " + file.getFileName());
        } finally {
            spikes.detach();
            Hudprof.uninstall();
        }
    }

    /**
     * Waits until the stream delivers: its recording starts on the stream's own thread, seconds late in a cold JVM on
     * a loaded machine, and an event from before that is never seen (a fixed half-second sleep here once let the
     * System.gc() safepoint happen before the recording ran). A mark that came back proves later events arrive.
     */
    private static void awaitStreaming(JfrNotes jfr) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (jfr.postedUpToNanos() == Long.MIN_VALUE) {
            assertTrue(System.nanoTime() < deadline, "the JFR stream delivered nothing within 60 s");
            Thread.sleep(10);
        }
    }

    private static String spikeNotes(Spike spike) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < spike.noteCount(); i++) {
            b.append(spike.note(i)).append("; ");
        }
        return b.toString();
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
