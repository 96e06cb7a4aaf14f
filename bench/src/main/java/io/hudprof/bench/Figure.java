package io.hudprof.bench;

import java.util.Map;

/**
 * One benchmark result as the results page uses it: what was measured (class, method, parameters), the score with
 * its 99.9% confidence half-width, its unit, and the bytes allocated per operation from JMH's gc profiler
 * ({@code NaN} when the profiler did not run).
 */
record Figure(String benchmark, Map<String, String> params, double score, double error, String unit,
              double bytesPerOp) {

    /** The ratio of this figure to {@code other}, or {@code NaN} when either is missing or zero. */
    double ratioTo(Figure other) {
        if (other == null || other.score == 0) {
            return Double.NaN;
        }
        return score / other.score;
    }

    /** The confidence half-width of {@link #ratioTo}, from the two relative errors added in quadrature. */
    double ratioErrorTo(Figure other) {
        double ratio = ratioTo(other);
        if (Double.isNaN(ratio) || score == 0) {
            return Double.NaN;
        }
        double mine = error / score;
        double theirs = other.error / other.score;
        return ratio * Math.sqrt(mine * mine + theirs * theirs);
    }

    /** The value of a parameter, or {@code null}. */
    String param(String key) {
        return params.get(key);
    }
}
