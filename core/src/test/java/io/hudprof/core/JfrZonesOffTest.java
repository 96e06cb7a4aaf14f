package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import jdk.jfr.Event;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Name;
import jdk.jfr.Recording;
import jdk.jfr.StackTrace;
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
            recording.enable(Witness.NAME);
            recording.start();
            for (int i = 0; i < 5; i++) {
                try (ZoneScope work = WORK.enter()) {
                    STEP.begin();
                    STEP.end();
                }
                profiler.update();
                new Witness().commit();
            }
            recording.stop();
            recording.dump(file);
        } finally {
            Hudprof.uninstall();
        }
        assertEquals(0, JfrZonesTest.zoneEvents(file).size());
        // The event class was never even loaded: the recorder's JFR calls were dead code.
        assertFalse(FlightRecorder.getFlightRecorder().getEventTypes().stream()
                .anyMatch(t -> t.getName().equals(JfrZoneStack.EVENT_NAME)));
        // The recording itself worked: the witness events of the same run are there.
        assertEquals(5, jdk.jfr.consumer.RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals(Witness.NAME)).count());
    }

    /** One event per frame, committed by the test itself: proof that the recording ran while no zone event came. */
    @Name(Witness.NAME)
    @StackTrace(false)
    static final class Witness extends Event {
        static final String NAME = "io.hudprof.test.Witness";
    }
}
