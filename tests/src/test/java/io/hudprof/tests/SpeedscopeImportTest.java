package io.hudprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.sun.net.httpserver.HttpServer;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.capture.ChromeTrace;
import io.hudprof.capture.TraceExporter;
import io.hudprof.capture.FrameNotes;
import io.hudprof.capture.FrameTimes;
import io.hudprof.stats.Counter;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.Sensor;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Loads a hudprof Chrome trace into the real speedscope web app (the {@code speedscope} npm package's built
 * release) in headless Chromium and checks what speedscope made of it: the page title speedscope sets once a
 * profile imported, every profiled thread's name in its profile list, and no import error. It also saves a PNG
 * screenshot of speedscope showing the trace (target/speedscope/speedscope.png).
 *
 * <p>It needs Chromium and the npm package; {@code run-tests.sh} installs both when missing. Without them the test
 * fails, naming what is missing: it never skips.
 */
class SpeedscopeImportTest {
    static final String SPEEDSCOPE_VERSION = "1.25.0";
    private static final Zone FRAME = Zone.local("ss-frame");
    private static final Zone UPDATE = Zone.local("ss-update");
    private static final Zone PHYSICS = Zone.local("ss-physics");
    private static final Zone RENDER = Zone.local("ss-render");
    private static final Zone JOB = Zone.local("ss-job");

    @Test
    void speedscopeImportsTheTraceWithEveryThreadAndNoError() throws Exception {
        Path out = Path.of(System.getProperty("hudprof.speedscope.out", "target/speedscope")).toAbsolutePath();
        Files.createDirectories(out);
        Path release = speedscopeRelease();
        String chromium = chromium();
        Path trace = out.resolve("hudprof-trace.json");
        writeTrace(trace);

        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            Path file = path.equals("/hudprof-trace.json") ? trace
                    : release.resolve(path.equals("/") ? "index.html" : path.substring(1)).normalize();
            if (!file.startsWith(release) && !file.equals(trace) || !Files.isRegularFile(file)) {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
                return;
            }
            byte[] body = Files.readAllBytes(file);
            String name = file.getFileName().toString();
            exchange.getResponseHeaders().set("Content-Type", name.endsWith(".html") ? "text/html"
                    : name.endsWith(".js") ? "text/javascript" : name.endsWith(".css") ? "text/css"
                    : name.endsWith(".json") ? "application/json" : name.endsWith(".wasm") ? "application/wasm"
                    : "application/octet-stream");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream os = exchange.getResponseBody()) {
                os.write(body);
            }
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            String url = base + "/index.html#profileURL=" + base + "/hudprof-trace.json";
            String dom = chromiumRun(chromium, out, "--dump-dom", url);
            Files.writeString(out.resolve("speedscope-dom.html"), dom);
            assertFalse(dom.contains("Something went wrong"), "speedscope reported an import error; see "
                    + out.resolve("speedscope-dom.html"));
            assertTrue(dom.contains("<title>hudprof-trace.json - speedscope</title>"),
                    "speedscope names the page after a profile it imported; its DOM: " + out.resolve(
                            "speedscope-dom.html"));
            for (String thread : List.of("ss-game", "ss-worker", "frames", "JVM")) {
                assertTrue(dom.contains(thread + " (tid "), "speedscope lists thread " + thread);
            }
            // The sandwich view is a DOM table of every frame (zone) speedscope parsed, with its times.
            // Headless Chromium dumps the DOM when its virtual time budget runs out; on a loaded machine that can
            // come before speedscope has drawn the table, so a dump without it is taken again (three tries at most).
            List<String> zones = List.of("ss-frame", "ss-update", "ss-physics", "ss-render");
            String sandwich = "";
            for (int attempt = 0; attempt < 3 && !hasAll(sandwich, zones); attempt++) {
                sandwich = chromiumRun(chromium, out, "--dump-dom", url + "&view=sandwich");
            }
            Files.writeString(out.resolve("speedscope-sandwich.html"), sandwich);
            for (String zone : zones) {
                assertTrue(sandwichHas(sandwich, zone), "speedscope parsed zone " + zone + " on the first "
                        + "thread; see " + out.resolve("speedscope-sandwich.html"));
            }
            chromiumRun(chromium, out, "--screenshot=" + out.resolve("speedscope.png"), url);
            assertTrue(Files.size(out.resolve("speedscope.png")) > 10_000, "a screenshot was taken");
        } finally {
            server.stop(0);
        }
    }

    private static boolean hasAll(String dom, List<String> zones) {
        return zones.stream().allMatch(zone -> sandwichHas(dom, zone));
    }

    private static boolean sandwichHas(String dom, String zone) {
        return dom.contains(">" + zone + "<");
    }

    /** Five frames of a small game: a game thread with nested zones, a worker with jobs, one GC note. */
    private static void writeTrace(Path file) throws Exception {
        ManualClock clock = new ManualClock(5_000_000_000L);
        Profiler profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
                .timelineCapacity(4096).build());
        FrameTimes times = FrameTimes.attach(profiler, 64);
        FrameNotes notes = new FrameNotes(16);
        profiler.addFrameListener((nanos, recorded) -> notes.settle(times, null));
        // A statistic becomes a counter track in the trace: speedscope must take it as well as the frame counters.
        FrameStatistics stats = FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        Counter bodies = Counter.define("Speedscope test/Bodies moved");
        Thread game = new Thread(() -> {
            Hudprof.install(profiler);
            try {
                CountDownLatch jobDone = new CountDownLatch(1);
                Thread worker = new Thread(() -> {
                    JOB.begin();
                    clock.advanceMicros(700);
                    JOB.end();
                    jobDone.countDown();
                    sleepQuietly();
                }, "ss-worker");
                worker.setDaemon(true);
                for (int f = 0; f < 5; f++) {
                    FRAME.begin();
                    UPDATE.begin();
                    PHYSICS.begin();
                    clock.advanceMicros(1_200 + 300L * f);
                    bodies.add(40 + f);
                    PHYSICS.end();
                    if (f == 1) {
                        worker.start();
                        jobDone.await(10, TimeUnit.SECONDS);
                    }
                    clock.advanceMicros(400);
                    UPDATE.end();
                    RENDER.begin();
                    clock.advanceMicros(f == 3 ? 9_000 : 2_100);
                    if (f == 3) {
                        notes.post(FrameNotes.Kind.GC, "G1 Young Generation", "G1 Evacuation Pause",
                                clock.nanoTime() - 6_000_000L, 5_500_000L);
                    }
                    RENDER.end();
                    FRAME.end();
                    clock.advanceMicros(250);
                    profiler.update();
                }
                TraceExporter.writeAtomically(ChromeTrace.capture(profiler, times, notes, 5, "speedscope test"),
                        file);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            } finally {
                stats.detach();
                Hudprof.uninstall();
            }
        }, "ss-game");
        List<Throwable> failure = new ArrayList<>();
        game.setUncaughtExceptionHandler((t, e) -> failure.add(e));
        game.start();
        game.join(30_000);
        assertTrue(failure.isEmpty(), () -> "writing the trace failed: " + failure);
        assertTrue(Files.isRegularFile(file));
        assertTrue(Files.readString(file).contains("\"name\":\"Speedscope test/Bodies moved\",\"cat\":\"stat\""),
                "the statistic's counter track is in the trace");
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The speedscope release folder, installed with npm into the cache when missing (npm must exist). */
    static Path speedscopeRelease() throws IOException, InterruptedException {
        Path dir = Path.of(System.getProperty("hudprof.speedscope.dir", System.getProperty("user.home")
                + "/.cache/hudprof/speedscope-" + SPEEDSCOPE_VERSION));
        Path release = dir.resolve("node_modules/speedscope/dist/release").toAbsolutePath();
        if (Files.isRegularFile(release.resolve("index.html"))) {
            return release;
        }
        String npm = onPath("npm");
        if (npm == null) {
            fail("the speedscope check needs the speedscope npm package in " + dir + ", and npm is missing to "
                    + "install it: install Node.js and npm (apt-get install npm), or run bash run-tests.sh");
        }
        Files.createDirectories(dir);
        Process p = new ProcessBuilder(npm, "install", "--no-audit", "--no-fund", "--prefix", dir.toString(),
                "speedscope@" + SPEEDSCOPE_VERSION).redirectErrorStream(true)
                .redirectOutput(dir.resolve("npm-install.log").toFile()).start();
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            fail("npm install speedscope@" + SPEEDSCOPE_VERSION + " failed; see " + dir.resolve("npm-install.log"));
        }
        assertTrue(Files.isRegularFile(release.resolve("index.html")), "npm installed speedscope's web app");
        return release;
    }

    static String chromium() {
        for (String name : List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")) {
            String found = onPath(name);
            if (found != null) {
                return found;
            }
        }
        return fail("the speedscope check needs Chromium, which is missing: apt-get install chromium, or run "
                + "bash run-tests.sh (it installs it where it may)");
    }

    private static String onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }

    /** Runs headless Chromium on {@code url} (bounded to 60 s) and returns its standard output. */
    private static String chromiumRun(String chromium, Path out, String mode, String url) throws Exception {
        Path profile = Files.createTempDirectory(out, "chromium-profile");
        Path log = out.resolve("chromium.log");
        List<String> command = List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--enable-unsafe-swiftshader", "--no-first-run", "--disable-extensions", "--user-data-dir=" + profile,
                "--window-size=1400,800", "--virtual-time-budget=15000", mode, url);
        Path stdout = out.resolve("chromium.out");
        Process p = new ProcessBuilder(command).redirectError(log.toFile()).redirectOutput(stdout.toFile()).start();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                fail("headless Chromium did not finish within 60 s: " + command + "; see " + log);
            }
            assertEquals(0, p.exitValue(), () -> "Chromium failed: " + command + "; see " + log);
        } finally {
            deleteTree(profile);
        }
        return Files.readString(stdout, StandardCharsets.UTF_8);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
