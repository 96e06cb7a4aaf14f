package io.hudprof.check;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code java -jar hudprof-check.jar --baseline A.hudprof --current B.hudprof [RULE ...]}: judges the current
 * capture(s) against the baseline(s), prints the table, optionally writes JSON and JUnit XML, and exits 0 (pass), 1
 * (a regression) or 2 (bad input: one line on stderr naming the fix).
 */
public final class CheckMain {
    /** Exit status of a pass (inconclusive findings included, unless {@code --strict}). */
    public static final int PASS = 0;
    /** Exit status of a regression. */
    public static final int REGRESSION = 1;
    /** Exit status of bad input: options, rules or files. */
    public static final int BAD_INPUT = 2;

    private static final String USAGE = """
            usage: hudprof-check --baseline FILE [--baseline FILE ...] --current FILE [--current FILE ...] [options] [RULE ...]
              Compares per-frame zone times of the current capture(s) with the baseline(s); several files on a side
              are repeated runs. RULE: TARGET [self|hier|calls] STATISTIC <= LIMIT, e.g.
                'Sim:Physics p95 <= +10%'   'A* median <= 2 ms'   'frame p99 <= 20 ms'   'Render:* total <= 2x'
              With no rule: every zone's self median (over the frames it ran in) and the frame median, within --tolerance.
            options:
              --rules FILE        rules, one per line (# comments)
              --tolerance PCT     the default rules' tolerance (default 25)
              --min-change MS     noise floor: a time that grew by less never regresses (default 0.05)
              --skip N            drop each run's first N frames (warm-up; default 0)
              --seed N            bootstrap seed (default 28); --resamples N (default 2000)
              --json FILE         also write the result as JSON; --junit FILE: as JUnit XML
              --strict            an inconclusive finding fails too (exit 1)
              --unpaired          never pair frames (by default, runs of equal length are resampled frame by frame
                                  together: right for a deterministic replay, harmless otherwise)
              --quiet             print only the summary line and the failing rows
            exit status: 0 pass, 1 regression, 2 bad input""";

    private CheckMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, CaptureRuns::read));
    }

    /** Reads one run from a file; bad files are a {@link RuleException} with a one-line message. */
    @FunctionalInterface
    public interface RunLoader {
        Samples load(Path file) throws RuleException;
    }

    /** Runs the command; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err, RunLoader loader) {
        try {
            return runOrThrow(args, out, loader);
        } catch (RuleException e) {
            err.println("hudprof-check: " + e.getMessage());
            return BAD_INPUT;
        }
    }

    private static int runOrThrow(String[] args, PrintStream out, RunLoader loader) throws RuleException {
        List<Path> baselines = new ArrayList<>();
        List<Path> currents = new ArrayList<>();
        List<Rule> rules = new ArrayList<>();
        double tolerance = Gate.DEFAULT_TOLERANCE;
        double minChange = Gate.DEFAULT_MIN_CHANGE_NANOS;
        int skip = 0;
        long seed = Gate.DEFAULT_SEED;
        int resamples = 2000;
        Path json = null;
        Path junit = null;
        boolean strict = false;
        boolean quiet = false;
        boolean paired = true;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--help", "-h" -> {
                    out.println(USAGE);
                    return PASS;
                }
                case "--version" -> {
                    String v = CheckMain.class.getPackage().getImplementationVersion();
                    out.println("hudprof-check " + (v == null ? "(development build)" : v));
                    return PASS;
                }
                case "--baseline" -> baselines.add(Path.of(value(args, ++i, a)));
                case "--current" -> currents.add(Path.of(value(args, ++i, a)));
                case "--rules" -> rules.addAll(RuleParser.parseFile(Path.of(value(args, ++i, a))));
                case "--rule" -> rules.add(RuleParser.parse(value(args, ++i, a)));
                case "--tolerance" -> tolerance = number(a, value(args, ++i, a), 0, 10_000) / 100;
                case "--min-change" -> minChange = number(a, value(args, ++i, a), 0, 1e6) * 1e6;
                case "--skip" -> skip = (int) number(a, value(args, ++i, a), 0, Integer.MAX_VALUE);
                case "--seed" -> seed = (long) number(a, value(args, ++i, a), Long.MIN_VALUE, Long.MAX_VALUE);
                case "--resamples" -> resamples = (int) number(a, value(args, ++i, a), 100, 1_000_000);
                case "--json" -> json = Path.of(value(args, ++i, a));
                case "--junit" -> junit = Path.of(value(args, ++i, a));
                case "--strict" -> strict = true;
                case "--quiet" -> quiet = true;
                case "--unpaired" -> paired = false;
                default -> {
                    if (a.startsWith("--")) {
                        throw new RuleException("unknown option " + a + "; see --help");
                    }
                    rules.add(RuleParser.parse(a));
                }
            }
        }
        if (currents.isEmpty()) {
            throw new RuleException("no --current capture given; e.g. --baseline base.hudprof --current new.hudprof");
        }
        if (rules.isEmpty()) {
            if (baselines.isEmpty()) {
                throw new RuleException("no --baseline and no rule given: the default rules compare with a baseline;"
                        + " give --baseline FILE or an absolute rule such as 'frame p99 <= 20 ms'");
            }
            rules.addAll(Rule.defaults(tolerance));
        }
        List<Samples> base = load(baselines, loader, skip);
        List<Samples> cur = load(currents, loader, skip);
        GateResult result = new Gate(new Bootstrap(resamples, 0.95), minChange, seed).paired(paired).check(base, cur, rules);
        write(json, Reports.json(result));
        write(junit, Reports.junitXml(result));
        if (quiet) {
            for (Finding f : result.findings()) {
                if (f.verdict() == Verdict.REGRESSION) {
                    out.println(f.label() + ": " + Reports.change(f) + " (limit " + Reports.limit(f) + ")");
                }
            }
            out.println(Reports.summary(result));
        } else {
            out.print(Reports.table(result));
        }
        boolean fails = !result.passed() || (strict && result.count(Verdict.INCONCLUSIVE) > 0);
        return fails ? REGRESSION : PASS;
    }

    private static List<Samples> load(List<Path> files, RunLoader loader, int skip) throws RuleException {
        List<Samples> runs = new ArrayList<>();
        for (Path f : files) {
            Samples s = loader.load(f);
            if (skip > 0) {
                s = s.withoutFirst(skip);
            }
            if (s.frames() == 0) {
                throw new RuleException(f + " has no frame" + (skip > 0 ? " after skipping " + skip : "")
                        + "; capture more frames" + (skip > 0 ? " or lower --skip" : ""));
            }
            runs.add(s);
        }
        return runs;
    }

    private static void write(Path file, String text) throws RuleException {
        if (file == null) {
            return;
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RuleException("cannot write " + file + " (" + e.getMessage() + "); give a writable path");
        }
    }

    private static String value(String[] args, int i, String option) throws RuleException {
        if (i >= args.length) {
            throw new RuleException(option + " needs a value; see --help");
        }
        return args[i];
    }

    private static double number(String option, String text, double min, double max) throws RuleException {
        double v;
        try {
            v = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new RuleException(option + " " + text + ": not a number");
        }
        if (!(v >= min && v <= max)) {
            throw new RuleException(String.format(Locale.ROOT, "%s %s: must be between %s and %s", option, text,
                    plain(min), plain(max)));
        }
        return v;
    }

    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.valueOf(v);
    }
}
