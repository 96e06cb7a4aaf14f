package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Averaging;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.overlay.testing.XvfbDisplay;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The viewer's window end to end, on a real GL context (GLFW's null platform with surfaceless EGL, or Xvfb): received
 * frames go through the replay threads into a core profiler while the window draws the HUD, and the profile equals
 * what the other end measured. A real Panda3D capture gives, frame by frame and collector by collector, the times
 * text-stats printed (and its Objects level, as a statistic of the viewer's profiler); a live hudprof game over loopback (its own JVM) gives its own per-zone self times and entry
 * counts exactly, its worker thread's included. Screenshots land in target/viewer-screenshots.
 */
class ViewerWindowGlTest {
    private static final Path CAPTURES = Path.of("../pstats/src/test/resources/captures");
    private static final Path SHOTS = Path.of("target/viewer-screenshots");

    /** A headless window: the null platform and EGL, else a hidden X11 window on Xvfb. */
    private static ViewerWindow openWindow(RemoteProfile profile) {
        try {
            return ViewerWindow.open(profile, 1280, 800, true);
        } catch (IllegalStateException eglFailed) {
            XvfbDisplay.ensure();
            return ViewerWindow.open(profile, 1280, 800, false);
        }
    }

    /** text-stats' frames: frame number → (ms of the frame, collector full name → ms including its children). */
    record Reference(double frameMs, Map<String, Double> net, Map<String, Double> levels) {
    }

    static Map<Long, Reference> textStats(String capture) throws Exception {
        Map<Long, Reference> frames = new LinkedHashMap<>();
        Map<String, Double> current = null;
        Map<String, Double> levels = null;
        List<String> path = new ArrayList<>();
        for (String raw : Files.readAllLines(CAPTURES.resolve(capture + ".text-stats-r.txt"))) {
            for (String line : raw.split("\r")) {
                if (line.startsWith("Thread Main frame ")) {
                    String[] words = line.split("[ ,]+");
                    current = new HashMap<>();
                    levels = new HashMap<>();
                    frames.put(Long.parseLong(words[3]), new Reference(Double.parseDouble(words[4]), current,
                            levels));
                    path.clear();
                } else if (current != null && line.startsWith("  ") && !line.startsWith("   ")
                        && !line.endsWith(" ms") && line.contains(" = ")) {
                    // A top-level level collector: "  Objects = 49 " (no units) or "  System memory = 0.1 MB".
                    String name = line.strip().substring(0, line.strip().indexOf(" = "));
                    String[] value = line.substring(line.indexOf(" = ") + 3).strip().split(" ");
                    levels.put(name, Double.parseDouble(value[0]));
                } else if (current != null && line.startsWith("  ") && line.endsWith(" ms")
                        && line.contains(" = ")) {
                    int depth = (line.length() - line.stripLeading().length()) / 2;
                    String name = line.strip().substring(0, line.strip().indexOf(" = "));
                    while (path.size() >= depth) {
                        path.remove(path.size() - 1);
                    }
                    path.add(name);
                    String value = line.substring(line.indexOf(" = ") + 3, line.length() - 3);
                    current.put(String.join(":", path), Double.parseDouble(value));
                }
            }
        }
        return frames;
    }

    /** text-stats prints 6 significant digits; the viewer rounds each float32 timestamp to the nanosecond. */
    private static double tolerance(double ms) {
        return Math.abs(ms) * 6e-6 + 3e-6;
    }

    private static void assertMs(double expectedMs, double actualNanos, String what) {
        assertEquals(expectedMs, actualNanos / 1e6, tolerance(expectedMs), what);
    }

    @ParameterizedTest
    @ValueSource(strings = {"panda-client-200frames", "panda-client-200frames-tcp"})
    void aReplayedPandaCaptureShowsTextStatsTimesInTheHud(String capture) throws Exception {
        RemoteProfile profile = new RemoteProfile(600);
        ProfileFrames received = new ProfileFrames();
        Map<Long, Double> objects = new java.util.concurrent.ConcurrentHashMap<>();
        io.hudprof.stats.FloatDistribution objectsStat =
                io.hudprof.stats.FloatDistribution.define(ClientFeed.LEVELS + "Objects");
        profile.profiler().addFrameListener((nanos, recorded) -> {
            if (recorded) {
                received.take(profile.profiler(), profile.lastFrameNumber());
                objects.put(profile.lastFrameNumber(), io.hudprof.stats.FrameStatistics
                        .attachedTo(profile.profiler()).frameValue(objectsStat, Averaging.INSTANTANEOUS));
            }
        });
        try (ViewerWindow window = openWindow(profile)) {
            int[] code = {-1};
            Thread feeder = new Thread(() -> code[0] = ViewerMain.replay(
                    CAPTURES.resolve(capture + ".messages.jsonl"), peer -> new ClientFeed(profile, true),
                    System.err));
            feeder.start();
            int drawn = 0;
            while (feeder.isAlive() || drawn < 3) {
                window.renderFrame();
                window.swap();
                drawn++;
                feeder.join(5);
            }
            assertEquals(0, code[0]);

            Map<Long, Reference> reference = textStats(capture);
            assertEquals(199, reference.size());
            assertEquals(reference.keySet(), received.frames.keySet(), "every frame text-stats printed, no other");
            for (Map.Entry<Long, Reference> f : reference.entrySet()) {
                ProfileFrames.Frame frame = received.frames.get(f.getKey());
                assertMs(f.getValue().frameMs(), frame.nanos(), "frame " + f.getKey());
                assertEquals(Map.of("App", 0, "App:Physics", 0, "App:AI", 0, "Draw", 0, "*", 0, "*:PStats", 0)
                        .keySet(), f.getValue().net().keySet(), "frame " + f.getKey());
                for (Map.Entry<String, Double> c : f.getValue().net().entrySet()) {
                    assertMs(c.getValue(), ProfileFrames.net(frame, c.getKey()), "frame " + f.getKey() + " "
                            + c.getKey());
                }
                assertEquals(f.getValue().levels().get("Objects"), objects.get(f.getKey()),
                        "the Objects level as the viewer's statistic, frame " + f.getKey());
            }

            // The report the HUD draws, for the last frame: self times (PStats' time alone) of each collector.
            Report report = new Report();
            Reference last = reference.get(199L);
            synchronized (profile.lock()) {
                ReportController.of(profile.profiler()).setMode(ReportMode.SELF_TIME);
                ReportController.of(profile.profiler()).setAveraging(Averaging.INSTANTANEOUS);
                ReportController.of(profile.profiler()).build(report);
            }
            Map<String, Double> selfRows = new HashMap<>();
            Zone appZone = null;
            for (int i = 0; i < report.rowCount(); i++) {
                ReportRow row = report.row(i);
                Zone z = Zone.byId(row.zoneId());
                if (z != null) {
                    selfRows.put(z.name(), row.value(Column.SELF));
                    appZone = z.name().equals("App") ? z : appZone;
                }
            }
            assertMs(last.net().get("App:Physics"), selfRows.get("App:Physics"), "report row App:Physics");
            assertMs(last.net().get("App:AI"), selfRows.get("App:AI"), "report row App:AI");
            assertMs(last.net().get("Draw"), selfRows.get("Draw"), "report row Draw");
            double app = last.net().get("App");
            double physics = last.net().get("App:Physics");
            double ai = last.net().get("App:AI");
            assertEquals(app - physics - ai, selfRows.get("App") / 1e6,
                    tolerance(app) + tolerance(physics) + tolerance(ai), "report row App (self)");
            assertMs(last.frameMs(), report.frameNanos(), "report frame time");
            assertEquals(199, report.frameNumber());

            window.renderFrame();
            Path shot = SHOTS.resolve(capture + ".png");
            window.screenshot(shot);
            assertTrue(Files.size(shot) > 10_000, "a screenshot with the HUD in it");
            window.swap();

            synchronized (profile.lock()) {
                ReportController.of(profile.profiler()).showCallGraph(appZone);
                ReportController.of(profile.profiler()).build(report);
            }
            assertEquals(ReportMode.CALL_GRAPH, report.mode());
            assertEquals("App", report.focusName());
            window.renderFrame();
            window.screenshot(SHOTS.resolve(capture + "-callgraph.png"));
            window.swap();

            synchronized (profile.lock()) {
                ReportController.of(profile.profiler()).setMode(ReportMode.STATISTICS);
            }
            window.renderFrame();
            window.screenshot(SHOTS.resolve(capture + "-statistics.png"));
            window.swap();
        } finally {
            profile.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"tcp", "udp"})
    void aLiveHudprofGameOverLoopbackShowsItsOwnProfile(String transport) throws Exception {
        RemoteProfile profile = new RemoteProfile(600);
        ProfileFrames received = new ProfileFrames();
        profile.profiler().addFrameListener((nanos, recorded) -> {
            if (recorded) {
                received.take(profile.profiler(), profile.lastFrameNumber());
            }
        });
        ViewerOptions options = ViewerOptions.parse("--port", "0", "--bind", "127.0.0.1");
        List<ClientFeed> feeds = new java.util.concurrent.CopyOnWriteArrayList<>();
        ViewerMain.Started server = ViewerMain.start(options, peer -> {
            ClientFeed feed = new ClientFeed(profile, false);
            feeds.add(feed);
            return feed;
        }, System.err);
        int frames = 150;
        try (ViewerWindow window = openWindow(profile)) {
            Process game = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), RemoteGame.class.getName(),
                    Integer.toString(server.server().port()), Integer.toString(frames), transport)
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            List<String> gameOut = new ArrayList<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(game.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    in.lines().forEach(l -> {
                        synchronized (gameOut) {
                            gameOut.add(l);
                        }
                    });
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            reader.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            // The last frame is replayed when the game leaves (each frame waits for the next, or for the end).
            while ((game.isAlive() || feeds.isEmpty() || !feeds.get(0).closed()) && System.nanoTime() < deadline) {
                window.renderFrame();
                window.swap();
                Thread.sleep(5);
            }
            reader.join(10_000);
            assertEquals(0, game.waitFor(), "the game's exit code");

            Map<Long, ProfileFrames.Frame> sent = parseGame(gameOut);
            assertEquals(frames, sent.size());
            assertTrue(gameOut.contains("dropped 0"), "the game dropped no frame: " + gameOut.get(gameOut.size() - 1));
            for (io.hudprof.core.Problem problem : io.hudprof.core.Problem.values()) {
                if (problem.name().startsWith("GPU")) {
                    assertEquals(0, profile.profiler().problemsTotal(problem), problem.label());
                }
            }
            assertEquals(1, feeds.size());
            assertEquals(0, feeds.get(0).dropped(), "frames the viewer dropped");
            assertTrue(sent.get((long) frames).self().containsKey("Jobs:Stream"), "the worker's zone was sent");
            if (transport.equals("tcp")) {
                assertEquals(2 * frames, feeds.get(0).replayed(), "the main thread's frames and the worker's");
                assertEquals(sent.keySet(), received.frames.keySet());
            } else {
                // A datagram the kernel drops on a loaded machine is a frame the viewer does not show, as in PStats:
                // every frame shown must be the game's, and nearly all must arrive.
                assertTrue(sent.keySet().containsAll(received.frames.keySet()), received.frames.keySet().toString());
                assertTrue(received.frames.size() >= frames * 9 / 10, received.frames.size() + " of " + frames);
            }
            for (Map.Entry<Long, ProfileFrames.Frame> f : sent.entrySet()) {
                ProfileFrames.Frame got = received.frames.get(f.getKey());
                if (got == null) {
                    continue;
                }
                assertEquals(f.getValue().nanos(), got.nanos(), "frame " + f.getKey());
                Map<String, Long> expectedSelf = new java.util.TreeMap<>(f.getValue().self());
                Map<String, Long> gotSelf = new java.util.TreeMap<>(got.self());
                if (f.getKey() == 1) {
                    // A replayed thread exists for the viewer's profiler from its first zone on; the worker's time
                    // before its first job (sent as the root's time at the start of its first frame) is not there.
                    assertEquals(0, gotSelf.remove("<worker>"));
                    expectedSelf.remove("<worker>");
                }
                assertEquals(expectedSelf, gotSelf, "self times of frame " + f.getKey());
                assertEquals(f.getValue().calls(), got.calls(), "entries of frame " + f.getKey());
            }

            // The client's threads are the viewer profiler's threads: listed, selectable, on the timeline.
            Report workerReport = new Report();
            synchronized (profile.lock()) {
                io.hudprof.core.ThreadRoster roster = profile.profiler().data().threads();
                List<String> names = new ArrayList<>();
                int worker = -1;
                for (int i = 0; i < roster.count(); i++) {
                    names.add(roster.name(i));
                    worker = roster.name(i).equals("worker") ? roster.rootZone(i) : worker;
                }
                assertTrue(names.containsAll(List.of("main", "worker")), names.toString());
                ReportController.of(profile.profiler()).setMode(ReportMode.HIERARCHICAL_TIME);
                ReportController.of(profile.profiler()).setThread(worker);
                ReportController.of(profile.profiler()).build(workerReport);
                window.hud().controls().perform(io.hudprof.overlay.HudAction.TOGGLE_TIMELINE);
                window.hud().controls().perform(io.hudprof.overlay.HudAction.TOGGLE_THREAD_LIST);
            }
            List<String> workerRows = new ArrayList<>();
            for (int i = 0; i < workerReport.rowCount(); i++) {
                workerRows.add(workerReport.row(i).name());
            }
            assertTrue(workerRows.stream().anyMatch(r -> r.contains("Jobs:Stream")), workerRows.toString());
            assertTrue(workerRows.stream().noneMatch(r -> r.contains("Update")), workerRows.toString());
            window.renderFrame();
            Path shot = SHOTS.resolve("live-hudprof-game-" + transport + ".png");
            window.screenshot(shot);
            assertTrue(Files.size(shot) > 10_000);
            window.swap();
        } finally {
            ViewerMain.shutdown(server.server(), server.recorder(), System.err);
            profile.close();
        }
    }

    private static Map<Long, ProfileFrames.Frame> parseGame(List<String> lines) {
        Map<Long, ProfileFrames.Frame> frames = new LinkedHashMap<>();
        for (String line : lines) {
            String[] w = line.split(" ");
            if (w[0].equals("frame")) {
                frames.put(Long.parseLong(w[1]), new ProfileFrames.Frame(Long.parseLong(w[2]), new java.util.TreeMap<>(),
                        new java.util.TreeMap<>()));
            } else if (w[0].equals("zone")) {
                ProfileFrames.Frame f = frames.get(Long.parseLong(w[1]));
                f.self().put(w[2], Long.parseLong(w[3]));
                f.calls().put(w[2], Long.parseLong(w[4]));
            }
        }
        return frames;
    }

    @Test
    void theCommandLineWindowReplaysACaptureHeadlessAndEndsWhenStopped() throws Exception {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.util.concurrent.CountDownLatch stop = new java.util.concurrent.CountDownLatch(1);
        int[] code = {-1};
        Thread viewer = new Thread(() -> {
            try {
                code[0] = ViewerMain.run(new String[] {"--headless", "--replay",
                        CAPTURES.resolve("panda-client-200frames.messages.jsonl").toString()}, System.out,
                        new java.io.PrintStream(err, true, StandardCharsets.UTF_8), stop);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        viewer.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (viewer.isAlive() && (io.hudprof.core.Hudprof.profiler() == null
                || io.hudprof.core.Hudprof.profiler().recordedFrames() < 199) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(199, io.hudprof.core.Hudprof.profiler().recordedFrames(), err.toString(StandardCharsets.UTF_8));
        stop.countDown();
        viewer.join(10_000);
        assertEquals(0, code[0], err.toString(StandardCharsets.UTF_8));
        assertTrue(err.toString(StandardCharsets.UTF_8).isEmpty(), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theCommandLineSavesAScreenshotAfterAHeadlessReplayAndExits() throws Exception {
        Path shot = SHOTS.resolve("command-line-replay.png");
        Files.deleteIfExists(shot);
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code = ViewerMain.run(new String[] {"--headless", "--replay",
                CAPTURES.resolve("panda-client-200frames-tcp.messages.jsonl").toString(), "--screenshot",
                shot.toString()}, System.out, new java.io.PrintStream(err, true, StandardCharsets.UTF_8),
                new java.util.concurrent.CountDownLatch(1));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        assertTrue(Files.size(shot) > 10_000, "a PNG with the HUD");
        assertEquals(null, io.hudprof.core.Hudprof.profiler(), "the viewer's profiler is uninstalled at exit");
    }
}
