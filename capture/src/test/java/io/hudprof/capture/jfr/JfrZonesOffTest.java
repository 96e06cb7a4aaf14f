package io.hudprof.capture.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;
import java.nio.file.Path;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without {@code -Dhudprof.jfr.zones=true} (the default), zones write no JFR event even when one is asked for. */
class JfrZonesOffTest {
    private static final Zone WORK = Zone.local("jfrz-off-work");
    private static final Zone STEP = Zone.local("jfrz-off-step");

    @Test
    void withTheSwitchOffNoZoneEventIsWrittenNorItsTypeRegistered(@TempDir Path dir) throws Exception {
        assertNull(System.getProperty("hudprof.jfr.zones"));
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().selfProfiling(false).build()));
        Path file = dir.resolve("off.jfr");
        try (Recording recording = new Recording()) {
            recording.enable(JfrZoneStack.EVENT_NAME).withoutThreshold();
            recording.enable(JfrFrames.EVENT_NAME);
            recording.start();
            JfrFrames frames = JfrFrames.attach(profiler);
            for (int i = 0; i < 5; i++) {
                try (ZoneScope work = WORK.enter()) {
                    STEP.begin();
                    STEP.end();
                }
                profiler.update();
            }
            frames.detach();
            recording.stop();
            recording.dump(file);
        } finally {
            Hudprof.uninstall();
        }
        assertEquals(0, JfrZonesTest.zoneEvents(file).size());
        // The event class was never even loaded: the recorder's JFR calls were dead code.
        assertFalse(FlightRecorder.getFlightRecorder().getEventTypes().stream()
                .anyMatch(t -> t.getName().equals(JfrZoneStack.EVENT_NAME)));
        // The recording itself worked: the frame events of the same run are there.
        assertEquals(4, jdk.jfr.consumer.RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals(JfrFrames.EVENT_NAME)).count());
    }
}
