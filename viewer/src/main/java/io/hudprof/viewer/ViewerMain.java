package io.hudprof.viewer;

import io.hudprof.capture.file.CaptureDiff;
import io.hudprof.pstats.PStatsFormatException;
import io.hudprof.pstats.PStatsServer;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.SessionListener;
import io.hudprof.pstats.SessionLog;
import io.hudprof.pstats.TextStatsPrinter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;

/**
 * hudprof-viewer: a PStats server for hudprof games and Panda3D games alike. Listens on 5185 (or {@code --port}),
 * serves several clients at once, each recorded into a profile of its own, and draws one in its own window with the
 * game's HUD, F4 / Shift+F4 switching (see {@link ViewerClients}); or prints every client's frames ({@code --text}). Records sessions ({@code --record}) and
 * replays them ({@code --replay}) in either mode.
 */
public final class ViewerMain {
    private ViewerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        // The viewer is a PStats server: its replay profilers never stream anywhere, whatever HUDPROF_PSTATS says in
        // the shell that starts it and the game (a blank property wins over the variable and means off).
        System.setProperty("hudprof.pstats", "");
        int code = run(args, System.out, System.err, new CountDownLatch(1));
        if (code != 0) {
            System.exit(code);
        }
    }

    /**
     * Runs the viewer. Replays return when the file is done; a server runs until {@code stop} counts down (never,
     * from {@link #main}, which ends with the process).
     *
     * @return 0 on success, 1 when a replay or the server failed, 2 for a bad command line or system property
     */
    public static int run(String[] args, PrintStream out, PrintStream err, CountDownLatch stop)
            throws InterruptedException {
        for (String a : args) {
            if (a.equals("--help") || a.equals("-h")) {
                out.print(ViewerOptions.USAGE);
                return 0;
            }
            if (a.equals("--version")) {
                out.println("hudprof-viewer " + version());
                return 0;
            }
        }
        ViewerOptions options;
        try {
            options = ViewerOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("hudprof-viewer: " + e.getMessage());
            return 2;
        }
        String badProperty = ViewerProperties.problem();
        if (badProperty != null) {
            err.println("hudprof-viewer: " + badProperty);
            return 2;
        }
        if (options.compareWith() != null && options.text()) {
            return CaptureDiff.run(new String[] {options.capture().toString(), options.compareWith().toString(),
                "--search", options.search()}, out, err);
        }
        if (options.capture() != null) {
            return options.text() ? CaptureViewing.text(options.capture(), options.search(), out, err)
                    : CaptureViewing.window(options, err, stop);
        }
        if (!options.text()) {
            return window(options, err, stop);
        }
        if (options.replay() != null) {
            return replay(options.replay(), peer -> listener(peer, options, out), err);
        }
        return serve(options, out, err, stop, null);
    }

    /**
     * The window mode: the followed client's frames replayed into a core profiler and drawn with the HUD until the
     * window closes (or {@code stop} counts down). A replay feeds the whole file at once, then the window stays
     * open on it (the HUD's history keys go back through it).
     */
    static int window(ViewerOptions options, PrintStream err, CountDownLatch stop) throws InterruptedException {
        if (options.replay() != null) {
            return replayWindow(options, err, stop);
        }
        ViewerClients clients = new ViewerClients(HISTORY_FRAMES, options.memoryBudget());
        ViewerWindow window;
        try {
            window = ViewerWindow.open(clients, 1280, 800, options.headless());
        } catch (IllegalStateException e) {
            err.println("hudprof-viewer: " + e.getMessage());
            return 1;
        }
        try {
            Started started = start(options, peer -> logged(peer, new ClientFeed(clients, false), err), err);
            if (started == null) {
                return 1;
            }
            try {
                window.loop(stop, () -> status(clients, "port " + started.server.port()));
            } finally {
                shutdown(started.server, started.recorder, err);
            }
            return 0;
        } finally {
            window.close();
            clients.closeAll();
        }
    }

    /** A replay: the file's clients one after another into one profile, the window staying open on it. */
    private static int replayWindow(ViewerOptions options, PrintStream err, CountDownLatch stop)
            throws InterruptedException {
        RemoteProfile profile = new RemoteProfile(HISTORY_FRAMES);
        ViewerWindow window;
        try {
            window = ViewerWindow.open(profile, 1280, 800, options.headless());
        } catch (IllegalStateException e) {
            err.println("hudprof-viewer: " + e.getMessage());
            profile.close();
            return 1;
        }
        try {
            int[] result = new int[1];
            Thread feeder = new Thread(() -> result[0] = replay(options.replay(),
                    peer -> new ClientFeed(profile, true), err), "hudprof-viewer-replay");
            feeder.setDaemon(true);
            feeder.start();
            if (options.screenshot() != null) {
                return screenshotAfter(feeder, window, options.screenshot(), result, err);
            }
            window.loop(stop, () -> status(profile, "replay of " + options.replay().getFileName()));
            return result[0];
        } finally {
            window.close();
            profile.close();
        }
    }

    /** Draws while the replay runs, then once more after it, saves that frame and returns the replay's code. */
    static int screenshotAfter(Thread feeder, ViewerWindow window, Path file, int[] result, PrintStream err)
            throws InterruptedException {
        while (feeder.isAlive()) {
            window.renderFrame();
            window.swap();
            feeder.join(15);
        }
        window.renderFrame();
        try {
            window.screenshot(file);
        } catch (IOException e) {
            err.println("hudprof-viewer: cannot write --screenshot " + file + ": " + e.getMessage());
            return 1;
        }
        window.swap();
        return result[0];
    }

    /** Frames the window keeps in history (about 20 s at 30 frames a second). */
    static final int HISTORY_FRAMES = 600;

    /** The window title: who is shown and what was lost. */
    static String status(RemoteProfile profile, String source) {
        ClientFeed shown = profile.followed();
        StringBuilder sb = new StringBuilder("hudprof-viewer | ").append(source).append(" | ");
        if (shown == null) {
            sb.append("waiting for a PStats client");
        } else {
            sb.append(shown.name()).append(" | ").append(shown.replayed()).append(" frames");
            if (shown.dropped() > 0) {
                sb.append(", ").append(shown.dropped()).append(" dropped (viewer behind, or unusable)");
            }
            if (shown.skipped() > 0) {
                sb.append(", ").append(shown.skipped()).append(" out of order");
            }
        }
        int waiting = profile.waitingClients();
        if (waiting > 0) {
            sb.append(" | ").append(waiting).append(" more client").append(waiting == 1 ? "" : "s")
                    .append(" waiting (shown when this one leaves)");
        }
        return sb.toString();
    }

    /** The live window's title: which client of how many is shown, what was lost, how to switch. */
    static String status(ViewerClients clients, String source) {
        RemoteProfile profile = clients.shown();
        StringBuilder sb = new StringBuilder("hudprof-viewer | ").append(source).append(" | ");
        if (profile == null) {
            return sb.append("waiting for a PStats client").toString();
        }
        sb.append(clients.describe(profile));
        ClientFeed shown = profile.followed();
        if (shown != null) {
            sb.append(" | ").append(shown.name()).append(" | ").append(shown.replayed()).append(" frames");
            if (shown.skipped() > 0) {
                sb.append(", ").append(shown.skipped()).append(" out of order");
            }
        }
        if (clients.count() > 1) {
            sb.append(" | F4: next client, Shift+F4: previous");
        }
        return sb.toString();
    }

    private static SessionListener logged(String peer, ClientFeed feed, PrintStream err) {
        return new SessionListener() {
            @Override
            public void hello(PStatsSession session) {
                err.println("hudprof-viewer: client " + peer + ": " + session.hello().progname() + " on "
                        + session.hello().hostname() + ", PStats " + session.hello().major() + "."
                        + session.hello().minor());
                feed.hello(session);
            }

            @Override
            public void definitionsChanged(PStatsSession session) {
                // The feed reserves its profile's memory here, and refuses a client past the budget.
                feed.definitionsChanged(session);
            }

            @Override
            public void frame(PStatsSession session, io.hudprof.pstats.FrameData frame) {
                feed.frame(session, frame);
            }

            @Override
            public void closed(PStatsSession session, String reason) {
                err.println("hudprof-viewer: client " + peer + " left (" + reason + ")");
                feed.closed(session, reason);
            }
        };
    }

    /** The window's listener for a client, for tests that serve clients as the window does without opening it. */
    static SessionListener loggedForTest(String peer, ClientFeed feed, PrintStream err) {
        return logged(peer, feed, err);
    }

    record Started(PStatsServer server, SessionRecorder recorder) {
    }

    /** This build's version, from the jar's manifest ("development build" when run from classes). */
    static String version() {
        String v = ViewerMain.class.getPackage().getImplementationVersion();
        return v == null ? "(development build, not from a jar)" : v;
    }

    /** Where the server listens, for the start-up line: all interfaces (as PStats does) unless --bind says one. */
    static String listeningOn(InetAddress bind, int port) {
        if (bind == null) {
            return "all interfaces, port " + port + " (anyone who can reach this port may connect;"
                    + " --bind 127.0.0.1 keeps it to this machine)";
        }
        return bind.getHostAddress() + " port " + port;
    }

    /** Starts the server (and the recorder); null, with the reason printed, when it cannot. */
    static Started start(ViewerOptions options, Function<String, SessionListener> listeners,
            PrintStream err) {
        SessionRecorder recorder = null;
        try {
            if (options.record() != null) {
                recorder = new SessionRecorder(options.record());
            }
        } catch (IOException e) {
            err.println("hudprof-viewer: cannot write --record " + options.record() + ": " + e.getMessage());
            return null;
        }
        PStatsServer.Options serverOptions = PStatsServer.Options.defaults().withTap(recorder);
        try {
            PStatsServer server = PStatsServer.start(options.bind(), options.port(), listeners::apply,
                    err::println, serverOptions);
            err.println("hudprof-viewer: listening for PStats clients on " + listeningOn(options.bind(), server.port()));
            return new Started(server, recorder);
        } catch (IOException e) {
            err.println("hudprof-viewer: cannot listen on port " + options.port() + ": " + e.getMessage()
                    + " (another viewer or PStats server running? choose one with --port)");
            if (recorder != null) {
                recorder.close();
            }
            return null;
        }
    }

    /** Starts the text server for tests and embedding; the port is told through {@code started}. */
    static int serve(ViewerOptions options, PrintStream out, PrintStream err, CountDownLatch stop,
            java.util.function.IntConsumer started) throws InterruptedException {
        Started running = start(options, peer -> listener(peer, options, out), err);
        if (running == null) {
            return 1;
        }
        PStatsServer server = running.server;
        SessionRecorder recorder = running.recorder;
        if (started != null) {
            started.accept(server.port());
        }
        Thread hook = new Thread(() -> shutdown(server, recorder, err));
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            stop.await();
        } finally {
            Runtime.getRuntime().removeShutdownHook(hook);
            shutdown(server, recorder, err);
        }
        return 0;
    }

    static void shutdown(PStatsServer server, SessionRecorder recorder, PrintStream err) {
        server.close();
        if (recorder != null) {
            try {
                recorder.close();
            } catch (RuntimeException e) {
                err.println("hudprof-viewer: " + e.getMessage() + ": " + e.getCause());
            }
        }
    }

    private static SessionListener listener(String peer, ViewerOptions options, PrintStream out) {
        TextStatsPrinter printer = new TextStatsPrinter(out, options.raw());
        return new SessionListener() {
            @Override
            public void hello(PStatsSession session) {
                out.println("Client " + peer + ": " + session.hello().progname() + " on " + session.hello().hostname()
                        + ", PStats " + session.hello().major() + "." + session.hello().minor());
            }

            @Override
            public void frame(PStatsSession session, io.hudprof.pstats.FrameData frame) {
                printer.frame(session, frame);
            }

            @Override
            public void closed(PStatsSession session, String reason) {
                printer.closed(session, reason);
            }
        };
    }

    /** Feeds a recorded file's client messages through the same sessions a live client gets. */
    static int replay(Path file, Function<String, SessionListener> listeners, PrintStream err) {
        Map<String, PStatsSession> sessions = new LinkedHashMap<>();
        Set<String> dropped = new HashSet<>();
        int line = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            SessionLog.Entry e;
            while ((e = SessionLog.read(in, ++line)) != null) {
                if (!e.clientToServer() || dropped.contains(e.client())) {
                    continue;
                }
                String client = e.client();
                PStatsSession session = sessions.computeIfAbsent(client,
                        c -> new PStatsSession(c, listeners.apply(c.isEmpty() ? "replay" : c)));
                byte[] b = e.bytes();
                try {
                    if (e.udp()) {
                        session.udpDatagram(b, 0, b.length);
                    } else if (b.length < 4) {
                        throw new PStatsFormatException("TCP message without its length");
                    } else {
                        session.tcpPayload(b, 4, b.length - 4);
                    }
                } catch (PStatsFormatException bad) {
                    if (!e.udp()) {
                        err.println("hudprof-viewer: line " + line + ": client " + client + " dropped: "
                                + bad.getMessage());
                        dropped.add(client);
                        session.close("dropped");
                        sessions.remove(client);
                    } else {
                        err.println("hudprof-viewer: line " + line + ": datagram dropped: " + bad.getMessage());
                    }
                }
            }
        } catch (IOException | PStatsFormatException e) {
            err.println("hudprof-viewer: --replay " + file + ": " + e.getMessage());
            sessions.values().forEach(s -> s.close("end of replay"));
            return 1;
        }
        sessions.values().forEach(s -> s.close("end of replay"));
        return 0;
    }
}
