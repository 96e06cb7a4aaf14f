package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.capture.file.Capture;
import io.hudprof.capture.file.CaptureReplay;
import io.hudprof.core.Hudprof;
import io.hudprof.core.Problem;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.overlay.testing.XvfbDisplay;
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

    /**
     * Format 1.1 in the window: a replayed capture's statistics view lists the captured statistics, and its slow frame,
     * gone back to, shows its problem count and the GC note that touched it. Screenshots of both.
     */
    @Test
    void aCapturesStatisticsProblemsAndNotesShowInTheWindowsHud() throws Exception {
        Path file = CaptureFiles.write(dir.resolve("stats.hudprof"), 40);
        Files.createDirectories(SHOTS);
        Capture capture = Capture.open(file);
        CaptureReplay replay = capture.replay();
        replay.replayAll();
        RemoteProfile profile = new RemoteProfile(replay.profiler(), replay.lock(), "capture stats");
        ReportController controller = ReportController.of(replay.profiler());
        Report report = new Report();
        try (ViewerWindow window = openWindow(profile)) {
            synchronized (replay.lock()) {
                controller.setMode(ReportMode.STATISTICS);
                controller.build(report);
            }
            boolean listed = false;
            for (int i = 0; i < report.rowCount(); i++) {
                listed |= report.row(i).name().equals("Bodies stepped");
            }
            assertTrue(listed, "the captured statistic is a row of the statistics view");
            window.renderFrame();
            Path stats = SHOTS.resolve("capture-statistics.png");
            window.screenshot(stats);
            assertTrue(Files.size(stats) > 10_000);
            window.swap();

            synchronized (replay.lock()) {
                controller.setMode(ReportMode.SELF_TIME);
                controller.setFrame(40 - 21); // frame 21: the slow one, with its draw left open and a GC pause
                controller.build(report);
            }
            assertEquals(21, report.frameNumber());
            assertEquals(1, report.problemsInFrame(Problem.OPEN_AT_UPDATE));
            assertEquals(1, report.noteCount());
            assertEquals("G1 Young Generation pause 2.0 ms (G1 Evacuation Pause)", report.note(0));
            window.renderFrame();
            Path note = SHOTS.resolve("capture-note.png");
            window.screenshot(note);
            assertTrue(Files.size(note) > 10_000);
            window.swap();
        } finally {
            replay.close();
            profile.close();
        }
    }

    private static ViewerWindow openWindow(RemoteProfile profile) {
        try {
            return ViewerWindow.open(profile, 1280, 800, true);
        } catch (IllegalStateException eglFailed) {
            XvfbDisplay.ensure();
            return ViewerWindow.open(profile, 1280, 800, false);
        }
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
