package io.hudprof.check;

import java.util.ArrayList;
import java.util.List;

/**
 * Assertions on runs ({@link Samples}, from {@link HudprofGate} or captures) for JUnit 5 or any test framework: a
 * failure is an {@link AssertionError} whose message is the gate's table, the same one {@code hudprof-check} prints.
 * An inconclusive finding passes (the noise could not settle it); {@link #assertPasses(GateResult, boolean)} with
 * {@code strict} fails on it too.
 */
public final class HudprofAssert {
    private HudprofAssert() {
    }

    /**
     * Fails when {@code current} regressed against {@code baseline} under the rules (none: the default rules, every
     * zone's self median and the frame median within +25 %).
     */
    public static GateResult assertNoRegression(Samples baseline, Samples current, String... rules) {
        return assertPasses(check(new Gate(), List.of(baseline), List.of(current), rules), false);
    }

    /**
     * As {@link #assertNoRegression(Samples, Samples, String...)} for repeated runs of each side: the interval then
     * includes the spread between runs (a two-level bootstrap, {@code docs/CHECK.md}).
     */
    public static GateResult assertNoRegression(List<Samples> baselineRuns, List<Samples> currentRuns,
                                                String... rules) {
        return assertPasses(check(new Gate(), baselineRuns, currentRuns, rules), false);
    }

    /** Fails when {@code current} breaks an absolute rule, such as {@code "A* p95 <= 2 ms"}. */
    public static GateResult assertWithin(Samples current, String... absoluteRules) {
        if (absoluteRules.length == 0) {
            throw new IllegalArgumentException("give at least one absolute rule, e.g. \"frame p99 <= 20 ms\"");
        }
        return assertPasses(check(new Gate(), List.of(), List.of(current), absoluteRules), false);
    }

    /**
     * Judges with {@code gate} (its floor, seed, resamples) and returns the result without asserting.
     *
     * @throws IllegalArgumentException for a bad rule, with the parser's message
     */
    public static GateResult check(Gate gate, List<Samples> baseline, List<Samples> current, String... rules) {
        try {
            List<Rule> parsed = new ArrayList<>();
            for (String r : rules) {
                parsed.add(RuleParser.parse(r));
            }
            if (parsed.isEmpty()) {
                parsed.addAll(Rule.defaults(Gate.DEFAULT_TOLERANCE));
            }
            return gate.check(baseline, current, parsed);
        } catch (RuleException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * Fails with the table when {@code result} has a regression, or, when {@code strict}, an inconclusive finding.
     */
    public static GateResult assertPasses(GateResult result, boolean strict) {
        if (!result.passed() || (strict && result.count(Verdict.INCONCLUSIVE) > 0)) {
            throw new AssertionError("hudprof: performance gate failed\n" + Reports.table(result));
        }
        return result;
    }
}
