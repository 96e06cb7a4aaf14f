package io.hudprof.agent;

import io.hudprof.stats.Sensor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The agent's configuration, GStreamer-style: {@code key=value} options separated by {@code ;}, from the
 * {@code HUDPROF_AGENT} environment variable, then the {@code -javaagent:hudprof-agent.jar=...} argument (a key given
 * again replaces the earlier value), where {@code file=PATH} reads more options from a file (one or more a line,
 * lines starting with {@code #} are comments). Every value is checked here, so a mistake fails at start-up with a
 * message naming the option and its accepted forms ({@link AgentOptionException}). Immutable once parsed.
 */
public final class AgentOptions {
    /** The environment variable read before the agent argument. */
    public static final String ENVIRONMENT = "HUDPROF_AGENT";

    /** One line per option, for messages and the documentation. */
    static final String SUMMARY = String.join("\n",
            "  include=PATTERNS      methods to give a zone each (comma-separated; " + "see below)",
            "  exclude=PATTERNS      methods or classes to leave alone, same forms",
            "  constructors=on|off   instrument constructors too (default off)",
            "  lambdas=on|off        instrument lambda bodies too (default off; bridges and other synthetic methods never)",
            "  category=none|package zone names get their package's last name as a category, sim:Raycaster.cast (default none)",
            "  handzones=keep|off    off: the game's own Zone/GpuZone/PassZone calls do nothing (default keep)",
            "  hud=on|off            show the HUD from the first frame (default off: F3 shows it)",
            "  callgraph=ZONE        open the HUD, and the exit report, on ZONE's call graph, e.g. Raycaster.cast",
            "  report=none|exit      print hudprof's text report and statistics when the JVM exits (default none)",
            "  sensors=LIST          JVM sensors: alloc, gc, heap, threads, cpu, late, all or none (default: -Dhudprof.sensors, HUDPROF_SENSORS, all)",
            "  period=off|N ms       update every N ms on a thread of its own when no frame hook is found (default 16 ms)",
            "  screenshot=FILE.png@N write frame N, HUD included, as a PNG",
            "  capture=FILE          write every frame to a .hudprof capture, finished at exit (hudprof-viewer FILE)",
            "  targetfps=N           target frame rate (sets -Dhudprof.targetFps)",
            "  maxzones=N            zone limit (sets -Dhudprof.maxZones)",
            "  enabled=true|false    false compiles every zone out (sets -Dhudprof.enabled)",
            "  alloc=zones|off       zones: also measure allocated bytes per zone, B in the HUD (sets -Dhudprof.alloc)",
            "  pstats=HOST[:PORT]    stream frames to a PStats server such as hudprof-viewer (sets -Dhudprof.pstats)",
            "  file=PATH             read more options from a file",
            "  --help, --version     print this text, or the agent's version, and exit (as the whole argument)");

    /** What {@code --help} prints: how to start the agent, then {@link #SUMMARY}. */
    static final String HELP = "usage: java -javaagent:hudprof-agent.jar=OPTIONS -jar game.jar\n"
            + "  OPTIONS are key=value separated by ';', also read from the " + ENVIRONMENT + " environment variable\n"
            + "  (the argument wins), e.g. -javaagent:hudprof-agent.jar=include=com.mygame.**;hud=on\n"
            + "  F3 shows the HUD. Options:\n" + "%s\n";

    private static final List<String> KEYS = List.of("include", "exclude", "constructors", "lambdas", "category",
            "handzones", "hud", "callgraph", "report", "sensors", "period", "screenshot", "capture", "targetfps", "maxzones",
            "enabled", "alloc", "pstats", "file");
    /** Options that are only passed on as hudprof system properties. */
    private static final Map<String, String> PROPERTIES = Map.of("targetfps", "hudprof.targetFps",
            "maxzones", "hudprof.maxZones", "enabled", "hudprof.enabled", "alloc", "hudprof.alloc",
            "pstats", "hudprof.pstats");

    /** Packages no pattern may aim at: the JDK and hudprof itself. Dotted, with the trailing dot. */
    static final List<String> NEVER = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "io.hudprof.core.",
            "io.hudprof.stats.", "io.hudprof.capture.", "io.hudprof.overlay.", "io.hudprof.agent.", "io.hudprof.pstats.");

    final List<ClassPattern> include;
    final List<ClassPattern> exclude;
    final boolean constructors;
    final boolean lambdas;
    final boolean packageCategory;
    final boolean handZonesOff;
    final boolean hudVisible;
    final String callGraph;
    final boolean reportAtExit;
    /** Null when not given: core's own configuration decides. */
    final Set<Sensor> sensors;
    /** Update period in nanoseconds when no frame hook is found; 0 for never. */
    final long periodNanos;
    final Path screenshot;
    final int screenshotFrame;
    /** Null unless {@code capture=FILE}: every frame goes to that {@code .hudprof} capture. */
    final Path capture;
    /** hudprof system properties to set before core starts. */
    final Map<String, String> properties;

    private AgentOptions(Map<String, Given> given) {
        include = patterns(given, "include");
        exclude = patterns(given, "exclude");
        constructors = onOff(given, "constructors", false);
        lambdas = onOff(given, "lambdas", false);
        packageCategory = choice(given, "category", "none", "none", "package").equals("package");
        handZonesOff = choice(given, "handzones", "keep", "keep", "off").equals("off");
        hudVisible = onOff(given, "hud", false);
        Given focus = given.get("callgraph");
        if (focus != null && focus.value.isBlank()) {
            throw focus.bad("give a zone name, such as callgraph=Raycaster.cast");
        }
        callGraph = focus == null ? null : focus.value.trim();
        reportAtExit = choice(given, "report", "none", "none", "exit").equals("exit");
        Given sensorList = given.get("sensors");
        Set<Sensor> parsed = null;
        if (sensorList != null) {
            try {
                parsed = Collections.unmodifiableSet(Sensor.parse(sensorList.value, sensorList.source()));
            } catch (IllegalArgumentException e) {
                throw new AgentOptionException(e.getMessage());
            }
        }
        sensors = parsed;
        periodNanos = period(given.get("period"));
        Given shot = given.get("screenshot");
        if (shot != null) {
            int at = shot.value.lastIndexOf('@');
            String file = at < 0 ? "" : shot.value.substring(0, at).trim();
            if (at < 0 || !file.toLowerCase(Locale.ROOT).endsWith(".png")) {
                throw shot.bad("give FILE.png@FRAME, such as screenshot=hud.png@300");
            }
            screenshotFrame = (int) number(shot, shot.value.substring(at + 1), 1, Integer.MAX_VALUE,
                    "FILE.png@FRAME with FRAME a whole number from 1");
            try {
                screenshot = Path.of(file);
            } catch (InvalidPathException e) {
                throw shot.bad("\"" + file + "\" is not a file name");
            }
        } else {
            screenshot = null;
            screenshotFrame = 0;
        }
        Given captureFile = given.get("capture");
        if (captureFile != null && captureFile.value.isBlank()) {
            throw captureFile.bad("give a file, such as capture=run.hudprof");
        }
        try {
            capture = captureFile == null ? null : Path.of(captureFile.value.trim());
        } catch (InvalidPathException e) {
            throw captureFile.bad("\"" + captureFile.value + "\" is not a file name");
        }
        properties = properties(given);
    }

    /** The options of the environment variable and then the agent argument (either may be null). */
    public static AgentOptions parse(String environment, String argument) {
        Map<String, Given> given = new LinkedHashMap<>();
        if (environment != null) {
            read(environment, ENVIRONMENT, given, 0);
        }
        if (argument != null) {
            read(argument, "the agent argument", given, 0);
        }
        return new AgentOptions(given);
    }

    /** The options of the agent argument alone. */
    public static AgentOptions parse(String argument) {
        return parse(null, argument);
    }

    private static void read(String text, String source, Map<String, Given> given, int depth) {
        for (String line : text.split("\\R")) {
            if (line.strip().startsWith("#")) {
                continue;
            }
            for (String part : line.split(";")) {
                String option = part.strip();
                if (option.isEmpty()) {
                    continue;
                }
                int eq = option.indexOf('=');
                if (eq <= 0) {
                    throw new AgentOptionException("\"" + option + "\" in " + source
                            + " is not an option: write key=value, options separated by ';'. Accepted options:\n"
                            + SUMMARY);
                }
                String key = option.substring(0, eq).strip().toLowerCase(Locale.ROOT);
                String value = option.substring(eq + 1).strip();
                if (!KEYS.contains(key)) {
                    throw new AgentOptionException("unknown option \"" + option.substring(0, eq).strip() + "\" in "
                            + source + ". Accepted options:\n" + SUMMARY);
                }
                if (key.equals("file")) {
                    readFile(value, source, given, depth);
                } else {
                    given.put(key, new Given(key, value, source));
                }
            }
        }
    }

    private static void readFile(String name, String source, Map<String, Given> given, int depth) {
        if (depth > 4) {
            throw new AgentOptionException("file=" + name + " in " + source + ": options files nest more than 4 deep"
                    + " (does a file name itself?)");
        }
        String text;
        try {
            text = Files.readString(Path.of(name), StandardCharsets.UTF_8);
        } catch (IOException | InvalidPathException e) {
            throw new AgentOptionException("file=" + name + " in " + source + ": cannot read it (" + e + "); give the"
                    + " path of a text file of key=value options, one or more a line");
        }
        read(text, "file " + name, given, depth + 1);
    }

    private static List<ClassPattern> patterns(Map<String, Given> given, String key) {
        Given g = given.get(key);
        if (g == null) {
            return List.of();
        }
        List<ClassPattern> patterns = new ArrayList<>();
        for (String text : g.value.split(",", -1)) {
            ClassPattern pattern = ClassPattern.parse(key, text);
            if (key.equals("include")) {
                for (String never : NEVER) {
                    if (pattern.literalPrefix().startsWith(never)) {
                        throw new AgentOptionException("include=" + text.trim() + " names only classes the agent never"
                                + " instruments (java.*, javax.*, jdk.*, sun.*, com.sun.* and hudprof's own"
                                + " io.hudprof.core/overlay/agent/pstats); include the game's packages, such as"
                                + " com.mygame.**");
                    }
                }
            }
            patterns.add(pattern);
        }
        return List.copyOf(patterns);
    }

    private static boolean onOff(Map<String, Given> given, String key, boolean fallback) {
        Given g = given.get(key);
        if (g == null) {
            return fallback;
        }
        switch (g.value.toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes" -> {
                return true;
            }
            case "off", "false", "no" -> {
                return false;
            }
            default -> throw g.bad("use " + key + "=on or " + key + "=off");
        }
    }

    private static String choice(Map<String, Given> given, String key, String fallback, String... accepted) {
        Given g = given.get(key);
        if (g == null) {
            return fallback;
        }
        String value = g.value.toLowerCase(Locale.ROOT);
        for (String a : accepted) {
            if (a.equals(value)) {
                return a;
            }
        }
        throw g.bad("use " + key + "=" + String.join(" or " + key + "=", accepted));
    }

    private static long period(Given g) {
        if (g == null) {
            return 16_000_000L;
        }
        String value = g.value.toLowerCase(Locale.ROOT).replace(" ", "");
        if (value.equals("off")) {
            return 0;
        }
        if (value.endsWith("ms")) {
            value = value.substring(0, value.length() - 2);
        }
        return number(g, value, 1, 10_000, "period=off or period=N ms with N from 1 to 10000, such as period=16ms")
                * 1_000_000L;
    }

    private static long number(Given g, String text, long min, long max, String form) {
        try {
            long n = Long.parseLong(text.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw g.bad("use " + form);
    }

    private static Map<String, String> properties(Map<String, Given> given) {
        Map<String, String> result = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : PROPERTIES.entrySet()) {
            Given g = given.get(e.getKey());
            if (g == null) {
                continue;
            }
            switch (e.getKey()) {
                case "enabled" -> choice(given, "enabled", "true", "true", "false");
                case "alloc" -> choice(given, "alloc", "off", "zones", "off");
                case "maxzones" -> number(g, g.value, 1024, (1 << 24) - 1, "maxzones=N with N from 1024 to 16777215");
                case "pstats" -> {
                    if (!g.value.matches("[^\\s:\\[\\]]+(:\\d{1,5})?|\\[[0-9A-Fa-f:.]+\\](:\\d{1,5})?")) {
                        throw g.bad("use pstats=HOST or pstats=HOST:PORT, such as pstats=localhost:5185");
                    }
                }
                default -> {
                    double fps;
                    try {
                        fps = Double.parseDouble(g.value);
                    } catch (NumberFormatException ex) {
                        fps = -1;
                    }
                    if (!(fps > 0 && fps <= 1000)) {
                        throw g.bad("use targetfps=N with N a frame rate above 0 and up to 1000, such as targetfps=60");
                    }
                }
            }
            result.put(e.getValue(), e.getKey().equals("pstats") ? g.value : g.value.toLowerCase(Locale.ROOT));
        }
        return Collections.unmodifiableMap(result);
    }

    /** Whether the agent never touches this class (dotted binary name): the JDK and hudprof itself. */
    static boolean never(String dottedName) {
        for (String prefix : NEVER) {
            if (dottedName.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** Whether some methods of this class may be instrumented: an include matches it and no whole-class exclude. */
    boolean includesClass(String dottedName) {
        if (never(dottedName)) {
            return false;
        }
        boolean included = false;
        for (ClassPattern p : include) {
            if (p.matchesClass(dottedName)) {
                included = true;
                break;
            }
        }
        if (!included) {
            return false;
        }
        for (ClassPattern p : exclude) {
            if (p.wholeClass() && p.matchesClass(dottedName)) {
                return false;
            }
        }
        return true;
    }

    /** Whether this method of an included class is matched by an include and by no exclude. */
    boolean includesMethod(String dottedName, String method) {
        boolean included = false;
        for (ClassPattern p : include) {
            if (p.matches(dottedName, method)) {
                included = true;
                break;
            }
        }
        if (!included) {
            return false;
        }
        for (ClassPattern p : exclude) {
            if (p.matches(dottedName, method)) {
                return false;
            }
        }
        return true;
    }

    /** Whether any method could be instrumented (an include pattern was given). */
    public boolean instrumentsMethods() {
        return !include.isEmpty();
    }

    /** The include patterns as given, for the start-up line. */
    String includeText() {
        return include.isEmpty() ? "(none)" : include.toString();
    }

    /** One option as given, with where it came from, so a message can quote it. */
    private record Given(String key, String value, String from) {
        String source() {
            return key + "=" + value + " in " + from;
        }

        AgentOptionException bad(String how) {
            return new AgentOptionException(source() + " is not valid: " + how);
        }
    }
}
