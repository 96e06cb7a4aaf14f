package io.hudprof.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.capture.jfr.JfrZoneStack;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A begin/end zone pair with per-zone JFR events ({@code -Dhudprof.jfr.zones=true}) against the same pair without
 * them, in one run: the switch is read once per JVM, so each variant forks with its own flag. With the switch on,
 * once with a recording that enables {@code io.hudprof.Zone} (every pair is also a committed JFR event) and once
 * with no recording (the {@code isEnabled()} check per transition is what is left).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JfrZoneBenchmarks {

    /** An installed, enabled profiler, drained after every invocation. */
    @State(Scope.Thread)
    public static class Zones {
        Profiler profiler;

        @Setup(Level.Trial)
        public void install() {
            BenchProfilers.checkCompiledIn(true);
            profiler = BenchProfilers.install();
        }

        @TearDown(Level.Invocation)
        public void endFrame() {
            profiler.update();
        }

        @TearDown(Level.Trial)
        public void check() {
            BenchProfilers.checkNothingDropped(profiler);
            Hudprof.uninstall();
        }
    }

    /** As {@link Zones}, plus an in-memory JFR recording of {@code io.hudprof.Zone}, checked to hold events. */
    @State(Scope.Thread)
    public static class ZonesRecorded extends Zones {
        Recording recording;

        @Setup(Level.Trial)
        public void startRecording() {
            if (!Boolean.getBoolean("hudprof.jfr.zones")) {
                throw new IllegalStateException("this variant needs -Dhudprof.jfr.zones=true in its fork");
            }
            recording = new Recording();
            recording.enable(JfrZoneStack.EVENT_NAME).withoutThreshold().withoutStackTrace();
            recording.setToDisk(false);
            recording.start();
        }

        @TearDown(Level.Trial)
        public void stopAndCheck() throws IOException {
            Path directory = Files.createTempDirectory("hudprof-bench");
            Path file = directory.resolve("zones.jfr");
            try {
                recording.dump(file);
                boolean found = false;
                try (RecordingFile events = new RecordingFile(file)) {
                    while (!found && events.hasMoreEvents()) {
                        found = events.readEvent().getEventType().getName().equals(JfrZoneStack.EVENT_NAME);
                    }
                }
                if (!found) {
                    throw new IllegalStateException("the JFR recording holds no " + JfrZoneStack.EVENT_NAME);
                }
            } finally {
                recording.close();
                Files.deleteIfExists(file);
                Files.deleteIfExists(directory);
            }
        }
    }

    @Benchmark
    @Fork(value = 2, jvmArgsAppend = "-Dhudprof.jfr.zones=true")
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void jfrZonesRecorded(ZonesRecorded z) {
        ZoneWorkloads.beginEnd();
    }

    @Benchmark
    @Fork(value = 2, jvmArgsAppend = "-Dhudprof.jfr.zones=true")
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void jfrZonesNoRecording(Zones z) {
        ZoneWorkloads.beginEnd();
    }

    @Benchmark
    @Fork(2)
    @OperationsPerInvocation(ZoneWorkloads.PAIRS)
    public void jfrZonesOff(Zones z) {
        ZoneWorkloads.beginEnd();
    }
}
