package io.hudprof.check;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads rules: {@code TARGET [QUANTITY] STATISTIC <= LIMIT}, the words separated by spaces or a dot, e.g.
 * <pre>
 *   Sim:Physics p95 &lt;= +10%
 *   A* median &lt;= 2 ms
 *   frame.p99 &lt;= 20 ms
 *   Render:* total &lt;= +5%
 *   * self median &lt;= 2x
 *   Path replan calls max &lt;= 3
 * </pre>
 * TARGET is a zone name (which may hold spaces), {@code *} (every zone), {@code Cat:*} (a category) or {@code frame};
 * QUANTITY is {@code self} (the default), {@code hier} or {@code calls}; LIMIT is {@code +N%} or {@code Nx} (relative
 * to the baseline) or a time {@code N ns|us|ms|s} (a count, for {@code calls}). In a file, {@code #} starts a comment.
 */
public final class RuleParser {
    private static final Pattern LIMIT = Pattern.compile(
            "(?:\\+(?<pct>\\d+(?:\\.\\d+)?)\\s*%|(?<ratio>\\d+(?:\\.\\d+)?)\\s*[x×]|(?<num>\\d+(?:\\.\\d+)?)\\s*(?<unit>ns|us|µs|ms|s)?)",
            Pattern.CASE_INSENSITIVE);

    private RuleParser() {
    }

    /** Reads a rules file; errors name the file and line. */
    public static List<Rule> parseFile(Path file) throws RuleException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new RuleException("rules file " + file + " does not exist; give an existing file to --rules");
        } catch (IOException e) {
            throw new RuleException("rules file " + file + " cannot be read as UTF-8 text (" + e.getMessage() + ")");
        }
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            String text = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (text.isEmpty()) {
                continue;
            }
            try {
                rules.add(parse(text));
            } catch (RuleException e) {
                throw new RuleException(file + ":" + (i + 1) + ": " + e.getMessage());
            }
        }
        if (rules.isEmpty()) {
            throw new RuleException("rules file " + file + " holds no rule; write one per line, e.g. 'A* median <= +10%'");
        }
        return rules;
    }

    /** Reads one rule. */
    public static Rule parse(String rule) throws RuleException {
        String text = rule.strip();
        int le = text.indexOf("<=");
        if (le < 0) {
            throw new RuleException("rule '" + text + "' has no '<='; write TARGET [self|hier|calls] STATISTIC <= LIMIT,"
                    + " e.g. 'A* median <= +10%'");
        }
        String left = text.substring(0, le).strip();
        String right = text.substring(le + 2).strip();
        // The last word of the left side is the statistic, the one before it may be the quantity.
        String[] split = lastWord(left);
        Statistic statistic = Statistic.byWord(split[1]);
        if (statistic == null) {
            throw new RuleException("rule '" + text + "': '" + split[1] + "' is not a statistic; use "
                    + Statistic.words());
        }
        String target = split[0];
        Quantity quantity = Quantity.SELF;
        if (!target.isEmpty()) {
            String[] q = lastWord(target);
            Quantity named = Quantity.byWord(q[1]);
            if (named != null && !q[0].isEmpty()) {
                quantity = named;
                target = q[0];
            }
        }
        if (target.isEmpty()) {
            throw new RuleException("rule '" + text + "' names no zone; start it with a zone name, '*', 'Cat:*' or"
                    + " 'frame'");
        }
        Matcher m = LIMIT.matcher(right);
        if (!m.matches()) {
            throw new RuleException("rule '" + text + "': limit '" + right + "' is not +N%, Nx, N ms (us, ns, s) or a"
                    + " count");
        }
        boolean frame = target.equalsIgnoreCase(Rule.FRAME);
        boolean counts = quantity == Quantity.CALLS && !frame;
        if (m.group("pct") != null) {
            return new Rule(text, target, quantity, statistic, true, 1 + Double.parseDouble(m.group("pct")) / 100);
        }
        if (m.group("ratio") != null) {
            double ratio = Double.parseDouble(m.group("ratio"));
            if (ratio < 1) {
                throw new RuleException("rule '" + text + "': a ratio limit below 1x would fail an unchanged run; use"
                        + " 1x or more");
            }
            return new Rule(text, target, quantity, statistic, true, ratio);
        }
        double number = Double.parseDouble(m.group("num"));
        String unit = m.group("unit");
        if (counts) {
            if (unit != null) {
                throw new RuleException("rule '" + text + "': calls are a count; write the limit without a unit");
            }
            return new Rule(text, target, quantity, statistic, false, number);
        }
        if (unit == null) {
            throw new RuleException("rule '" + text + "': a time limit needs a unit; write e.g. '" + right + " ms'");
        }
        return new Rule(text, target, quantity, statistic, false, number * nanosPer(unit));
    }

    private static double nanosPer(String unit) {
        switch (unit.toLowerCase(Locale.ROOT)) {
            case "ns": return 1;
            case "us":
            case "µs": return 1e3;
            case "ms": return 1e6;
            default: return 1e9;
        }
    }

    /** {before, last word}, split at the last space or, failing that, the last dot. */
    private static String[] lastWord(String s) {
        int space = s.lastIndexOf(' ');
        int dot = s.lastIndexOf('.');
        int cut = Math.max(space, dot);
        if (cut < 0) {
            return new String[] {"", s};
        }
        return new String[] {s.substring(0, cut).strip(), s.substring(cut + 1).strip()};
    }

    static String percent(double fraction) {
        double pct = fraction * 100;
        return "+" + (pct == Math.rint(pct) ? String.valueOf((long) pct) : String.format(Locale.ROOT, "%.1f", pct)) + "%";
    }
}
