package io.hudprof.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link FrameNotes#firstSettledSince}: a spike caught right after its frame's settle finds every note that touches
 * the frame from there on (as a scan of every held note does), whether the notes are instants, span several frames
 * or arrive late; and the scan is short: the notes settled before the frame ended are skipped.
 */
class FrameNotesScanTest {
    private static final long FRAME = 10_000_000L;

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private final Profiler profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
            .build());
    private final FrameTimes times = FrameTimes.attach(profiler, 64);
    private final FrameNotes notes = new FrameNotes(64);

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    private static List<Long> touching(FrameNotes notes, long from, long frame) {
        List<Long> found = new ArrayList<>();
        for (long n = from; n < notes.end(); n++) {
            if (notes.touches(n, frame)) {
                found.add(n);
            }
        }
        return found;
    }

    @Test
    void aScanFromTheFirstNoteSettledSinceTheFrameFindsEveryNoteTouchingIt() {
        Hudprof.install(profiler);
        List<long[]> checks = new ArrayList<>();
        profiler.addFrameListener((nanos, recorded) -> {
            notes.settle(times, null);
            long frame = profiler.recordedFrames();
            long first = notes.firstSettledSince(frame);
            assertEquals(touching(notes, notes.oldest(), frame), touching(notes, first, frame),
                    "frame " + frame + ": the notes touching it, from the first settled since it");
            checks.add(new long[] {frame, first, notes.end()});
        });
        Random random = new Random(31);
        for (int f = 0; f < 200; f++) {
            long start = clock.nanoTime();
            // Notes inside this frame, across the frames before it (a long pause), instants, and late ones (posted
            // frames after they happened, as JFR's are).
            for (int k = random.nextInt(3); k > 0; k--) {
                long at = start - random.nextInt(5) * FRAME + random.nextInt((int) FRAME);
                long length = random.nextInt(4) == 0 ? 0 : random.nextInt((int) (3 * FRAME));
                notes.post(FrameNotes.Kind.GC, "note", "", at, Math.min(length, clock.nanoTime() + FRAME - at));
            }
            clock.advance(FRAME);
            profiler.update();
        }
        assertEquals(200, checks.size());
        long skipped = 0;
        for (long[] check : checks) {
            skipped += check[1] - Math.max(0, check[2] - 64);
        }
        assertTrue(skipped > 100 * 10, "the scan skips the notes settled before each frame ended: " + skipped);
    }
}
