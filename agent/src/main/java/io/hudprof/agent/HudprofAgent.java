package io.hudprof.agent;

import java.lang.instrument.Instrumentation;
import java.util.Map;

/**
 * The {@code -javaagent} entry point: {@code java -javaagent:hudprof-agent.jar=include=com.mygame.** -jar game.jar}
 * profiles a game nobody changed, and F3 shows the HUD. See {@link AgentOptions} for the options; {@code =--help}
 * (or {@code java -jar hudprof-agent.jar --help}) lists them and {@code --version} prints the version, both exit 0.
 *
 * <p>Start-up, in order: the options are read and checked (a mistake prints the message and exits with status 2
 * before the game starts); hudprof system properties the options name are set before any hudprof class reads them;
 * the profiler is installed and statistics attached; the transformer is registered (classes loaded from now on are
 * instrumented; none is retransformed); the frame hook waits for the first GLFW buffer swap, or, when GLFW is not on
 * the class path at all, a period thread updates the profiler. hudprof's classes come from this jar, which the JVM
 * appends to the system class path; the game's LWJGL is used as it is (the jar holds none).
 */
public final class HudprofAgent {
    private HudprofAgent() {
    }

    /** {@code java -jar hudprof-agent.jar --help} or {@code --version}: what the agent is and how to start it. */
    public static void main(String[] args) {
        String answer = args.length == 1 ? answer(args[0]) : null;
        if (answer == null) {
            System.err.print("hudprof-agent is a -javaagent, not a program. " + String.format(AgentOptions.HELP,
                    AgentOptions.SUMMARY));
            System.exit(2);
        }
        System.out.print(answer);
    }

    /** The text for {@code --help} or {@code --version} as the whole argument; null for anything else. */
    static String answer(String argument) {
        String a = argument == null ? "" : argument.strip();
        if (a.equals("--help") || a.equals("-h") || a.equals("help")) {
            return String.format(AgentOptions.HELP, AgentOptions.SUMMARY);
        }
        if (a.equals("--version") || a.equals("version")) {
            String version = HudprofAgent.class.getPackage().getImplementationVersion();
            return "hudprof-agent " + (version == null ? "(development build, not from a jar)" : version) + "\n";
        }
        return null;
    }

    /** Called by the JVM before the game's {@code main}. */
    public static void premain(String argument, Instrumentation instrumentation) {
        String answer = answer(argument);
        if (answer != null) {
            System.out.print(answer);
            System.out.flush();
            System.exit(0);
            return;
        }
        long start = System.nanoTime();
        AgentLog log = new AgentLog(System.err);
        AgentOptions options;
        try {
            options = AgentOptions.parse(System.getenv(AgentOptions.ENVIRONMENT), argument);
            setProperties(options.properties);
        } catch (AgentOptionException e) {
            log.info(e.getMessage());
            System.err.flush();
            System.exit(2);
            return;
        }
        GameClassTransformer transformer = new GameClassTransformer(options, log);
        AgentRuntime runtime;
        try {
            runtime = new AgentRuntime(options, log, transformer);
        } catch (IllegalArgumentException e) {
            // A hudprof property or add-on setting that is not valid (-Dhudprof.pstats=..., say): its message names the fix.
            log.info(e.getMessage());
            System.err.flush();
            System.exit(2);
            return;
        }
        FrameHook.install(runtime);
        instrumentation.addTransformer(transformer, false);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> runtime.atExit(System.out), "hudprof-exit"));
        log.info(String.format(java.util.Locale.ROOT, "started in %.1f ms; instrumenting %s%s",
                (System.nanoTime() - start) / 1e6, options.includeText(),
                options.instrumentsMethods() ? "" : " (no include= option: only the frame hook, no method zones)"));
        if (ClassLoader.getSystemClassLoader().getResource("org/lwjgl/glfw/GLFW.class") == null) {
            runtime.startPeriodUpdates("no frame hook found: LWJGL's GLFW is not on the class path");
        }
    }

    private static void setProperties(Map<String, String> properties) {
        for (Map.Entry<String, String> e : properties.entrySet()) {
            String already = System.getProperty(e.getKey());
            if (already != null && !already.equalsIgnoreCase(e.getValue())) {
                throw new AgentOptionException("-D" + e.getKey() + "=" + already + " and the agent option asking for "
                        + e.getValue() + " disagree; give one of them");
            }
            System.setProperty(e.getKey(), e.getValue());
        }
    }
}
