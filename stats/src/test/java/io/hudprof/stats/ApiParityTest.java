package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The same game marked through core's API and through {@code hudprof-api} gives the same report in every view: each
 * version runs in a JVM of its own (so neither shares zones, ids or statistics with the other) and prints every view
 * ({@link ApiParityGame}); the printouts must be equal, character for character.
 */
class ApiParityTest {
    @Test
    void everyViewIsTheSameWhicheverApiTheGameUsed() throws Exception {
        String core = run("core");
        String api = run("api");
        assertTrue(core.endsWith("== parity game done\n"), core);
        for (String expected : new String[] {"physics", "Game:AI", "Mix", "Scene (gpu)", "Shadows (gpu)", "thread gpu",
                "call graph of physics", "Spawns", "Batch size", "Audio:Mix"}) {
            assertTrue(core.contains(expected), "the views miss " + expected + ":\n" + core);
        }
        assertEquals(core, api);
    }

    private static String run(String which) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(System.getProperty("java.home") + File.separator + "bin"
                + File.separator + "java", "-cp", System.getProperty("java.class.path"),
                ApiParityGame.class.getName(), which);
        builder.redirectErrorStream(true);
        Process process = builder.start();
        byte[] output = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the " + which + " game did not exit");
        String text = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), "the " + which + " game failed:\n" + text);
        return text;
    }
}
