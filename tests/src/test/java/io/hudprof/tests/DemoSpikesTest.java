package io.hudprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo catches its own spikes: a garbage collection forced with F9 becomes a captured spike,
 * the collection noted on its frame by timestamp, and {@code --export} writes a Chrome trace of the last frames.
 */
class DemoSpikesTest {
    private static DemoRun run;
    private static Path trace;

    @BeforeAll
    static void runTheDemo() throws Exception {
        Path dir = Path.of(System.getProperty("hudprof.e2e.dir", "target/demo-e2e"));
        Files.createDirectories(dir);
        trace = dir.resolve("demo-trace.json");
        Files.deleteIfExists(trace);
        run = DemoRun.start(dir.resolve("demo-spikes-output.txt"), "--headless", "--frames", "420", "--fixed-dt",
                "1/60", "--seed", "7", "--size", "640x360", "--keys", "@300:F9", "--export", trace.toString());
    }

    @Test
    void aForcedGcIsCaughtAsASpikeWithItsPauseNotedOnItsFrame() {
        assertEquals(0, run.exitCode, run.output);
        Matcher caught = Pattern.compile("hudprof demo: (\\d+) spikes caught").matcher(run.output);
        assertTrue(caught.find(), run.output);
        assertTrue(Integer.parseInt(caught.group(1)) >= 2, run.output);
        // Whether a re-plan clears the rule depends on the machine's load (it is clear at 60 fps; a shared llvmpipe
        // machine's own hitches can be larger), so re-plans are listed in the output but not asserted here.
        assertTrue(Pattern.compile("(worst|recent) spike #\\d+ .*Forced GC \\+.*; included .* pause \\d+\\.\\d ms \\(System\\.gc\\(\\)\\)")
                .matcher(run.output).find(), "the forced GC is a spike noted with its pause:\n" + run.output);
    }

    @Test
    void exportWritesAChromeTraceOfTheLastFrames() throws Exception {
        assertTrue(run.output.contains("hudprof demo: trace " + trace.toAbsolutePath()), run.output);
        String json = Files.readString(trace, StandardCharsets.UTF_8);
        assertTrue(json.startsWith("{") && json.contains("\"traceEvents\":["), "a trace event JSON object");
        assertTrue(json.contains("\"name\":\"thread_name\"") && json.contains("\"name\":\"main\""), "thread names");
        assertTrue(json.contains("\"name\":\"Path replan\",\"cat\":\"zone\",\"ph\":\"B\""), "zone begins");
        assertTrue(Pattern.compile("\"name\":\"frame 4\\d\\d\",\"cat\":\"frame\",\"ph\":\"X\"").matcher(json).find(),
                "frame markers of the last frames");
    }
}
