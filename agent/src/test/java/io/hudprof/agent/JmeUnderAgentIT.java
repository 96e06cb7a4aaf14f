package io.hudprof.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * A real jME 3.9 {@code SimpleApplication} with no hudprof code ({@code fixture.jme.JmeApp}: lit boxes turned by a
 * {@code Spinner}) on jME's own LWJGL 3.3.6, under Xvfb and the agent: the swap in jME's LWJGL3 context is hooked,
 * the HUD is drawn over the scene, the app's methods are zones in the exit report and no GL error is left behind.
 * Needs {@code xvfb-run} (Debian packages xvfb and xauth, installed by run-tests.sh).
 */
class JmeUnderAgentIT {
    private static final int FRAMES = 90;
    private static final int WIDTH = 960;
    private static final int HEIGHT = 540;

    /** The test classes (the app) and jME's run-time class path with its LWJGL, none of this module's 3.3.3. */
    static List<String> jmeClassPath() throws Exception {
        List<String> path = AgentRun.classPath(e -> e.contains("/org/lwjgl/") || e.contains("gdx")
                || e.contains("demo") || e.contains("/org/jmonkeyengine/"));
        path.addAll(AgentRun.jarsIn(Path.of(System.getProperty("hudprof.agent.jmeLwjgl", "target/jme-lwjgl"))));
        return path;
    }

    @Test
    void theHudAppearsOverAnUnmodifiedJmeAppWhoseMethodsAreZonesWithoutGlErrorsAndTakesClicksOverItsPanels() throws Exception {
        Path dir = AgentRun.outputDir();
        Path screenshot = dir.resolve("jme-under-agent.png");
        Files.deleteIfExists(screenshot);
        AgentRun run = AgentRun.startUnder(List.of("xvfb-run", "-a", "-s", "-screen 0 1280x720x24"),
                dir.resolve("jme-under-agent.txt"), jmeClassPath(),
                "include=fixture.jme.**;hud=on;report=exit;screenshot=" + screenshot + "@" + (FRAMES - 10), Map.of(),
                "fixture.jme.JmeApp", String.valueOf(FRAMES));

        assertEquals(0, run.exitCode, run.output);
        assertTrue(run.output.contains("jme app: LWJGL 3.3.6"), "jME must run on the LWJGL it brings:\n" + run.output);
        assertTrue(run.output.contains("jme app: " + FRAMES + " frames, GL errors 0"), run.output);
        assertTrue(run.output.contains("hudprof agent: frame hook: GLFW buffer swaps of window"), run.output);
        assertFalse(run.output.contains("no frame hook found"), run.output);
        assertFalse(run.output.contains("failed") || run.output.contains("left unchanged"), run.output);
        assertFalse(run.output.contains("Exception") || run.output.contains("\tat "), run.output);

        ReportBlock flat = ReportBlock.read(run.output, "self time, last frame");
        Set<String> names = new TreeSet<>(flat.names());
        for (String expected : List.of("JmeApp.simpleUpdate", "Spinner.spin", "Spinner.turn")) {
            assertTrue(names.contains(expected), expected + " missing from " + names);
        }
        assertTrue(flat.rows.stream().anyMatch(r -> r.name().equals("Spinner.turn") && r.count() == 4), flat
                .toString());

        // The agent's mouse callbacks are chained in front of jME's: the click over the HUD's report is the HUD's,
        // the one in the bottom-right corner reaches the app (jME's y is up from the bottom).
        assertTrue(run.output.contains("jme app: mouse [bottom-right: move " + (WIDTH - 20) + ",20, bottom-right:"
                + " button 0 down, bottom-right: button 0 up]"), run.output);

        assertTrue(Files.isRegularFile(screenshot), "no screenshot:\n" + run.output);
        BufferedImage image = ImageIO.read(screenshot.toFile());
        assertEquals(WIDTH, image.getWidth());
        assertEquals(HEIGHT, image.getHeight());
        int title = DemoUnderAgentIT.count(image, 0, 0, WIDTH / 2 + 100, 40,
                (r, g, b) -> r > 180 && g > 180 && b > 180 && Math.abs(r - b) < 40);
        assertTrue(title > 300, "HUD title text pixels over the scene: " + title);
        int background = DemoUnderAgentIT.count(image, WIDTH - 50, 0, WIDTH, 50,
                (r, g, b) -> Math.abs(r - 26) < 6 && Math.abs(g - 31) < 6 && Math.abs(b - 41) < 6);
        assertTrue(background > 2000, "the app's own background around the HUD: " + background);
        int orange = DemoUnderAgentIT.count(image, WIDTH / 2, 0, WIDTH, HEIGHT / 2,
                (r, g, b) -> r > 120 && g > 40 && g < r - 40 && b < 60);
        assertTrue(orange > 1000, "the app's lit orange box, right of the HUD: " + orange);
    }
}
