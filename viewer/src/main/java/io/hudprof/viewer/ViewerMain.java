package io.hudprof.viewer;

import io.hudprof.pstats.PStatsFormatException;
import io.hudprof.pstats.PStatsServer;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.SessionListener;
import io.hudprof.pstats.SessionLog;
import io.hudprof.pstats.TextStatsPrinter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * hudprof-viewer: a PStats server for hudprof games and Panda3D games alike. Listens on 5185 (or {@code --port}),
 * serves several clients at once, prints their frames ({@code --text}), records sessions ({@code --record}) and
 * replays them ({@code --replay}).
 *
 * <p>The full-window GL views are not built yet; until they are, the viewer prints the text view and says so.
 */
public final class ViewerMain {
    private ViewerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        int code = run(args, System.out, System.err, new CountDownLatch(1));
        if (code != 0) {
            System.exit(code);
        }
    }

    /**
     * Runs the viewer. Replays return when the file is done; a server runs until {@code stop} counts down (never,
     * from {@link #main}, which ends with the process).
     *
     * @return 0 on success, 1 when a replay or the server failed, 2 for a bad command line
     */
    public static int run(String[] args, PrintStream out, PrintStream err, CountDownLatch stop)
            throws InterruptedException {
        ViewerOptions options;
        try {
            options = ViewerOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("hudprof-viewer: " + e.getMessage());
            return 2;
        }
        if (!options.text()) {
            err.println("hudprof-viewer: the window view is not built yet; printing the text view (--text)");
        }
        if (options.replay() != null) {
            return replay(options, out, err);
        }
        return serve(options, out, err, stop, null);
    }

    /** Starts the server for tests and embedding; the port is told through {@code started}. */
    static int serve(ViewerOptions options, PrintStream out, PrintStream err, CountDownLatch stop,
            java.util.function.IntConsumer started) throws InterruptedException {
        SessionRecorder recorder = null;
        try {
            if (options.record() != null) {
                recorder = new SessionRecorder(options.record());
            }
        } catch (IOException e) {
            err.println("hudprof-viewer: cannot write --record " + options.record() + ": " + e.getMessage());
            return 1;
        }
        PStatsServer.Options serverOptions = PStatsServer.Options.defaults().withTap(recorder);
        PStatsServer server;
        try {
            server = PStatsServer.start(options.bind(), options.port(), peer -> listener(peer, options, out),
                    err::println, serverOptions);
        } catch (IOException e) {
            err.println("hudprof-viewer: cannot listen on port " + options.port() + ": " + e.getMessage()
                    + " (another viewer or PStats server running? choose one with --port)");
            return 1;
        }
        err.println("hudprof-viewer: listening for PStats clients on port " + server.port());
        if (started != null) {
            started.accept(server.port());
        }
        SessionRecorder toClose = recorder;
        Thread hook = new Thread(() -> shutdown(server, toClose, err));
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            stop.await();
        } finally {
            Runtime.getRuntime().removeShutdownHook(hook);
            shutdown(server, recorder, err);
        }
        return 0;
    }

    private static void shutdown(PStatsServer server, SessionRecorder recorder, PrintStream err) {
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
    private static int replay(ViewerOptions options, PrintStream out, PrintStream err) {
        Map<String, PStatsSession> sessions = new LinkedHashMap<>();
        Set<String> dropped = new HashSet<>();
        int line = 0;
        try (BufferedReader in = Files.newBufferedReader(options.replay(), StandardCharsets.UTF_8)) {
            SessionLog.Entry e;
            while ((e = SessionLog.read(in, ++line)) != null) {
                if (!e.clientToServer() || dropped.contains(e.client())) {
                    continue;
                }
                String client = e.client();
                PStatsSession session = sessions.computeIfAbsent(client,
                        c -> new PStatsSession(c, listener(c.isEmpty() ? "replay" : c, options, out)));
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
            err.println("hudprof-viewer: --replay " + options.replay() + ": " + e.getMessage());
            sessions.values().forEach(s -> s.close("end of replay"));
            return 1;
        }
        sessions.values().forEach(s -> s.close("end of replay"));
        return 0;
    }
}
