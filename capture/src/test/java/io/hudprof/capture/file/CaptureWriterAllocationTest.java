package io.hudprof.capture.file;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.capture.SpikeCapture;
import io.hudprof.capture.SpikeRule;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualAllocationCounter;
import io.hudprof.core.Problem;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.stats.Counter;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.IntDistribution;
import io.hudprof.stats.Sensor;
import io.hudprof.testkit.AllocationCheck;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The game thread's side of a capture (copying each frame into a slot, or counting it lost) allocates nothing. */
class CaptureWriterAllocationTest {
    private static final Zone OUTER = Zone.define("alloc:Outer");
    private static final Zone INNER = Zone.define("alloc:Inner");
    private static final Counter FRAMES = Counter.define("alloc/Frames");
    private static final IntDistribution SIZES = IntDistribution.define("alloc/Sizes");

    @TempDir
    Path dir;

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    @Test
    void takingFramesAllocatesNothingOnTheUpdatingThread() throws Exception {
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().timelineCapacity(1 << 12)
                .build()));
        CaptureWriter writer = CaptureWriter.start(profiler, dir.resolve("alloc.hudprof"), 16, 0, "allocation");
        Runnable frame = () -> {
            OUTER.begin();
            for (int i = 0; i < 20; i++) {
                INNER.begin();
                INNER.end();
            }
            OUTER.end();
            profiler.update();
        };
        AllocationCheck.assertSteady("capture writer on the updating thread", 5_000, 5, 1_000, frame);
        writer.finish().get(60, TimeUnit.SECONDS);
        assertTrue(writer.framesTaken() > 0);
        Capture capture = Capture.open(writer.file());
        assertTrue(capture.frames().size() == writer.framesTaken());
    }

    @Test
    void takingAllocationPerZoneAllocatesNothingOnTheUpdatingThread() throws Exception {
        // A counter advanced by hand: zones are credited bytes every frame without the frame allocating any.
        ManualAllocationCounter bytes = new ManualAllocationCounter();
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().timelineCapacity(1 << 12)
                .allocationPerZone(true).allocationCounter(bytes).build()));
        CaptureWriter writer = CaptureWriter.start(profiler, dir.resolve("bytes.hudprof"), 16, 0, "bytes");
        Runnable frame = () -> {
            OUTER.begin();
            bytes.allocate(48);
            for (int i = 0; i < 20; i++) {
                INNER.begin();
                bytes.allocate(16);
                INNER.end();
            }
            OUTER.end();
            bytes.allocate(8);
            profiler.update();
        };
        AllocationCheck.assertSteady("capture writer with allocation per zone on the updating thread", 5_000, 5,
                1_000, frame);
        writer.finish().get(60, TimeUnit.SECONDS);
        Capture capture = Capture.open(writer.file());
        assertTrue(capture.frames().size() == writer.framesTaken());
        CapturedFrame last = capture.frames().get(capture.frames().size() - 1);
        assertTrue(last.allocatedBytes() == 48 + 20 * 16 + 8, "every frame carries its bytes: "
                + last.allocatedBytes());
    }

    @Test
    void keepingThePastFramesStatisticsAllocatesNothingOnTheUpdatingThread() throws Exception {
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().timelineCapacity(1 << 12)
                .build()));
        FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        io.hudprof.capture.FrameTimes times = io.hudprof.capture.FrameTimes.attach(profiler, 256);
        Runnable frame = () -> {
            OUTER.begin();
            FRAMES.increment();
            SIZES.report(17);
            OUTER.end();
            profiler.update();
        };
        AllocationCheck.assertSteady("frame times with statistics on the updating thread", 5_000, 5, 1_000, frame);
        Path file = dir.resolve("past.hudprof");
        Captures.of(profiler).writeLast(100, times, file).get(60, TimeUnit.SECONDS);
        Capture capture = Capture.open(file);
        assertTrue(capture.frames().size() == 100);
        assertTrue(capture.frames().stream().allMatch(CapturedFrame::hasStatistics), "and the frames keep them");
    }

    @Test
    void takingProblemCountsNotesAndStatisticsAllocatesNothingOnTheUpdatingThread() throws Exception {
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().timelineCapacity(1 << 12)
                .build()));
        // A notes store in the report (the spike capture's), statistics, and a problem counted in every frame.
        SpikeCapture.builder().rule(SpikeRule.above(60_000)).attach(profiler);
        FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        CaptureWriter writer = CaptureWriter.start(profiler, dir.resolve("problems.hudprof"), 16, 0, "problems");
        Runnable frame = () -> {
            OUTER.begin();
            INNER.begin();
            OUTER.end(); // a missing end, repaired and counted
            INNER.end(); // an extra end
            FRAMES.increment();
            SIZES.report(17);
            profiler.update();
        };
        AllocationCheck.assertSteady("capture writer with problems on the updating thread", 5_000, 5, 1_000, frame);
        writer.finish().get(60, TimeUnit.SECONDS);
        Capture capture = Capture.open(writer.file());
        assertTrue(capture.frames().size() == writer.framesTaken());
        CapturedFrame last = capture.frames().get(capture.frames().size() - 1);
        assertTrue(last.problems(Problem.MISSING_END) == 1 && last.problems(Problem.EXTRA_END) == 1,
                "every frame carries its problems");
        assertTrue(last.hasStatistics(), "and its statistics");
    }
}
