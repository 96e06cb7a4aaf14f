package io.hudprof.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo game with its own hudprof calls off ({@code --uninstrumented}, {@code handzones=off}) run headless under the
 * agent: the frame is found at GLFW's swap, the HUD appears, the simulation's methods are zones with the right call
 * graph (the raycaster called from the AI and from physics), and the exit report adds up.
 */
class DemoUnderAgentIT {
    private static final int FRAMES = 120;
    private static final int WIDTH = 960;
    private static final int HEIGHT = 540;
    /** Printed milliseconds have three decimals: each is off by at most half of 0.001. */
    private static final double ROUNDING = 0.0005;

    private static AgentRun run;
    private static Path screenshot;

    @BeforeAll
    static void runTheDemoUnderTheAgent() throws Exception {
        Path dir = AgentRun.outputDir();
        screenshot = dir.resolve("demo-under-agent.png");
        Files.deleteIfExists(screenshot);
        // --workers 0: the simulation on the game thread alone, so the flat report's self times are one thread's and
        // sum to its frame (worker threads' attribution is DemoEndToEndTest's and SpawnAttributionTest's subject).
        run = AgentRun.start(dir.resolve("demo-under-agent.txt"), demoClassPath(),
                "include=io.hudprof.demo.sim.**;exclude=SpatialGrid,Angles,Ships#alive,Raycaster#intersect;handzones=off;hud=on;report=exit;callgraph=Raycaster.cast;"
                        + "sensors=alloc,gc,cpu;screenshot=" + screenshot + "@" + FRAMES,
                Map.of(), "io.hudprof.demo.DemoMain", "--uninstrumented", "--headless", "--frames",
                String.valueOf(FRAMES), "--fixed-dt", "1/60", "--seed", "7", "--size", WIDTH + "x" + HEIGHT,
                "--workers", "0");
    }

    /** The demo with hudprof's core and overlay (it is built on them) and its own LWJGL 3.4, not this module's 3.3. */
    static List<String> demoClassPath() throws Exception {
        List<String> path = AgentRun.classPath(e -> e.contains("/org/lwjgl/") || e.contains("gdx"));
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (entry.contains("hudprof-core") || entry.contains("hudprof-overlay") || entry.contains("/core/target/")
                    || entry.contains("/overlay/target/")) {
                path.add(entry);
            }
        }
        path.addAll(AgentRun.jarsIn(Path.of(System.getProperty("hudprof.agent.demoLwjgl", "target/demo-lwjgl"))));
        return path;
    }

    @Test
    void theDemoRunsToTheEndWithoutGlErrorsOrExceptions() {
        assertEquals(0, run.exitCode, run.output);
        assertTrue(run.output.contains("hudprof demo: GL errors 0"), run.output);
        assertTrue(run.output.contains("hudprof demo: " + FRAMES + " frames"), run.output);
        assertFalse(run.output.contains("Exception") || run.output.contains("\tat "), run.output);
        assertFalse(run.output.contains("left unchanged") || run.output.contains("failed"), run.output);
        // Zones stay balanced; the only problem allowed is events dropped while the world loads, before the first
        // frame ends (tiny accessors called thousands of times a frame are excluded above: they overflow the ring).
        for (String problem : List.of("missing end", "extra end", "open at update", "too deep", "zone limit")) {
            assertFalse(run.output.contains(problem), problem + ":\n" + run.output);
        }
        assertFalse(ReportBlock.read(run.output, "self time, last frame").title.matches(".*dropped events [1-9].*"),
                "events dropped in the last frame:\n" + run.output);
    }

    @Test
    void theAgentFindsTheFrameAtTheBufferSwapAndUpdatesOncePerFrame() {
        assertTrue(run.output.contains("hudprof agent: frame hook: GLFW buffer swaps of window"), run.output);
        assertTrue(run.output.contains("hudprof agent: " + FRAMES + " frames recorded, updated by the frame hook"),
                run.output);
        assertFalse(run.output.contains("no frame hook found"), run.output);
    }

    @Test
    void theSimulationsMethodsAreZonesAndTheGamesOwnZonesAreSilent() {
        ReportBlock flat = ReportBlock.read(run.output, "self time, last frame");
        Set<String> names = new TreeSet<>(flat.names());
        for (String expected : List.of("Raycaster.cast", "World.step", "Physics.step", "Ai.update")) {
            assertTrue(names.contains(expected), expected + " missing from " + names);
        }
        for (String handZone : List.of("Raycast", "Sim:Physics", "Sim:AI", "Sim", "Render", "Input", "HUD",
            "Background (gpu)", "Rocks (gpu)", "HUD (gpu)")) {
            assertFalse(names.contains(handZone), "hand-written zone " + handZone + " recorded: " + names);
        }
        double selfSum = 0;
        for (ReportBlock.Row row : flat.rows) {
            assertTrue(row.self() <= row.hier() + 2 * ROUNDING, "self above hier: " + row);
            selfSum += row.self();
        }
        assertEquals(flat.frameMillis(), selfSum, (flat.rows.size() + 1) * ROUNDING, "self times sum to the frame");
        assertTrue(flat.rows.stream().anyMatch(r -> r.name().equals("Raycaster.cast") && r.count() >= 100), flat
                .toString());
    }

    @Test
    void raycastersCallersAreTheAiAndPhysicsAndAddUpToIt() {
        ReportBlock graph = ReportBlock.read(run.output, "call graph of Raycaster.cast, last frame");
        ReportBlock.Row focus = graph.rows.stream().filter(ReportBlock.Row::focus).findFirst()
                .orElseThrow(() -> new AssertionError("no focus row: " + graph));
        assertEquals("Raycaster.cast", focus.name());
        List<ReportBlock.Row> parents = graph.rows.stream().filter(r -> r.indent() == 0).toList();
        List<ReportBlock.Row> children = graph.rows.stream().filter(r -> r.indent() == 2).toList();
        Set<String> callerClasses = new TreeSet<>();
        for (ReportBlock.Row parent : parents) {
            callerClasses.add(parent.name().substring(0, parent.name().indexOf('.')));
            assertTrue(parent.count() > 0, "each caller cast rays: " + parent);
        }
        assertEquals(Set.of("Ai", "Physics"), callerClasses, "Raycaster.cast's callers: " + graph);
        double tolerance = (parents.size() + 1) * ROUNDING;
        assertEquals(focus.self(), parents.stream().mapToDouble(ReportBlock.Row::self).sum(), tolerance, "self");
        assertEquals(focus.hier(), parents.stream().mapToDouble(ReportBlock.Row::hier).sum(), tolerance, "hier");
        assertEquals(focus.count(), parents.stream().mapToDouble(ReportBlock.Row::count).sum(), 0, "count");
        assertEquals(focus.hier() - focus.self(), children.stream().mapToDouble(ReportBlock.Row::hier).sum(),
                (children.size() + 2) * ROUNDING, "children's hier is the focus's hier minus self: " + graph);
    }

    @Test
    void statisticsFromTheAgentsSensorsArePrintedAtExit() {
        int at = run.output.indexOf("== hudprof statistics ==");
        assertTrue(at >= 0, run.output);
        String statistics = run.output.substring(at);
        assertTrue(statistics.contains("Allocated") && statistics.contains("CPU"), statistics);
        assertTrue(statistics.contains("Rays cast"), "the game's own counters still count: " + statistics);
    }

    @Test
    void theScreenshotShowsTheHudOverTheUnmodifiedGame() throws Exception {
        assertTrue(Files.isRegularFile(screenshot), "no screenshot; output:\n" + run.output);
        BufferedImage image = ImageIO.read(screenshot.toFile());
        assertEquals(WIDTH, image.getWidth());
        assertEquals(HEIGHT, image.getHeight());
        // The report panel's blue cursor bar and light title text, top left; the game alone has few such pixels.
        int cursorBar = count(image, 0, 0, WIDTH / 2 + 100, HEIGHT / 2,
                (r, g, b) -> b > 150 && b > r + 80 && g > 60 && g < 130);
        assertTrue(cursorBar > 1500, "cursor bar pixels: " + cursorBar);
        int title = count(image, 0, 0, WIDTH / 2 + 100, 40,
                (r, g, b) -> r > 180 && g > 180 && b > 180 && Math.abs(r - b) < 40);
        assertTrue(title > 300, "title text pixels: " + title);
    }

    interface PixelTest {
        boolean test(int r, int g, int b);
    }

    static int count(BufferedImage image, int x0, int y0, int x1, int y1, PixelTest test) {
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

}
