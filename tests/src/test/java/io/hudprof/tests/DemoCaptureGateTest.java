package io.hudprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.check.CaptureRuns;
import io.hudprof.check.CheckMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * hudprof-check on the demo's own captures: the demo run twice headless with one seed and time step, once with
 * {@code --slow "Sim:Physics:Broadphase=300"}, and the command, holding every zone's median to 2x
 * ({@code --tolerance 100}), names Broadphase and no other zone. Broadphase runs once in every frame (about 0.2 ms),
 * so its median over 400 frames is settled even on a loaded 2-core machine, and no parent's self time pays for the
 * slowdown's own bookkeeping (a zone entered hundreds of times a frame, like Grid walk, moves its caller's self time
 * too). The driver's zones (Swap, Render:*) are left out of "no other zone": llvmpipe rasterises there, on the game
 * thread, at whatever speed the machine's load allows. The tolerance is 2x because unchanged zones of two runs there differ by more than the default +25 %
 * (docs/BENCHMARKS.md, "The performance gate"). The table,
 * JSON and JUnit XML are kept in target/demo-e2e for people to read.
 */
class DemoCaptureGateTest {
    private static final String[] COMMON = {"--headless", "--no-vsync", "--fixed-dt", "1/60", "--seed", "1",
        "--size", "320x240", "--frames", "400"};
    private static Path dir;
    private static Path base;
    private static Path slow;

    @BeforeAll
    static void captureTheDemoTwice() throws Exception {
        dir = Path.of(System.getProperty("hudprof.e2e.dir", "target/demo-e2e"));
        Files.createDirectories(dir);
        base = dir.resolve("gate-base.hudprof");
        slow = dir.resolve("gate-slow.hudprof");
        DemoRun b = DemoRun.start(dir.resolve("gate-base-output.txt"), with("--capture", base.toString()));
        assertEquals(0, b.exitCode, b.output);
        DemoRun s = DemoRun.start(dir.resolve("gate-slow-output.txt"),
                with("--capture", slow.toString(), "--slow", "Sim:Physics:Broadphase=300"));
        assertEquals(0, s.exitCode, s.output);
    }

    private static String[] with(String... more) {
        String[] all = Arrays.copyOf(COMMON, COMMON.length + more.length);
        System.arraycopy(more, 0, all, COMMON.length, more.length);
        return all;
    }

    private static String[] run(List<String> args, int expected) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = CheckMain.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), CaptureRuns::read);
        String text = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
        assertEquals(expected, status, text);
        return text.split("\n");
    }

    @Test
    void theGateNamesTheSlowedZoneAndNoOtherZone() throws Exception {
        String[] lines = run(List.of("--baseline", base.toString(), "--current", slow.toString(), "--skip", "30",
                "--tolerance", "100",
                "--json", dir.resolve("gate.json").toString(), "--junit", dir.resolve("gate.xml").toString()), 1);
        Files.writeString(dir.resolve("gate-table.txt"), String.join("\n", lines) + "\n");
        // Swap and Render:* hold llvmpipe's rasterising, which runs on the game thread headless and follows the
        // machine's load, not the game: at load 8 to 15 two unchanged runs' Swap medians were 0.21 and 2.05 ms.
        List<String> zones = Arrays.stream(lines).filter(l -> l.endsWith("REGRESSION"))
                .filter(l -> !l.startsWith("frame ")).map(l -> l.replaceAll(" self median .*", ""))
                .filter(zone -> !zone.equals("Swap") && !zone.startsWith("Render:")).toList();
        assertEquals(List.of("Sim:Physics:Broadphase"), zones, String.join("\n", lines));
        assertTrue(Files.readString(dir.resolve("gate.xml")).contains("<failure"));
    }

    @Test
    void aCaptureAgainstItselfPassesWithNothingInconclusive() {
        String[] lines = run(List.of("--baseline", base.toString(), "--current", base.toString(), "--strict"), 0);
        assertTrue(lines[lines.length - 1].contains(" 0 inconclusive"), lines[lines.length - 1]);
    }
}
