package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Metric;
import io.hudprof.stats.ZoneRanking;
import org.junit.jupiter.api.Test;

/** The graph's column picture: one new column painted per frame, all of them only when the look changes. */
class GraphColumnsTest {
    private static final int COLUMNS = 40;
    private static final int WIDTH = 3;
    private static final int HEIGHT = 100;

    @Test
    void eachNewFramePaintsOneColumnAndScrollsTheRing() {
        try (ScriptedGame game = new ScriptedGame(64, 0); GraphColumns columns = new GraphColumns()) {
            game.frames(10, 1.0);
            StripPlot strip = new StripPlot();
            strip.columns(COLUMNS, WIDTH);
            strip.plot().set(0, 0, COLUMNS * WIDTH, HEIGHT);
            GraphColumnCache values = new GraphColumnCache(4);
            int[] zones = new int[4];
            int count = new ZoneRanking(game.profiler.data()).topZones(Metric.TIME, zones);
            int[] colors = {0x112233FF, 0x445566FF, 0x778899FF, 0xAABBCCFF};
            values.follow(game.profiler.history(), Metric.TIME, zones, count);
            double range = 20e6;
            columns.update(game.profiler.history(), values, Metric.TIME, colors, count, range, strip);
            assertEquals(1, columns.repaints());
            assertEquals((long) COLUMNS * WIDTH * HEIGHT * 4, columns.pixelBytes(), "the first paint is whole");

            columns.update(game.profiler.history(), values, Metric.TIME, colors, count, range, strip);
            assertEquals(0, columns.pixelBytes(), "no new frame, nothing painted");

            for (int f = 0; f < 3 * COLUMNS; f++) {
                game.frame(1.0 + f % 3);
                columns.update(game.profiler.history(), values, Metric.TIME, colors, count, range, strip);
                assertEquals((long) WIDTH * HEIGHT * 4, columns.pixelBytes(), "frame " + f);
            }
            assertEquals(1, columns.repaints(), "scrolling never repaints");
            HudImage image = columns.image();
            int before = image.version();
            game.frame(1.0);
            columns.update(game.profiler.history(), values, Metric.TIME, colors, count, range, strip);
            int written = 0;
            for (int x = 0; x < image.width(); x++) {
                written += image.columnVersion(x) > before ? 1 : 0;
            }
            assertEquals(WIDTH, written, "a new frame writes exactly one column's pixels");

            int[] otherColors = {0xDDEEFFFF, 0x445566FF, 0x778899FF};
            game.frame(1.0);
            columns.update(game.profiler.history(), values, Metric.TIME, otherColors, 3, range, strip);
            assertEquals(1, columns.repaints(), "new zones or colours paint new columns only");
            assertEquals((long) WIDTH * HEIGHT * 4, columns.pixelBytes());

            // The newest frame's column: zone colours from the bottom up to its frame time, transparent above.
            columns.update(game.profiler.history(), values, Metric.TIME, otherColors, 3, range * 2, strip);
            assertEquals(2, columns.repaints(), "a new scale repaints");
            long nanos = game.profiler.history().frameNanos(0);
            int tall = (int) Math.round(nanos * HEIGHT / (range * 2));
            int newest = newestLeft(columns, strip);
            assertEquals(otherColors[0], image.pixel(newest, HEIGHT - 1));
            assertEquals(GraphColumns.GROUND, image.pixel(newest, HEIGHT - tall - 2),
                    "above the column is the plot's own background");
            assertTrue(image.pixel(newest, HEIGHT - tall + 1) != GraphColumns.GROUND,
                    "the column reaches its frame time");
        }
    }

    /** Left pixel of the newest frame's column in the picture: the slot just left of the oldest shown. */
    private static int newestLeft(GraphColumns columns, StripPlot strip) {
        DrawList list = new DrawList(FontAtlas.bake(FontAtlas.DEFAULT_FONT, 12));
        try {
            list.reset(1000, 1000);
            columns.draw(strip, list);
            // The first quad starts at the oldest slot; the newest slot is the one before it, wrapping round.
            int image = columns.image().width();
            int oldest = Math.round(quadU0(list) * image);
            return Math.floorMod(oldest - WIDTH, image);
        } finally {
            list.font().close();
            list.close();
        }
    }

    private static float quadU0(DrawList list) {
        java.nio.ByteBuffer bytes = list.vertexBytes().order(java.nio.ByteOrder.nativeOrder());
        int u = bytes.getShort(4) & 0xFFFF;
        return u / 65535f;
    }
}
