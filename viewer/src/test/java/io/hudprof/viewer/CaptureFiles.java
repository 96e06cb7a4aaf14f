package io.hudprof.viewer;

import io.hudprof.capture.FrameNotes;
import io.hudprof.capture.SpikeCapture;
import io.hudprof.capture.SpikeRule;
import io.hudprof.capture.file.CaptureWriter;
import io.hudprof.capture.file.Captures;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.stats.Counter;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.Sensor;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.concurrent.TimeUnit;

/** Writes small real captures for the viewer's tests: a game thread with nested zones on a manual clock. */
final class CaptureFiles {
    static final Zone UPDATE = Zone.define("cv:Update");
    static final Zone PHYSICS = Zone.define("cv:Update:Physics");
    static final Zone DRAW = Zone.define("cv:Draw");
    static final Counter BODIES = Counter.define("cv Physics/Bodies stepped");

    private CaptureFiles() {
    }

    static Path write(Path file, int frames) throws Exception {
        ManualClock clock = new ManualClock(1_000_000_000L);
        Profiler profiler = new Profiler(ProfilerConfig.builder().clock(clock).timelineCapacity(1 << 10).build());
        Profiler before = Hudprof.profiler();
        Hudprof.install(profiler);
        try {
            // Statistics, notes and problem counts (format 1.1) besides the zones.
            FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
            SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(60_000)).attach(profiler);
            CaptureWriter writer = Captures.of(profiler).title("viewer test").slots(frames + 1).writeTo(file);
            for (int f = 0; f < frames; f++) {
                BODIES.add(3 + f % 4);
                if (f == frames / 2 + 1) {
                    spikes.notes().post(FrameNotes.Kind.GC, "G1 Young Generation", "G1 Evacuation Pause",
                            profiler.frameStartNanos() - 9_000_000L, 2_000_000L);
                }
                UPDATE.begin();
                clock.advanceMicros(200);
                PHYSICS.begin();
                clock.advanceMicros(700 + 50 * (f % 10));
                PHYSICS.end();
                UPDATE.end();
                DRAW.begin();
                clock.advanceMicros(3_000 + (f == frames / 2 ? 9_000 : 0));
                if (f != frames / 2) {
                    DRAW.end(); // the slow frame's draw is left open: repaired at update() and counted
                }
                clock.advanceMicros(100);
                profiler.update();
            }
            return writer.finish().get(30, TimeUnit.SECONDS);
        } finally {
            if (before == null) {
                Hudprof.uninstall();
            } else {
                Hudprof.install(before);
            }
        }
    }
}
