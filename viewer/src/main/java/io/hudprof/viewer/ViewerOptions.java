package io.hudprof.viewer;

import io.hudprof.overlay.ZoneSearch;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;

/**
 * The viewer's command line. Bad values fail at start-up with a message that names the option and what it accepts.
 *
 * @param port   TCP port to listen on (0: any free one)
 * @param bind   address to listen on
 * @param text   print per-frame collector times like Panda's text-stats
 * @param raw    with the text, also each frame's start/stop events (text-stats -r)
 * @param record file to record every session's messages to, or null
 * @param replay file to replay instead of listening, or null
 * @param screenshot with {@code --replay}: after the replay, save the window as a PNG here and exit, or null
 * @param headless the window on GLFW's null platform with a surfaceless EGL context (no X server; nothing is shown
 *                 on screen), for CI and screenshots
 * @param capture  a {@code .hudprof} capture to open instead of listening, or null
 * @param compareWith a second capture, or null: the diff of {@code capture} (before) against it (after), printed
 *                 with {@code --text}, else shown in the window's diff panel over the second capture
 * @param search   with {@code --text} and a capture: only the zones whose names contain it (ignoring case), as the
 *                 HUD's {@code /} search filters them; empty: every zone
 * @param clientMemoryMib the heap one live client's profile may hold in the window, MiB ({@link MemoryBudget})
 * @param totalMemoryMib  the heap all live clients' profiles may hold together, MiB; 0: half the JVM's maximum heap
 */
public record ViewerOptions(int port, InetAddress bind, boolean text, boolean raw, Path record, Path replay,
        boolean headless, Path screenshot, Path capture, Path compareWith, String search, long clientMemoryMib,
        long totalMemoryMib) {
    /** PStats' default port. */
    public static final int DEFAULT_PORT = 5185;

    static final String USAGE = """
            usage: java -jar hudprof-viewer.jar [--port N] [--bind ADDRESS] [--text] [--raw] [--record FILE]
                                                [--replay FILE] [--headless] [--screenshot PNG] [--help] [--version]
                                                [--client-memory MIB] [--total-memory MIB]
                   java -jar hudprof-viewer.jar [--text [--search TEXT]] [--headless] [--screenshot PNG] FILE.hudprof
                   java -jar hudprof-viewer.jar [--text [--search TEXT]] BEFORE.hudprof AFTER.hudprof
              (without --text: a window that shows a connected client with the game's HUD, the first to connect;
               F4 / Shift+F4 show the next / previous client; F3 hides the HUD)
              FILE.hudprof     open a capture (written with Captures.of(profiler), or the demo's --capture):
                               every frame in the HUD (P pauses, Left/Right scrub), or with --text print it;
                               two captures: what changed, per zone and call-graph edge, largest first (with
                               --text printed; else the window shows AFTER with the diff panel, Shift+1 hides it)
              --port N         TCP port for PStats clients (default 5185; each client also gets a UDP port above it)
              --bind ADDRESS   address to listen on (default: all interfaces, as PStats does; 127.0.0.1 for
                               this machine only)
              --text           print each frame's collector times (ms) and levels, like Panda's text-stats
              --raw            with --text, also print each frame's start/stop events (text-stats -r)
              --search TEXT    with --text and a capture: only zones whose names contain TEXT (ignoring case) and
                               what leads to them, as the HUD's / search; in a diff, the edges with one at either end
              --record FILE    also write every message of every session to FILE (one JSON line each)
              --replay FILE    read a recorded session (or a pstats-captures .jsonl) instead of listening
              --headless       the window without a display (GLFW null platform, EGL), for CI
              --screenshot PNG with --replay or a capture: once replayed, save the window to PNG and exit
              --client-memory MIB  the heap one client's profile may hold in the window (default 128); a client
                               whose collectors and threads would need more is refused, with a line saying so
              --total-memory MIB   the heap all clients' profiles may hold together (default: half of the
                               JVM's maximum heap, -Xmx; at most all of it); past it a new client is refused
              --help           this text          --version   the viewer's version
            """;

    /** Parses arguments; throws {@link IllegalArgumentException} with a message for the user. */
    public static ViewerOptions parse(String... args) {
        int port = DEFAULT_PORT;
        InetAddress bind = null;
        boolean text = false;
        boolean raw = false;
        Path record = null;
        Path replay = null;
        boolean headless = false;
        Path screenshot = null;
        Path capture = null;
        Path compareWith = null;
        String search = "";
        long clientMemory = MemoryBudget.DEFAULT_CLIENT_MIB;
        long totalMemory = 0;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--port" -> port = port(value(args, ++i, a));
                case "--bind" -> bind = address(value(args, ++i, a));
                case "--text" -> text = true;
                case "--raw" -> raw = true;
                case "--record" -> record = Path.of(value(args, ++i, a));
                case "--replay" -> replay = Path.of(value(args, ++i, a));
                case "--headless" -> headless = true;
                case "--screenshot" -> screenshot = Path.of(value(args, ++i, a));
                case "--search" -> search = value(args, ++i, a);
                case "--client-memory" -> clientMemory = mebibytes(value(args, ++i, a), a);
                case "--total-memory" -> totalMemory = mebibytes(value(args, ++i, a), a);
                default -> {
                    if (a.startsWith("-") || compareWith != null) {
                        throw new IllegalArgumentException((a.startsWith("-") ? "unknown option " : "at most two "
                                + "captures (before and after), not also ") + a + "\n" + USAGE);
                    }
                    if (capture == null) {
                        capture = Path.of(a);
                    } else {
                        compareWith = Path.of(a);
                    }
                }
            }
        }
        if (record != null && replay != null) {
            throw new IllegalArgumentException("--record and --replay exclude each other\n" + USAGE);
        }
        if (raw && !text) {
            throw new IllegalArgumentException("--raw needs --text\n" + USAGE);
        }
        if (headless && text) {
            throw new IllegalArgumentException("--headless is for the window; --text has none\n" + USAGE);
        }
        if (screenshot != null && ((replay == null && capture == null) || text)) {
            throw new IllegalArgumentException("--screenshot needs --replay or a capture, and the window (not --text)\n"
                    + USAGE);
        }
        if (capture != null && (replay != null || record != null || raw)) {
            throw new IllegalArgumentException("a capture file is opened alone: not with --replay, --record or --raw\n"
                    + USAGE);
        }
        if (!search.isEmpty() && (!text || capture == null)) {
            throw new IllegalArgumentException("--search filters the text of a capture: give --text and a .hudprof file"
                    + " (in the window, press / to search)\n" + USAGE);
        }
        if (search.length() > ZoneSearch.MAX_LENGTH) {
            throw new IllegalArgumentException("--search takes at most " + ZoneSearch.MAX_LENGTH + " characters\n"
                    + USAGE);
        }
        long maxHeapMib = Runtime.getRuntime().maxMemory() >> 20;
        if (totalMemory > maxHeapMib) {
            throw new IllegalArgumentException("--total-memory " + totalMemory + " is more than the JVM's maximum"
                    + " heap (" + maxHeapMib + " MiB); give less, or a larger heap with java -Xmx");
        }
        if (totalMemory > 0 && clientMemory > totalMemory) {
            throw new IllegalArgumentException("--client-memory " + clientMemory + " is more than --total-memory "
                    + totalMemory + "; no client could be served");
        }
        return new ViewerOptions(port, bind, text, raw, record, replay, headless, screenshot, capture, compareWith,
                search, clientMemory, totalMemory);
    }

    /** The live window's memory budget for clients from {@code --client-memory} and {@code --total-memory}. */
    MemoryBudget memoryBudget() {
        return new MemoryBudget(clientMemoryMib, totalMemoryMib > 0 ? totalMemoryMib : MemoryBudget.defaultTotalMib());
    }

    private static long mebibytes(String v, String option) {
        try {
            long mib = Long.parseLong(v.trim());
            if (mib >= 16 && mib <= 1 << 20) {
                return mib;
            }
        } catch (NumberFormatException ignored) {
            // the message below says what is accepted
        }
        throw new IllegalArgumentException(option + " " + v + " is not valid; give MiB as a whole number from 16 to "
                + (1 << 20));
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value\n" + USAGE);
        }
        return args[i];
    }

    private static int port(String v) {
        try {
            int p = Integer.parseInt(v);
            if (p >= 0 && p <= 65534) {
                return p;
            }
        } catch (NumberFormatException ignored) {
            // the message below says what is accepted
        }
        throw new IllegalArgumentException("--port " + v + " is not valid; give a port number 0..65534");
    }

    private static InetAddress address(String v) {
        try {
            return InetAddress.getByName(v);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind " + v + " is not a known address; give a host name or IP");
        }
    }
}
