package io.hudprof.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.capture.file.CaptureWriter;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command on real {@code .hudprof} captures: a capture read back gives the live run's values frame for frame, two
 * captures of a loop with one zone made slower fail naming that zone alone, and a bad file is one line and exit 2.
 */
class CaptureRunsTest {
    private static final Zone UPDATE = Zone.define("Capture gate:Update");
    private static final Zone RAYCAST = Zone.define("Capture gate:Raycast");
    private static final Zone WALK = Zone.local("Capture gate:Grid walk");
    private static final Zone DRAW = Zone.define("Capture gate:Draw");

    @TempDir
    Path dir;
    private String out;
    private String err;

    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    /** Captures 300 frames of a jittered loop on a manual clock (seeded); returns the live sampler's run. */
    private static Samples capture(Path file, long seed, double walkFactor) throws Exception {
        ManualClock clock = new ManualClock(1_000_000_000L);
        SplittableRandom random = new SplittableRandom(seed);
        Profiler profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().clock(clock)
                .timelineCapacity(1 << 14).build()));
        profiler.update();
        // A slot per frame: this loop outruns any writer thread, and a dropped frame would not be in the capture.
        CaptureWriter writer = CaptureWriter.start(profiler, file, 512, 0, "");
        profiler.update(); // the capture's first whole frame starts here
        ZoneSamples live = ZoneSamples.attachTo(profiler);
        for (int f = 0; f < 300; f++) {
            UPDATE.begin();
            clock.advance(jitter(random, 200_000));
            RAYCAST.begin();
            for (int ray = 0; ray < 20; ray++) {
                clock.advance(jitter(random, 2_000));
                WALK.begin();
                clock.advance(jitter(random, 10_000 * walkFactor));
                WALK.end();
            }
            RAYCAST.end();
            UPDATE.end();
            DRAW.begin();
            clock.advance(jitter(random, 3_000_000));
            DRAW.end();
            profiler.update();
        }
        writer.finish().get(30, TimeUnit.SECONDS);
        assertEquals(0, writer.framesDropped(), "the writer kept up");
        Hudprof.uninstall();
        return live.samples();
    }

    private static long jitter(SplittableRandom random, double nanos) {
        return (long) (nanos * Math.exp(0.3 * (random.nextDouble() - 0.5)));
    }

    private int check(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int status = CheckMain.run(args, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8), CaptureRuns::read);
        out = o.toString(StandardCharsets.UTF_8);
        err = e.toString(StandardCharsets.UTF_8);
        return status;
    }

    @Test
    void aCaptureReadBackGivesTheLiveValuesFrameForFrame() throws Exception {
        Path file = dir.resolve("live.hudprof");
        Samples live = capture(file, 1, 1.0);
        Samples read = CaptureRuns.read(file);
        assertEquals(live.frames(), read.frames());
        assertArrayEquals(live.frameNanos(), read.frameNanos());
        for (String zone : live.zoneNames()) {
            for (Quantity q : Quantity.values()) {
                assertArrayEquals(live.values(zone, q), read.values(zone, q), zone + " " + q.word());
            }
        }
        assertEquals(live.zoneNames(), read.zoneNames());
    }

    @Test
    void twoCapturesWithOneZoneSlowerFailNamingItAloneAndTheSameCapturePasses() throws Exception {
        Path base = dir.resolve("base.hudprof");
        Path slow = dir.resolve("slow.hudprof");
        Path same = dir.resolve("same.hudprof");
        capture(base, 2, 1.0);
        capture(slow, 3, 1.3);
        capture(same, 4, 1.0);
        Path xml = dir.resolve("gate.xml");
        assertEquals(1, check("--baseline", base.toString(), "--current", slow.toString(), "--junit", xml.toString()),
                err + out);
        String[] regressions = Arrays.stream(out.split("\n")).filter(l -> l.endsWith("REGRESSION"))
                .toArray(String[]::new);
        assertEquals(1, regressions.length, out);
        assertTrue(regressions[0].startsWith("Capture gate:Grid walk self median"), out);
        assertTrue(Files.readString(xml).contains("failures=\"1\""));
        assertEquals(0, check("--baseline", base.toString(), "--current", same.toString()), out);
        assertEquals(0, check("--baseline", base.toString(), "--current", base.toString(), "--strict"),
                "a capture against itself: every interval is exactly 1\n" + out);
    }

    @Test
    void aBadCaptureIsOneLineAndExitTwo() throws Exception {
        Path good = dir.resolve("good.hudprof");
        capture(good, 5, 1.0);
        byte[] bytes = Files.readAllBytes(good);
        Path truncated = dir.resolve("truncated.hudprof");
        Files.write(truncated, Arrays.copyOf(bytes, bytes.length / 2));
        Path random = dir.resolve("random.hudprof");
        byte[] noise = new byte[4096];
        new SplittableRandom(9).nextBytes(noise);
        Files.write(random, noise);
        for (Path bad : new Path[] {truncated, random, dir.resolve("missing.hudprof"), dir}) {
            assertEquals(2, check("--baseline", good.toString(), "--current", bad.toString()), bad + ": " + out);
            assertTrue(err.startsWith("hudprof-check: ") && err.contains(bad.toString()), err);
            assertEquals(1, err.strip().split("\n").length, "one line: " + err);
            assertFalse(err.contains("\tat "), err);
        }
    }
}
