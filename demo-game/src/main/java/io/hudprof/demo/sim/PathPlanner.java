package io.hudprof.demo.sim;

import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;
import java.util.Arrays;

/**
 * Hunters' path finding: a coarse navigation grid rasterised from the rocks, and A* (8-neighbour, octile
 * heuristic, no corner cutting) from each hunter to the player. Re-planning every hunter at once is the game's
 * deliberately expensive periodic frame, the spike the HUD's history graph should make obvious.
 *
 * <p>All search state lives in arrays reused from search to search; a generation stamp marks which entries belong
 * to the current search, so nothing is cleared or allocated per search.
 */
final class PathPlanner {
    private static final Zone NAV_GRID = Zone.local("Nav grid");
    private static final Zone A_STAR = Zone.local("A*");

    static final int SIZE = 256;
    private static final float MARGIN = 4f;
    private static final float SQRT2 = (float) Math.sqrt(2);
    private static final int[] DX = {1, -1, 0, 0, 1, 1, -1, -1};
    private static final int[] DY = {0, 0, 1, -1, 1, -1, 1, -1};

    final float cell;
    final boolean[] blocked;
    private final float[] cost = new float[SIZE * SIZE];
    private final int[] parent = new int[SIZE * SIZE];
    private final int[] seen = new int[SIZE * SIZE];
    private final int[] closed = new int[SIZE * SIZE];
    private final int[] heap = new int[SIZE * SIZE * 4];
    private final float[] heapKey = new float[SIZE * SIZE * 4];
    private final int[] route = new int[SIZE * SIZE];
    private int heapSize;
    private int generation;
    private final int maxExpansions;

    PathPlanner(float arena, int maxExpansions) {
        this.cell = arena / SIZE;
        this.maxExpansions = maxExpansions;
        this.blocked = new boolean[SIZE * SIZE];
    }

    /**
     * A planner with scratch of its own over {@code grid}'s navigation grid (rasterised by {@code grid}), so several
     * threads can search the same grid at once, one planner each.
     */
    PathPlanner(PathPlanner grid) {
        this.cell = grid.cell;
        this.maxExpansions = grid.maxExpansions;
        this.blocked = grid.blocked;
    }

    /**
     * Marks every cell whose centre is within a few units of a rock. The margin is small on purpose: the grid only
     * says which way to go, the whiskers keep the hull off the rocks.
     */
    void rasterize(Rocks rocks) {
        try (ZoneScope z = Slowdown.enter(NAV_GRID)) {
            Arrays.fill(blocked, false);
            for (int i = 0; i < rocks.count; i++) {
                float reach = rocks.radius[i] + MARGIN;
                int x0 = clampCell((rocks.x[i] - reach) / cell);
                int x1 = clampCell((rocks.x[i] + reach) / cell);
                int y0 = clampCell((rocks.y[i] - reach) / cell);
                int y1 = clampCell((rocks.y[i] + reach) / cell);
                for (int cy = y0; cy <= y1; cy++) {
                    float py = (cy + 0.5f) * cell - rocks.y[i];
                    for (int cx = x0; cx <= x1; cx++) {
                        float px = (cx + 0.5f) * cell - rocks.x[i];
                        if (px * px + py * py < reach * reach) {
                            blocked[cy * SIZE + cx] = true;
                        }
                    }
                }
            }
        }
    }

    /**
     * Finds a path from world point (sx, sy) to (gx, gy) and writes up to {@code maxPoints} waypoints (world
     * coordinates, every {@code spacing} cells along the path or sparser when it is long, ending at the goal) into
     * {@code outX}/{@code outY}
     * from {@code offset}; returns how many, 0 when there is no path within the search budget.
     */
    int find(float sx, float sy, float gx, float gy, float[] outX, float[] outY, int offset, int maxPoints,
             int spacing) {
        try (ZoneScope z = Slowdown.enter(A_STAR)) {
            int start = nearestFree(cellOf(sx), cellOf(sy));
            int goal = nearestFree(cellOf(gx), cellOf(gy));
            if (start < 0 || goal < 0) {
                return 0;
            }
            if (!search(start, goal)) {
                return 0;
            }
            int length = 0;
            for (int c = goal; c != start; c = parent[c]) {
                route[length++] = c;
            }
            // A long route gets sparser waypoints rather than a cut-off end.
            int step = Math.max(spacing, (length + maxPoints - 1) / maxPoints);
            int points = 0;
            for (int k = length - 1; k >= 0 && points < maxPoints; k -= step) {
                int c = route[Math.max(0, k - step + 1)];
                outX[offset + points] = (c % SIZE + 0.5f) * cell;
                outY[offset + points] = (c / SIZE + 0.5f) * cell;
                points++;
            }
            return points;
        }
    }

    private boolean search(int start, int goal) {
        generation++;
        heapSize = 0;
        int goalX = goal % SIZE;
        int goalY = goal / SIZE;
        cost[start] = 0;
        seen[start] = generation;
        push(start, heuristic(start % SIZE, start / SIZE, goalX, goalY));
        int budget = maxExpansions;
        while (heapSize > 0 && budget-- > 0) {
            int c = pop();
            if (closed[c] == generation) {
                continue;
            }
            closed[c] = generation;
            if (c == goal) {
                return true;
            }
            int cx = c % SIZE;
            int cy = c / SIZE;
            for (int d = 0; d < 8; d++) {
                int nx = cx + DX[d];
                int ny = cy + DY[d];
                if (nx < 0 || ny < 0 || nx >= SIZE || ny >= SIZE) {
                    continue;
                }
                int n = ny * SIZE + nx;
                if (blocked[n] || closed[n] == generation) {
                    continue;
                }
                if (d >= 4 && (blocked[cy * SIZE + nx] || blocked[ny * SIZE + cx])) {
                    continue;
                }
                float g = cost[c] + (d >= 4 ? SQRT2 : 1f);
                if (seen[n] != generation || g < cost[n]) {
                    seen[n] = generation;
                    cost[n] = g;
                    parent[n] = c;
                    push(n, g + heuristic(nx, ny, goalX, goalY));
                }
            }
        }
        return false;
    }

    private static float heuristic(int x, int y, int gx, int gy) {
        int dx = Math.abs(x - gx);
        int dy = Math.abs(y - gy);
        return Math.max(dx, dy) + (SQRT2 - 1) * Math.min(dx, dy);
    }

    private void push(int node, float key) {
        if (heapSize == heap.length) {
            return;
        }
        int i = heapSize++;
        while (i > 0) {
            int up = (i - 1) >> 1;
            if (heapKey[up] <= key) {
                break;
            }
            heap[i] = heap[up];
            heapKey[i] = heapKey[up];
            i = up;
        }
        heap[i] = node;
        heapKey[i] = key;
    }

    private int pop() {
        int top = heap[0];
        int lastNode = heap[--heapSize];
        float lastKey = heapKey[heapSize];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= heapSize) {
                break;
            }
            if (child + 1 < heapSize && heapKey[child + 1] < heapKey[child]) {
                child++;
            }
            if (heapKey[child] >= lastKey) {
                break;
            }
            heap[i] = heap[child];
            heapKey[i] = heapKey[child];
            i = child;
        }
        heap[i] = lastNode;
        heapKey[i] = lastKey;
        return top;
    }

    /** The free cell nearest (cx, cy) within a few rings, or -1. */
    private int nearestFree(int cx, int cy) {
        for (int ring = 0; ring < 6; ring++) {
            for (int y = cy - ring; y <= cy + ring; y++) {
                for (int x = cx - ring; x <= cx + ring; x++) {
                    if (x < 0 || y < 0 || x >= SIZE || y >= SIZE) {
                        continue;
                    }
                    if (Math.max(Math.abs(x - cx), Math.abs(y - cy)) == ring && !blocked[y * SIZE + x]) {
                        return y * SIZE + x;
                    }
                }
            }
        }
        return -1;
    }

    private int cellOf(float v) {
        return clampCell(v / cell);
    }

    private static int clampCell(float v) {
        int c = (int) v;
        return c < 0 ? 0 : Math.min(c, SIZE - 1);
    }
}
