package io.hudprof.agent;

import java.lang.instrument.Instrumentation;
import java.util.Map;

/**
 * The {@code -javaagent} entry point: {@code java -javaagent:hudprof-agent.jar=include=com.mygame.** -jar game.jar}
 * profiles a game nobody changed, and F3 shows the HUD. See {@link AgentOptions} for the options.
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

    /** Called by the JVM before the game's {@code main}. */
    public static void premain(String argument, Instrumentation instrumentation) {
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
        AgentRuntime runtime = new AgentRuntime(options, log, transformer);
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
