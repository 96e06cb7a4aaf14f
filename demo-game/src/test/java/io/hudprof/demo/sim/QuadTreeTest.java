package io.hudprof.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class QuadTreeTest {
    @Test
    void queryReturnsExactlyTheRocksOverlappingTheRectangle() {
        Rocks rocks = new Rocks(3000, 4096f, new SplittableRandom(5));
        QuadTree tree = new QuadTree(rocks, 4096f);
        tree.build();
        assertTrue(tree.nodes() > 100, "a few thousand rocks split into many nodes: " + tree.nodes());
        SplittableRandom random = new SplittableRandom(9);
        int[] out = new int[rocks.count];
        for (int n = 0; n < 200; n++) {
            float x0 = (float) random.nextDouble() * 3500;
            float y0 = (float) random.nextDouble() * 3500;
            float x1 = x0 + 50 + (float) random.nextDouble() * 1500;
            float y1 = y0 + 50 + (float) random.nextDouble() * 900;
            int found = tree.query(x0, y0, x1, y1, out);
            int[] got = Arrays.copyOf(out, found);
            Arrays.sort(got);
            int[] expected = java.util.stream.IntStream.range(0, rocks.count)
                    .filter(r -> rocks.x[r] + rocks.radius[r] >= x0 && rocks.x[r] - rocks.radius[r] <= x1
                            && rocks.y[r] + rocks.radius[r] >= y0 && rocks.y[r] - rocks.radius[r] <= y1)
                    .toArray();
            assertEquals(Arrays.toString(expected), Arrays.toString(got), "query " + n);
        }
    }
}
