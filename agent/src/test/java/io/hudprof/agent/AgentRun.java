package io.hudprof.agent;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One game run in a child JVM under the shaded agent jar ({@code -javaagent:target/hudprof-agent.jar=...}), on a class
 * path built from this test's: its exit code and everything it printed. hudprof's own classes and ASM are taken off
 * the class path, so the game sees hudprof only through the agent jar, as a game nobody changed would.
 */
final class AgentRun {
    private static final long TIMEOUT_SECONDS = 240;

    final int exitCode;
    final String output;

    private AgentRun(int exitCode, String output) {
        this.exitCode = exitCode;
        this.output = output;
    }

    static Path agentJar() {
        Path jar = Path.of(System.getProperty("hudprof.agent.jar", "target/hudprof-agent.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new AssertionError("no agent jar at " + jar.toAbsolutePath() + ": run the tests with mvn verify");
        }
        return jar;
    }

    static Path outputDir() throws IOException {
        Path dir = Path.of(System.getProperty("hudprof.agent.out", "target/agent-it"));
        Files.createDirectories(dir);
        return dir;
    }

    /** This test's class path without hudprof's classes, ASM and whatever {@code drop} matches. */
    static List<String> classPath(Predicate<String> drop) {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !isHudprofOrAsm(e) && !drop.test(e))
                .collect(Collectors.toCollection(ArrayList::new));
    }

    static boolean isHudprofOrAsm(String entry) {
        String e = entry.replace('\\', '/');
        return e.endsWith("/agent/target/classes") || e.contains("/core/target/") || e.contains("/overlay/target/")
                || e.contains("hudprof-core") || e.contains("hudprof-overlay") || e.contains("hudprof-agent")
                || e.contains("/org/ow2/asm/");
    }

    /** The jars in a directory (the demo's own LWJGL, copied by the build). */
    static List<String> jarsIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".jar")).map(Path::toString).sorted().toList();
        }
    }

    static AgentRun start(Path outputFile, List<String> classPath, String agentOptions, Map<String, String> environment,
            String mainClass, String... args) throws IOException, InterruptedException {
        return startUnder(List.of(), outputFile, classPath, agentOptions, environment, mainClass, args);
    }

    /** A run whose command starts with {@code prefix}, such as {@code xvfb-run -a}. */
    static AgentRun startUnder(List<String> prefix, Path outputFile, List<String> classPath, String agentOptions,
            Map<String, String> environment, String mainClass, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(prefix);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-javaagent:" + agentJar() + (agentOptions == null ? "" : "=" + agentOptions));
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classPath));
        command.add(mainClass);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(outputFile.toFile());
        builder.environment().remove(AgentOptions.ENVIRONMENT);
        builder.environment().putAll(environment);
        Process process = builder.start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("the run did not finish within " + TIMEOUT_SECONDS + " s; its output so far:\n"
                    + Files.readString(outputFile, StandardCharsets.UTF_8));
        }
        return new AgentRun(process.exitValue(), Files.readString(outputFile, StandardCharsets.UTF_8));
    }
}
