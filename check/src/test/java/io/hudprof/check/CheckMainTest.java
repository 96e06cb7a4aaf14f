package io.hudprof.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command's options, outputs and exit status (0 pass, 1 regression, 2 bad input with one line on stderr). Runs
 * are given by name through a loader here; reading real captures is tested where captures are written.
 */
class CheckMainTest {
    private static final double MS = 1e6;
    private static final Map<String, Samples> RUNS = Map.of(
            "base", Synthetic.run(Map.of("A*", Synthetic.logNormal(1, 500, 1 * MS, 0.2),
                    "Raycast", Synthetic.logNormal(2, 500, 2 * MS, 0.2))),
            "same", Synthetic.run(Map.of("A*", Synthetic.logNormal(3, 500, 1 * MS, 0.2),
                    "Raycast", Synthetic.logNormal(4, 500, 2 * MS, 0.2))),
            "slow", Synthetic.run(Map.of("A*", Synthetic.logNormal(5, 500, 2 * MS, 0.2),
                    "Raycast", Synthetic.logNormal(6, 500, 2 * MS, 0.2))));

    private String out;
    private String err;

    private int run(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int status = CheckMain.run(args, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8), file -> {
                    Samples s = RUNS.get(file.toString());
                    if (s == null) {
                        throw new RuleException(file + ": not a capture");
                    }
                    return s;
                });
        out = o.toString(StandardCharsets.UTF_8);
        err = e.toString(StandardCharsets.UTF_8);
        return status;
    }

    @Test
    void anUnchangedRunPassesWithTheDefaultRules() {
        assertEquals(0, run("--baseline", "base", "--current", "same"), err);
        assertTrue(out.contains("A* self median") && out.contains("Raycast self median")
                && out.contains("frame median"), out);
        assertTrue(out.contains("<= +25.0%"), "the default tolerance is shown: " + out);
        assertTrue(out.strip().endsWith("PASS"), out);
        assertEquals("", err);
    }

    @Test
    void aSlowerZoneExitsOneAndWritesJsonAndJunitXml(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("out/gate.json");
        Path xml = dir.resolve("out/gate.xml");
        assertEquals(1, run("--baseline", "base", "--current", "slow", "--json", json.toString(), "--junit",
                xml.toString(), "* median <= +10%"));
        assertTrue(out.contains("A* self median") && out.contains("REGRESSION"), out);
        assertTrue(Files.readString(json).contains("\"passed\": false"));
        assertTrue(Files.readString(xml).contains("failures=\"1\""));
        assertEquals(1, run("--baseline", "base", "--current", "slow", "--quiet", "--rule", "A* median <= +10%"));
        assertEquals(2, out.strip().split("\n").length, "quiet: the failing row and the summary: " + out);
        assertEquals(0, run("--current", "slow", "A* median <= 3 ms"), "an absolute rule needs no baseline");
    }

    @Test
    void badInputExitsTwoWithOneLine(@TempDir Path dir) throws Exception {
        assertBad("hudprof-check: no --current capture given", "--baseline", "base");
        assertBad("hudprof-check: unknown option --frobnicate; see --help", "--current", "same", "--frobnicate");
        assertBad("hudprof-check: --tolerance x: not a number", "--tolerance", "x");
        assertBad("hudprof-check: --skip -1: must be between 0 and", "--skip", "-1", "--current", "same");
        assertBad("hudprof-check: rule 'A* med <= 2 ms'", "--current", "same", "A* med <= 2 ms");
        assertBad("hudprof-check: nope: not a capture", "--baseline", "nope", "--current", "same");
        assertBad("hudprof-check: no --baseline and no rule given", "--current", "same");
        assertBad("hudprof-check: base has no frame after skipping 500", "--baseline", "base", "--current", "same",
                "--skip", "500");
        assertBad("hudprof-check: --baseline needs a value", "--current", "same", "--baseline");
        Path rules = dir.resolve("r.txt");
        Files.writeString(rules, "A* median <= +10%\nRaycst median <= +10%\n");
        assertBad("hudprof-check: rule 'Raycst median <= +10%': no zone 'Raycst' in either run", "--baseline", "base",
                "--current", "same", "--rules", rules.toString());
    }

    private void assertBad(String expectedStart, String... args) {
        assertEquals(2, run(args), out + err);
        assertTrue(err.startsWith(expectedStart), err);
        assertEquals(1, err.strip().split("\n").length, "one line: " + err);
    }

    @Test
    void helpAndSkip() {
        assertEquals(0, run("--help"));
        assertTrue(out.startsWith("usage: hudprof-check"), out);
        assertEquals(0, run("--baseline", "base", "--current", "same", "--skip", "100", "--seed", "7",
                "--resamples", "500", "--min-change", "0.1", "--tolerance", "15"));
        assertTrue(out.contains("<= +15.0%"), out);
    }
}
