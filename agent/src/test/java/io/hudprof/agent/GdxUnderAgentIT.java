package io.hudprof.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * A real libGDX 1.14 app with no hudprof code ({@code fixture.apps.GdxApp}) on libGDX's own LWJGL 3.3.3, under Xvfb
 * and the agent: libGDX's backend swap is hooked, the frame is found, the HUD is drawn over the app and no GL error
 * is left behind. Needs {@code xvfb-run} (Debian packages xvfb and xauth, installed by run-tests.sh).
 */
class GdxUnderAgentIT {
    private static final int FRAMES = 90;

    @Test
    void theHudAppearsOverAnUnmodifiedLibgdxAppWithoutGlErrors() throws Exception {
        Path dir = AgentRun.outputDir();
        Path screenshot = dir.resolve("gdx-under-agent.png");
        Files.deleteIfExists(screenshot);
        List<String> classPath = AgentRun.classPath(e -> e.contains("demo"));
        AgentRun run = AgentRun.startUnder(List.of("xvfb-run", "-a", "-s", "-screen 0 1280x720x24"),
                dir.resolve("gdx-under-agent.txt"), classPath, "hud=on;screenshot=" + screenshot + "@" + (FRAMES - 10),
                Map.of(), "fixture.apps.GdxApp", String.valueOf(FRAMES));
        assertEquals(0, run.exitCode, run.output);
        assertTrue(run.output.contains("gdx app: " + FRAMES + " frames, GL errors 0"), run.output);
        assertTrue(run.output.contains("hudprof agent: frame hook: GLFW buffer swaps of window"), run.output);
        assertFalse(run.output.contains("failed"), run.output);
        assertTrue(Files.isRegularFile(screenshot), "no screenshot:\n" + run.output);
        BufferedImage image = ImageIO.read(screenshot.toFile());
        int title = DemoUnderAgentIT.count(image, 0, 0, image.getWidth() / 2 + 100, 40,
                (r, g, b) -> r > 180 && g > 180 && b > 180 && Math.abs(r - b) < 40);
        assertTrue(title > 300, "HUD title text pixels over the app's green: " + title);
        int green = DemoUnderAgentIT.count(image, image.getWidth() - 50, 0, image.getWidth(), 50,
                (r, g, b) -> g > 60 && g > r + 30 && g > b + 30);
        assertTrue(green > 2000, "the app's own clear colour around the HUD: " + green);
    }
}
