package io.hudprof.tests;

import io.hudprof.capture.file.CaptureWriter;
import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Runs the demo game with every frame written to a capture file: {@code DemoWithCapture FILE.hudprof DEMO-ARGS...}.
 * It installs the profiler first (with the timeline the demo's own has), so the demo uses it as it would an agent's,
 * and attaches a {@link CaptureWriter} to it; when the demo returns, the capture is finished and waited for. For the
 * end-to-end tests, until the demo writes captures itself.
 */
public final class DemoWithCapture {
    private DemoWithCapture() {
    }

    public static void main(String[] args) throws Exception {
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().timelineCapacity(1 << 20).build()));
        CaptureWriter writer = CaptureWriter.start(profiler, Path.of(args[0]), 1024, 0, "demo " + String.join(" ",
                Arrays.copyOfRange(args, 1, args.length)));
        io.hudprof.demo.DemoMain.main(Arrays.copyOfRange(args, 1, args.length));
        Path file = writer.finish().get(120, TimeUnit.SECONDS);
        System.out.println("capture " + file + ": " + writer.framesTaken() + " frames, " + writer.framesDropped()
                + " dropped");
    }
}
