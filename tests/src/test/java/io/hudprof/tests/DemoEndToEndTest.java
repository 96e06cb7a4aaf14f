package io.hudprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the demo game end to end, headless (GLFW's null platform with EGL on Mesa), for a few hundred frames with a
 * key script, then reads what it left behind: the exit report, the summary line and the screenshot.
 *
 * <p>The script starts with the HUD hidden and the call graph of Raycast chosen on the command line; at frame 150
 * F3 shows the HUD, at 170 W is held for 30 frames (a game key: the HUD passes it on), and from frame 200 Left is
 * pressed ten times (a HUD key: consumed, it moves the HUD ten frames back in history). If no OpenGL context can be
 * had, the demo exits 1 naming what to install and these tests fail with its output.
 */
class DemoEndToEndTest {
    private static final int FRAMES = 240;
    private static final int WIDTH = 960;
    private static final int HEIGHT = 540;
    /** TextReport prints milliseconds with three decimals: each printed value is off by at most half of 0.001. */
    private static final double ROUNDING = 0.0005;

    private static DemoRun run;
    private static Path screenshot;

    @BeforeAll
    static void runTheDemo() throws Exception {
        Path dir = Path.of(System.getProperty("hudprof.e2e.dir", "target/demo-e2e"));
        Files.createDirectories(dir);
        screenshot = dir.resolve("demo.png");
        Files.deleteIfExists(screenshot);
        run = DemoRun.start(dir.resolve("demo-output.txt"),
                "--headless", "--gl-debug", "--frames", String.valueOf(FRAMES), "--fixed-dt", "1/60", "--seed", "7",
                "--size", WIDTH + "x" + HEIGHT, "--callgraph", "Raycast", "--report",
                "--keys", "@150:F3,@170:W~30,@200:Left*10", "--screenshot", screenshot.toString(),
                // The exit report is of the last frame: with the HUD redrawing every frame (not every 500 ms, the
                // default) hudprof's report and draw list zones run in that frame too.
                "--hud-refresh-ms", "0");
    }

    @Test
    void demoExitsZeroWithoutGlErrorsOrExceptions() {
        assertEquals(0, run.exitCode, "exit code; output:\n" + run.output);
        assertTrue(run.output.contains("hudprof demo: GL errors 0"), run.output);
        assertFalse(run.output.contains("GL error:"), "the driver reported GL errors:\n" + run.output);
        assertFalse(run.output.contains("Exception") || run.output.contains("\tat "),
                "an exception was printed:\n" + run.output);
        assertTrue(run.output.contains("hudprof demo: " + FRAMES + " frames"), run.output);
    }

    @Test
    void exitReportListsEveryInstrumentedZoneWithConsistentNumbers() {
        ReportText flat = ReportText.block(run.output, "self time, last frame");
        Set<String> expected = Set.of("Input", "Sim", "Sim:AI", "Sim:AI:Steer", "Raycast", "Grid walk",
                "Sim:Physics", "Sim:Physics:Integrate", "Sim:Physics:Broadphase", "Sim:Physics:Collide",
                "Sim:Particles", "Emit particles", "Render", "Render:Cull", "Quadtree build", "Quadtree query",
                "Render:Upload", "Render:Draw", "Swap",
                // hudprof's own work, from the library itself.
                "hudprof:update", "hudprof:report", "hudprof:HUD draw list", "hudprof:HUD GL submit");
        Set<String> missing = new TreeSet<>(expected);
        missing.removeAll(flat.names());
        assertTrue(missing.isEmpty(), "zones missing from the report: " + missing + "\n" + flat);
        double selfSum = 0;
        double percentSum = 0;
        for (ReportText.Row row : flat.rows) {
            if (row.name().endsWith(" (gpu)")) {
                // GPU zones partition the <gpu> pseudo-thread's time, not the CPU frame (gpuPassesAreReported...).
                continue;
            }
            assertTrue(row.self() <= row.hier() + 2 * ROUNDING, "self above hier: " + row);
            if (row.name().startsWith("<")) {
                assertFalse(row.values().containsKey("count"), "a thread root is never entered: " + row);
            } else {
                assertEquals(Math.rint(row.count()), row.count(), "a single frame's count is whole: " + row);
                assertTrue(row.count() >= 1, "a listed zone was entered: " + row);
            }
            selfSum += row.self();
            percentSum += row.values().get("self%");
        }
        // Self times partition the frame: the thread's own root row holds the time outside every zone.
        assertEquals(flat.frameMillis(), selfSum, flat.rows.size() * ROUNDING + ROUNDING, "sum of self times");
        assertEquals(100.0, percentSum, flat.rows.size() * 0.05 + 0.1, "sum of self percentages");
        ReportText.Row root = flat.rows.stream().filter(r -> r.name().startsWith("<")).findFirst()
                .orElseThrow(() -> new AssertionError("no thread root row in " + flat));
        assertEquals(flat.frameMillis(), root.hier(), ROUNDING, "the thread root's hier time is the frame");
        assertTrue(flat.row("Raycast").count() >= 100, "hundreds of raycasts a frame: " + flat);
    }

    @Test
    void gpuPassesAreReportedUnderTheGpuRootAndCameBackWithoutWaiting() {
        ReportText flat = ReportText.block(run.output, "self time, last frame");
        Set<String> missing = new TreeSet<>(Set.of("Scene (gpu)", "Background (gpu)", "Rocks (gpu)",
                "Particles (gpu)", "Ships (gpu)", "HUD (gpu)"));
        missing.removeAll(flat.names());
        assertTrue(missing.isEmpty(), "GPU passes missing from the report: " + missing + "\n" + flat);
        assertTrue(flat.row("Background (gpu)").self() > 0, "the background costs the GPU something: " + flat);
        Matcher gpu = Pattern.compile("hudprof demo: GPU zones: (\\d+) frames resolved, (\\d+) polls found results "
                + "not ready").matcher(run.output);
        assertTrue(gpu.find(), run.output);
        assertTrue(Integer.parseInt(gpu.group(1)) >= FRAMES / 2, "GPU frames resolved: " + gpu.group(0));
    }

    @Test
    void exitStatisticsCountEveryRaycastTheGameMade() {
        int at = run.output.indexOf("== hudprof statistics ==");
        assertTrue(at >= 0, "no statistics in the exit report; output:\n" + run.output);
        String statistics = run.output.substring(at);
        Matcher rays = Pattern.compile("\\n\\s+Rays cast\\s+(\\d+)\\n").matcher(statistics);
        assertTrue(rays.find(), statistics);
        Matcher summary = Pattern.compile("(\\d+) raycasts").matcher(run.output);
        assertTrue(summary.find(), run.output);
        assertEquals(summary.group(1), rays.group(1), "the Raycast/Rays cast counter against the game's own count");
        assertTrue(statistics.contains("Rock contacts") && statistics.contains("Alive")
                && statistics.contains("Heap used"), statistics);
    }

    @Test
    void raycastCallGraphShowsPhysicsAndAiAsParentsAddingUpToIt() {
        assertCallGraphOfRaycastAddsUp(ReportText.block(run.output, "call graph of Raycast, last frame"));
    }

    @Test
    void hudFollowedTheScriptedKeysToTenFramesBackInRaycastsCallGraph() {
        ReportText shown = ReportText.block(run.output, "as the HUD shows it");
        assertTrue(shown.title.contains("call graph of Raycast"), shown.title);
        assertTrue(shown.title.contains("10 frames back"), shown.title);
        assertCallGraphOfRaycastAddsUp(shown);
    }

    @Test
    void keysTheHudDoesNotUseReachTheGameAndItsOwnAreConsumed() {
        Matcher m = Pattern.compile("(\\d+) scripted key events, (\\d+) key events reached the game").matcher(run.output);
        assertTrue(m.find(), run.output);
        // F3, W and ten Lefts, each a press and a release.
        assertEquals(24, Integer.parseInt(m.group(1)));
        // F3 is shown to the game as well (the HUD never consumes its toggle), W is the game's; the Lefts are not.
        assertEquals(4, Integer.parseInt(m.group(2)));
    }

    @Test
    void screenshotShowsTheHudOverTheGame() throws Exception {
        assertTrue(Files.isRegularFile(screenshot), "no screenshot at " + screenshot + "; output:\n" + run.output);
        BufferedImage image = ImageIO.read(screenshot.toFile());
        assertEquals(WIDTH, image.getWidth());
        assertEquals(HEIGHT, image.getHeight());
        // The HUD's report panel, top left: its blue cursor bar and the light title text. Without the HUD the
        // same regions of this scene hold a few dozen such pixels at most.
        int cursorBar = count(image, 0, 0, WIDTH / 2 + 100, HEIGHT / 2, DemoEndToEndTest::cursorBlue);
        assertTrue(cursorBar > 3000, "cursor bar pixels in the report panel: " + cursorBar);
        int title = count(image, 0, 0, WIDTH / 2 + 100, 40, DemoEndToEndTest::lightGrey);
        assertTrue(title > 300, "title text pixels: " + title);
        // The history graph, bottom left: its target-frame guide line crosses the plot, a long light row.
        int guideRows = 0;
        for (int y = HEIGHT / 2; y < HEIGHT; y++) {
            if (count(image, 0, y, WIDTH * 2 / 3, y + 1, (r, g, b) -> r > 170 && g > 170 && b > 170) >= 300) {
                guideRows++;
            }
        }
        assertTrue(guideRows >= 1, "no target-frame line across the history graph");
        // And the game itself around them: the right side is asteroid field, grey-brown rock pixels.
        int rocks = count(image, WIDTH * 2 / 3, 0, WIDTH, HEIGHT / 2, DemoEndToEndTest::rock);
        assertTrue(rocks > 2000, "rock pixels on the right: " + rocks);
    }

    private static void assertCallGraphOfRaycastAddsUp(ReportText graph) {
        List<ReportText.Row> parents = graph.rows.stream().filter(r -> r.indent() == 0).toList();
        List<ReportText.Row> children = graph.rows.stream().filter(r -> r.indent() == 2).toList();
        ReportText.Row focus = graph.rows.stream().filter(r -> r.marker() == '-').findFirst()
                .orElseThrow(() -> new AssertionError("no focus row in " + graph));
        assertEquals("Raycast", focus.name());
        assertEquals(Set.of("Sim:AI", "Sim:Physics"), Set.copyOf(parents.stream().map(ReportText.Row::name).toList()),
                "Raycast's callers: " + graph);
        double tolerance = (parents.size() + 1) * ROUNDING;
        assertEquals(focus.self(), parents.stream().mapToDouble(ReportText.Row::self).sum(), tolerance, "self");
        assertEquals(focus.hier(), parents.stream().mapToDouble(ReportText.Row::hier).sum(), tolerance, "hier");
        assertEquals(focus.count(), parents.stream().mapToDouble(ReportText.Row::count).sum(), 0, "count");
        for (ReportText.Row parent : parents) {
            assertTrue(parent.count() > 0 && parent.hier() > 0, "each caller cast rays: " + parent);
        }
        assertEquals(focus.hier() - focus.self(), children.stream().mapToDouble(ReportText.Row::hier).sum(),
                (children.size() + 2) * ROUNDING, "children's hier is the focus's hier minus self: " + graph);
    }

    private interface PixelTest {
        boolean test(int r, int g, int b);
    }

    private static int count(BufferedImage image, int x0, int y0, int x1, int y1, PixelTest test) {
        int n = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                int p = image.getRGB(x, y);
                if (test.test(p >> 16 & 255, p >> 8 & 255, p & 255)) {
                    n++;
                }
            }
        }
        return n;
    }

    private static boolean cursorBlue(int r, int g, int b) {
        return b > 150 && b > r + 80 && g > 60 && g < 130;
    }

    private static boolean lightGrey(int r, int g, int b) {
        return r > 180 && g > 180 && b > 180 && Math.abs(r - b) < 40;
    }

    private static boolean rock(int r, int g, int b) {
        int max = Math.max(r, Math.max(g, b));
        int min = Math.min(r, Math.min(g, b));
        return max > 45 && max < 215 && max - min < 70 && r >= b;
    }
}
