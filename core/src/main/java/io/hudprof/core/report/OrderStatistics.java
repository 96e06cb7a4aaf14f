package io.hudprof.core.report;

/**
 * Selection of the k-th smallest value in place (Hoare's FIND, with the middle element as pivot): linear on
 * average, no allocation, and equal values (a zone's many zero frames) split evenly, so they cost no extra passes.
 */
final class OrderStatistics {
    private OrderStatistics() {
    }

    /**
     * Rearranges {@code a[lo..hi]} (inclusive) so that {@code a[k]} holds the value a sort would put there, with no
     * larger value before it and no smaller one after it, and returns it. {@code lo <= k <= hi}; when {@code a[lo..hi]}
     * already holds that property for a smaller index, later calls may start at that index.
     */
    static double select(double[] a, int lo, int hi, int k) {
        while (lo < hi) {
            double pivot = a[(lo + hi) >>> 1];
            int i = lo;
            int j = hi;
            do {
                while (a[i] < pivot) {
                    i++;
                }
                while (pivot < a[j]) {
                    j--;
                }
                if (i <= j) {
                    double t = a[i];
                    a[i] = a[j];
                    a[j] = t;
                    i++;
                    j--;
                }
            } while (i <= j);
            if (j < k) {
                lo = i;
            }
            if (k < i) {
                hi = j;
            }
        }
        return a[k];
    }
}
