package io.hudprof.demo;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The demo's command-line options, parsed and checked; see {@link #HELP}. */
final class DemoOptions {
    static final String USAGE = "usage: hudprof-demo [--frames N] [--fixed-dt SECONDS] [--seed N] [--size WxH]"
            + " [--hud] [--translucent-hud] [--hud-refresh-ms N] [--hud-keep-pixels] [--callgraph ZONE] [--keys SCRIPT] [--screenshot FILE.png] [--report] [--rocks N]"
            + " [--hunters N] [--workers N] [--headless] [--gl-debug] [--no-vsync] [--no-gpu-timing] [--uninstrumented] [--export FILE.json] [--capture FILE.hudprof] [--spike-captures DIR] [--slow ZONE=PERCENT[,...]] [--help] [--version]";

    static final String HELP = USAGE + "\n\n"
            + "hudprof demo: fly a ship through an asteroid field full of AI hunters, with the hudprof HUD (F3).\n\n"
            + "Game keys: W/S thrust and brake, A/D turn, Space fire (the turret fires by itself), Left Shift boost,\n"
            + "           Q/E or mouse wheel zoom, J garbage (boxed floats in the particle update),\n"
            + "           F7 GPU-heavy background (the GPU's time grows, the CPU's does not), Esc quit.\n"
            + "HUD keys:  F3 show/hide, Up/Down cursor, Enter call graph, Backspace parent, M mode, V averaging,\n"
            + "           P pause, Left/Right frame (Shift: 10), End live frame, G graph, K category strip chart,\n"
            + "           T time/allocated bytes, C value chart, H help.\n\n"
            + "Options:\n"
            + "  --frames N            run N frames, then exit (default: until the window is closed)\n"
            + "  --fixed-dt SECONDS    advance the game by a fixed step each frame, e.g. 1/60 or 0.02 (default: real time)\n"
            + "  --seed N              random seed of the world (default 1); with --fixed-dt a run is repeatable\n"
            + "  --size WxH            window size in pixels (default 1280x720)\n"
            + "  --hud                 start with the HUD shown\n"
            + "  --translucent-hud     draw the HUD's panels translucent over the game (default opaque, cheaper to\n"
            + "                        rasterise on a software renderer)\n"
            + "  --hud-refresh-ms N    redraw the HUD's content every N ms of profiler time, showing the last one in\n"
            + "                        between; any HUD key or mouse action redraws it at once (default 500; 0: every\n"
            + "                        frame)\n"
            + "  --hud-keep-pixels     between refreshes copy the HUD's pixels back from an off-screen framebuffer\n"
            + "                        instead of drawing its kept draw list again (OverlayConfig.keepPixels)\n"
            + "  --callgraph ZONE      start the HUD on ZONE's call graph, e.g. Raycast; with --report, also print it\n"
            + "  --keys SCRIPT         press keys at given frames, through the same GLFW key callback as real keys.\n"
            + "                        Comma-separated steps KEY, KEY*COUNT (COUNT presses, one per frame) or\n"
            + "                        @FRAME:KEY (start at FRAME); steps without @ follow one frame apart;\n"
            + "                        the first starts at frame " + KeyScript.DEFAULT_START + ". KEY is a GLFW key name such as"
            + " F3, Down, Enter,\n"
            + "                        Left, Backspace, Space, W, with optional Shift+/Ctrl+/Alt+ prefixes.\n"
            + "                        Example: --keys \"@120:F3,Down,Down,Enter,Left*10\"\n"
            + "  --screenshot FILE     save the last frame, HUD included, as a PNG\n"
            + "  --report              print hudprof's plain-text report at exit\n"
            + "  --rocks N             asteroids in the field (default 3000)\n"
            + "  --hunters N           AI hunters (default 48)\n"
            + "  --workers N           threads of the ForkJoinPool the particle update runs on (default: the\n"
            + "                        processors less one, 1 to 3; 0: the game thread alone)\n"
            + "  --headless            no window: GLFW's null platform with EGL (needs Mesa's libEGL, no X server);\n"
            + "                        chosen by itself when there is no display, with 600 frames, the HUD, the\n"
            + "                        report and a screenshot in the temporary directory unless given\n"
            + "  --gl-debug            debug context; every GL error is printed and makes the exit code 3\n"
            + "  --no-vsync            do not wait for the display at each frame\n"
            + "  --no-gpu-timing       the HUD makes no GPU timer: GPU zones record nothing (what GPU timing costs)\n"
            + "  --uninstrumented      play as a game without hudprof: no profiler, HUD, statistics or update; the\n"
            + "                        zones stay in the code but record nothing unless something else installs a\n"
            + "                        profiler (for the -javaagent tests; excludes --hud, --callgraph, --report)\n"
            + "  --export FILE.json    at exit, write the last 120 frames as a Chrome trace (Perfetto, speedscope)\n"
            + "  --capture FILE        write every frame of the run to a .hudprof capture (open it with\n"
            + "                        hudprof-viewer FILE, or --text FILE to print it)\n"
            + "  --spike-captures DIR  write each spike with 10 frames either side to DIR/hudprof-spike-N.hudprof\n"
            + "  --slow ZONE=PERCENT[,ZONE=PERCENT]\n"
            + "                        make the named zones slower by PERCENT (1 to 10000) of their own work: each entry\n"
            + "                        spins that share of the time it took, inside the zone; for comparisons with a\n"
            + "                        known regression, e.g. --slow \"A*=50\" (the option may be repeated)\n"
            + "  --help                this text\n"
            + "  --version             the demo's version\n\n"
            + "Streams to a PStats server (hudprof-viewer, Panda3D's pstats) with -Dhudprof.pstats=HOST[:PORT]\n"
            + "or HUDPROF_PSTATS=HOST[:PORT]; docs/PROPERTIES.md lists every hudprof property.\n\n"
            + "Exit codes: 0 done, 1 failed (no OpenGL context, a crash), 2 bad options, 3 GL errors seen.";

    int frames;
    float fixedDt;
    long seed = 1;
    int width = 1280;
    int height = 720;
    boolean hud;
    String callGraph;
    KeyScript keys = KeyScript.EMPTY;
    Path screenshot;
    boolean report;
    Path export;
    Path capture;
    /** A folder for each spike's capture file (with {@link DemoApp#SPIKE_CAPTURE_AROUND} frames either side). */
    Path spikeCaptures;
    int rocks = 3000;
    int hunters = 48;
    int workers = Math.max(1, Math.min(3, Runtime.getRuntime().availableProcessors() - 1));
    boolean headless;
    boolean glDebug;
    boolean vsync = true;
    boolean gpuTiming = true;
    /** The HUD's panels opaque ({@code OverlayConfig.opaquePanels}; --translucent-hud turns it off). */
    boolean opaqueHud = true;
    /** How often the shown HUD redraws its content, in ms ({@code OverlayConfig.refreshInterval}; --hud-refresh-ms). */
    int hudRefreshMillis = 500;
    /** Whether the HUD copies its pixels back between refreshes ({@code OverlayConfig.keepPixels}; --hud-keep-pixels). */
    boolean hudKeepPixels;
    boolean uninstrumented;
    boolean help;
    /** --slow: zone name as typed to percent, in the order given; resolved to zones once the game's zones exist. */
    final Map<String, Integer> slow = new LinkedHashMap<>();

    private DemoOptions() {
    }

    /**
     * True on Linux (or another X11 system) when neither {@code DISPLAY} nor {@code WAYLAND_DISPLAY} is set: no
     * window can open, so a windowed run would only fail.
     */
    static boolean noDisplay(String osName, String display, String waylandDisplay) {
        boolean windowSystemByEnvironment = !osName.startsWith("Windows") && !osName.startsWith("Mac");
        return windowSystemByEnvironment && isBlank(display) && isBlank(waylandDisplay);
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    /**
     * Turns a windowed run into a headless one that still shows something: EGL without a window, a fixed number
     * of frames at a fixed step (unless given), the HUD on, the report printed and a screenshot written.
     *
     * @return a sentence saying what was changed, for the console
     */
    String fallBackToHeadless(Path defaultScreenshot) {
        headless = true;
        hud = !uninstrumented;
        report = !uninstrumented;
        if (frames == 0) {
            frames = 600;
        }
        if (fixedDt == 0) {
            fixedDt = 1f / 60;
        }
        if (screenshot == null) {
            screenshot = defaultScreenshot;
        }
        return "no display found (DISPLAY and WAYLAND_DISPLAY are unset), so the demo runs headless: " + frames
                + " frames through EGL with the HUD shown, then prints the report and writes the last frame to "
                + screenshot.toAbsolutePath();
    }

    /** Parses the command line; throws {@link UsageException} naming the first bad option. */
    static DemoOptions parse(String... args) throws UsageException {
        DemoOptions o = new DemoOptions();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--help", "-h" -> o.help = true;
                case "--frames" -> o.frames = positive(arg, value(args, ++i, arg), 1);
                case "--fixed-dt" -> o.fixedDt = seconds(value(args, ++i, arg));
                case "--seed" -> o.seed = number(arg, value(args, ++i, arg));
                case "--size" -> o.size(value(args, ++i, arg));
                case "--hud" -> o.hud = true;
                case "--translucent-hud" -> o.opaqueHud = false;
                case "--hud-refresh-ms" -> o.hudRefreshMillis = atMost(arg, positive(arg, value(args, ++i, arg), 0),
                        10_000);
                case "--hud-keep-pixels" -> o.hudKeepPixels = true;
                case "--callgraph" -> o.callGraph = value(args, ++i, arg);
                case "--keys" -> o.keys = KeyScript.parse(value(args, ++i, arg));
                case "--screenshot" -> o.screenshot = png(value(args, ++i, arg));
                case "--report" -> o.report = true;
                case "--export" -> o.export = Path.of(value(args, ++i, arg));
                case "--capture" -> o.capture = Path.of(value(args, ++i, arg));
                case "--spike-captures" -> o.spikeCaptures = Path.of(value(args, ++i, arg));
                case "--rocks" -> o.rocks = positive(arg, value(args, ++i, arg), 1);
                case "--hunters" -> o.hunters = positive(arg, value(args, ++i, arg), 1);
                case "--workers" -> o.workers = positive(arg, value(args, ++i, arg), 0);
                case "--headless" -> o.headless = true;
                case "--gl-debug" -> o.glDebug = true;
                case "--no-vsync" -> o.vsync = false;
                case "--no-gpu-timing" -> o.gpuTiming = false;
                case "--uninstrumented" -> o.uninstrumented = true;
                case "--slow" -> o.slow(value(args, ++i, arg));
                default -> throw new UsageException("unknown option " + arg);
            }
        }
        if (o.rocks > 20_000) {
            throw new UsageException("--rocks " + o.rocks + " is more than the 20000 the arena holds");
        }
        if (o.uninstrumented && (o.hud || o.callGraph != null || o.report || o.export != null || o.capture != null
                || o.spikeCaptures != null)) {
            throw new UsageException("--uninstrumented runs without hudprof, so --hud, --callgraph, --report, --export,"
                    + " --capture and --spike-captures have nothing to show");
        }
        if (o.workers > 64) {
            throw new UsageException("--workers " + o.workers + " is more than 64");
        }
        if (o.hunters > 500) {
            throw new UsageException("--hunters " + o.hunters + " is more than 500");
        }
        return o;
    }

    private static String value(String[] args, int i, String option) throws UsageException {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new UsageException(option + " needs a value");
        }
        return args[i];
    }

    private static long number(String option, String text) throws UsageException {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new UsageException(option + " " + text + ": not a whole number");
        }
    }

    private static int positive(String option, String text, int min) throws UsageException {
        long n = number(option, text);
        if (n < min || n > Integer.MAX_VALUE) {
            throw new UsageException(option + " " + text + ": must be at least " + min);
        }
        return (int) n;
    }

    private static int atMost(String option, int n, int max) throws UsageException {
        if (n > max) {
            throw new UsageException(option + " " + n + ": must be at most " + max);
        }
        return n;
    }

    private static float seconds(String text) throws UsageException {
        float value;
        try {
            int slash = text.indexOf('/');
            value = slash < 0 ? Float.parseFloat(text)
                    : Float.parseFloat(text.substring(0, slash)) / Float.parseFloat(text.substring(slash + 1));
        } catch (NumberFormatException e) {
            throw new UsageException("--fixed-dt " + text + ": not a number of seconds (try 1/60 or 0.0167)");
        }
        if (!(value > 0 && value <= 0.25f)) {
            throw new UsageException("--fixed-dt " + text + ": must be above 0 and at most 0.25 seconds");
        }
        return value;
    }

    private void size(String text) throws UsageException {
        int x = text.indexOf('x');
        try {
            width = Integer.parseInt(text.substring(0, x));
            height = Integer.parseInt(text.substring(x + 1));
        } catch (RuntimeException e) {
            throw new UsageException("--size " + text + ": expected WIDTHxHEIGHT, e.g. 960x540");
        }
        if (width < 320 || height < 240 || width > 7680 || height > 4320) {
            throw new UsageException("--size " + text + ": must be between 320x240 and 7680x4320");
        }
    }

    /** One --slow value: comma-separated {@code ZONE=PERCENT}; zone names may hold spaces, ':' and '*'. */
    private void slow(String text) throws UsageException {
        for (String part : text.split(",", -1)) {
            int eq = part.lastIndexOf('=');
            String zone = eq < 0 ? "" : part.substring(0, eq).trim();
            if (zone.isEmpty()) {
                throw new UsageException("--slow " + text + ": expected ZONE=PERCENT[,ZONE=PERCENT], e.g. \"A*=50\"");
            }
            String percentText = part.substring(eq + 1).trim();
            if (percentText.endsWith("%")) {
                percentText = percentText.substring(0, percentText.length() - 1);
            }
            int percent;
            try {
                percent = Integer.parseInt(percentText);
            } catch (NumberFormatException e) {
                throw new UsageException("--slow " + part + ": the percentage must be a whole number, e.g. 50");
            }
            if (percent < 1 || percent > 10_000) {
                throw new UsageException("--slow " + part + ": the percentage must be 1 to 10000");
            }
            for (String given : slow.keySet()) {
                if (given.equalsIgnoreCase(zone)) {
                    throw new UsageException("--slow " + zone + " is given twice");
                }
            }
            slow.put(zone, percent);
        }
    }

    private static Path png(String text) throws UsageException {
        if (!text.toLowerCase(java.util.Locale.ROOT).endsWith(".png")) {
            throw new UsageException("--screenshot " + text + ": the file name must end in .png");
        }
        return Path.of(text);
    }
}
