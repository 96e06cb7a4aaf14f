package io.hudprof.bench;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the whole benchmark suite in one command, with JMH's gc profiler on every benchmark, then the
 * {@link InterleavedRatios} and {@link InterleavedUpdateGrid} cross-checks, and writes the results page ({@code results.md}: machine, conditions,
 * tables with ratios to the floor and the peers) and JMH's raw JSON next to the jar, in
 * {@code bench/target/results/}.
 *
 * <pre>
 * java -jar bench/target/hudprof-benchmarks.jar            full suite (about 8 minutes on 2 cores)
 * java -jar bench/target/hudprof-benchmarks.jar --quick    smoke run (under a minute): rough figures
 * java -jar bench/target/hudprof-benchmarks.jar --include 'ZoneBenchmarks|PeerBenchmarks'
 * </pre>
 *
 * Every benchmark runs in forks of its own (the compiled-out ones with {@code -Dhudprof.enabled=false}) on a
 * fixed 1 GiB heap, so heap resizing never lands in a measurement.
 */
public final class BenchmarkSuite {
    private static final String USAGE = """
            usage: java -jar hudprof-benchmarks.jar [--quick] [--include REGEX]... [--out DIR] [--help] [--version]
              --quick          short iterations for a smoke run; the figures are rough
              --include REGEX  only benchmarks whose full name matches (JMH's -include); may repeat
              --out DIR        where results.md and jmh-result.json go (default: results/ beside the jar)""";

    private BenchmarkSuite() {
    }

    public static void main(String[] args) throws RunnerException, IOException {
        boolean quick = false;
        List<String> includes = new ArrayList<>();
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--include" -> includes.add(value(args, ++i));
                case "--out" -> out = Path.of(value(args, ++i));
                case "--help", "-h" -> {
                    System.out.println(USAGE);
                    return;
                }
                case "--version" -> {
                    String version = BenchmarkSuite.class.getPackage().getImplementationVersion();
                    System.out.println("hudprof-benchmarks "
                            + (version == null ? "(development build, not from a jar)" : version));
                    return;
                }
                default -> fail("unknown argument " + args[i]);
            }
        }
        if (includes.isEmpty()) {
            includes.add("io\\.hudprof\\.");
        }
        if (out == null) {
            out = defaultOutputDirectory();
        }
        Files.createDirectories(out);
        Path json = out.resolve("jmh-result.json");

        ChainedOptionsBuilder options = new OptionsBuilder()
                .addProfiler(GCProfiler.class)
                .jvmArgs("-Xms1g", "-Xmx1g")
                .shouldFailOnError(true)
                .result(json.toString())
                .resultFormat(ResultFormatType.JSON);
        for (String include : includes) {
            options.include(include);
        }
        if (quick) {
            // The classes' own @Fork counts (2 for zones and peers, where JIT decisions vary from fork to fork,
            // 1 elsewhere) hold in the full run; a smoke run needs only one.
            options.forks(1).warmupIterations(1).warmupTime(TimeValue.milliseconds(200))
                    .measurementIterations(2).measurementTime(TimeValue.milliseconds(200));
        } else {
            options.warmupIterations(3).warmupTime(TimeValue.seconds(1))
                    .measurementIterations(5).measurementTime(TimeValue.seconds(1));
        }

        Instant started = Instant.now();
        String loadBefore = MachineInfo.loadAverage();
        Collection<RunResult> results = new Runner(options.build()).run();
        Instant finished = Instant.now();
        String loadAfter = MachineInfo.loadAverage();

        // Run here, in the runner's JVM, once the forks are done: see InterleavedRatios for why it exists.
        int crossCheckCalls = quick ? 500 : 3_000;
        String crossCheck = InterleavedRatios.markdown(InterleavedRatios.measure(crossCheckCalls), crossCheckCalls)
                + InterleavedUpdateGrid.measure(quick ? 200 : 1_000)
                + InterleavedOverheads.measure(quick ? 300 : 3_000);

        String hud;
        try (HudScene scene = new HudScene()) {
            scene.buildDrawList();
            String size = scene.describe();
            double upload = scene.uploadBytesPerNewFrame(200);
            hud = "The HUD case's draw list: " + size + ". Uploaded per frame over 200 new game frames (changed"
                    + " vertices and the graph's new column): " + String.format(java.util.Locale.ROOT,
                    "%.1f KiB — target ≤ 64 KiB %s", upload / 1024, upload <= 64 * 1024 ? "met" : "MISSED") + ".\n\n";
        }

        String page = header(quick, String.join(" ", args), started, finished, loadBefore, loadAfter)
                + new ResultsPage(results).markdown() + hud + crossCheck;
        Path md = out.resolve("results.md");
        Files.writeString(md, page);
        System.out.println();
        System.out.println(page);
        System.out.println("Results page: " + md.toAbsolutePath() + "\nJMH JSON:     " + json.toAbsolutePath());
    }

    private static String header(boolean quick, String args, Instant started, Instant finished, String loadBefore,
                                 String loadAfter) {
        long seconds = ChronoUnit.SECONDS.between(started, finished);
        return "## Run " + started.truncatedTo(ChronoUnit.SECONDS) + (quick ? " (QUICK: rough figures)" : "")
                + "\n\n"
                + "- CPU: " + MachineInfo.cpuModel() + ", " + MachineInfo.cores() + " cores visible to the JVM\n"
                + "- clock source: " + MachineInfo.clockSource() + "\n"
                + "- JDK: " + MachineInfo.jdk() + "\n"
                + "- OS: " + MachineInfo.os() + "\n"
                + "- arguments: " + (args.isEmpty() ? "(none: full suite)" : args) + "\n"
                + "- JMH 1.37, " + (quick ? "1 × 200 ms warm-up, 2 × 200 ms measurement" :
                "3 × 1 s warm-up, 5 × 1 s measurement") + ", " + (quick ? "1 fork each" :
                "2 forks for zones and peers, 1 for the rest") + ", -Xms1g -Xmx1g, gc profiler on\n"
                + "- load average (1/5/15 min) before: " + loadBefore + ", after: " + loadAfter + "\n"
                + "- duration: " + seconds / 60 + " min " + seconds % 60 + " s\n\n";
    }

    /** {@code results/} beside the jar this class was loaded from (bench/target/ after the build). */
    private static Path defaultOutputDirectory() {
        try {
            Path code = Path.of(BenchmarkSuite.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // The jar, or target/classes when run from an IDE: either way its parent is target/.
            return code.getParent().resolve("results");
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("benchmark-results");
        }
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            fail(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    private static void fail(String message) {
        System.err.println(message);
        System.err.println(USAGE);
        System.exit(2);
    }
}
