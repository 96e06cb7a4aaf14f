package io.hudprof.pstats;

import java.util.Arrays;

/**
 * The static collector tree of one {@link CollectorTable}, as PStats displays it: each collector's children sorted
 * by {@code sort} (higher first), then by index, and a breadth-first order from "Frame" (collector 0) in which
 * every collector comes after its parent. Collectors whose parent chain does not reach 0 are left out.
 * Rebuilt with {@link #update(CollectorTable)} only when the definitions changed.
 */
public final class StaticTree {
    private int builtVersion = -1;
    private int[] childStart = new int[1];
    private int[] children = new int[0];
    private int[] order = new int[0];
    private int orderSize;

    /** Rebuilds the tree if the table changed since the last call. */
    public StaticTree update(CollectorTable table) {
        if (table.version() == builtVersion) {
            return this;
        }
        builtVersion = table.version();
        int n = table.size();
        int[] counts = new int[n + 1];
        for (int c = 1; c < n; c++) {
            int p = table.parent(c);
            if (p >= 0) {
                counts[p + 1]++;
            }
        }
        for (int c = 0; c < n; c++) {
            counts[c + 1] += counts[c];
        }
        childStart = counts;
        children = new int[counts[n]];
        int[] fill = Arrays.copyOf(counts, n);
        for (int c = 1; c < n; c++) {
            int p = table.parent(c);
            if (p >= 0) {
                children[fill[p]++] = c;
            }
        }
        Integer[] boxed = new Integer[0];
        for (int p = 0; p < n; p++) {
            int from = childStart[p];
            int to = childStart[p + 1];
            if (to - from > 1) {
                boxed = Arrays.copyOf(boxed, Math.max(boxed.length, to - from));
                for (int i = from; i < to; i++) {
                    boxed[i - from] = children[i];
                }
                Arrays.sort(boxed, 0, to - from, (a, b) -> {
                    int sa = table.def(a).sort();
                    int sb = table.def(b).sort();
                    return sa != sb ? Integer.compare(sb, sa) : Integer.compare(a, b);
                });
                for (int i = from; i < to; i++) {
                    children[i] = boxed[i - from];
                }
            }
        }
        order = new int[n];
        orderSize = 0;
        if (n > 0 && table.isDefined(0)) {
            order[orderSize++] = 0;
            for (int k = 0; k < orderSize; k++) {
                int c = order[k];
                for (int i = childStart[c]; i < childStart[c + 1]; i++) {
                    // A loop in the parent links cannot reach here: parent() cuts self-links, and a longer loop
                    // never connects to 0, so each collector is visited once.
                    order[orderSize++] = children[i];
                }
            }
        }
        return this;
    }

    public int childCount(int c) {
        return c >= 0 && c + 1 < childStart.length ? childStart[c + 1] - childStart[c] : 0;
    }

    public int child(int c, int i) {
        return children[childStart[c] + i];
    }

    /** Collectors reachable from "Frame", parents first. */
    public int orderSize() {
        return orderSize;
    }

    public int order(int k) {
        return order[k];
    }
}
