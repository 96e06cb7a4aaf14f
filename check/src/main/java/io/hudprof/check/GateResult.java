package io.hudprof.check;

import java.util.List;

/**
 * The gate's findings, in rule order (within a rule, regressions first, then the largest change).
 *
 * @param findings every judged value
 * @param baselineRuns how many baseline runs were read (0 when there was no baseline)
 * @param currentRuns  how many current runs were read
 */
public record GateResult(List<Finding> findings, int baselineRuns, int currentRuns) {
    public GateResult {
        findings = List.copyOf(findings);
    }

    /** True when no finding is a regression. */
    public boolean passed() {
        return count(Verdict.REGRESSION) == 0;
    }

    /** How many findings have this verdict. */
    public int count(Verdict verdict) {
        int n = 0;
        for (Finding f : findings) {
            if (f.verdict() == verdict) {
                n++;
            }
        }
        return n;
    }

    /** The findings with this verdict. */
    public List<Finding> with(Verdict verdict) {
        return findings.stream().filter(f -> f.verdict() == verdict).toList();
    }
}
