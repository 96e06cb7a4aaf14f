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
 * The demo catches its own spikes: its A* re-plans and a garbage collection forced with F9 become captured spikes
 * (the demo's default rule), the collection noted on its frame by timestamp, and {@code --export} writes a Chrome
 * trace of the last frames.
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
        // 1/30 s steps: re-plans every 60 frames, and the world reaches the state where re-planning is expensive (the
        // hunters far from the player, searches running to their budget) within the run. The forced GC comes near the
        // end, so its spike is still among the recent ones held when the demo prints them (a loaded machine's own
        // hitches are spikes too).
        run = DemoRun.start(dir.resolve("demo-spikes-output.txt"), "--headless", "--frames", "560", "--fixed-dt",
                "1/30", "--seed", "7", "--size", "640x360", "--keys", "@545:F9", "--export", trace.toString());
    }

    @Test
    void aForcedGcIsCaughtAsASpikeWithItsPauseNotedOnItsFrame() {
        assertEquals(0, run.exitCode, run.output);
        Matcher caught = Pattern.compile("hudprof demo: (\\d+) spikes caught").matcher(run.output);
        assertTrue(caught.find(), run.output);
        assertTrue(Integer.parseInt(caught.group(1)) >= 2, run.output);
        // Blamed on the zone that called System.gc() or on the pause itself, whichever explains more of the rise
        // (the zone's growth beyond the pause against the pause: the collector's work outside its pause varies).
        assertTrue(Pattern.compile("(worst|recent) spike #\\d+ .*(Forced GC \\+|JVM pause ).*; included .* pause \\d+\\.\\d ms "
                + "\\(System\\.gc\\(\\)\\)")
                .matcher(run.output).find(), "the forced GC is a spike noted with its pause:\n" + run.output);
    }

    /**
     * The re-plans at frames 361, 421 and 481 cost this seed's world 50–140 ms of path finding (searches run toward
     * their budget): each must be caught as a spike by the demo's default rule, and name the path finding as the zone
     * that grew most (all but one at least: a software renderer on a shared machine can stall a frame for 250 ms). The
     * others are listed but not asserted: the early ones, JIT-warm, take 5–30 ms, and the one at 541 is cheaper again
     * (12–20 ms of A* in runs measured on 2026-11-23, in a 17–32 ms frame), on the rule's edge, caught in some runs
     * and not in others.
     */
    @Test
    void expensiveAStarReplansAreCaughtAsSpikesNamingThePathFinding() {
        assertEquals(0, run.exitCode, run.output);
        Matcher line = Pattern.compile("hudprof demo: (\\d+) path re-plans, (\\d+) caught as spikes:(.*)")
                .matcher(run.output);
        assertTrue(line.find(), run.output);
        assertEquals(10, Integer.parseInt(line.group(1)), "a re-plan every 60 frames: " + line.group());
        Matcher replan = Pattern.compile("#(\\d+) \\(([\\d.]+) ms(?:, (not caught)|, (.+?) \\+([\\d.]+) ms)?\\)")
                .matcher(line.group(3));
        int late = 0;
        int namedPathFinding = 0;
        while (replan.find()) {
            int frame = Integer.parseInt(replan.group(1));
            if (frame < 361 || frame > 481) {
                continue;
            }
            late++;
            assertTrue(replan.group(3) == null, "re-plan #" + frame + " was caught: " + line.group());
            if (java.util.Set.of("A*", "Path replan", "Nav grid").contains(replan.group(4))) {
                namedPathFinding++;
            }
        }
        assertEquals(3, late, "re-plans at 361, 421, 481: " + line.group());
        assertTrue(namedPathFinding >= 2, "the re-plan spikes name the path finding as the zone that grew most: "
                + line.group());
    }

    @Test
    void exportWritesAChromeTraceOfTheLastFrames() throws Exception {
        assertTrue(run.output.contains("hudprof demo: trace " + trace.toAbsolutePath()), run.output);
        String json = Files.readString(trace, StandardCharsets.UTF_8);
        assertTrue(json.startsWith("{") && json.contains("\"traceEvents\":["), "a trace event JSON object");
        assertTrue(json.contains("\"name\":\"thread_name\"") && json.contains("\"name\":\"main\""), "thread names");
        assertTrue(json.contains("\"name\":\"Path replan\",\"cat\":\"zone\",\"ph\":\"B\""), "zone begins");
        assertTrue(json.contains("\"args\":{\"name\":\"<gpu>\"}") && json.contains(
                "\"name\":\"Scene (gpu)\",\"cat\":\"zone\",\"ph\":\"B\""), "the GPU's own track with its passes");
        assertTrue(Pattern.compile("\"name\":\"frame 4\\d\\d\",\"cat\":\"frame\",\"ph\":\"X\"").matcher(json).find(),
                "frame markers of the last frames");
    }

    /**
     * At exit the demo says what hudprof itself cost its game thread and whether hudprof caused any spike it caught
     * (issue 31): both lines are printed and parse; the parts of the cost add up to its total (each frame's total is
     * the sum of its parts, so the means agree but for the printed rounding); what update() allocated after the
     * warm-up (growth landing in one frame) is counted; each spike listed names a hudprof zone.
     * How many there are is the run's, not asserted here (a shared machine's hitches land anywhere).
     */
    @Test
    void theDemoPrintsHudprofsOwnCostAndTheSpikesBlamedOnItAtExit() {
        assertEquals(0, run.exitCode, run.output);
        String number = "(\\d+\\.\\d{3})";
        Matcher cost = Pattern.compile("hudprof demo: hudprof game-thread cost per frame, frames (\\d+)-(\\d+): mean "
                + number + " ms, p99 " + number + " ms \\(update " + number + "/" + number + ", report " + number + "/"
                + number + ", draw list " + number + "/" + number + ", GPU poll " + number + "/" + number
                + " ms mean/p99; HUD GL submit not counted\\)(; update\\(\\) thread CPU time mean " + number
                + " ms, p99 " + number + " ms)?").matcher(run.output);
        assertTrue(cost.find(), "the cost line:\n" + run.output);
        int first = Integer.parseInt(cost.group(1));
        int last = Integer.parseInt(cost.group(2));
        assertTrue(first > 1 && last > first && last <= 560, "frames after the first quarter: " + cost.group());
        double mean = Double.parseDouble(cost.group(3));
        double parts = 0;
        for (int g = 5; g <= 11; g += 2) {
            double partMean = Double.parseDouble(cost.group(g));
            double partP99 = Double.parseDouble(cost.group(g + 1));
            assertTrue(partMean >= 0 && partP99 >= 0, cost.group());
            parts += partMean;
        }
        assertEquals(mean, parts, 5 * 0.0005 + 1e-9, "the parts' means add up to the total's: " + cost.group());
        assertTrue(cost.group(13) != null, "the update()'s thread CPU time is measured: " + cost.group());
        Matcher growth = Pattern.compile("; update\\(\\) allocated in (\\d+) frames after frame 30, (\\d+) bytes in all"
                + "(, most (\\d+) at frame (\\d+))?").matcher(run.output);
        assertTrue(growth.find(), "what update() allocated after the warm-up (growth) is counted:\n" + run.output);
        assertEquals(Integer.parseInt(growth.group(1)) > 0, growth.group(3) != null, growth.group());
        // update() by feature: each of hudprof's frame listeners in its own zone inside hudprof:update.
        Matcher features = Pattern.compile("; update's mean by feature: statistics " + number + ", spike capture "
                + number + ", JFR frame events " + number + ", categories " + number
                + ", the rest \\(drain, commit, other listeners\\) " + number + " ms").matcher(run.output);
        assertTrue(features.find(), "update() by feature:\n" + run.output);
        double byFeature = 0;
        for (int g = 1; g <= 5; g++) {
            byFeature += Double.parseDouble(features.group(g));
        }
        assertEquals(Double.parseDouble(cost.group(5)), byFeature, 6 * 0.0005 + 1e-9,
                "the features and the gathering add up to update's mean: " + features.group());

        Matcher own = Pattern.compile("hudprof demo: spikes blamed on hudprof's own zones after frame 30: (\\d+)(.*)")
                .matcher(run.output);
        assertTrue(own.find(), "the own-spikes line:\n" + run.output);
        int blamed = Integer.parseInt(own.group(1));
        // Each: "#FRAME (hudprof:ZONE +GROWTH ms; hudprof's calls C ms CPU, W ms wall, N GCs in them[; NOTE])".
        // The calls' part is there where the JVM measures thread CPU time.
        Matcher listed = Pattern.compile("#(\\d+) \\((hudprof:[^;)]+?) \\+(\\d+\\.\\d) ms(; hudprof's calls "
                + "\\d+\\.\\d\\d ms CPU, \\d+\\.\\d\\d ms wall, \\d+ GCs in them)?[;)]").matcher(own.group(2));
        int count = 0;
        while (listed.find()) {
            assertTrue(Integer.parseInt(listed.group(1)) > 30, own.group());
            count++;
        }
        assertEquals(Math.min(blamed, 16), count, "each kept spike listed with its frame and hudprof zone: "
                + own.group());
    }
}
