package io.hudprof.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import com.badlogic.gdx.utils.PerformanceCounter;
import com.jme3.app.DetailedProfiler;
import com.jme3.profile.AppStep;
import io.hudprof.bench.peers.JfrZoneEvent;
import io.hudprof.bench.peers.NaiveStopwatch;
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
 * The floor and the peers, in the same harness as {@link ZoneBenchmarks}: {@link ZoneWorkloads#PAIRS} empty zones
 * per invocation, each peer's once-per-frame work in an invocation-level tear-down outside the timed region, and
 * results per zone (ns/op).
 */
@BenchmarkMode(Mode.AverageTime)
@Fork(2)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PeerBenchmarks {
    private static final int PAIRS = ZoneWorkloads.PAIRS;

    /** Holds nothing; its per-invocation tear-down only gives the floor the same timing harness as the others. */
    @State(Scope.Thread)
    public static class Frame {
        long frames;

        @TearDown(Level.Invocation)
        public void endFrame() {
            frames++;
        }
    }

    /** A JFR recording with {@link JfrZoneEvent} enabled (no threshold, no stack trace), kept in memory. */
    @State(Scope.Thread)
    public static class JfrRecording {
        Recording recording;

        @Setup(Level.Trial)
        public void start() {
            recording = new Recording();
            recording.enable(JfrZoneEvent.class).withoutThreshold().withoutStackTrace();
            // In memory only: a benchmark writes millions of events a second, which would otherwise go to disk.
            recording.setToDisk(false);
            recording.start();
        }

        @TearDown(Level.Invocation)
        public void endFrame() {
            // JFR has no per-frame step: its buffers are flushed by its own threads.
        }

        /** Fails unless the recording really holds the events, so the figure is the recorded path. */
        @TearDown(Level.Trial)
        public void stopAndCheck() throws IOException {
            Path directory = Files.createTempDirectory("hudprof-bench");
            Path file = directory.resolve("zones.jfr");
            try {
                // Dumped while still running: an in-memory recording has nothing left to dump once stopped.
                recording.dump(file);
                if (!containsZoneEvent(file)) {
                    throw new IllegalStateException("the JFR recording holds no " + JfrZoneEvent.class.getName());
                }
            } finally {
                recording.close();
                Files.deleteIfExists(file);
                Files.deleteIfExists(directory);
            }
        }

        private static boolean containsZoneEvent(Path file) throws IOException {
            try (RecordingFile events = new RecordingFile(file)) {
                while (events.hasMoreEvents()) {
                    if (events.readEvent().getEventType().getName().equals("io.hudprof.bench.Zone")) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    /** No recording runs in this fork: the event's {@code shouldCommit} check is all that remains. */
    @State(Scope.Thread)
    public static class JfrIdle {
        @TearDown(Level.Invocation)
        public void endFrame() {
            // Nothing per frame, as above.
        }
    }

    /** libGDX's {@link PerformanceCounter}; {@code tick} once per frame, as libGDX's own counters do. */
    @State(Scope.Thread)
    public static class Gdx {
        final PerformanceCounter counter = new PerformanceCounter("zone");

        @TearDown(Level.Invocation)
        public void endFrame() {
            counter.tick(1f / 60f);
        }
    }

    /**
     * jMonkeyEngine's {@link DetailedProfiler} without a renderer: steps are timed on the CPU only, and the GPU timer
     * queries it would issue per step through {@code Renderer.startProfiling} are skipped (they need a GL context).
     */
    @State(Scope.Thread)
    public static class Jme {
        final DetailedProfiler profiler = new DetailedProfiler();

        @Setup(Level.Trial)
        public void firstFrame() {
            beginFrame();
        }

        @TearDown(Level.Invocation)
        public void endFrame() {
            profiler.appStep(AppStep.EndFrame);
            beginFrame();
        }

        private void beginFrame() {
            profiler.appStep(AppStep.BeginFrame);
            profiler.appStep(AppStep.StateManagerUpdate);
        }
    }

    /** The hand-written {@link NaiveStopwatch}, reset once per frame. */
    @State(Scope.Thread)
    public static class Stopwatch {
        final NaiveStopwatch stopwatch = new NaiveStopwatch();

        @TearDown(Level.Invocation)
        public void endFrame() {
            stopwatch.reset();
        }
    }

    /** The floor: the two clock reads any zone needs, and nothing else. */
    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public long floorTwoNanoTime(Frame f) {
        return ClockFloor.pairs();
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public void jfrEventRecorded(JfrRecording r) {
        for (int i = 0; i < PAIRS; i++) {
            JfrZoneEvent event = new JfrZoneEvent();
            event.begin();
            event.commit();
        }
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public void jfrEventNoRecording(JfrIdle idle) {
        for (int i = 0; i < PAIRS; i++) {
            JfrZoneEvent event = new JfrZoneEvent();
            event.begin();
            event.commit();
        }
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public void gdxPerformanceCounter(Gdx g) {
        PerformanceCounter counter = g.counter;
        for (int i = 0; i < PAIRS; i++) {
            counter.start();
            counter.stop();
        }
    }

    /**
     * jME's profiler is flat: a step ends the previous one. A zone inside a frame therefore takes two sub-steps, one
     * where it starts and one where the enclosing work resumes, which is two clock reads like a zone pair.
     */
    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public void jmeDetailedProfiler(Jme j) {
        DetailedProfiler profiler = j.profiler;
        for (int i = 0; i < PAIRS; i++) {
            profiler.appSubStep("zone");
            profiler.appSubStep("rest");
        }
    }

    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public void hashMapStopwatch(Stopwatch s) {
        NaiveStopwatch stopwatch = s.stopwatch;
        for (int i = 0; i < PAIRS; i++) {
            stopwatch.start("zone");
            stopwatch.stop("zone");
        }
    }
}
