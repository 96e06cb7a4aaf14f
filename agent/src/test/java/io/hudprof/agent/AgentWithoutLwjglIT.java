package io.hudprof.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The agent jar on a program without LWJGL ({@code fixture.apps.PlainApp}): methods are profiled, the agent says once
 * that no frame hook was found and updates on a period instead, a method that throws leaves its zone, a careless
 * pattern leaves the JDK alone, and bad options stop the JVM before the program starts, naming the fix.
 */
class AgentWithoutLwjglIT {
    private static List<String> plainClassPath() {
        return AgentRun.classPath(e -> e.contains("/org/lwjgl/") || e.contains("gdx") || e.contains("demo"));
    }

    private static AgentRun run(String name, String options, Map<String, String> environment) throws Exception {
        Path out = AgentRun.outputDir().resolve(name + ".txt");
        return AgentRun.start(out, plainClassPath(), options, environment, "fixture.apps.PlainApp");
    }

    @Test
    void methodsAreProfiledAndAPeriodThreadUpdatesWhenNoFrameHookIsFound() throws Exception {
        AgentRun run = run("plain-app", "include=fixture.apps.**;report=exit;period=20ms;callgraph=PlainApp.fib",
                Map.of());
        assertEquals(0, run.exitCode, run.output);
        assertTrue(run.output.contains("plain app: "), run.output);
        assertEquals(1, occurrences(run.output, "no frame hook found: LWJGL's GLFW is not on the class path;"
                + " updating every 20 ms on thread hudprof-period"), run.output);
        Matcher frames = Pattern.compile("hudprof agent: (\\d+) frames recorded, updated by the period thread")
                .matcher(run.output);
        assertTrue(frames.find(), run.output);
        assertTrue(Integer.parseInt(frames.group(1)) >= 10, "about 100 periods in two seconds: " + run.output);
        ReportBlock flat = ReportBlock.read(run.output, "self time, last frame");
        assertTrue(flat.names().containsAll(List.of("PlainApp.step", "PlainApp.fib", "PlainApp.risky")),
                flat.toString());
        ReportBlock graph = ReportBlock.read(run.output, "call graph of PlainApp.fib, last frame");
        assertTrue(graph.rows.stream().anyMatch(r -> r.indent() == 0 && r.name().equals("PlainApp.step")),
                "fib is called from step (its recursive calls are its own children): " + graph);
        for (String problem : List.of("missing end", "extra end", "open at update", "too deep", "dropped events")) {
            assertFalse(run.output.contains(problem), "risky() throws half the time, yet: " + run.output);
        }
        assertFalse(run.output.contains("Exception in thread"), run.output);
    }

    @Test
    void aCarelessPatternLeavesTheJdkAloneAndTheProgramWorks() throws Exception {
        AgentRun run = run("plain-app-everything", "include=**;period=off", Map.of());
        assertEquals(0, run.exitCode, run.output);
        assertTrue(run.output.contains("plain app: "), run.output);
        assertTrue(run.output.contains("period=off, so nothing updates the profiler"), run.output);
        assertFalse(run.output.contains("left unchanged"), run.output);
    }

    @Test
    void badOptionsStopTheJvmBeforeTheProgramStartsWithAMessageNamingThem() throws Exception {
        AgentRun pattern = run("bad-pattern", "include=com/mygame/**", Map.of());
        assertEquals(2, pattern.exitCode, pattern.output);
        assertTrue(pattern.output.contains("hudprof agent: include=com/mygame/** is not a valid pattern: use dots,"
                + " not slashes"), pattern.output);
        assertTrue(pattern.output.contains("Accepted forms:"), pattern.output);
        assertFalse(pattern.output.contains("plain app: "), "the program must not have run: " + pattern.output);

        AgentRun environment = run("bad-environment", null, Map.of("HUDPROF_AGENT", "include=a.**;sensors=qos"));
        assertEquals(2, environment.exitCode, environment.output);
        assertTrue(environment.output.contains("unknown sensor \"qos\" in sensors=qos in HUDPROF_AGENT"),
                environment.output);

        AgentRun jdk = run("bad-jdk-pattern", "include=java.util.**", Map.of());
        assertEquals(2, jdk.exitCode, jdk.output);
        assertTrue(jdk.output.contains("include=java.util.** names only classes the agent never instruments"),
                jdk.output);
    }

    private static int occurrences(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }
}
