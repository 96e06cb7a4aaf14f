package io.hudprof.check;

/**
 * What a rule computes over a run's per-frame values. Quantiles are nearest-rank: the value at rank
 * {@code ceil(q * n)} of the {@code n} sorted values (so a median of an even count is the lower middle value,
 * and every quantile is a value that some frame had).
 */
public enum Statistic {
    MEDIAN("median", 0.5),
    P90("p90", 0.9),
    P95("p95", 0.95),
    P99("p99", 0.99),
    MAX("max", 1.0),
    /** The mean per frame. */
    MEAN("mean", Double.NaN),
    /** The sum over the run's frames (over several runs: the mean of the runs' sums). */
    TOTAL("total", Double.NaN);

    private final String word;
    private final double quantile;

    Statistic(String word, double quantile) {
        this.word = word;
        this.quantile = quantile;
    }

    /** The word rules use for it. */
    public String word() {
        return word;
    }

    /** The quantile (0.5 for the median), or NaN for the mean and the total. */
    public double quantile() {
        return quantile;
    }

    /** The nearest-rank position (0-based) of this quantile among {@code n} sorted values. */
    int rank(long n) {
        long k = (long) Math.ceil(quantile * n);
        return (int) Math.max(0, Math.min(n - 1, k - 1));
    }

    static Statistic byWord(String word) {
        if (word.equalsIgnoreCase("p50")) {
            return MEDIAN;
        }
        for (Statistic s : values()) {
            if (s.word.equalsIgnoreCase(word)) {
                return s;
            }
        }
        return null;
    }

    static String words() {
        return "median (p50), p90, p95, p99, max, mean or total";
    }
}
