package io.hudprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The README's demo command on a machine without a display: the demo says it falls back to headless, runs a fixed
 * number of frames with the HUD, prints the report and writes the screenshot it names, and exits 0.
 */
class DemoWithoutDisplayTest {
    @Test
    void aWindowedRunWithoutADisplayRunsHeadlessPrintsTheReportAndWritesAScreenshot() throws Exception {
        Path dir = Path.of(System.getProperty("hudprof.e2e.dir", "target/demo-e2e"));
        Files.createDirectories(dir);
        Path screenshot = dir.resolve("no-display.png");
        Files.deleteIfExists(screenshot);
        DemoRun run = DemoRun.startWithoutDisplay(dir.resolve("no-display-output.txt"),
                "--frames", "120", "--size", "640x360", "--screenshot", screenshot.toString());

        assertEquals(0, run.exitCode, run.output);
        assertTrue(run.output.contains("hudprof-demo: no display found (DISPLAY and WAYLAND_DISPLAY are unset), so the"
                + " demo runs headless: 120 frames through EGL with the HUD shown"), run.output);
        assertTrue(run.output.contains("(GLFW null platform, EGL)"), run.output);
        assertTrue(run.output.contains("hudprof self time"), "the report is printed:\n" + run.output);
        BufferedImage image = ImageIO.read(screenshot.toFile());
        assertEquals(640, image.getWidth());
        assertEquals(360, image.getHeight());
    }
}
