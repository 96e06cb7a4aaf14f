package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_F4;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SHIFT;
import static org.lwjgl.glfw.GLFW.GLFW_MOUSE_BUTTON_LEFT;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.overlay.HudTargets;
import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.testing.XvfbDisplay;
import io.hudprof.testkit.AllocationCheck;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The live window with two real hudprof games over loopback (each its own JVM, scripted with a manual clock, with
 * different AI times): each game is a client with a profile of its own, F4 / Shift+F4 switch which one the window
 * shows, each shows its own game's frames exactly (every frame in its history, the last one's zones), keeps its
 * report state while the other is shown, and when the shown game leaves the other one is shown. The mouse goes to
 * the shown client's HUD through the window's GLFW callbacks, and to the other one's after F4 without a move.
 */
class ViewerClientsGlTest {
    private static final Path SHOTS = Path.of("target/viewer-screenshots");

    /** A game process and the lines it printed. */
    private static final class Game {
        final Process process;
        final List<String> out = new CopyOnWriteArrayList<>();

        Game(int port, int frames, int extraSteps) throws Exception {
            process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), RemoteGame.class.getName(), Integer.toString(port),
                    Integer.toString(frames), "tcp", Integer.toString(extraSteps), "wait")
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            Thread reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    in.lines().forEach(out::add);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            reader.setDaemon(true);
            reader.start();
        }

        boolean sentAll() {
            return out.stream().anyMatch(l -> l.startsWith("dropped "));
        }

        void leave() throws Exception {
            OutputStream in = process.getOutputStream();
            in.write('\n');
            in.close();
        }

        /** The game's own frames: frame number → length, zone self times and entries. */
        Map<Long, ProfileFrames.Frame> frames() {
            Map<Long, ProfileFrames.Frame> frames = new LinkedHashMap<>();
            for (String line : out) {
                String[] w = line.split(" ");
                if (w[0].equals("frame")) {
                    frames.put(Long.parseLong(w[1]), new ProfileFrames.Frame(Long.parseLong(w[2]), new TreeMap<>(),
                            new TreeMap<>()));
                } else if (w[0].equals("zone")) {
                    ProfileFrames.Frame f = frames.get(Long.parseLong(w[1]));
                    f.self().put(w[2], Long.parseLong(w[3]));
                    f.calls().put(w[2], Long.parseLong(w[4]));
                }
            }
            return frames;
        }
    }

    private static ViewerWindow openWindow(ViewerClients clients) {
        try {
            return ViewerWindow.open(clients, 1280, 800, true);
        } catch (IllegalStateException eglFailed) {
            XvfbDisplay.ensure();
            return ViewerWindow.open(clients, 1280, 800, false);
        }
    }

    /** Draws until {@code done}, at most 60 s. */
    private static void drawUntil(ViewerWindow window, BooleanSupplier done, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
            window.renderFrame();
            window.swap();
            Thread.sleep(5);
        }
        window.renderFrame();
        window.swap();
    }

    private static String hudStatus(RemoteProfile profile) {
        StringBuilder line = new StringBuilder(256);
        synchronized (profile.lock()) {
            ReportController.of(profile.profiler()).status().appendStatus(line);
        }
        return line.toString();
    }

    /**
     * The profile holds exactly the game's frames but its last (a frame is replayed when the next one arrives, or
     * the client leaves): every frame's length in its history, and the last one's self times and entries per zone.
     */
    private static void assertShowsGame(RemoteProfile profile, Game game, int frames) {
        Map<Long, ProfileFrames.Frame> sent = game.frames();
        assertEquals(frames, sent.size());
        synchronized (profile.lock()) {
            assertEquals(frames - 1, profile.lastFrameNumber());
            assertEquals(frames - 1, profile.profiler().recordedFrames());
            FrameHistory history = profile.profiler().history();
            for (int ago = 0; ago < frames - 1; ago++) {
                long n = frames - 1 - ago;
                assertEquals(n, history.frameNumber(ago));
                assertEquals(sent.get(n).nanos(), history.frameNanos(ago), "length of frame " + n);
            }
            ProfileFrames.Frame last = ProfileFrames.snapshot(profile.profiler());
            ProfileFrames.Frame expected = sent.get((long) frames - 1);
            assertEquals(expected.self(), last.self(), "self times of the last frame");
            assertEquals(expected.calls(), last.calls(), "entries of the last frame");
        }
    }

    private static int cursor(RemoteProfile profile) {
        synchronized (profile.lock()) {
            return ReportController.of(profile.profiler()).cursor();
        }
    }

    @Test
    void f4SwitchesBetweenTwoLiveGamesEachShowingItsOwnProfileAndTheOtherIsShownWhenTheShownOneLeaves()
            throws Exception {
        ViewerClients clients = new ViewerClients(600);
        List<ClientFeed> feeds = new CopyOnWriteArrayList<>();
        ViewerMain.Started server = ViewerMain.start(ViewerOptions.parse("--port", "0", "--bind", "127.0.0.1"),
                peer -> {
                    ClientFeed feed = new ClientFeed(clients, false);
                    feeds.add(feed);
                    return feed;
                }, System.err);
        int port = server.server().port();
        List<Game> games = new ArrayList<>();
        try (ViewerWindow window = openWindow(clients)) {
            window.renderFrame();
            assertEquals(null, window.shown(), "no client yet");
            assertTrue(ViewerMain.status(clients, "port " + port).endsWith("waiting for a PStats client"));

            Game a = new Game(port, 120, 0);
            games.add(a);
            drawUntil(window, () -> clients.count() == 1, "the first game's hello");
            Game b = new Game(port, 90, 3);
            games.add(b);
            drawUntil(window, () -> a.sentAll() && b.sentAll() && clients.count() == 2
                    && feeds.get(0).replayed() >= 2 * 119 && feeds.get(1).replayed() >= 2 * 89, "both games' frames");
            assertEquals(List.of("dropped 0"), a.out.stream().filter(l -> l.startsWith("dropped")).toList());
            assertEquals(List.of("dropped 0"), b.out.stream().filter(l -> l.startsWith("dropped")).toList());

            // The first game is shown, with its own frames; the second was recorded meanwhile, into its own profile.
            RemoteProfile first = window.shown();
            assertNotNull(first);
            assertSame(feeds.get(0), first.followed());
            assertShowsGame(first, a, 120);
            assertTrue(hudStatus(first).startsWith("client 1 of 2: "), hudStatus(first));
            assertTrue(ViewerMain.status(clients, "port " + port).contains("client 1 of 2: "));
            Overlay firstHud = window.hud();
            synchronized (first.lock()) {
                ReportController.of(first.profiler()).setMode(ReportMode.HIERARCHICAL_TIME);
            }
            window.renderFrame();
            window.screenshot(SHOTS.resolve("two-clients-first.png"));
            window.swap();

            window.key(GLFW_KEY_F4, GLFW_PRESS, 0);
            window.renderFrame();
            RemoteProfile second = window.shown();
            assertNotSame(first, second, "F4 shows the next client");
            assertSame(feeds.get(1), second.followed());
            assertNotSame(firstHud, window.hud(), "each client has a HUD of its own");
            assertShowsGame(second, b, 90);
            assertTrue(hudStatus(second).startsWith("client 2 of 2: "), hudStatus(second));
            synchronized (second.lock()) {
                assertNotEquals(ReportMode.HIERARCHICAL_TIME, ReportController.of(second.profiler()).mode(),
                        "the first client's report mode is its own");
            }
            Path shot = SHOTS.resolve("two-clients-second.png");
            window.screenshot(shot);
            assertTrue(Files.size(shot) > 10_000);
            window.swap();

            // The mouse goes to the shown client's HUD: a click on its third shown row puts its cursor there.
            int firstCursor = cursor(first);
            int[] row = HudTargets.row(window.hud(), 2);
            assertTrue(cursor(second) != HudTargets.firstRow(window.hud()) + 2, "the cursor is elsewhere");
            window.pointer(row[0], row[1]);
            window.button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS);
            window.button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE);
            assertEquals(HudTargets.firstRow(window.hud()) + 2, cursor(second), "a click on the shown HUD's row");
            assertEquals(firstCursor, cursor(first), "the other client's HUD took no click");
            window.renderFrame();
            window.screenshot(SHOTS.resolve("two-clients-second-clicked.png"));
            window.swap();

            window.key(GLFW_KEY_F4, GLFW_PRESS, GLFW_MOD_SHIFT);
            window.renderFrame();
            window.swap();
            assertSame(first, window.shown(), "Shift+F4 goes back");
            assertSame(firstHud, window.hud(), "the first client's HUD as it was left");
            synchronized (first.lock()) {
                assertEquals(ReportMode.HIERARCHICAL_TIME, ReportController.of(first.profiler()).mode());
            }
            // F4 re-targets the mouse: the pointer did not move, and a click lands on the first client's row under it.
            assertTrue(firstCursor != HudTargets.firstRow(firstHud) + 2, "the first client's cursor is elsewhere");
            window.button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS);
            window.button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE);
            assertEquals(HudTargets.firstRow(firstHud) + 2, cursor(first), "a click after F4, without a move, goes"
                    + " to the HUD now shown, at the pointer");
            assertEquals(HudTargets.firstRow(window.hud()) + 2, cursor(second));
            assertShowsGame(first, a, 120);
            window.key(GLFW_KEY_F4, GLFW_PRESS, GLFW_MOD_SHIFT);
            window.renderFrame();
            assertSame(second, window.shown(), "Shift+F4 wraps around");
            window.key(GLFW_KEY_F4, GLFW_PRESS, 0);
            window.renderFrame();
            assertSame(first, window.shown(), "F4 wraps around");

            // Drawing the window allocates nothing in steady state, two clients connected, the HUD title naming the shown one.
            AllocationCheck.assertSteady("drawing the window, two clients connected", 600, 9, 100, () -> {
                window.renderFrame();
                window.swap();
            });

            // The shown game leaves: the other one is shown, still with its own frames.
            a.leave();
            assertEquals(0, a.process.waitFor(60, TimeUnit.SECONDS) ? a.process.exitValue() : -1);
            drawUntil(window, () -> feeds.get(0).closed() && clients.count() == 1, "the first game leaving");
            assertSame(second, window.shown(), "the remaining client is shown");
            assertShowsGame(second, b, 90);
            assertTrue(hudStatus(second).startsWith("client 1 of 1: "), hudStatus(second));
            assertEquals(120, feeds.get(0).replayed() / 2, "the first game's last frame was replayed as it left");

            // The last client leaves: its profile stays shown, with its last frame.
            b.leave();
            drawUntil(window, () -> feeds.get(1).closed() && clients.count() == 0, "the second game leaving");
            assertSame(second, window.shown());
            assertTrue(hudStatus(second).endsWith(" left"), hudStatus(second));
            synchronized (second.lock()) {
                assertEquals(90, second.profiler().recordedFrames());
            }
        } finally {
            for (Game g : games) {
                g.process.destroy();
            }
            ViewerMain.shutdown(server.server(), server.recorder(), System.err);
            clients.closeAll();
        }
    }
}
