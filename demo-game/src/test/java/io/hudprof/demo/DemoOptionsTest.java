package io.hudprof.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DemoOptionsTest {
    @Test
    void defaultsRunUntilClosedOnRealTimeWithVsync() throws UsageException {
        DemoOptions o = DemoOptions.parse();
        assertEquals(0, o.frames);
        assertEquals(0f, o.fixedDt);
        assertEquals(1280, o.width);
        assertEquals(720, o.height);
        assertTrue(o.vsync);
        assertFalse(o.hud || o.report || o.headless || o.glDebug);
        assertNull(o.screenshot);
        assertEquals(0, o.keys.events());
    }

    @Test
    void everyOptionIsRead() throws UsageException {
        DemoOptions o = DemoOptions.parse("--frames", "300", "--fixed-dt", "1/50", "--seed", "9", "--size",
                "960x540", "--hud", "--callgraph", "Raycast", "--keys", "F3,Down", "--screenshot", "out/a.png",
                "--report", "--rocks", "500", "--hunters", "8", "--headless", "--gl-debug", "--no-vsync");
        assertEquals(300, o.frames);
        assertEquals(0.02f, o.fixedDt, 1e-7f);
        assertEquals(9, o.seed);
        assertEquals(960, o.width);
        assertEquals(540, o.height);
        assertTrue(o.hud && o.report && o.headless && o.glDebug);
        assertFalse(o.vsync);
        assertEquals("Raycast", o.callGraph);
        assertEquals(4, o.keys.events());
        assertEquals(Path.of("out/a.png"), o.screenshot);
        assertEquals(500, o.rocks);
        assertEquals(8, o.hunters);
    }

    @Test
    void badOptionsNameTheMistake() {
        assertMessage("unknown option --fps", "--fps", "60");
        assertMessage("--frames needs a value", "--frames");
        assertMessage("--frames 0: must be at least 1", "--frames", "0");
        assertMessage("--fixed-dt 1/0: must be above 0", "--fixed-dt", "1/0");
        assertMessage("--fixed-dt soon: not a number of seconds", "--fixed-dt", "soon");
        assertMessage("--size 960: expected WIDTHxHEIGHT", "--size", "960");
        assertMessage("--size 100x100: must be between", "--size", "100x100");
        assertMessage("the file name must end in .png", "--screenshot", "shot.jpg");
        assertMessage("--seed many: not a whole number", "--seed", "many");
        assertMessage("--screenshot needs a value", "--screenshot", "--report");
    }

    @Test
    void badOptionPrintsItsMistakeAndTheUsageLineAndExitsTwo() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = DemoMain.run(new String[] {"--frames", "ten"}, print(out), print(err));
        assertEquals(2, code);
        String errors = err.toString(StandardCharsets.UTF_8);
        assertTrue(errors.contains("hudprof-demo: --frames ten: not a whole number"), errors);
        assertTrue(errors.contains(DemoOptions.USAGE), errors);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void helpPrintsEveryOptionAndExitsZero() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = DemoMain.run(new String[] {"--help"}, print(out), print(new ByteArrayOutputStream()));
        assertEquals(0, code);
        String help = out.toString(StandardCharsets.UTF_8);
        for (String option : new String[] {"--frames", "--fixed-dt", "--seed", "--size", "--hud", "--translucent-hud",
                "--callgraph",
                "--keys", "--screenshot", "--report", "--headless", "--gl-debug", "--no-gpu-timing", "--help"}) {
            assertTrue(help.contains("  " + option), "help lacks " + option);
        }
    }

    @Test
    void versionAndHelpExitZeroEvenAfterABadOption() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, DemoMain.run(new String[] {"--version"}, print(out), print(new ByteArrayOutputStream())));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("hudprof-demo "), out.toString(StandardCharsets.UTF_8));
        ByteArrayOutputStream help = new ByteArrayOutputStream();
        assertEquals(0, DemoMain.run(new String[] {"--frames", "lots", "--help"}, print(help),
                print(new ByteArrayOutputStream())));
        assertTrue(help.toString(StandardCharsets.UTF_8).contains("-Dhudprof.pstats=HOST[:PORT]"));
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    @Test
    void noDisplayMeansNeitherX11NorWaylandOnLinuxAndNeverOnWindowsOrMac() {
        assertTrue(DemoOptions.noDisplay("Linux", null, null));
        assertTrue(DemoOptions.noDisplay("Linux", " ", ""));
        assertFalse(DemoOptions.noDisplay("Linux", ":99", null));
        assertFalse(DemoOptions.noDisplay("Linux", null, "wayland-0"));
        assertFalse(DemoOptions.noDisplay("Windows 11", null, null));
        assertFalse(DemoOptions.noDisplay("Mac OS X", null, null));
    }

    @Test
    void headlessFallbackKeepsWhatWasGivenAndFillsInAShowableRun() throws UsageException {
        DemoOptions bare = DemoOptions.parse();
        String said = bare.fallBackToHeadless(Path.of("/tmp/shot.png"));
        assertTrue(bare.headless && bare.hud && bare.report);
        assertEquals(600, bare.frames);
        assertEquals(1f / 60, bare.fixedDt);
        assertEquals(Path.of("/tmp/shot.png"), bare.screenshot);
        assertTrue(said.contains("600 frames") && said.contains("/tmp/shot.png"), said);

        DemoOptions given = DemoOptions.parse("--frames", "30", "--fixed-dt", "0.02", "--screenshot", "mine.png");
        given.fallBackToHeadless(Path.of("/tmp/shot.png"));
        assertEquals(30, given.frames);
        assertEquals(0.02f, given.fixedDt);
        assertEquals(Path.of("mine.png"), given.screenshot);
    }

    private static void assertMessage(String expected, String... args) {
        String message = assertThrows(UsageException.class, () -> DemoOptions.parse(args)).getMessage();
        assertTrue(message.contains(expected), "\"" + message + "\" should contain \"" + expected + "\"");
    }

    @Test
    void uninstrumentedRefusesTheOptionsThatNeedHudprofAndFallsBackHeadlessWithoutThem() throws UsageException {
        DemoOptions o = DemoOptions.parse("--uninstrumented", "--frames", "60");
        assertTrue(o.uninstrumented);
        o.fallBackToHeadless(Path.of("x.png"));
        assertFalse(o.hud || o.report, "nothing of hudprof's to show");
        for (String needsHudprof : new String[] {"--hud", "--report"}) {
            UsageException e = assertThrows(UsageException.class,
                    () -> DemoOptions.parse("--uninstrumented", needsHudprof));
            assertTrue(e.getMessage().startsWith("--uninstrumented runs without hudprof"), e.getMessage());
        }
        assertThrows(UsageException.class, () -> DemoOptions.parse("--callgraph", "Raycast", "--uninstrumented"));
        assertThrows(UsageException.class, () -> DemoOptions.parse("--spike-captures", "spikes", "--uninstrumented"));
        assertEquals(Path.of("spikes"), DemoOptions.parse("--spike-captures", "spikes").spikeCaptures);
    }

    @Test
    void slowReadsZonePercentPairsInOrderAcrossRepeatedOptions() throws UsageException {
        DemoOptions o = DemoOptions.parse("--slow", "A*=50, Path replan=10%", "--slow", "Sim:Physics:Collide=1000");
        assertEquals(java.util.List.of("A*", "Path replan", "Sim:Physics:Collide"), java.util.List.copyOf(o.slow.keySet()));
        assertEquals(java.util.List.of(50, 10, 1000), java.util.List.copyOf(o.slow.values()));
        assertTrue(DemoOptions.parse().slow.isEmpty());
    }

    @Test
    void badSlowValuesNameTheMistake() {
        assertMessage("--slow A*: expected ZONE=PERCENT", "--slow", "A*");
        assertMessage("--slow =5: expected ZONE=PERCENT", "--slow", "=5");
        assertMessage("--slow A*=fast: the percentage must be a whole number", "--slow", "A*=fast");
        assertMessage("--slow A*=0: the percentage must be 1 to 10000", "--slow", "A*=0");
        assertMessage("--slow A*=10001: the percentage must be 1 to 10000", "--slow", "A*=10001");
        assertMessage("--slow a* is given twice", "--slow", "A*=5,a*=6");
        assertMessage("--slow needs a value", "--slow");
    }

    @Test
    void slowZonesResolveByNameAndAnUnknownOneListsTheGamesZonesButNotHudprofsOwn() throws UsageException {
        io.hudprof.core.Zone first = io.hudprof.core.Zone.local("DemoOptionsTest slowed");
        io.hudprof.core.Zone second = io.hudprof.core.Zone.local("DemoOptionsTest slowed");
        io.hudprof.core.Zone.define("hudprof:DemoOptionsTest own");
        java.util.Map<String, Integer> slow = new java.util.LinkedHashMap<>();
        slow.put("demooptionstest SLOWED", 30);
        int[] table = Zones.slowTable(slow);
        assertEquals(30, table[first.id()], "names match whatever the case");
        assertEquals(30, table[second.id()], "every zone of the name is slowed");
        slow.put("No such zone", 5);
        String message = assertThrows(UsageException.class, () -> Zones.slowTable(slow)).getMessage();
        assertTrue(message.startsWith("--slow No such zone: no such zone; the game's zones are ["), message);
        assertTrue(message.contains("DemoOptionsTest slowed"), message);
        assertFalse(message.contains("hudprof:"), "hudprof's own zones cannot be slowed: " + message);
    }
}
