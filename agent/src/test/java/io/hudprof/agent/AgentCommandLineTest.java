package io.hudprof.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The agent's --help and --version, its pstats= option, and the message a game without lwjgl-stb gets. */
class AgentCommandLineTest {
    @Test
    void helpListsEveryOptionAndVersionNamesTheAgent() {
        String help = HudprofAgent.answer("--help");
        assertTrue(help.startsWith("usage: java -javaagent:hudprof-agent.jar=OPTIONS -jar game.jar"), help);
        for (String option : new String[] {"include=", "pstats=HOST[:PORT]", "file=PATH", "--help, --version"}) {
            assertTrue(help.contains(option), option + " in:\n" + help);
        }
        assertTrue(HudprofAgent.answer(" --version ").startsWith("hudprof-agent "));
        assertNull(HudprofAgent.answer("include=com.mygame.**"), "options are not commands");
        assertNull(HudprofAgent.answer(null));
    }

    @Test
    void pstatsSetsThePropertyWithItsCaseKept() {
        assertEquals(Map.of("hudprof.pstats", "GameHost:5185"),
                AgentOptions.parse(null, "pstats=GameHost:5185").properties);
        assertEquals(Map.of("hudprof.pstats", "[::1]:5185"), AgentOptions.parse(null, "pstats=[::1]:5185").properties);
    }

    @Test
    void aBadPstatsValueNamesTheAcceptedForms() {
        String message = assertThrows(AgentOptionException.class,
                () -> AgentOptions.parse(null, "pstats=host:port")).getMessage();
        assertEquals("pstats=host:port in the agent argument is not valid: use pstats=HOST or pstats=HOST:PORT, such as"
                + " pstats=localhost:5185", message);
    }

    @Test
    void aGameWithoutLwjglStbIsToldWhatToAdd() {
        String noJar = HudFailure.describe(new NoClassDefFoundError("org/lwjgl/stb/STBTTFontinfo"));
        assertTrue(noJar.contains("Add org.lwjgl:lwjgl-stb and its natives"), noJar);
        String noNatives = HudFailure.describe(new IllegalStateException("font",
                new UnsatisfiedLinkError("Failed to locate library: liblwjgl_stb.so")));
        assertTrue(noNatives.contains("jME's jme3-lwjgl3 brings neither"), noNatives);
        String other = HudFailure.describe(new IllegalStateException("shader hud.vert did not compile"));
        assertEquals("the HUD failed and is off from now on (profiling goes on): java.lang.IllegalStateException:"
                + " shader hud.vert did not compile", other);
    }
}
