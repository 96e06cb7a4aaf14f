package io.hudprof.tests;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One block of the demo's exit report, parsed back from hudprof's plain-text format: the title line, then a header
 * naming the columns, then one row per zone ({@code "> "} marks the cursor; call-graph rows are indented, with
 * {@code '-'} on the focus and {@code '+'} on rows one can drill into).
 */
final class ReportText {
    /** A parsed row: name, indentation level, marker, and values by column header ("self ms", "count", ...). */
    record Row(String name, int indent, char marker, Map<String, Double> values) {
        double self() {
            return values.get("self ms");
        }

        double hier() {
            return values.get("hier ms");
        }

        double count() {
            return values.get("count");
        }
    }

    private static final int NAME_WIDTH = 36;
    private static final int VALUE_WIDTH = 11;

    final String title;
    final List<Row> rows;

    private ReportText(String title, List<Row> rows) {
        this.title = title;
        this.rows = rows;
    }

    /** The block that follows the line {@code "== hudprof report: <heading> =="} in {@code output}. */
    static ReportText block(String output, String heading) {
        String marker = "== hudprof report: " + heading + " ==";
        int at = output.indexOf(marker);
        if (at < 0) {
            throw new AssertionError("the exit report has no part \"" + marker + "\"; output:\n" + output);
        }
        String[] lines = output.substring(at + marker.length()).strip().split("\n");
        String title = lines[0];
        List<String> headers = headers(lines[1]);
        List<Row> rows = new ArrayList<>();
        for (int i = 2; i < lines.length && !lines[i].startsWith("==") && !lines[i].startsWith("hudprof demo:"); i++) {
            rows.add(row(lines[i], headers));
        }
        return new ReportText(title, rows);
    }

    private static List<String> headers(String line) {
        List<String> headers = new ArrayList<>();
        String[] words = line.substring(NAME_WIDTH + 2).trim().split("\\s+");
        for (int i = 0; i < words.length; i++) {
            if (i + 1 < words.length && words[i + 1].equals("ms")) {
                headers.add(words[i] + " ms");
                i++;
            } else {
                headers.add(words[i]);
            }
        }
        return headers;
    }

    private static Row row(String line, List<String> headers) {
        String name = line.substring(2, Math.min(line.length(), NAME_WIDTH + 2));
        int spaces = 0;
        while (spaces < name.length() && name.charAt(spaces) == ' ') {
            spaces++;
        }
        char marker = name.charAt(spaces);
        String zone = name.substring(spaces + 1).trim();
        if (marker != '+' && marker != '-') {
            // No marker: the row was printed with a space there, which the leading-space count swallowed.
            marker = ' ';
            zone = name.trim();
            spaces--;
        }
        // Values are right-aligned in fixed-width cells; a blank cell is a value the row does not show (a thread
        // root's count).
        Map<String, Double> values = new HashMap<>();
        for (int i = 0; i < headers.size(); i++) {
            int start = NAME_WIDTH + 2 + i * VALUE_WIDTH;
            if (start >= line.length()) {
                throw new AssertionError("row \"" + line + "\" has no cell for column " + headers.get(i));
            }
            String cell = line.substring(start, Math.min(line.length(), start + VALUE_WIDTH)).trim();
            if (!cell.isEmpty()) {
                values.put(headers.get(i), Double.parseDouble(cell));
            }
        }
        return new Row(zone, spaces / 2, marker, values);
    }

    /** The row of a zone, failing the test when it is missing. */
    Row row(String zone) {
        return rows.stream().filter(r -> r.name().equals(zone)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + zone + " in report \"" + title + "\": " + names()));
    }

    List<String> names() {
        return rows.stream().map(Row::name).toList();
    }

    /** The duration of the frame in the title ("frame 240 11.700 ms"), milliseconds. */
    double frameMillis() {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("frame \\d+ ([0-9.]+) ms").matcher(title);
        if (!m.find()) {
            throw new AssertionError("no frame time in report title \"" + title + "\"");
        }
        return Double.parseDouble(m.group(1));
    }

    @Override
    public String toString() {
        return title + " " + rows;
    }
}
