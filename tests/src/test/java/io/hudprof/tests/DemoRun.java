package io.hudprof.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of the demo game in a child JVM on this test's classpath: its exit code and everything it printed
 * (stdout and stderr together, in order). The output is also saved next to the screenshot for people to read.
 */
final class DemoRun {
    private static final long TIMEOUT_SECONDS = 240;

    final int exitCode;
    final String output;

    private DemoRun(int exitCode, String output) {
        this.exitCode = exitCode;
        this.output = output;
    }

    static DemoRun start(Path outputFile, String... args) throws IOException, InterruptedException {
        return start(outputFile, false, List.of(), args);
    }

    /** A run with options for the child JVM ({@code -XX:StartFlightRecording=...}) before the demo's arguments. */
    static DemoRun startWithJvmOptions(Path outputFile, List<String> jvmOptions, String... args)
            throws IOException, InterruptedException {
        return start(outputFile, false, jvmOptions, args);
    }

    /** A run whose environment has no display ({@code DISPLAY} and {@code WAYLAND_DISPLAY} removed). */
    static DemoRun startWithoutDisplay(Path outputFile, String... args) throws IOException, InterruptedException {
        return start(outputFile, true, List.of(), args);
    }

    private static DemoRun start(Path outputFile, boolean withoutDisplay, List<String> jvmOptions, String... args)
            throws IOException, InterruptedException {
        return finish(launch(outputFile, withoutDisplay, jvmOptions, "io.hudprof.demo.DemoMain", args), outputFile);
    }

    /**
     * Starts {@code mainClass} (the demo, or a launcher around it) in a child JVM and returns at once, so that two
     * runs can share the machine's load; {@link #finish} waits for it.
     */
    static Process launch(Path outputFile, boolean withoutDisplay, List<String> jvmOptions, String mainClass,
                          String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        // Surefire's class path may be a single manifest-only jar; its Class-Path entries still apply in the child.
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(outputFile.toFile());
        if (withoutDisplay) {
            builder.environment().remove("DISPLAY");
            builder.environment().remove("WAYLAND_DISPLAY");
        }
        return builder.start();
    }

    /** Waits for a {@link #launch}ed run (at most its timeout) and reads what it printed. */
    static DemoRun finish(Process process, Path outputFile) throws IOException, InterruptedException {
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("the demo did not finish within " + TIMEOUT_SECONDS + " s; its output so far:\n"
                    + Files.readString(outputFile, StandardCharsets.UTF_8));
        }
        return new DemoRun(process.exitValue(), Files.readString(outputFile, StandardCharsets.UTF_8));
    }
}
