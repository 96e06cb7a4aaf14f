package io.hudprof.demo.sim;

import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;

/**
 * A loose quadtree over the rocks' centres, rebuilt each frame and queried for the rocks inside the camera's view.
 * Both building and querying recurse node by node with a zone per call, so the HUD shows recursion: one zone-stack
 * state per depth, never double-counted.
 *
 * <p>Building partitions one index array in place, so every node's rocks are one contiguous range: a node wholly
 * inside the view hands over its whole range without visiting its children.
 */
public final class QuadTree {
    private static final Zone BUILD = Zone.local("Quadtree build");
    private static final Zone QUERY = Zone.local("Quadtree query");

    private static final int LEAF_SIZE = 12;
    private static final int MAX_DEPTH = 8;

    private final Rocks rocks;
    private final float arena;
    private final int[] order;
    private final int capacity;
    private final float[] minX;
    private final float[] minY;
    private final float[] size;
    private final int[] start;
    private final int[] end;
    private final int[] firstChild;
    private int nodes;

    public QuadTree(Rocks rocks, float arena) {
        this.rocks = rocks;
        this.arena = arena;
        this.order = new int[rocks.count];
        // Every split turns one node into five (it and four children) and needs more than LEAF_SIZE rocks.
        this.capacity = 1 + 4 * (rocks.count / LEAF_SIZE + 1) * MAX_DEPTH;
        minX = new float[capacity];
        minY = new float[capacity];
        size = new float[capacity];
        start = new int[capacity];
        end = new int[capacity];
        firstChild = new int[capacity];
    }

    /** Rebuilds the tree from the rocks' current positions. */
    public void build() {
        for (int i = 0; i < rocks.count; i++) {
            order[i] = i;
        }
        nodes = 1;
        build(0, 0, 0, arena, 0, rocks.count, 0);
    }

    private void build(int node, float x, float y, float s, int from, int to, int depth) {
        try (ZoneScope z = Slowdown.enter(BUILD)) {
            minX[node] = x;
            minY[node] = y;
            size[node] = s;
            start[node] = from;
            end[node] = to;
            firstChild[node] = -1;
            if (to - from <= LEAF_SIZE || depth == MAX_DEPTH || nodes + 4 > capacity) {
                return;
            }
            float half = s / 2;
            int splitY = partition(from, to, y + half, false);
            int splitLow = partition(from, splitY, x + half, true);
            int splitHigh = partition(splitY, to, x + half, true);
            int child = nodes;
            nodes += 4;
            firstChild[node] = child;
            build(child, x, y, half, from, splitLow, depth + 1);
            build(child + 1, x + half, y, half, splitLow, splitY, depth + 1);
            build(child + 2, x, y + half, half, splitY, splitHigh, depth + 1);
            build(child + 3, x + half, y + half, half, splitHigh, to, depth + 1);
        }
    }

    /** Moves the rocks of [from, to) whose coordinate is below {@code split} to the front; returns the boundary. */
    private int partition(int from, int to, float split, boolean alongX) {
        float[] coordinate = alongX ? rocks.x : rocks.y;
        int lo = from;
        int hi = to - 1;
        while (lo <= hi) {
            if (coordinate[order[lo]] < split) {
                lo++;
            } else {
                int t = order[lo];
                order[lo] = order[hi];
                order[hi] = t;
                hi--;
            }
        }
        return lo;
    }

    /**
     * Writes the rocks whose circles overlap the rectangle into {@code out} and returns how many (at most
     * {@code out.length}).
     */
    public int query(float x0, float y0, float x1, float y1, int[] out) {
        return query(0, x0, y0, x1, y1, out, 0);
    }

    private int query(int node, float x0, float y0, float x1, float y1, int[] out, int count) {
        try (ZoneScope z = Slowdown.enter(QUERY)) {
            // Loose bounds: a rock is filed by its centre but reaches up to MAX_RADIUS beyond the node.
            float pad = Rocks.MAX_RADIUS;
            float nx0 = minX[node] - pad;
            float ny0 = minY[node] - pad;
            float nx1 = minX[node] + size[node] + pad;
            float ny1 = minY[node] + size[node] + pad;
            if (nx1 < x0 || ny1 < y0 || nx0 > x1 || ny0 > y1) {
                return count;
            }
            if (nx0 >= x0 && ny0 >= y0 && nx1 <= x1 && ny1 <= y1) {
                for (int k = start[node]; k < end[node] && count < out.length; k++) {
                    out[count++] = order[k];
                }
                return count;
            }
            int child = firstChild[node];
            if (child < 0) {
                for (int k = start[node]; k < end[node] && count < out.length; k++) {
                    int r = order[k];
                    float rad = rocks.radius[r];
                    if (rocks.x[r] + rad >= x0 && rocks.x[r] - rad <= x1 && rocks.y[r] + rad >= y0
                            && rocks.y[r] - rad <= y1) {
                        out[count++] = r;
                    }
                }
                return count;
            }
            for (int c = 0; c < 4; c++) {
                count = query(child + c, x0, y0, x1, y1, out, count);
            }
            return count;
        }
    }

    /** Nodes in the tree after the last build. */
    public int nodes() {
        return nodes;
    }
}
