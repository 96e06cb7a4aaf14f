package io.hudprof.capture.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JfrFramesTest {
    private static final Zone BIG = Zone.local("jfr-big");
    private static final Zone SMALL = Zone.local("jfr-small");
    private static final Zone TINY = Zone.local("jfr-tiny");
    private static final Zone NONE = Zone.local("jfr-none");

    @Test
    void aRealRecordingHoldsOneFrameEventPerFrameWithItsTopZones(@TempDir Path dir) throws Exception {
        ManualClock clock = new ManualClock(1_000_000_000L);
        Profiler profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).build());
        Hudprof.install(profiler);
        JfrFrames frames = JfrFrames.attach(profiler);
        try {
            frame(clock, profiler);                    // before the recording: no event
            Path file = dir.resolve("frames.jfr");
            try (Recording recording = new Recording()) {
                recording.enable(JfrFrames.EVENT_NAME);
                recording.start();
                for (int i = 0; i < 4; i++) {
                    frame(clock, profiler);
                }
                recording.stop();
                recording.dump(file);
            }
            frame(clock, profiler);
            List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
                    .filter(e -> e.getEventType().getName().equals("io.hudprof.Frame")).toList();
            // The first frame inside the recording began before it: events start at the next one.
            assertEquals(List.of(3L, 4L, 5L), events.stream().map(e -> e.getLong("frame")).toList());
            RecordedEvent e = events.get(0);
            assertEquals(6_000_000L, e.getDuration("frameTime").toNanos());
            assertEquals("jfr-big", e.getString("zone1"));
            assertEquals(3_000_000L, e.getDuration("zone1Self").toNanos());
            assertEquals("jfr-small", e.getString("zone2"));
            assertEquals(2_000_000L, e.getDuration("zone2Self").toNanos());
            assertEquals("jfr-tiny", e.getString("zone3"));
            assertEquals(500_000L, e.getDuration("zone3Self").toNanos());
        } finally {
            frames.detach();
            Hudprof.uninstall();
        }
    }

    private static void frame(ManualClock clock, Profiler profiler) {
        SMALL.begin();
        clock.advanceMillis(1);
        BIG.begin();
        clock.advanceMillis(3);
        BIG.end();
        SMALL.end();
        SMALL.begin();
        clock.advanceMillis(1);
        SMALL.end();
        TINY.begin();
        clock.advanceMicros(500);
        TINY.end();
        NONE.begin();
        clock.advanceMicros(100);
        NONE.end();
        clock.advanceMicros(400);
        profiler.update();
    }
}
