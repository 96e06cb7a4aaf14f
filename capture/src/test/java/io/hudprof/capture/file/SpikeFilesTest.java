package io.hudprof.capture.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.capture.SpikeCapture;
import io.hudprof.capture.SpikeRule;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each spike becomes a capture file of its own: the spike frame with its neighbours, which the viewer replays into
 * the very reports the game showed live for those frames.
 */
class SpikeFilesTest {
    static final Zone FRAME = Zone.define("sf:Frame");
    static final Zone WORK = Zone.define("sf:Work");
    static final Zone HITCH = Zone.define("sf:Hitch");

    private final ManualClock clock = new ManualClock(1_000_000_000L);

    @TempDir
    Path dir;

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    private static ProfilerConfig.Builder config() {
        return ProfilerConfig.builder().historyFrames(128).timelineCapacity(1 << 12).timelineFrames(32);
    }

    /** A 2 ms frame, or a 12 ms one with a hitch in it. */
    private void frame(boolean hitch, int n) {
        FRAME.begin();
        WORK.begin();
        clock.advanceMicros(1_500 + n % 7);
        WORK.end();
        if (hitch) {
            HITCH.begin();
            clock.advanceMicros(10_000);
            HITCH.end();
        }
        clock.advanceMicros(500);
        FRAME.end();
    }

    @Test
    void aSpikeIsWrittenWithItsNeighboursAndReplaysAsItShowedLive() throws Exception {
        Profiler live = new Profiler(config().clock(clock).build());
        Hudprof.install(live);
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(8)).framesAfter(3).attach(live);
        SpikeFiles files = SpikeFiles.writeEach(spikes, dir.resolve("spikes"), 3);
        Map<Long, String> liveReports = new HashMap<>();
        long spikeFrame = -1;
        for (int n = 0; n < 30; n++) {
            frame(n == 17, n);
            live.update();
            long number = live.recordedFrames();
            liveReports.put(number, report(live));
            if (n == 17) {
                spikeFrame = number;
            }
        }
        assertEquals(1, spikes.recentCount(), "one spike caught");
        Path file = files.lastWritten().get(30, TimeUnit.SECONDS);
        assertEquals(files.file(spikeFrame).toAbsolutePath(), file);
        Hudprof.uninstall();
        Capture capture = Capture.open(file);
        assertTrue(capture.title().startsWith("spike at frame " + spikeFrame + ": 12."), capture.title());
        List<Long> numbers = new ArrayList<>();
        for (CapturedFrame f : capture.frames()) {
            numbers.add(f.frameNumber());
        }
        assertEquals(List.of(spikeFrame - 3, spikeFrame - 2, spikeFrame - 1, spikeFrame, spikeFrame + 1,
                spikeFrame + 2, spikeFrame + 3), numbers, "the spike frame and three either side");
        try (CaptureReplay replay = capture.replay(config())) {
            Map<Long, String> replayed = new HashMap<>();
            long[] at = {0};
            replay.profiler().addFrameListener((nanos, recorded) -> {
                if (recorded) {
                    replayed.put(numbers.get((int) at[0]++), report(replay.profiler()));
                }
            });
            replay.replayAll();
            assertEquals(7, replayed.size());
            for (long n : numbers) {
                assertEquals(liveReports.get(n), replayed.get(n), "frame " + n);
            }
            assertTrue(replayed.get(spikeFrame).contains("sf:Hitch"), replayed.get(spikeFrame));
        }
        assertEquals(0, files.failures());
    }

    @Test
    void aSpikeSettledSoonerThanTheWindowKeepsTheFramesThereAre() throws Exception {
        Profiler live = new Profiler(config().clock(clock).build());
        Hudprof.install(live);
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(8)).framesAfter(1).attach(live);
        SpikeFiles files = SpikeFiles.writeEach(spikes, dir, 4);
        for (int n = 0; n < 12; n++) {
            frame(n == 8, n);
            live.update();
        }
        Capture capture = Capture.open(files.lastWritten().get(30, TimeUnit.SECONDS));
        assertEquals(6, capture.frames().size(), "four before, the spike, and the one frame after it settled");
    }

    @Test
    void aFolderThatCannotBeMadeIsRefusedWithTheFix() throws Exception {
        Profiler live = new Profiler(config().clock(clock).build());
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(8)).attach(live);
        Path notAFolder = Files.writeString(dir.resolve("file"), "x");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SpikeFiles.writeEach(spikes, notAFolder.resolve("spikes"), 3));
        assertTrue(e.getMessage().contains("give a folder this process may write to"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SpikeFiles.writeEach(spikes, dir, 1025));
        Profiler noTimelines = new Profiler(ProfilerConfig.builder().clock(clock).build());
        SpikeCapture blind = SpikeCapture.builder().rule(SpikeRule.above(8)).attach(noTimelines);
        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> SpikeFiles.writeEach(blind, dir, 3));
        assertTrue(missing.getMessage().contains("timelineCapacity"), missing.getMessage());
    }

    private static String report(Profiler profiler) {
        // The frame number and the cursor's place are the reader's, not the frame's.
        return InstantReports.text(profiler, null).replaceAll("frame \\d+ ", "frame N ").replaceAll("(?m)^>", " ");
    }
}
