package io.hudprof.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PathPlannerTest {
    @Test
    void pathGoesAroundRocksAndEndsAtTheGoal() {
        Rocks rocks = new Rocks(3000, 4096f, new SplittableRandom(1));
        PathPlanner planner = new PathPlanner(4096f, 50_000);
        planner.rasterize(rocks);
        float[] xs = new float[64];
        float[] ys = new float[64];
        int points = planner.find(300, 300, 3800, 3700, xs, ys, 0, 64, 3);
        assertTrue(points > 10, "a long way needs many waypoints: " + points);
        assertEquals(3800, xs[points - 1], planner.cell * 6);
        assertEquals(3700, ys[points - 1], planner.cell * 6);
        for (int i = 0; i < points; i++) {
            int cell = (int) (ys[i] / planner.cell) * PathPlanner.SIZE + (int) (xs[i] / planner.cell);
            assertFalse(planner.blocked[cell], "waypoint " + i + " lies on a rock");
        }
    }

    @Test
    void walledOffGoalGivesNoPath() {
        Rocks rocks = new Rocks(1, 4096f, new SplittableRandom(1));
        PathPlanner planner = new PathPlanner(4096f, 200_000);
        planner.rasterize(rocks);
        int wall = PathPlanner.SIZE / 2;
        for (int y = 0; y < PathPlanner.SIZE; y++) {
            planner.blocked[y * PathPlanner.SIZE + wall] = true;
        }
        float[] xs = new float[64];
        float[] ys = new float[64];
        assertEquals(0, planner.find(200, 2000, 3900, 2000, xs, ys, 0, 64, 3));
        assertTrue(planner.find(200, 2000, 1500, 2100, xs, ys, 0, 64, 3) > 0, "same side of the wall");
    }
}
