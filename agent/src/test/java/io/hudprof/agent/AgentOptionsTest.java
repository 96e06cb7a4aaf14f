package io.hudprof.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.stats.Sensor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentOptionsTest {
    private static String failure(String environment, String argument) {
        return assertThrows(AgentOptionException.class, () -> AgentOptions.parse(environment, argument)).getMessage();
    }

    @Test
    void theIssuesExampleParses() {
        AgentOptions o = AgentOptions.parse("include=com.mygame.**;sensors=alloc,gc,cpu;period=20 ms;hud=on;"
                + "report=exit;callgraph=Raycaster.cast;screenshot=out/hud.png@120;targetfps=30");
        assertTrue(o.includesClass("com.mygame.sim.Raycaster"));
        assertFalse(o.includesClass("com.other.Raycaster"));
        assertEquals(EnumSet.of(Sensor.ALLOC, Sensor.GC, Sensor.CPU), o.sensors);
        assertEquals(20_000_000L, o.periodNanos);
        assertTrue(o.hudVisible && o.reportAtExit);
        assertEquals("Raycaster.cast", o.callGraph);
        assertEquals(Path.of("out/hud.png"), o.screenshot);
        assertEquals(120, o.screenshotFrame);
        assertEquals(Map.of("hudprof.targetFps", "30"), o.properties);
    }

    @Test
    void defaultsLeaveTheGameAsItIsApartFromMethodZones() {
        AgentOptions o = AgentOptions.parse("include=a.**");
        assertFalse(o.constructors || o.lambdas || o.packageCategory || o.handZonesOff || o.hudVisible
                || o.reportAtExit);
        assertEquals(null, o.sensors, "core's own sensor configuration decides");
        assertEquals(16_000_000L, o.periodNanos);
        assertTrue(o.properties.isEmpty());
    }

    @Test
    void theAgentArgumentOverridesTheEnvironmentAndFilesAddOptions(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("hudprof.options");
        Files.writeString(file, "# the game's profile\nexclude=com.mygame.**#get*\nhud=on; report=exit\n");
        AgentOptions o = AgentOptions.parse("include=com.env.**;hud=off", "include=com.mygame.**;file=" + file);
        assertTrue(o.includesClass("com.mygame.World"));
        assertFalse(o.includesClass("com.env.World"), "the argument's include replaced the environment's");
        assertTrue(o.includesMethod("com.mygame.World", "step"));
        assertFalse(o.includesMethod("com.mygame.World", "getSize"), "excluded by the file");
        assertTrue(o.hudVisible && o.reportAtExit);
    }

    @Test
    void unknownOptionsNameThemselvesAndListTheAcceptedOnes() {
        String message = failure(null, "include=a.**;tracy=localhost");
        assertTrue(message.startsWith("unknown option \"tracy\" in the agent argument"), message);
        assertTrue(message.contains("include=PATTERNS") && message.contains("period=off|N ms"), message);
        message = failure("includ=a.**", null);
        assertTrue(message.contains("\"includ\" in HUDPROF_AGENT"), message);
        message = failure(null, "include");
        assertTrue(message.contains("\"include\" in the agent argument is not an option: write key=value"), message);
    }

    @Test
    void allocZonesTurnsAllocationPerZoneOnThroughItsProperty() {
        assertEquals(Map.of("hudprof.alloc", "zones"), AgentOptions.parse(null, "alloc=zones").properties);
    }

    @Test
    void badValuesNameTheOptionAndTheAcceptedForms() {
        assertEquals("hud=maybe in the agent argument is not valid: use hud=on or hud=off",
                failure(null, "hud=maybe"));
        assertEquals("category=class in the agent argument is not valid: use category=none or category=package",
                failure(null, "category=class"));
        assertTrue(failure(null, "period=fast").contains("use period=off or period=N ms"));
        assertTrue(failure(null, "period=0ms").contains("with N from 1 to 10000"));
        assertTrue(failure(null, "screenshot=hud.png").contains("give FILE.png@FRAME"));
        assertTrue(failure(null, "screenshot=hud.png@0").contains("FRAME a whole number from 1"));
        assertTrue(failure(null, "maxzones=12").contains("maxzones=N with N from 1024"));
        assertTrue(failure(null, "targetfps=-1").contains("use targetfps=N"));
        assertTrue(failure(null, "enabled=perhaps").contains("use enabled=true or enabled=false"));
        assertTrue(failure(null, "alloc=bytes").contains("use alloc=zones or alloc=off"));
        String sensors = failure(null, "sensors=alloc,qos");
        assertTrue(sensors.contains("unknown sensor \"qos\" in sensors=alloc,qos in the agent argument"), sensors);
        assertTrue(failure(null, "file=/no/such/file").startsWith("file=/no/such/file in the agent argument: cannot"
                + " read it"));
    }

    @Test
    void badPatternsFailWithTheAcceptedForms() {
        for (String[] bad : new String[][] {
                {"include=com/mygame/**", "use dots, not slashes, between package names (com.mygame.**)"},
                {"include=com.my**", "** must be a whole package level"},
                {"include=com..game.*", "an empty package or class name"},
                {"include=com.game.", "an empty package or class name"},
                {"include=a.B#", "nothing follows the #"},
                {"include=a.B#c#d", "more than one #"},
                {"exclude=a.B#c.d", "a method name has no dots"},
                {"include=a.B-C", "'-' is not allowed in a class or package name"},
                {"include=a.**,", "it is empty"}}) {
            String message = failure(null, bad[0]);
            assertTrue(message.startsWith(bad[0].substring(0, bad[0].indexOf('=') + 1)), message);
            assertTrue(message.contains(bad[1]), bad[0] + " gave: " + message);
            assertTrue(message.contains("Accepted forms: a package glob (com.mygame.**"), message);
        }
    }

    @Test
    void aPatternAimedAtTheJdkOrHudprofFailsAtStartUp() {
        for (String pattern : new String[] {"java.util.**", "java.util.HashMap", "sun.misc.*", "jdk.**",
                "io.hudprof.core.**", "io.hudprof.stats.**", "io.hudprof.capture.**"}) {
            String message = failure(null, "include=" + pattern);
            assertTrue(message.contains("names only classes the agent never instruments"), message);
        }
        // Wide patterns stay valid: the JDK's classes are simply never touched.
        assertFalse(AgentOptions.parse("include=**").includesClass("java.util.HashMap"));
        assertTrue(AgentOptions.parse("include=**").includesClass("io.hudprof.demo.sim.World"));
    }

    @Test
    void captureNamesTheFileEveryFrameGoesTo() {
        assertEquals(Path.of("out/run.hudprof"), AgentOptions.parse("capture=out/run.hudprof").capture);
        assertEquals(null, AgentOptions.parse("include=a.**").capture);
        String message = failure(null, "capture= ");
        assertTrue(message.contains("capture=run.hudprof"), message);
    }
}
