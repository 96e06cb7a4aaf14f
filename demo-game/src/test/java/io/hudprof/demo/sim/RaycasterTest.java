package io.hudprof.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RaycasterTest {
    private static final float ARENA = 4096f;

    @Test
    void gridWalkFindsTheSameNearestRockAsTestingEveryRock() {
        Rocks rocks = new Rocks(2500, ARENA, new SplittableRandom(3));
        SpatialGrid grid = new SpatialGrid(ARENA, 80f, rocks.count);
        grid.build(rocks);
        Raycaster raycaster = new Raycaster(grid, rocks, ARENA);
        SplittableRandom random = new SplittableRandom(11);
        RayHit hit = new RayHit();
        int hits = 0;
        for (int n = 0; n < 2000; n++) {
            float ox = (float) random.nextDouble() * ARENA;
            float oy = (float) random.nextDouble() * ARENA;
            double a = random.nextDouble() * Math.PI * 2;
            float dx = (float) Math.cos(a);
            float dy = (float) Math.sin(a);
            float length = 20 + (float) random.nextDouble() * 900;
            float thickness = n % 2 == 0 ? 0 : 12;
            float reach = raycaster.cast(ox, oy, dx, dy, length, thickness, hit);
            float expected = bruteForce(rocks, ox, oy, dx, dy, length, thickness);
            assertEquals(expected, reach, 1e-3f, "ray " + n);
            hits += hit.rock >= 0 ? 1 : 0;
        }
        assertTrue(hits > 500, "a dense field stops many rays: " + hits);
        assertEquals(2000, raycaster.casts());
    }

    private static float bruteForce(Rocks rocks, float ox, float oy, float dx, float dy, float length, float grow) {
        float best = length;
        for (int r = 0; r < rocks.count; r++) {
            float mx = ox - rocks.x[r];
            float my = oy - rocks.y[r];
            float rad = rocks.radius[r] + grow;
            float b = mx * dx + my * dy;
            float c = mx * mx + my * my - rad * rad;
            if (c <= 0) {
                return 0;
            }
            float disc = b * b - c;
            if (b > 0 || disc < 0) {
                continue;
            }
            best = Math.min(best, -b - (float) Math.sqrt(disc));
        }
        return best;
    }
}
