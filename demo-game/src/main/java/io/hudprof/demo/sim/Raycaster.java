package io.hudprof.demo.sim;

import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;
import io.hudprof.stats.Counter;
import io.hudprof.stats.Percent;

/**
 * The one ray-versus-rocks routine the whole game uses: physics sweeps bullets with short rays, the AI looks around
 * with long ones. It is IProf's own example of a shared routine: its public zone "Raycast" is entered from both,
 * and the HUD's call graph splits its time exactly between the two callers even though an AI ray costs far more
 * than a bullet's.
 */
public final class Raycaster {
    /** Public: the same zone for every caller, so all raycasts add up in one row with one parent per caller. */
    static final Zone RAYCAST = Zone.define("Raycast");
    /** Private: the cell-by-cell walk, where a long ray spends its time. */
    private static final Zone GRID_WALK = Zone.local("Grid walk");
    private static final Counter RAYS = Counter.define("Raycast/Rays cast");
    /** Of the rays that reach the grid walk, how many meet a rock. */
    private static final Percent HITS = Percent.define("Raycast/Rays that hit");

    private final SpatialGrid grid;
    private final Rocks rocks;
    private final float arena;
    /** Per rock, the number of the last fat cast that tested it, so a rock listed in several cells is tested once. */
    private final int[] testedBy;
    private int castNumber;
    private long casts;

    public Raycaster(SpatialGrid grid, Rocks rocks, float arena) {
        this.grid = grid;
        this.rocks = rocks;
        this.arena = arena;
        this.testedBy = new int[rocks.count];
    }

    /**
     * Casts a ray from ({@code ox}, {@code oy}) along the unit vector ({@code dx}, {@code dy}) for at most
     * {@code length} and writes the nearest rock it meets into {@code hit}; returns the distance to it (or
     * {@code length}). A {@code thickness} above 0 sweeps a disc of that radius instead of a point (will a ship fit
     * through?); it must not exceed a grid cell. The arena's walls do not stop rays.
     */
    public float cast(float ox, float oy, float dx, float dy, float length, float thickness, RayHit hit) {
        try (ZoneScope z = Slowdown.enter(RAYCAST)) {
            casts++;
            RAYS.increment();
            hit.rock = -1;
            hit.distance = length;
            // Clip to the arena so the walk starts and ends inside the grid.
            float tMin = 0;
            float tMax = length;
            if (dx != 0) {
                float t0 = (0 - ox) / dx;
                float t1 = (arena - ox) / dx;
                tMin = Math.max(tMin, Math.min(t0, t1));
                tMax = Math.min(tMax, Math.max(t0, t1));
            } else if (ox < 0 || ox > arena) {
                return length;
            }
            if (dy != 0) {
                float t0 = (0 - oy) / dy;
                float t1 = (arena - oy) / dy;
                tMin = Math.max(tMin, Math.min(t0, t1));
                tMax = Math.min(tMax, Math.max(t0, t1));
            } else if (oy < 0 || oy > arena) {
                return length;
            }
            if (tMin > tMax) {
                return length;
            }
            walk(ox, oy, dx, dy, tMin, tMax, thickness, hit);
            HITS.count(hit.rock >= 0);
            return hit.distance;
        }
    }

    /**
     * Amanatides-Woo grid traversal: visit the cells the segment crosses in order, stop at the first proven hit. A
     * thick ray also tests the eight cells around each one, since a rock can reach it from a cell it is not listed
     * in, by up to the thickness.
     */
    private void walk(float ox, float oy, float dx, float dy, float tStart, float tEnd, float thickness,
                      RayHit hit) {
        try (ZoneScope z = Slowdown.enter(GRID_WALK)) {
            float cell = grid.cellSize;
            int cx = grid.column(ox + dx * tStart);
            int cy = grid.row(oy + dy * tStart);
            int stepX = dx > 0 ? 1 : -1;
            int stepY = dy > 0 ? 1 : -1;
            float tDeltaX = dx != 0 ? Math.abs(cell / dx) : Float.POSITIVE_INFINITY;
            float tDeltaY = dy != 0 ? Math.abs(cell / dy) : Float.POSITIVE_INFINITY;
            float tNextX = dx != 0 ? ((cx + (dx > 0 ? 1 : 0)) * cell - ox) / dx : Float.POSITIVE_INFINITY;
            float tNextY = dy != 0 ? ((cy + (dy > 0 ? 1 : 0)) * cell - oy) / dy : Float.POSITIVE_INFINITY;
            float best = tEnd;
            int bestRock = -1;
            boolean thick = thickness > 0;
            int stamp = ++castNumber;
            while (true) {
                int y0 = thick ? Math.max(0, cy - 1) : cy;
                int y1 = thick ? Math.min(grid.rows - 1, cy + 1) : cy;
                int x0 = thick ? Math.max(0, cx - 1) : cx;
                int x1 = thick ? Math.min(grid.columns - 1, cx + 1) : cx;
                for (int ny = y0; ny <= y1; ny++) {
                    for (int nx = x0; nx <= x1; nx++) {
                        int c = ny * grid.columns + nx;
                        for (int k = grid.start(c), end = grid.end(c); k < end; k++) {
                            int r = grid.item(k);
                            if (thick) {
                                if (testedBy[r] == stamp) {
                                    continue;
                                }
                                testedBy[r] = stamp;
                            }
                            float t = intersect(ox, oy, dx, dy, r, thickness);
                            if (t >= 0 && t < best) {
                                best = t;
                                bestRock = r;
                            }
                        }
                    }
                }
                float tLeave = Math.min(tNextX, tNextY);
                // A rock listed here and hit before this cell's exit is hit inside the cells walked so far, and
                // every rock touching those was tested: nothing nearer can follow.
                if (best <= tLeave || tLeave >= tEnd) {
                    break;
                }
                if (tNextX < tNextY) {
                    cx += stepX;
                    tNextX += tDeltaX;
                    if (cx < 0 || cx >= grid.columns) {
                        break;
                    }
                } else {
                    cy += stepY;
                    tNextY += tDeltaY;
                    if (cy < 0 || cy >= grid.rows) {
                        break;
                    }
                }
            }
            if (bestRock >= 0) {
                hit.rock = bestRock;
                hit.distance = best;
            }
        }
    }

    /**
     * Distance along the ray to rock {@code r}'s circle grown by {@code thickness}, 0 when the origin is inside it,
     * -1 on a miss.
     */
    private float intersect(float ox, float oy, float dx, float dy, int r, float thickness) {
        float mx = ox - rocks.x[r];
        float my = oy - rocks.y[r];
        float rad = rocks.radius[r] + thickness;
        float b = mx * dx + my * dy;
        float c = mx * mx + my * my - rad * rad;
        if (c <= 0) {
            return 0;
        }
        if (b > 0) {
            return -1;
        }
        float disc = b * b - c;
        if (disc < 0) {
            return -1;
        }
        return -b - (float) Math.sqrt(disc);
    }

    /** Rays cast since the start. */
    public long casts() {
        return casts;
    }
}
