package io.hudprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

/**
 * JDK Mission Control's view of the demo: run under {@code -XX:StartFlightRecording}, the recording holds one
 * {@code io.hudprof.Frame} event per frame, with its number, time and top zones, beside the JVM's own events.
 */
class DemoJfrTest {
    @Test
    void aJfrRecordingOfTheDemoHoldsItsFramesWithTheirTopZones() throws Exception {
        Path dir = Path.of(System.getProperty("hudprof.e2e.dir", "target/demo-e2e"));
        Files.createDirectories(dir);
        Path recording = dir.resolve("demo.jfr");
        Files.deleteIfExists(recording);
        DemoRun run = DemoRun.startWithJvmOptions(dir.resolve("demo-jfr-output.txt"),
                List.of("-XX:StartFlightRecording=filename=" + recording + ",settings=default"), "--headless",
                "--frames", "200", "--fixed-dt", "1/60", "--seed", "7", "--size", "640x360", "--keys", "@150:F9");
        assertEquals(0, run.exitCode, run.output);
        List<RecordedEvent> frames = new ArrayList<>();
        boolean collections = false;
        for (RecordedEvent event : RecordingFile.readAllEvents(recording)) {
            if (event.getEventType().getName().equals("io.hudprof.Frame")) {
                frames.add(event);
            }
            collections |= event.getEventType().getName().equals("jdk.GarbageCollection");
        }
        assertTrue(collections, "the JVM's own events are there too");
        frames.sort(Comparator.comparingLong(e -> e.getLong("frame")));
        // An event begins at one update and is committed at the next: every frame but the first.
        assertEquals(199, frames.size(), "one event per frame");
        for (int i = 0; i < frames.size(); i++) {
            RecordedEvent frame = frames.get(i);
            assertEquals(i + 2, frame.getLong("frame"), "frames in order, none missing");
            assertTrue(frame.getLong("frameTime") > 0, "the frame's own time");
            assertTrue(frame.getString("zone1") != null, "frame " + (i + 2) + " names its top zone");
        }
        RecordedEvent gcFrame = frames.get(150 - 2);
        assertEquals(150, gcFrame.getLong("frame"));
        // Among its top three zones (a loaded machine's own stalls can outgrow a short full collection).
        assertTrue(List.of(String.valueOf(gcFrame.getString("zone1")), String.valueOf(gcFrame.getString("zone2")),
                String.valueOf(gcFrame.getString("zone3"))).contains("Forced GC"),
                "frame 150, the forced GC's, names it among its top zones, as JMC shows it: " + gcFrame);
    }
}
