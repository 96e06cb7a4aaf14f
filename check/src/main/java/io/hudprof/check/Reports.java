package io.hudprof.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The gate's result as a table for people, JSON for scripts and JUnit XML for CI systems (a {@code testsuite} of one
 * {@code testcase} per finding: a regression is a {@code failure}, an inconclusive one is {@code skipped}).
 */
public final class Reports {
    private Reports() {
    }

    /** A text table: zone and value, baseline, current, change with its interval, verdict; then a summary line. */
    public static String table(GateResult result) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"zone", "baseline", "current", "change [95% interval]", "limit", "verdict"});
        for (Finding f : result.findings()) {
            rows.add(new String[] {f.label(), value(f, f.baseline()), value(f, f.current()), change(f), limit(f),
                    f.verdict().label() + (f.note().isEmpty() ? "" : " (" + f.note() + ")")});
        }
        int[] width = new int[6];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                boolean right = c >= 1 && c <= 3;
                String cell = row[c];
                String pad = " ".repeat(width[c] - cell.length());
                out.append(right ? pad + cell : cell + (c < row.length - 1 ? pad : ""));
                if (c < row.length - 1) {
                    out.append("  ");
                }
            }
            out.append('\n');
        }
        out.append(summary(result)).append('\n');
        return out.toString();
    }

    /** One line: how many findings of each verdict, and the outcome. */
    public static String summary(GateResult result) {
        int regressions = result.count(Verdict.REGRESSION);
        return String.format(Locale.ROOT, "hudprof-check: %d regression%s, %d inconclusive, %d pass (%d baseline run%s,"
                        + " %d current run%s): %s", regressions, regressions == 1 ? "" : "s",
                result.count(Verdict.INCONCLUSIVE), result.count(Verdict.PASS), result.baselineRuns(),
                result.baselineRuns() == 1 ? "" : "s", result.currentRuns(), result.currentRuns() == 1 ? "" : "s",
                result.passed() ? "PASS" : "FAIL");
    }

    static String value(Finding f, double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return f.isTime() ? String.format(Locale.ROOT, "%.3f ms", v / 1e6) : String.format(Locale.ROOT, "%.1f", v);
    }

    static String change(Finding f) {
        if (f.rule().relative()) {
            if (Double.isNaN(f.ratio())) {
                return "-";
            }
            return percent(f.ratio()) + " [" + percent(f.low()) + ", " + percent(f.high()) + "]";
        }
        String r = Double.isNaN(f.ratio()) ? "" : percent(f.ratio()) + " ";
        return r + "[" + value(f, f.low()) + ", " + value(f, f.high()) + "]";
    }

    static String limit(Finding f) {
        if (f.rule().relative()) {
            return "<= " + percent(f.rule().limit());
        }
        return "<= " + value(f, f.rule().limit());
    }

    static String percent(double ratio) {
        if (Double.isInfinite(ratio)) {
            return "+inf%";
        }
        double pct = (ratio - 1) * 100;
        return String.format(Locale.ROOT, "%+.1f%%", pct);
    }

    /** The result as one JSON object (times in ms, ratios as numbers, null where there is no value). */
    public static String json(GateResult result) {
        StringBuilder out = new StringBuilder();
        out.append("{\n  \"passed\": ").append(result.passed())
                .append(",\n  \"regressions\": ").append(result.count(Verdict.REGRESSION))
                .append(",\n  \"inconclusive\": ").append(result.count(Verdict.INCONCLUSIVE))
                .append(",\n  \"passes\": ").append(result.count(Verdict.PASS))
                .append(",\n  \"baselineRuns\": ").append(result.baselineRuns())
                .append(",\n  \"currentRuns\": ").append(result.currentRuns())
                .append(",\n  \"findings\": [");
        String sep = "\n";
        for (Finding f : result.findings()) {
            double scale = f.isTime() ? 1e6 : 1;
            out.append(sep).append("    {\"rule\": ").append(string(f.rule().text()))
                    .append(", \"zone\": ").append(string(f.name()))
                    .append(", \"quantity\": ").append(string(f.rule().isFrame() ? "frame" : f.rule().quantity().word()))
                    .append(", \"statistic\": ").append(string(f.rule().statistic().word()))
                    .append(", \"unit\": ").append(string(f.isTime() ? "ms" : "count"))
                    .append(", \"baseline\": ").append(number(f.baseline() / scale))
                    .append(", \"current\": ").append(number(f.current() / scale))
                    .append(", \"ratio\": ").append(number(f.ratio()))
                    .append(", \"intervalOf\": ").append(string(f.rule().relative() ? "ratio" : "current"))
                    .append(", \"low\": ").append(number(f.rule().relative() ? f.low() : f.low() / scale))
                    .append(", \"high\": ").append(number(f.rule().relative() ? f.high() : f.high() / scale))
                    .append(", \"limit\": ").append(number(f.rule().relative() ? f.rule().limit()
                            : f.rule().limit() / scale))
                    .append(", \"verdict\": ").append(string(f.verdict().name().toLowerCase(Locale.ROOT)))
                    .append(", \"note\": ").append(string(f.note())).append('}');
            sep = ",\n";
        }
        out.append("\n  ]\n}\n");
        return out.toString();
    }

    private static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "null";
        }
        return String.format(Locale.ROOT, "%.6g", v);
    }

    private static String string(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /**
     * JUnit XML as CI systems read it (Jenkins, GitLab, GitHub test reporters): one {@code testsuite} named
     * {@code hudprof-check}, a {@code testcase} per finding (classname: the rule; name: the value judged), a
     * {@code failure} for a regression and {@code skipped} for an inconclusive one, each with the table row as text.
     */
    public static String junitXml(GateResult result) {
        StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        out.append("<testsuite name=\"hudprof-check\" tests=\"").append(result.findings().size())
                .append("\" failures=\"").append(result.count(Verdict.REGRESSION))
                .append("\" errors=\"0\" skipped=\"").append(result.count(Verdict.INCONCLUSIVE)).append("\">\n");
        for (Finding f : result.findings()) {
            String row = f.label() + ": baseline " + value(f, f.baseline()) + ", current " + value(f, f.current())
                    + ", change " + change(f) + ", limit " + limit(f)
                    + (f.note().isEmpty() ? "" : " (" + f.note() + ")");
            out.append("  <testcase classname=\"").append(xml(f.rule().text())).append("\" name=\"")
                    .append(xml(f.label())).append('"');
            switch (f.verdict()) {
                case PASS -> out.append("/>\n");
                case REGRESSION -> out.append(">\n    <failure message=\"").append(xml("regression: " + row))
                        .append("\" type=\"regression\">").append(xml(row)).append("</failure>\n  </testcase>\n");
                case INCONCLUSIVE -> out.append(">\n    <skipped message=\"").append(xml("inconclusive: " + row))
                        .append("\"/>\n  </testcase>\n");
            }
        }
        out.append("</testsuite>\n");
        return out.toString();
    }

    private static String xml(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> {
                    if (c >= 0x20 || c == '\n' || c == '\t') {
                        out.append(c);
                    } else {
                        out.append('?');
                    }
                }
            }
        }
        return out.toString();
    }
}
