package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
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
}
