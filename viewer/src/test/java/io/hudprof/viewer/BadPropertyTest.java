package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A bad {@code hudprof.*} property stops the real viewer ({@link ViewerMain#main}, in a JVM of its own) before it
 * listens or opens a window: exit status 2 and exactly one line, naming the property, the value and what it accepts;
 * no stack trace. Core's properties too, which the viewer would otherwise first read when a client connects.
 */
class BadPropertyTest {
    @ParameterizedTest(name = "-D{0}={1} {2}")
    @CsvSource(delimiter = '|', value = {
        "hudprof.pstats.maxCollectors | abc   | --text | give a whole number between 1 and 32768 (default 8192)",
        "hudprof.pstats.maxThreads    | 0     | --text | give a whole number between 1 and 1000 (default 256)",
        "hudprof.pstats.maxNameBytes  | -5    | --text | give a whole number between 1 and 2147483647 (default 1048576)",
        "hudprof.pstats.maxClients    | 1e3   | --text | give a whole number between 1 and 1024 (default 32)",
        "hudprof.maxZones             | 5     | --text | give a whole number between 1024 and 16777215",
        "hudprof.maxZones             | lots  | --headless | give a whole number between 1024 and 16777215",
        "hudprof.enabled              | maybe | --headless | use -Dhudprof.enabled=true or -Dhudprof.enabled=false",
        "hudprof.alloc                | bytes | --headless | must be 'zones' or 'off', got 'bytes'",
    })
    void aBadPropertyStopsTheViewerWithOneLineNamingTheFix(String property, String value, String mode, String fix)
            throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> command = new ArrayList<>(List.of(java, "-D" + property + "=" + value, "-cp",
                System.getProperty("java.class.path"), ViewerMain.class.getName(), mode, "--port", "0"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the viewer started with -D" + property + "=" + value + " instead of stopping");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        List<String> lines = output.lines().toList();
        assertEquals(2, process.exitValue(), output);
        assertEquals(1, lines.size(), "one line, no stack trace: " + output);
        String line = lines.get(0);
        assertTrue(line.startsWith("hudprof-viewer: "), line);
        assertTrue(line.contains(property) && line.contains(value), "names the property and its value: " + line);
        assertTrue(line.contains(fix), "says what it accepts: " + line);
    }
}
