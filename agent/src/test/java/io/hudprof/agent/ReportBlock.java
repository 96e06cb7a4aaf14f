package io.hudprof.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One part of the agent's exit report read back from hudprof's plain-text format (title line, header line, then
 * rows of a name in 38 columns followed by right-aligned 11-column values): names, indentation, the call graph's
 * focus marker, and the self, hier and count columns.
 */
final class ReportBlock {
    record Row(String name, int indent, boolean focus, double self, double hier, double count) {
    }

    private static final int NAME_COLUMNS = 38;
    private static final int VALUE_COLUMNS = 11;

    final String title;
    final List<Row> rows = new ArrayList<>();

    private ReportBlock(String title) {
        this.title = title;
    }

    /** The block after {@code "== hudprof report: <heading> =="}. */
    static ReportBlock read(String output, String heading) {
        String marker = "== hudprof report: " + heading + " ==";
        int at = output.indexOf(marker);
        if (at < 0) {
            throw new AssertionError("no \"" + marker + "\" in the output:\n" + output);
        }
        String[] lines = output.substring(at + marker.length()).strip().split("\n");
        ReportBlock block = new ReportBlock(lines[0]);
        List<String> headers = new ArrayList<>();
        String[] words = lines[1].substring(NAME_COLUMNS).trim().split("\\s+");
        for (int i = 0; i < words.length; i++) {
            boolean millis = i + 1 < words.length && words[i + 1].equals("ms");
            headers.add(millis ? words[i] + " ms" : words[i]);
            i += millis ? 1 : 0;
        }
        for (int i = 2; i < lines.length && !lines[i].startsWith("==") && !lines[i].startsWith("hudprof"); i++) {
            block.rows.add(row(lines[i], headers));
        }
        return block;
    }

    private static Row row(String line, List<String> headers) {
        String name = line.substring(2, NAME_COLUMNS);
        int spaces = 0;
        while (name.charAt(spaces) == ' ') {
            spaces++;
        }
        char marker = name.charAt(spaces);
        boolean marked = marker == '+' || marker == '-';
        String zone = (marked ? name.substring(spaces + 1) : name).trim();
        int indent = (marked ? spaces : spaces - 1) / 2;
        double[] values = {Double.NaN, Double.NaN, Double.NaN};
        for (int i = 0; i < headers.size(); i++) {
            int start = NAME_COLUMNS + i * VALUE_COLUMNS;
            String cell = start >= line.length() ? ""
                    : line.substring(start, Math.min(line.length(), start + VALUE_COLUMNS)).trim();
            int column = List.of("self ms", "hier ms", "count").indexOf(headers.get(i));
            if (column >= 0 && !cell.isEmpty()) {
                values[column] = Double.parseDouble(cell);
            }
        }
        return new Row(zone, indent, marker == '-', values[0], values[1], values[2]);
    }

    List<String> names() {
        return rows.stream().map(Row::name).toList();
    }

    /** The frame time in the title ("frame 120 11.700 ms"), milliseconds. */
    double frameMillis() {
        Matcher m = Pattern.compile("frame \\d+ ([0-9.]+) ms").matcher(title);
        if (!m.find()) {
            throw new AssertionError("no frame time in \"" + title + "\"");
        }
        return Double.parseDouble(m.group(1));
    }

    @Override
    public String toString() {
        return title + "\n" + rows;
    }
}
