package io.hudprof.core.report;

/** Allocation-free ordering of index arrays by a double key, for building reports every frame. */
final class IndexSort {
    private static final int[] GAPS = {701, 301, 132, 57, 23, 10, 4, 1};

    private IndexSort() {
    }

    /**
     * Sorts {@code indices[0..count)} so that {@code key[index]} descends; equal keys keep ascending index order,
     * so rows with equal values do not swap places from frame to frame. Shell sort: no allocation, no recursion.
     */
    static void descending(int[] indices, int count, double[] key) {
        for (int gap : GAPS) {
            for (int i = gap; i < count; i++) {
                int moving = indices[i];
                double movingKey = key[moving];
                int j = i;
                while (j >= gap && before(moving, movingKey, indices[j - gap], key)) {
                    indices[j] = indices[j - gap];
                    j -= gap;
                }
                indices[j] = moving;
            }
        }
    }

    private static boolean before(int a, double aKey, int b, double[] key) {
        double bKey = key[b];
        return aKey > bKey || (aKey == bKey && a < b);
    }
}
