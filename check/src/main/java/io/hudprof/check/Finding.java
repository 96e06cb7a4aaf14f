package io.hudprof.check;

/**
 * One judged value: a rule applied to one zone (or the frame time, or a category).
 *
 * @param rule     the rule that asked for it
 * @param name     the zone, category ({@code Sim:*}) or {@code frame}
 * @param baseline the baseline's statistic (ns, or a count), NaN when the baseline lacks it or has none
 * @param current  the current statistic, NaN when the current run lacks it
 * @param low      the interval's low end: of the ratio for a relative rule, of the current value for an absolute one
 * @param high     the interval's high end, likewise
 * @param verdict  the verdict
 * @param note     why, when the verdict needs a word (a new zone, below the noise floor); empty otherwise
 */
public record Finding(Rule rule, String name, double baseline, double current, double low, double high,
                      Verdict verdict, String note) {
    /** The current statistic over the baseline's, NaN when there is none. */
    public double ratio() {
        return Double.isNaN(baseline) || Double.isNaN(current) ? Double.NaN : Bootstrap.ratio(baseline, current);
    }

    /** Whether the values are times in ns (false for entry counts). */
    public boolean isTime() {
        return rule.isFrame() || rule.quantity().isTime();
    }

    /** A label for the value judged: {@code "A* self median"}, {@code "frame p99"}. */
    public String label() {
        return rule.isFrame() ? name + " " + rule.statistic().word()
                : name + " " + rule.quantity().word() + " " + rule.statistic().word();
    }
}
