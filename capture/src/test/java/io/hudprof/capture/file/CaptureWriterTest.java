package io.hudprof.capture.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the writer takes, when it starts and stops, and what it refuses. */
class CaptureWriterTest {
    private static final Zone WORK = Zone.define("cw:Work");

    @TempDir
    Path dir;
    private final ManualClock clock = new ManualClock();

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    private void frame(Profiler profiler, int zones) {
        for (int i = 0; i < zones; i++) {
            WORK.begin();
            clock.advanceMicros(10);
            WORK.end();
        }
        clock.advanceMicros(100);
        profiler.update();
    }

    @Test
    void framesStopsTheCaptureByItselfAndTheFileHoldsExactlyThem() throws Exception {
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().clock(clock)
                .timelineCapacity(1 << 10).build()));
        CaptureWriter writer = Captures.of(profiler).title("ten").frames(10).writeTo(dir.resolve("ten.hudprof"));
        for (int f = 0; f < 25; f++) {
            frame(profiler, 3);
        }
        Path file = writer.completion().get(30, TimeUnit.SECONDS);
        Capture capture = Capture.open(file);
        assertEquals(10, capture.frames().size());
        assertEquals(1, capture.frames().get(0).frameNumber(), "started before the first update: from frame 1");
        assertEquals("ten", capture.title());
        assertEquals(6, capture.frames().get(0).eventCount());
    }

    @Test
    void aFirstFrameTooBigForTheTimelineOnlyStartsTheCaptureLater() throws Exception {
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().clock(clock).timelineCapacity(64)
                .build()));
        CaptureWriter writer = CaptureWriter.start(profiler, dir.resolve("late.hudprof"));
        frame(profiler, 100); // 200 events: more than the timeline holds
        for (int f = 0; f < 5; f++) {
            frame(profiler, 2);
        }
        writer.finish().get(30, TimeUnit.SECONDS);
        Capture capture = Capture.open(writer.file());
        assertEquals(0, capture.droppedFrames());
        assertEquals(5, capture.frames().size());
        assertEquals(2, capture.frames().get(0).frameNumber());
    }

    @Test
    void aProfilerWithoutTimelinesIsRefusedWithTheFix() {
        Profiler profiler = new Profiler(ProfilerConfig.builder().clock(clock).build());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Captures.of(profiler).writeTo(dir.resolve("none.hudprof")));
        assertTrue(e.getMessage().contains("timelineCapacity"), e.getMessage());
        assertTrue(Files.notExists(dir.resolve("none.hudprof")));
    }
}
