package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hudprof-viewer --headless --screenshot PNG FILE.hudprof}: the capture in the window's HUD, saved. */
class ViewerCaptureGlTest {
    private static final Path SHOTS = Path.of("target/viewer-screenshots");

    @TempDir
    Path dir;

    @Test
    void aCaptureOpensInTheWindowsHudAndIsSaved() throws Exception {
        Path file = CaptureFiles.write(dir.resolve("game.hudprof"), 120);
        Files.createDirectories(SHOTS);
        Path shot = SHOTS.resolve("capture-window.png");
        Files.deleteIfExists(shot);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ViewerMain.run(new String[] {"--headless", "--screenshot", shot.toString(), file.toString()},
                System.out, new PrintStream(err, true, StandardCharsets.UTF_8), new CountDownLatch(1));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        assertTrue(Files.size(shot) > 10_000, "a PNG with the HUD");
        assertNull(Hudprof.profiler(), "the capture's profiler is uninstalled at exit");
    }

    @Test
    void twoCapturesOpenTheSecondWithTheirDiffInThePanel() throws Exception {
        Path before = CaptureFiles.write(dir.resolve("before.hudprof"), 40);
        Path after = CaptureFiles.write(dir.resolve("after.hudprof"), 4);
        Files.createDirectories(SHOTS);
        Path alone = SHOTS.resolve("capture-after-alone.png");
        Path compared = SHOTS.resolve("capture-diff-window.png");
        assertEquals(0, run("--headless", "--screenshot", alone.toString(), after.toString()));
        assertEquals(0, run("--headless", "--screenshot", compared.toString(), before.toString(), after.toString()));
        BufferedImage a = ImageIO.read(alone.toFile());
        BufferedImage b = ImageIO.read(compared.toFile());
        assertEquals(a.getWidth(), b.getWidth());
        // The diff panel sits top right; the rest of the window shows the same capture in both.
        int differentTopRight = 0;
        int differentLeft = 0;
        for (int y = 0; y < a.getHeight() / 3; y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                if (a.getRGB(x, y) != b.getRGB(x, y)) {
                    if (x > a.getWidth() / 2) {
                        differentTopRight++;
                    } else {
                        differentLeft++;
                    }
                }
            }
        }
        assertTrue(differentTopRight > 5_000, "the diff panel drawn top right: " + differentTopRight + " pixels");
        assertTrue(differentTopRight > 4 * differentLeft, differentTopRight + " top right, " + differentLeft
                + " elsewhere in the top third");

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int bad = ViewerMain.run(new String[] {"--headless", before.toString(), dir.resolve("none.hudprof").toString()},
                System.out, new PrintStream(err, true, StandardCharsets.UTF_8), new CountDownLatch(1));
        assertEquals(1, bad);
        assertEquals(1, err.toString(StandardCharsets.UTF_8).lines().count(), err.toString(StandardCharsets.UTF_8));
    }

    private static int run(String... args) throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ViewerMain.run(args, System.out, new PrintStream(err, true, StandardCharsets.UTF_8),
                new CountDownLatch(1));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        return code;
    }
}
