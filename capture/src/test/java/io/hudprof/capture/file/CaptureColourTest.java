package io.hudprof.capture.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.stats.category.Category;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A zone's own colour travels in the capture: the replayed zone is drawn in the colour the game chose. */
class CaptureColourTest {
    private static final Zone TINTED = Zone.local("CaptureColour:Tinted").color(0x3366CC);
    private static final Zone PLAIN = Zone.local("CaptureColour:Plain");
    /** No colour of its own: drawn in its category's, which the game chose in code a viewer does not run. */
    private static final Zone BY_CATEGORY = Zone.local("CaptureColourCategory:Child");
    private static final Zone OWN_OVER_CATEGORY = Zone.local("CaptureColourCategory:Own").color(0x11AA22);

    @TempDir
    Path dir;

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    @Test
    void aReplayedPrivateZoneHasTheColourItsGameChoseAndAZoneWithoutOneHasNone() throws Exception {
        Path file = dir.resolve("colours.hudprof");
        ManualClock clock = new ManualClock(1_000_000_000L);
        Profiler live = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).historyFrames(16)
                .timelineCapacity(1 << 10).timelineFrames(4).build());
        Hudprof.install(live);
        CaptureWriter writer = CaptureWriter.start(live, file, 16, 0, "colours");
        clock.advanceMicros(10);
        live.update(false);
        for (int frame = 0; frame < 4; frame++) {
            TINTED.begin();
            clock.advanceMicros(50);
            TINTED.end();
            PLAIN.begin();
            clock.advanceMicros(30);
            PLAIN.end();
            clock.advanceMicros(5);
            live.update();
        }
        writer.finish().get(30, TimeUnit.SECONDS);
        Hudprof.uninstall();

        Capture capture = Capture.open(file);
        assertEquals(0x3366CC + 1, zoneInfo(capture, TINTED.name()).colour(), "the slot holds 0xRRGGBB + 1");
        assertEquals(0, zoneInfo(capture, PLAIN.name()).colour(), "0: no colour");

        try (CaptureReplay replay = capture.replay()) {
            replay.replayAll();
            Zone tinted = Zone.byId(replay.profiler().data().zone(stateOf(replay, TINTED.name())));
            Zone plain = Zone.byId(replay.profiler().data().zone(stateOf(replay, PLAIN.name())));
            assertNotSame(TINTED, tinted, "a private zone replays as a zone of its own");
            assertEquals(0x3366CC, tinted.color());
            assertEquals(Zone.NO_COLOR, plain.color());
        }
    }

    /**
     * A zone drawn in its category's colour is drawn so from a capture too: the capture holds the colour it is drawn
     * with (a viewer never runs the game's {@code Category.color} call), and a zone's own colour still wins.
     */
    @Test
    void aZoneDrawnInItsCategorysColourKeepsItInTheCapture() throws Exception {
        Category.of("CaptureColourCategory").color(0xAA5500);
        Path file = dir.resolve("category-colours.hudprof");
        ManualClock clock = new ManualClock(1_000_000_000L);
        Profiler live = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).historyFrames(16)
                .timelineCapacity(1 << 10).timelineFrames(4).build());
        Hudprof.install(live);
        CaptureWriter writer = CaptureWriter.start(live, file, 16, 0, "category colours");
        clock.advanceMicros(10);
        live.update(false);
        for (int frame = 0; frame < 3; frame++) {
            BY_CATEGORY.begin();
            clock.advanceMicros(40);
            BY_CATEGORY.end();
            OWN_OVER_CATEGORY.begin();
            clock.advanceMicros(20);
            OWN_OVER_CATEGORY.end();
            clock.advanceMicros(5);
            live.update();
        }
        writer.finish().get(30, TimeUnit.SECONDS);
        Hudprof.uninstall();

        Capture capture = Capture.open(file);
        assertEquals(0xAA5500 + 1, zoneInfo(capture, BY_CATEGORY.name()).colour(), "the category's colour, stored");
        assertEquals(0x11AA22 + 1, zoneInfo(capture, OWN_OVER_CATEGORY.name()).colour(), "the zone's own wins");
        try (CaptureReplay replay = capture.replay()) {
            replay.replayAll();
            int child = replay.profiler().data().zone(stateOf(replay, BY_CATEGORY.name()));
            assertEquals(0xAA5500, Category.colorOf(child), "the replayed zone is drawn in the category's colour");
        }
    }

    private static Capture.ZoneInfo zoneInfo(Capture capture, String name) {
        return capture.zones().values().stream().filter(z -> z.name().equals(name)).findFirst().orElseThrow();
    }

    private static int stateOf(CaptureReplay replay, String name) {
        var data = replay.profiler().data();
        for (int s = 0; s < data.stateCount(); s++) {
            Zone z = Zone.byId(data.zone(s));
            if (z != null && z.name().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no replayed state of " + name);
    }
}
