package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.stats.category.Category;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * Colours the game chose, drawn by the real GL path on llvmpipe: a zone's own colour and a category's, inherited by
 * its zones, fill the zones' bands in the history graph and their bars in the timeline. Screenshots under
 * target/screenshots.
 */
class ZoneColorGlTest {
    private static final int W = 1280;
    private static final int H = 720;
    /** Colours no palette entry (nor the GPU line's violet) is near, so a pixel of them is the chosen colour. */
    private static final int VIOLET = 0x8000FF;
    private static final int LIME = 0x00FF40;
    private static final Zone FRAME = Zone.define("Zcg:Frame");
    private static final Zone AI = Zone.define("Zcg:AI").color(VIOLET);
    private static final Zone CULL;
    private static final Zone SORT;

    static {
        Category render = Category.of("ZcgRender").color(LIME);
        CULL = render.zone("Cull");
        SORT = render.zone("Sort");
    }

    private static GlContext gl;
    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private Profiler profiler;
    private Overlay overlay;

    @BeforeAll
    static void open() {
        gl = GlContext.open(GlContext.Profile.CORE, W, H);
    }

    @AfterAll
    static void close() {
        if (gl != null) {
            gl.close();
        }
    }

    @BeforeEach
    void start() {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).timelineCapacity(1 << 12)
                .build());
        Hudprof.install(profiler);
        overlay = Overlay.create(profiler, OverlayConfig.builder().startVisible(true).build());
    }

    @AfterEach
    void stop(TestInfo test) {
        gl.screenshotOf(test);
        overlay.close();
        Hudprof.uninstall();
    }

    /** A 20 ms frame: AI 1..9 ms, Cull 10..14, Sort 14..19, inside Frame. */
    private void frame() {
        FRAME.begin();
        clock.advanceMillis(1);
        AI.begin();
        clock.advanceMillis(8);
        AI.end();
        clock.advanceMillis(1);
        CULL.begin();
        clock.advanceMillis(4);
        CULL.end();
        SORT.begin();
        clock.advanceMillis(5);
        SORT.end();
        clock.advanceMillis(1);
        FRAME.end();
        profiler.update();
    }

    @Test
    void chosenColoursFillTheGraphBandsAndTheTimelineBars() {
        for (int i = 0; i < 60; i++) {
            frame();
        }
        overlay.controls().toggleTimeline();
        ScriptedGame.drawScene(W, H);
        overlay.render(W, H);
        Image image = gl.screenshot("zone-colours");

        Box graph = overlay.frame().graph().strip().plot();
        int aiInGraph = image.countNear(graph.left(), graph.top(), graph.right(), graph.bottom(), VIOLET, 8);
        int renderInGraph = image.countNear(graph.left(), graph.top(), graph.right(), graph.bottom(), LIME, 8);
        // 60 columns of 8 ms of AI and 9 ms of Cull + Sort: bands many pixels tall.
        assertTrue(aiInGraph > 500, "AI's band in its chosen violet: " + aiInGraph + " pixels in " + graph);
        assertTrue(renderInGraph > 500, "ZcgRender's zones in its lime: " + renderInGraph + " pixels");

        TimelineView timeline = overlay.frame().timelineView();
        Box plot = timeline.plot();
        double pxPerMs = plot.width() / 20.0;
        int rowHeight = plot.height() / 2;
        int depth1 = plot.top() + rowHeight + 2;
        assertNear(VIOLET, image.rgb(plot.left() + (int) (5 * pxPerMs), depth1), "AI's bar at 5 ms");
        assertNear(LIME, image.rgb(plot.left() + (int) (12 * pxPerMs), depth1), "Cull's bar at 12 ms");
        assertNear(LIME, image.rgb(plot.left() + (int) (16.5 * pxPerMs), depth1), "Sort's bar at 16.5 ms");
        assertTrue(Image.distance(VIOLET, image.rgb(plot.left() + (int) (0.5 * pxPerMs), plot.top() + 2)) > 60,
                "Frame, with no colour chosen, is not drawn violet");
    }

    private static void assertNear(int expected, int actual, String what) {
        assertTrue(Image.distance(expected, actual) <= 8, what + ": expected " + Integer.toHexString(expected)
                + " but the pixel is " + Integer.toHexString(actual));
    }
}
