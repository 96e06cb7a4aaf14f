package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.ManualClock;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The exit report's layout, pinned, and its printing by the shutdown hook. */
class ExitReportTest {
    @Test
    void reportGroupsByCategoryWithNamesValuesAndDetailsInAlignedColumns() throws Exception {
        ManualClock clock = new ManualClock();
        Stats.setClock(clock);
        Counter triangles = Counter.define("Render/Triangles drawn");
        MemoryCounter textures = MemoryCounter.defineLevel("Render/Texture memory");
        IntDistribution batch = IntDistribution.define("Render/Sprites per batch");
        Percent culled = Percent.define("Physics/Objects culled");
        Ratio perRay = Ratio.define("Physics/Tests per ray");
        FloatDistribution error = FloatDistribution.define("Physics/Step error");
        StatTimer decode = StatTimer.define("Assets/Texture decode");
        Counter.define("Assets/Loaded");

        Thread worker = new Thread(() -> {
            triangles.add(1_000_000);
            textures.add(64L << 20);
            culled.add(100, 600);
            batch.report(3);
            error.report(0.25);
        });
        worker.start();
        worker.join();
        triangles.add(234_567);
        textures.add(-(16L << 20) + (512 << 10));
        culled.add(25, 400);
        perRay.add(3200, 1000);
        batch.report(40);
        batch.report(17);
        error.report(0.75);
        for (int i = 0; i < 2; i++) {
            long start = decode.start();
            clock.advanceMillis(2);
            decode.stop(start);
        }

        assertEquals("""
                Statistics
                  Assets
                    Loaded                     0
                    Texture decode      4.000 ms  2 timings, 2.000 ms each
                  Physics
                    Objects culled        12.50%  125 / 1000
                    Step error         0.500 avg  range 0.250 - 0.750, 2 values
                    Tests per ray          3.20x  3200 / 1000
                  Render
                    Sprites per batch     20 avg  range 3 - 40, 3 values
                    Texture memory     48.50 MiB  current
                    Triangles drawn      1234567
                """, Stats.report());
    }

    @Test
    void shutdownHookPrintsTheReportWhenThePropertyAsksForIt() throws Exception {
        Run run = runJava("-Dhudprof.statsAtExit=true");
        assertEquals(0, run.exitCode, run.output);
        assertTrue(run.output.contains("""
                Statistics
                  Game
                    Frames  3
                """), run.output);
    }

    @Test
    void aBadStatsAtExitValueFailsAtStartUpNamingTheFix() throws Exception {
        Run run = runJava("-Dhudprof.statsAtExit=maybe");
        assertNotEquals(0, run.exitCode);
        assertTrue(run.output.contains("java.lang.IllegalArgumentException: hudprof: -Dhudprof.statsAtExit=maybe"
                + " is not valid; use -Dhudprof.statsAtExit=true to print statistics at exit, or false"), run.output);
        assertFalse(run.output.contains("ExceptionInInitializerError"),
                "a configuration error, not a broken class: " + run.output);
    }

    /** The child JVM's program: counts three frames and returns, leaving the report to the shutdown hook. */
    static final class CountAndExit {
        public static void main(String[] args) {
            Counter frames = Counter.define("Game/Frames");
            for (int i = 0; i < 3; i++) {
                frames.increment();
            }
        }
    }

    private record Run(int exitCode, String output) {
    }

    private static Run runJava(String property) throws IOException, InterruptedException {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process process = new ProcessBuilder(List.of(java, property, "-cp", System.getProperty("java.class.path"),
                CountAndExit.class.getName())).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(process.waitFor(), output);
    }
}
