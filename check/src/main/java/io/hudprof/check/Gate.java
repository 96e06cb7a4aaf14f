package io.hudprof.check;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Judges current runs against baseline runs under rules. For each rule and each zone it names, it computes the
 * statistic of each side's per-frame values and a bootstrap interval ({@link Bootstrap}): of the ratio current /
 * baseline for a relative limit, of the current value for an absolute one. The whole interval within the limit is a
 * pass, the whole interval beyond it a regression, an interval across it inconclusive; a change smaller than the
 * noise floor ({@link #minChangeNanos}, per frame: for a total, of its mean per frame) is a pass whatever the interval, so microsecond zones do not fail on
 * nanoseconds. Zones are matched by name. See {@code docs/CHECK.md}.
 */
public final class Gate {
    /** The default tolerance of the default rules: +25 %. */
    public static final double DEFAULT_TOLERANCE = 0.25;
    /** The default noise floor: 0.05 ms per frame. */
    public static final double DEFAULT_MIN_CHANGE_NANOS = 50_000;
    /** The default seed of the bootstrap. */
    public static final long DEFAULT_SEED = 28;

    private final Bootstrap bootstrap;
    private final double minChangeNanos;
    private final long seed;
    private final boolean paired;

    /** A gate with 2000 resamples, 95 % intervals, the default floor and seed. */
    public Gate() {
        this(new Bootstrap(2000, 0.95), DEFAULT_MIN_CHANGE_NANOS, DEFAULT_SEED);
    }

    /**
     * @param bootstrap      how intervals are drawn
     * @param minChangeNanos the noise floor: a time that grew by less than this never regresses
     * @param seed           the bootstrap's seed (the same inputs and seed give the same result)
     */
    public Gate(Bootstrap bootstrap, double minChangeNanos, long seed) {
        this(bootstrap, minChangeNanos, seed, true);
    }

    private Gate(Bootstrap bootstrap, double minChangeNanos, long seed, boolean paired) {
        this.bootstrap = bootstrap;
        this.minChangeNanos = minChangeNanos;
        this.seed = seed;
        this.paired = paired;
    }

    /**
     * This gate, pairing frames or not. Paired (the default) applies only where both sides have the same shape (as
     * many runs, of as many frames): each bootstrap resample then draws the same frame numbers on both sides
     * ({@link Bootstrap#ratio(double[][], double[][], Statistic, long, boolean)}), which is exact for a deterministic
     * replay and, for frames that have nothing to do with each other, no different from drawing them apart.
     */
    public Gate paired(boolean on) {
        return new Gate(bootstrap, minChangeNanos, seed, on);
    }

    /** The noise floor (ns). */
    public double minChangeNanos() {
        return minChangeNanos;
    }

    /**
     * Judges {@code current} against {@code baseline} (empty when there is none: then only absolute rules may be
     * given).
     *
     * @throws RuleException when a rule names a zone neither side has, or is relative with no baseline
     */
    public GateResult check(List<Samples> baseline, List<Samples> current, List<Rule> rules) throws RuleException {
        if (current.isEmpty()) {
            throw new RuleException("no current run to judge; give at least one");
        }
        Set<String> names = new LinkedHashSet<>();
        for (Samples s : baseline) {
            names.addAll(s.zoneNames());
        }
        for (Samples s : current) {
            names.addAll(s.zoneNames());
        }
        List<Finding> findings = new ArrayList<>();
        for (Rule rule : rules) {
            if (rule.relative() && baseline.isEmpty()) {
                throw new RuleException("rule '" + rule.text() + "' is relative but there is no baseline; give a"
                        + " baseline or an absolute limit such as '2 ms'");
            }
            List<Finding> ofRule = new ArrayList<>();
            if (rule.isFrame()) {
                ofRule.add(judge(rule, Rule.FRAME, frames(baseline), frames(current)));
            } else if (rule.isEveryZone()) {
                for (String name : names) {
                    if (!name.startsWith("hudprof:")) {
                        ofRule.add(judgeZone(rule, name, baseline, current));
                    }
                }
                ofRule.sort(Comparator.comparing((Finding f) -> f.verdict() != Verdict.REGRESSION)
                        .thenComparing(f -> f.verdict() != Verdict.INCONCLUSIVE)
                        .thenComparing(f -> -changeForOrder(f)));
            } else if (rule.isCategory()) {
                if (rule.quantity() != Quantity.SELF) {
                    throw new RuleException("rule '" + rule.text() + "': a category has self time only; drop '"
                            + rule.quantity().word() + "'");
                }
                String category = rule.category();
                List<String> members = names.stream()
                        .filter(n -> n.equals(category) || n.startsWith(category + ":")).toList();
                if (members.isEmpty()) {
                    throw new RuleException("rule '" + rule.text() + "': no zone is in category " + category
                            + "; the zones are " + list(names));
                }
                ofRule.add(judge(rule, rule.target(), category(baseline, members), category(current, members)));
            } else {
                ofRule.add(judgeZone(rule, resolve(rule, names), baseline, current));
            }
            findings.addAll(ofRule);
        }
        return new GateResult(findings, baseline.size(), current.size());
    }

    private static double changeForOrder(Finding f) {
        double r = f.rule().relative() ? f.ratio() : f.current();
        return Double.isNaN(r) ? Double.NEGATIVE_INFINITY : r;
    }

    private Finding judgeZone(Rule rule, String name, List<Samples> baseline, List<Samples> current) {
        boolean inBase = baseline.stream().anyMatch(s -> s.hasZone(name));
        boolean inCur = current.stream().anyMatch(s -> s.hasZone(name));
        if (rule.relative() && !inCur) {
            return new Finding(rule, name, statisticOf(zone(baseline, name, rule.quantity()), rule.statistic()),
                    Double.NaN, Double.NaN, Double.NaN, Verdict.PASS, "gone: not in the current run");
        }
        if (rule.relative() && !inBase) {
            return new Finding(rule, name, Double.NaN, statisticOf(zone(current, name, rule.quantity()),
                    rule.statistic()), Double.NaN, Double.NaN, Verdict.PASS, "new: not in the baseline");
        }
        return judge(rule, name, baseline.isEmpty() ? null : zone(baseline, name, rule.quantity()),
                zone(current, name, rule.quantity()));
    }

    private static double statisticOf(double[][] runs, Statistic statistic) {
        return Bootstrap.estimate(runs, statistic);
    }

    private Finding judge(Rule rule, String name, double[][] base, double[][] cur) {
        long s = seed * 1_000_003L + (rule.text() + "\u0000" + name).hashCode();
        boolean time = rule.isFrame() || rule.quantity().isTime();
        double floor = time ? minChangeNanos : 0;
        if (!rule.relative()) {
            Bootstrap.Interval value = bootstrap.of(cur, rule.statistic(), s);
            double baseValue = base == null ? Double.NaN : statisticOf(base, rule.statistic());
            Verdict verdict = value.high() <= rule.limit() ? Verdict.PASS
                    : value.low() > rule.limit() ? Verdict.REGRESSION : Verdict.INCONCLUSIVE;
            return new Finding(rule, name, baseValue, value.estimate(), value.low(), value.high(), verdict, "");
        }
        Bootstrap.Interval ratio = bootstrap.ratio(base, cur, rule.statistic(), s, paired);
        double baseValue = statisticOf(base, rule.statistic());
        double curValue = statisticOf(cur, rule.statistic());
        Verdict verdict = ratio.high() <= rule.limit() ? Verdict.PASS
                : ratio.low() > rule.limit() ? Verdict.REGRESSION : Verdict.INCONCLUSIVE;
        String note = "";
        // The floor is per frame: a total compares as the mean per frame.
        boolean total = rule.statistic() == Statistic.TOTAL;
        double change = total ? statisticOf(cur, Statistic.MEAN) - statisticOf(base, Statistic.MEAN)
                : curValue - baseValue;
        if (verdict != Verdict.PASS && !(change > floor) && !Double.isNaN(change)) {
            note = "change below the noise floor";
            verdict = Verdict.PASS;
        }
        return new Finding(rule, name, baseValue, curValue, ratio.low(), ratio.high(), verdict, note);
    }

    private static String resolve(Rule rule, Set<String> names) throws RuleException {
        String target = rule.target();
        if (names.contains(target)) {
            return target;
        }
        List<String> matches = new ArrayList<>();
        for (String n : names) {
            if (n.equalsIgnoreCase(target)) {
                return n;
            }
            if (n.endsWith(":" + target)) {
                matches.add(n);
            }
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        if (matches.size() > 1) {
            throw new RuleException("rule '" + rule.text() + "': '" + target + "' could be " + matches
                    + "; write the full name");
        }
        throw new RuleException("rule '" + rule.text() + "': no zone '" + target + "' in either run; the zones are "
                + list(names));
    }

    private static String list(Set<String> names) {
        List<String> shown = new ArrayList<>();
        for (String n : names) {
            if (shown.size() == 40) {
                shown.add("... " + (names.size() - 40) + " more");
                break;
            }
            shown.add(n);
        }
        return shown.toString();
    }

    private static double[][] frames(List<Samples> runs) {
        if (runs.isEmpty()) {
            return null;
        }
        double[][] out = new double[runs.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = runs.get(i).frameNanosShared();
        }
        return out;
    }

    /**
     * A zone's per-frame values on one side; a time is NaN in the frames the zone was not entered in, so its
     * quantiles and mean are over the frames it ran in (a path re-plan every 120 frames has a median re-plan time,
     * not 0) and its total is their sum. Entry counts keep their zeros.
     */
    private static double[][] zone(List<Samples> runs, String name, Quantity quantity) {
        double[][] out = new double[runs.size()][];
        for (int i = 0; i < out.length; i++) {
            Samples s = runs.get(i);
            double[] v = s.valuesOrZeros(name, quantity);
            if (quantity.isTime()) {
                double[] calls = s.valuesOrZeros(name, Quantity.CALLS);
                v = v.clone();
                for (int f = 0; f < v.length; f++) {
                    if (calls[f] == 0) {
                        v[f] = Double.NaN;
                    }
                }
            }
            out[i] = v;
        }
        return out;
    }

    private static double[][] category(List<Samples> runs, List<String> members) {
        if (runs.isEmpty()) {
            return null;
        }
        double[][] out = new double[runs.size()][];
        for (int i = 0; i < out.length; i++) {
            Samples s = runs.get(i);
            double[] sum = new double[s.frames()];
            double[] calls = new double[s.frames()];
            for (String m : members) {
                double[] v = s.valuesOrZeros(m, Quantity.SELF);
                double[] c = s.valuesOrZeros(m, Quantity.CALLS);
                for (int f = 0; f < sum.length; f++) {
                    sum[f] += v[f];
                    calls[f] += c[f];
                }
            }
            for (int f = 0; f < sum.length; f++) {
                if (calls[f] == 0) {
                    sum[f] = Double.NaN;
                }
            }
            out[i] = sum;
        }
        return out;
    }
}
