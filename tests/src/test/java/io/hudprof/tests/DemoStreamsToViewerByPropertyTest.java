package io.hudprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.viewer.ViewerMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The newcomer's path, with no code: start the viewer, start the demo with {@code -Dhudprof.pstats=HOST:PORT}, and
 * the demo's frames arrive. The demo never calls the PStats module; {@code hudprof-pstats} is only on its class path
 * and core's {@code InstallHook} starts the client when the demo installs its profiler. Real viewer (text mode, on
 * a free loopback port), real demo in a child JVM (headless, EGL on llvmpipe), real TCP and UDP.
 */
class DemoStreamsToViewerByPropertyTest {
    private static final Pattern PORT = Pattern.compile("listening for PStats clients on \\S+ port (\\d+)|"
            + "listening for PStats clients on all interfaces, port (\\d+)");

    @Test
    void theDemoStreamsItsZonesToTheViewerWithThePropertyAlone() throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(log, true, StandardCharsets.UTF_8);
        CountDownLatch stop = new CountDownLatch(1);
        int[] exit = {-1};
        Thread viewer = new Thread(() -> {
            try {
                exit[0] = ViewerMain.run(new String[] {"--text", "--bind", "127.0.0.1", "--port", "0"}, out, err, stop);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "viewer under test");
        viewer.start();
        int port = awaitPort(log);

        Path dir = Path.of(System.getProperty("hudprof.e2e.dir", "target/demo-e2e"));
        Files.createDirectories(dir);
        DemoRun demo = DemoRun.startWithJvmOptions(dir.resolve("pstats-by-property-output.txt"),
                List.of("-Dhudprof.pstats=127.0.0.1:" + port),
                "--headless", "--frames", "180", "--fixed-dt", "1/60", "--size", "640x360");
        assertEquals(0, demo.exitCode, demo.output);

        // The session closes when the demo's JVM exits; its last frames are printed then.
        String frames = awaitText(printed, "Raycast", 20);
        stop.countDown();
        viewer.join(TimeUnit.SECONDS.toMillis(20));
        String viewerLog = log.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit[0], viewerLog);
        assertTrue(viewerLog.contains("127.0.0.1 port " + port), "the viewer logs where it listens:\n" + viewerLog);
        assertTrue(frames.contains("Physics") && frames.contains("Raycast"),
                "the demo's zones reached the viewer:\n" + tail(frames) + "\nviewer log:\n" + viewerLog);
    }

    private static int awaitPort(ByteArrayOutputStream log) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            Matcher m = PORT.matcher(log.toString(StandardCharsets.UTF_8));
            if (m.find()) {
                return Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(2));
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the viewer did not say where it listens:\n" + log.toString(StandardCharsets.UTF_8));
    }

    /** What the viewer printed once it contains {@code needle}, or after {@code seconds}, whichever is first. */
    private static String awaitText(ByteArrayOutputStream printed, String needle, int seconds)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        String text = printed.toString(StandardCharsets.UTF_8);
        while (!text.contains(needle) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            text = printed.toString(StandardCharsets.UTF_8);
        }
        return text;
    }

    private static String tail(String text) {
        return text.length() <= 4000 ? text : "..." + text.substring(text.length() - 4000);
    }
}
