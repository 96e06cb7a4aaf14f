package io.hudprof.check;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Seeded bootstrap intervals of a statistic over per-frame values, and of the ratio of a current run's statistic to a
 * baseline's. A side is one run or several: with several, each resample first draws runs with replacement and then
 * frames with replacement within each drawn run (a two-level bootstrap), so the run-to-run spread counts, not only
 * the frame-to-frame one. The same seed and values give the same interval on every machine.
 *
 * <p>A resample is drawn as counts over the side's values sorted once, so a quantile of a resample is a walk over
 * the counts (no sort per resample): {@code O(resamples × frames)} in all. A NaN value stands for a frame without a
 * value (a zone not entered): it is drawn like any frame but left out of the statistic, so a quantile or mean is over
 * the frames that have a value and a total is their sum.
 */
public final class Bootstrap {
    private final int resamples;
    private final double confidence;

    /**
     * @param resamples  how many resamples (2000 is plenty for 95 % intervals)
     * @param confidence the interval's two-sided confidence, e.g. 0.95
     */
    public Bootstrap(int resamples, double confidence) {
        if (resamples < 100) {
            throw new IllegalArgumentException("at least 100 resamples, not " + resamples);
        }
        if (!(confidence > 0.5 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0.5 and 1, not " + confidence);
        }
        this.resamples = resamples;
        this.confidence = confidence;
    }

    /** A point estimate and its interval. */
    public record Interval(double estimate, double low, double high) {
    }

    /** The statistic of the side's values (all runs' frames together), without an interval. */
    public static double estimate(double[][] runs, Statistic statistic) {
        return new Side(runs).all(statistic);
    }

    /** The statistic of the side's values and its interval (a resample with no value counts as 0). */
    public Interval of(double[][] runs, Statistic statistic, long seed) {
        Side side = new Side(runs);
        SplittableRandom random = new SplittableRandom(seed);
        double[] draws = new double[resamples];
        for (int i = 0; i < resamples; i++) {
            double v = side.resample(random, statistic);
            draws[i] = Double.isNaN(v) ? 0 : v;
        }
        return interval(side.all(statistic), draws);
    }

    /**
     * The ratio current / baseline of the statistic and its interval. A resample whose baseline statistic is 0 gives
     * a ratio of 1 when the current one is 0 too, and +infinity otherwise.
     */
    public Interval ratio(double[][] baseline, double[][] current, Statistic statistic, long seed) {
        return ratio(baseline, current, statistic, seed, false);
    }

    /**
     * As {@link #ratio(double[][], double[][], Statistic, long)}; when {@code paired} and both sides have the same
     * shape (as many runs, of the same lengths), each resample draws the same runs and frames on both sides (a paired
     * bootstrap), so frames that did the same work (a deterministic replay: fixed seed and time step) are compared
     * with each other and the work's own variation (a path re-plan every 120 frames) cancels out.
     */
    public Interval ratio(double[][] baseline, double[][] current, Statistic statistic, long seed, boolean paired) {
        Side base = new Side(baseline);
        Side cur = new Side(current);
        boolean same = paired && sameShape(baseline, current);
        SplittableRandom random = new SplittableRandom(seed);
        double[] draws = new double[resamples];
        for (int i = 0; i < resamples; i++) {
            if (same) {
                long s = random.nextLong();
                draws[i] = ratio(base.resample(new SplittableRandom(s), statistic),
                        cur.resample(new SplittableRandom(s), statistic));
            } else {
                draws[i] = ratio(base.resample(random, statistic), cur.resample(random, statistic));
            }
        }
        return interval(ratio(base.all(statistic), cur.all(statistic)), draws);
    }

    /** Whether the two sides have as many runs, of the same lengths. */
    public static boolean sameShape(double[][] a, double[][] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i].length != b[i].length) {
                return false;
            }
        }
        return true;
    }

    static double ratio(double base, double cur) {
        // No value on a side (a zone not entered in any frame drawn) counts as 0.
        base = Double.isNaN(base) ? 0 : base;
        cur = Double.isNaN(cur) ? 0 : cur;
        if (base == 0) {
            return cur == 0 ? 1 : Double.POSITIVE_INFINITY;
        }
        return cur / base;
    }

    private Interval interval(double estimate, double[] draws) {
        Arrays.sort(draws);
        double tail = (1 - confidence) / 2;
        int lo = (int) Math.floor(tail * (draws.length - 1));
        int hi = (int) Math.ceil((1 - tail) * (draws.length - 1));
        return new Interval(estimate, draws[lo], draws[hi]);
    }

    /** One side's runs: their values sorted together once, and where each run's values landed. */
    private static final class Side {
        final double[] sorted;
        final int[][] positions;
        final int[] counts;

        Side(double[][] runs) {
            if (runs.length == 0) {
                throw new IllegalArgumentException("no runs");
            }
            int total = 0;
            for (double[] run : runs) {
                if (run.length == 0) {
                    throw new IllegalArgumentException("a run with no frames");
                }
                total += run.length;
            }
            double[] pooled = new double[total];
            int at = 0;
            for (double[] run : runs) {
                for (double v : run) {
                    pooled[at] = v;
                    at++;
                }
            }
            // Sort indices by value (stable), so each value knows its position in the sorted pool.
            Integer[] order = new Integer[total];
            for (int i = 0; i < total; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Double.compare(pooled[a], pooled[b]));
            sorted = new double[total];
            int[] positionOf = new int[total];
            for (int p = 0; p < total; p++) {
                sorted[p] = pooled[order[p]];
                positionOf[order[p]] = p;
            }
            positions = new int[runs.length][];
            at = 0;
            for (int r = 0; r < runs.length; r++) {
                positions[r] = Arrays.copyOfRange(positionOf, at, at + runs[r].length);
                at += runs[r].length;
            }
            counts = new int[total];
        }

        double resample(SplittableRandom random, Statistic statistic) {
            Arrays.fill(counts, 0);
            int runs = positions.length;
            long n = 0;
            for (int r = 0; r < runs; r++) {
                int[] run = positions[runs == 1 ? 0 : random.nextInt(runs)];
                for (int i = 0; i < run.length; i++) {
                    counts[run[random.nextInt(run.length)]]++;
                }
                n += run.length;
            }
            return statistic(statistic, n, runs);
        }

        double all(Statistic statistic) {
            Arrays.fill(counts, 1);
            return statistic(statistic, sorted.length, positions.length);
        }

        /**
         * The statistic of the values counted; NaN values (frames a zone was not entered in) sort last and are left
         * out: of the count a quantile or mean is over, and of a total. NaN when no value is left.
         */
        private double statistic(Statistic statistic, long drawn, int runs) {
            long n = 0;
            double sum = 0;
            int valid = 0;
            while (valid < sorted.length && !Double.isNaN(sorted[valid])) {
                n += counts[valid];
                sum += sorted[valid] * counts[valid];
                valid++;
            }
            if (statistic == Statistic.TOTAL) {
                return sum / runs;
            }
            if (n == 0) {
                return Double.NaN;
            }
            if (statistic == Statistic.MEAN) {
                return sum / n;
            }
            long rank = statistic.rank(n);
            long seen = 0;
            for (int i = 0; i < valid; i++) {
                seen += counts[i];
                if (seen > rank) {
                    return sorted[i];
                }
            }
            return sorted[valid - 1];
        }
    }
}
