package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hudprof-viewer --text FILE.hudprof} prints a capture; a bad file is one line and exit code 1. */
class ViewerCaptureTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ViewerMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new CountDownLatch(1));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void textPrintsTheHeaderAndEveryFrameOfACapture() throws Exception {
        Path file = CaptureFiles.write(dir.resolve("game.hudprof"), 40);
        Run r = run("--text", file.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("Capture " + file + ": 40 frames, 0 the writer could not take"), r.out());
        assertTrue(r.out().contains("  title: viewer test"), r.out());
        assertTrue(r.out().contains("Frame 40, 4.450 ms:"), r.out());
        // The slow frame in the middle (the 21st): its draw took 12 ms.
        assertTrue(r.out().contains("Frame 21, 13.000 ms:"), r.out());
        long frames = r.out().lines().filter(l -> l.startsWith("Frame ")).count();
        assertEquals(40, frames);
        assertTrue(r.out().contains("cv:Update:Physics"), r.out());
        // Format 1.1: the frame's problem counts, the statistics report of each frame, the notes.
        String slow = r.out().substring(r.out().indexOf("Frame 21,"), r.out().indexOf("Frame 22,"));
        assertTrue(slow.contains("open at update 1/1"), slow);
        assertTrue(slow.contains("Bodies stepped"), slow);
        assertTrue(r.out().contains("Note on frame 21: G1 Young Generation pause 2.0 ms (G1 Evacuation Pause)"),
                r.out());
    }

    @Test
    void aBadFileIsOneLineNamingFileAndOffsetAndExitCodeOne() throws Exception {
        Path file = CaptureFiles.write(dir.resolve("cut.hudprof"), 10);
        byte[] bytes = Files.readAllBytes(file);
        Path cut = dir.resolve("truncated.hudprof");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length - 7));
        for (String[] args : new String[][] {{"--text", cut.toString()}, {"--headless", cut.toString()}}) {
            Run r = run(args);
            assertEquals(1, r.code());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("hudprof-viewer: " + cut + ": offset "), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
        Run missing = run("--text", dir.resolve("none.hudprof").toString());
        assertEquals(1, missing.code());
        assertEquals(1, missing.err().lines().count(), missing.err());
    }

    @Test
    void textWithTwoCapturesPrintsTheirDiffWithTheZoneThatGrewFirst() throws Exception {
        // The slow draw (9 ms more) is one frame of each: a mean over 4 frames carries more of it than over 40.
        Path before = CaptureFiles.write(dir.resolve("before.hudprof"), 40);
        Path after = CaptureFiles.write(dir.resolve("after.hudprof"), 4);
        Run r = run("--text", before.toString(), after.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("hudprof diff | A = before.hudprof (40 frames"), r.out());
        assertTrue(r.out().contains("B = after.hudprof (4 frames"), r.out());
        assertTrue(r.out().indexOf("cv:Draw") < r.out().indexOf("cv:Update:Physics"), r.out());

        Run bad = run("--text", before.toString(), dir.resolve("none.hudprof").toString());
        assertEquals(2, bad.code());
        assertEquals(1, bad.err().lines().count(), bad.err());
    }

    @Test
    void searchKeepsOnlyTheMatchingZonesAndWhatLeadsToThemInFramesAndInADiff() throws Exception {
        Path file = CaptureFiles.write(dir.resolve("game.hudprof"), 10);
        Run all = run("--text", file.toString());
        assertTrue(all.out().contains("cv:Draw"), all.out());
        Run r = run("--text", "--search", "PHYS", file.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("  search: \"PHYS\""), r.out());
        String frames = r.out().substring(r.out().indexOf("Frame 1,"));
        assertTrue(frames.contains("cv:Update:Physics"), frames);
        assertTrue(frames.contains("cv:Update "), "the row that leads to the match stays: " + frames);
        assertFalse(frames.contains("cv:Draw"), frames);
        assertEquals(10, r.out().lines().filter(l -> l.startsWith("Frame ")).count(), "every frame still printed");

        Path after = CaptureFiles.write(dir.resolve("after.hudprof"), 4);
        Run diff = run("--text", "--search", "draw", file.toString(), after.toString());
        assertEquals(0, diff.code(), diff.err());
        assertTrue(diff.out().contains("search \"draw\": 1 of "), diff.out());
        String zones = diff.out().substring(diff.out().indexOf("== zones"));
        assertTrue(zones.contains("cv:Draw"), zones);
        assertFalse(zones.contains("cv:Update:Physics"), zones);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ViewerOptions.parse("--search", "x", "a.hudprof"));
        assertTrue(e.getMessage().startsWith("--search filters the text of a capture"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ViewerOptions.parse("--text", "--search", "x".repeat(65), "a.hudprof"));
    }

    @Test
    void aCaptureIsOpenedAloneOrComparedWithAnother() {
        ViewerOptions o = ViewerOptions.parse("--text", "a.hudprof");
        assertEquals(Path.of("a.hudprof"), o.capture());
        assertEquals(Path.of("b.hudprof"), ViewerOptions.parse("--text", "a.hudprof", "b.hudprof").compareWith());
        assertEquals(Path.of("b.hudprof"), ViewerOptions.parse("a.hudprof", "b.hudprof").compareWith(),
                "in the window too");
        assertThrows(IllegalArgumentException.class,
                () -> ViewerOptions.parse("--text", "a.hudprof", "b.hudprof", "c.hudprof"));
        assertThrows(IllegalArgumentException.class, () -> ViewerOptions.parse("--replay", "x.jsonl", "a.hudprof"));
        assertEquals(Path.of("shot.png"), ViewerOptions.parse("a.hudprof", "--screenshot", "shot.png").screenshot());
    }
}
