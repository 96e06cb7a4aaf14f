package io.hudprof.stats;

import io.hudprof.stats.text.TextLine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The plain-text statistics report, laid out like pbrt's: a heading per category (sorted), under it each
 * statistic's name (sorted), its run value right-aligned in one column, then details (ranges, numerators and
 * denominators, timings). Values print through {@link io.hudprof.core.ValueUnit} and so round like the HUD.
 * Builds Strings: for the end of a run, not for the per-frame path.
 */
final class ExitReport {
    private static final String CATEGORY_INDENT = "  ";
    private static final String STAT_INDENT = "    ";
    private static final String GAP = "  ";

    private ExitReport() {
    }

    static void appendStatistics(StatSnapshot snapshot, Stat[] stats, StringBuilder out) {
        List<Stat> sorted = new ArrayList<>();
        for (Stat stat : stats) {
            if (snapshot.covers(stat)) {
                sorted.add(stat);
            }
        }
        sorted.sort(Comparator.comparing(Stat::category).thenComparing(Stat::shortName));
        out.append("Statistics\n");
        if (sorted.isEmpty()) {
            out.append(CATEGORY_INDENT).append("(none defined)\n");
            return;
        }
        String[] values = new String[sorted.size()];
        String[] details = new String[sorted.size()];
        int nameWidth = 0;
        int valueWidth = 0;
        for (int i = 0; i < values.length; i++) {
            Stat stat = sorted.get(i);
            TextLine value = new TextLine(24);
            TextLine detail = new TextLine(48);
            stat.appendRun(snapshot, value, detail);
            values[i] = value.toString();
            details[i] = detail.toString();
            nameWidth = Math.max(nameWidth, stat.shortName().length());
            valueWidth = Math.max(valueWidth, values[i].length());
        }
        String category = null;
        for (int i = 0; i < values.length; i++) {
            Stat stat = sorted.get(i);
            if (!stat.category().equals(category)) {
                category = stat.category();
                out.append(CATEGORY_INDENT).append(category).append('\n');
            }
            out.append(STAT_INDENT).append(stat.shortName());
            pad(out, nameWidth - stat.shortName().length() + GAP.length() + valueWidth - values[i].length());
            out.append(values[i]);
            if (!details[i].isEmpty()) {
                out.append(GAP).append(details[i]);
            }
            out.append('\n');
        }
    }

    private static void pad(StringBuilder out, int spaces) {
        for (int i = 0; i < spaces; i++) {
            out.append(' ');
        }
    }
}
