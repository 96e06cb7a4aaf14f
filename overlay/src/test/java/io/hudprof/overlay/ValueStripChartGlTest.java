package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_C;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_LEFT_BRACKET;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_B;
import static org.lwjgl.glfw.GLFW.GLFW_KEY_RIGHT_BRACKET;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_CONTROL;
import static org.lwjgl.glfw.GLFW.GLFW_MOD_SHIFT;
import static org.lwjgl.glfw.GLFW.GLFW_PRESS;
import static org.lwjgl.glfw.GLFW.GLFW_RELEASE;

import io.hudprof.core.ValueUnit;
import io.hudprof.stats.Counter;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.MemoryCounter;
import io.hudprof.stats.Percent;
import io.hudprof.stats.Sensor;
import io.hudprof.stats.text.UnitText;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The PStats value strip chart: guide lines at round numbers in the statistic's unit, percentages on a fixed scale,
 * the user's guide bars per unit, and the {@code Category/Name} drill-down (step within a category, stack the
 * category's same-unit statistics, step categories).
 */
class ValueStripChartGlTest {
    private static final int W = 1280;
    private static final int H = 720;
    private static final MemoryCounter TEXTURES = MemoryCounter.defineLevel("VcMemory/Textures");
    private static final MemoryCounter MESHES = MemoryCounter.defineLevel("VcMemory/Meshes");
    private static final Counter LOADS = Counter.define("VcMemory/Loads");
    private static final Counter RAYS = Counter.define("VcRender/Rays cast");
    private static final Percent HITS = Percent.define("VcRender/Cache hits");

    /** The levels are global to the JVM: what earlier tests left held. */
    private static long texturesHeld;
    private static long meshesHeld;
    private static GlContext gl;
    private ScriptedGame game;
    private FrameStatistics stats;
    private Overlay overlay;
    private int frames;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
    }

    @AfterAll
    static void close() {
        gl.close();
    }

    @BeforeEach
    void start() {
        game = new ScriptedGame(48, 0);
        stats = FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(game.profiler);
        overlay = Overlay.create(game.profiler, OverlayConfig.builder().startVisible(true).graphColumnWidth(6)
                .graphHeight(200).build());
        frames(40);
    }

    @AfterEach
    void stop() {
        overlay.close();
        stats.detach();
        game.close();
    }

    /** Textures hold 3 MiB, meshes 1 MiB (levels); 3 loads and 7 rays a frame; a 30% cache hit rate. */
    private void frames(int count) {
        for (int i = 0; i < count; i++) {
            if (frames == 0) {
                TEXTURES.add((3L << 20) - texturesHeld);
                MESHES.add((1L << 20) - meshesHeld);
                texturesHeld = 3L << 20;
                meshesHeld = 1L << 20;
            }
            LOADS.add(3);
            RAYS.add(7);
            HITS.add(3, 10);
            frames++;
            game.frame(1.0);
        }
    }

    private Image render(String screenshot) {
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        return gl.screenshot(screenshot);
    }

    private void press(int key, int mods) {
        overlay.keys().onKey(key, GLFW_PRESS, mods);
        overlay.keys().onKey(key, GLFW_RELEASE, mods);
    }

    /** The guides' values, bottom first. */
    private double[] guideValues() {
        GuideBars guides = overlay.chart().guides();
        double[] values = new double[guides.count()];
        for (int g = 0; g < values.length; g++) {
            values[g] = guides.value(g);
        }
        java.util.Arrays.sort(values);
        return values;
    }

    /** Whether the label column right of the plot has text pixels on the rows around {@code y}. */
    private static boolean labelAt(Image image, ValueChartView chart, int y) {
        Box plot = chart.strip().plot();
        int top = Math.max(plot.top(), Math.min(plot.bottom() - 16, y - 8));
        return image.countDifferent(plot.right() + 2, top, chart.strip().bounds().right(), top + 16,
                image.rgb(chart.strip().bounds().right() - 2, plot.top() + 1), 60) > 0;
    }

    @Test
    void bytesGetRoundGuideLinesLabelledInMiB() {
        overlay.controls().chart(TEXTURES);
        Image image = render("value-chart-bytes-guides");
        ValueChartView chart = overlay.chart();
        assertEquals(5L << 20, chart.scaleTop(), "3 MiB: the next nice number is 5 MiB");
        double[] expected = {0, 2L << 20, 4L << 20};
        assertEquals(java.util.Arrays.toString(expected), java.util.Arrays.toString(guideValues()));
        Box plot = chart.strip().plot();
        GuideBars guides = chart.guides();
        for (int g = 0; g < guides.count(); g++) {
            int expectedY = plot.bottom() - (int) Math.round(guides.value(g) / chart.scaleTop() * plot.height());
            assertEquals(expectedY, guides.y(g), "guide " + guides.value(g) + " sits at its value");
            assertTrue(labelAt(image, chart, guides.y(g)), "a label beside the guide at " + guides.y(g));
            // The line crosses the plot where no bar is: left of the 40 recorded frames.
            int x = plot.left() + 2;
            int y = Math.min(guides.y(g), plot.bottom() - 1);
            assertTrue(Image.luminance(image.rgb(x, y)) > Image.luminance(image.rgb(x, y - 4)) + 10,
                    "the guide line is drawn across the plot at " + y);
        }
        assertEquals("2.00 MiB", UnitText.format(ValueUnit.BYTES, guides.value(1)));
        assertEquals(3L << 20, (long) stats.history().value(TEXTURES, 0));
        int bar = barTop(image, chart, 0, HudPalette.CHART_BAR);
        assertEquals(plot.bottom() - Math.round(3.0 / 5 * plot.height()), bar, 1.0, "a 3 MiB bar on a 5 MiB scale");
    }

    @Test
    void countsGetWholeNumberGuidesAndPercentagesAFixedScale() {
        overlay.controls().chart(RAYS);
        render("value-chart-count-guides");
        assertEquals(10, overlay.chart().scaleTop(), "7 rays: scale to 10");
        for (double v : guideValues()) {
            assertEquals(Math.rint(v), v, "count guides are whole numbers");
        }
        assertEquals("[0.0, 5.0, 10.0]", java.util.Arrays.toString(guideValues()));

        overlay.controls().chart(HITS);
        render("value-chart-percent");
        assertEquals(100, overlay.chart().scaleTop(), "percentages use the fixed 0-100 scale");
        assertEquals(0, overlay.chart().scaleBottom());
        assertEquals("[0.0, 50.0, 100.0]", java.util.Arrays.toString(guideValues()));
    }

    @Test
    void bracketsStepWithinTheCategoryAndShiftCStacksItsStatisticsOfTheSameUnit() {
        overlay.controls().chart(TEXTURES);
        render("value-chart-drill-stat");
        press(GLFW_KEY_RIGHT_BRACKET, 0);
        assertSame(LOADS, overlay.controls().chartedStatistic(), "Textures, the last by name, wraps to Loads");
        press(GLFW_KEY_RIGHT_BRACKET, 0);
        assertSame(MESHES, overlay.controls().chartedStatistic());
        press(GLFW_KEY_LEFT_BRACKET, 0);
        assertSame(LOADS, overlay.controls().chartedStatistic());
        press(GLFW_KEY_LEFT_BRACKET, 0);
        assertSame(TEXTURES, overlay.controls().chartedStatistic(), "back round to the last");

        press(GLFW_KEY_C, GLFW_MOD_SHIFT);
        assertTrue(overlay.controls().view().chartCategoryLevel());
        Image image = render("value-chart-drill-category");
        ValueChartView chart = overlay.chart();
        assertEquals(2, chart.memberCount(), "Meshes and Textures (bytes); Loads counts something else");
        assertEquals(MESHES.id(), chart.member(0));
        assertEquals(TEXTURES.id(), chart.member(1));
        assertEquals(5L << 20, chart.scaleTop(), "stacked 4 MiB: scale to 5 MiB");
        Box plot = chart.strip().plot();
        int meshesTop = barTop(image, chart, 0, HudPalette.zoneColor(0));
        int texturesTop = barTop(image, chart, 0, HudPalette.zoneColor(1));
        assertEquals(plot.bottom() - Math.round(1.0 / 5 * plot.height()), meshesTop, 1.0, "1 MiB at the bottom");
        assertEquals(plot.bottom() - Math.round(4.0 / 5 * plot.height()), texturesTop, 1.0, "3 MiB stacked on it");

        press(GLFW_KEY_RIGHT_BRACKET, 0);
        assertTrue(overlay.controls().view().chartCategoryLevel(), "drilled up, the brackets step categories");
        assertEquals("VcRender", overlay.controls().chartedStatistic().category());
        press(GLFW_KEY_LEFT_BRACKET, 0);
        assertEquals("VcMemory", overlay.controls().chartedStatistic().category());
        press(GLFW_KEY_C, GLFW_MOD_SHIFT);
        assertFalse(overlay.controls().view().chartCategoryLevel());
        render("value-chart-drill-back");
        assertEquals(1, overlay.chart().memberCount());
    }

    @Test
    void nAddsAGuideBarAtTheShownValueKeptForEveryChartInTheUnitAndShiftNRemovesIt() {
        overlay.controls().chart(MESHES);
        render("value-chart-before-guide");
        press(GLFW_KEY_B, GLFW_MOD_CONTROL);
        overlay.controls().chart(TEXTURES);
        Image image = render("value-chart-user-guide");
        ValueChartView chart = overlay.chart();
        Box plot = chart.strip().plot();
        int y = plot.bottom() - (int) Math.round(1.0 / 5 * plot.height());
        int dashes = image.countNear(plot.left(), y, plot.left() + plot.width() / 3, y + 1,
                HudPalette.USER_GUIDE >>> 8, 40);
        assertTrue(dashes > 10, "a dashed 1 MiB bar (set on Meshes) shows on the Textures chart: " + dashes);
        assertTrue(labelAt(image, chart, y), "labelled");

        overlay.controls().chart(RAYS);
        render("value-chart-other-unit");
        assertEquals(0, overlay.controls().valueChart().guides(ValueUnit.COUNT).count(), "bars are per unit");

        overlay.controls().chart(TEXTURES);
        press(GLFW_KEY_B, GLFW_MOD_CONTROL | GLFW_MOD_SHIFT);
        Image removed = render("value-chart-guide-removed");
        assertEquals(0, removed.countNear(plot.left(), y, plot.left() + plot.width() / 3, y + 1,
                HudPalette.USER_GUIDE >>> 8, 40));
    }

    /** The top row of the colour {@code rgba} in the column {@code framesAgo} back. */
    private static int barTop(Image image, ValueChartView chart, int framesAgo, int rgba) {
        int x = chart.strip().plot().right() - (framesAgo + 1) * chart.strip().columnWidth() + 1;
        for (int y = chart.strip().plot().top(); y < chart.strip().plot().bottom(); y++) {
            if (Image.distance(image.rgb(x, y), rgba >>> 8) < 30) {
                return y;
            }
        }
        return -1;
    }

    @Test
    void helpListsTheValueChartKeys() {
        String help = KeyBindings.defaults().toString();
        assertTrue(help.contains("]/[ chart step"), help);
        assertTrue(help.contains("Shift+C chart category"), help);
        assertTrue(help.contains("Ctrl+B/Ctrl+Shift+B chart guide +/-"), help);
    }
}
