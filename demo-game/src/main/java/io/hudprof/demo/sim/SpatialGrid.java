package io.hudprof.demo.sim;

import java.util.Arrays;

/**
 * The physics broad phase and the raycaster's acceleration structure: a uniform grid over the arena in which each
 * rock is listed in every cell its bounding box touches (at most four, since a rock is never wider than a cell).
 * Rebuilt every step by a counting sort into flat arrays: no per-cell lists, no allocation.
 */
public final class SpatialGrid {
    public final float cellSize;
    final float inverseCell;
    public final int columns;
    public final int rows;
    /** Items of cell {@code c} are {@code items[cellStart[c] .. cellStart[c + 1])}. */
    final int[] cellStart;
    final int[] items;
    private final int[] fill;

    /** A grid over a square arena of side {@code arena} for at most {@code capacity} rocks. */
    public SpatialGrid(float arena, float cellSize, int capacity) {
        if (2 * Rocks.MAX_RADIUS > cellSize) {
            throw new IllegalArgumentException("cell size " + cellSize + " is smaller than the largest rock");
        }
        this.cellSize = cellSize;
        this.inverseCell = 1f / cellSize;
        this.columns = (int) Math.ceil(arena / cellSize);
        this.rows = columns;
        this.cellStart = new int[columns * rows + 1];
        this.fill = new int[columns * rows];
        this.items = new int[capacity * 4];
    }

    /** Lists every rock in the cells its bounding box overlaps. */
    public void build(Rocks rocks) {
        Arrays.fill(cellStart, 0);
        for (int i = 0; i < rocks.count; i++) {
            int x0 = column(rocks.x[i] - rocks.radius[i]);
            int x1 = column(rocks.x[i] + rocks.radius[i]);
            int y0 = row(rocks.y[i] - rocks.radius[i]);
            int y1 = row(rocks.y[i] + rocks.radius[i]);
            for (int cy = y0; cy <= y1; cy++) {
                for (int cx = x0; cx <= x1; cx++) {
                    cellStart[cy * columns + cx + 1]++;
                }
            }
        }
        for (int c = 0; c < columns * rows; c++) {
            cellStart[c + 1] += cellStart[c];
        }
        System.arraycopy(cellStart, 0, fill, 0, fill.length);
        for (int i = 0; i < rocks.count; i++) {
            int x0 = column(rocks.x[i] - rocks.radius[i]);
            int x1 = column(rocks.x[i] + rocks.radius[i]);
            int y0 = row(rocks.y[i] - rocks.radius[i]);
            int y1 = row(rocks.y[i] + rocks.radius[i]);
            for (int cy = y0; cy <= y1; cy++) {
                for (int cx = x0; cx <= x1; cx++) {
                    items[fill[cy * columns + cx]++] = i;
                }
            }
        }
    }

    /** The column of world coordinate {@code x}, clamped to the grid. */
    public int column(float x) {
        int c = (int) (x * inverseCell);
        return c < 0 ? 0 : Math.min(c, columns - 1);
    }

    /** The row of world coordinate {@code y}, clamped to the grid. */
    public int row(float y) {
        int r = (int) (y * inverseCell);
        return r < 0 ? 0 : Math.min(r, rows - 1);
    }

    /** First item index of a cell. */
    public int start(int cell) {
        return cellStart[cell];
    }

    /** One past the last item index of a cell. */
    public int end(int cell) {
        return cellStart[cell + 1];
    }

    /** The rock at an item index. */
    public int item(int index) {
        return items[index];
    }
}
