package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.testing.XvfbDisplay;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The viewer's HUD uses the whole window, not a game's corner: the history graph along the bottom takes a good part
 * of the height and the report panel most of the width, and both follow the window when it is resized (the HUD's
 * views and the report's state carried over). Measured on the screenshots, which land in target/viewer-screenshots.
 * The headless surface keeps the size it was made with, so the larger size is measured in a window opened at it.
 */
class ViewerLayoutGlTest {
    private static final Path CAPTURE = Path.of("../pstats/src/test/resources/captures/panda-client-200frames.messages.jsonl");
    private static final Path SHOTS = Path.of("target/viewer-screenshots");
    /** The window's clear colour, (0.06, 0.07, 0.09) in 8 bits. */
    private static final int CLEAR_R = 15;

    private static ViewerWindow openWindow(RemoteProfile profile, int width, int height) {
        try {
            return ViewerWindow.open(profile, width, height, true);
        } catch (IllegalStateException eglFailed) {
            XvfbDisplay.ensure();
            return ViewerWindow.open(profile, width, height, false);
        }
    }

    private static boolean background(BufferedImage image, int x, int y) {
        int rgb = image.getRGB(x, y);
        int r = (rgb >> 16) & 0xff;
        int g = (rgb >> 8) & 0xff;
        int b = rgb & 0xff;
        return Math.abs(r - CLEAR_R) <= 1 && Math.abs(g - 18) <= 1 && Math.abs(b - 23) <= 1;
    }

    /** Rows of the lower half, in the middle column, that the HUD drew on (the graph's box). */
    private static int graphHeight(BufferedImage image) {
        int x = image.getWidth() / 2;
        int top = image.getHeight();
        for (int y = image.getHeight() - 1; y >= image.getHeight() / 2; y--) {
            if (!background(image, x, y)) {
                top = y;
            }
        }
        int bottom = 0;
        for (int y = image.getHeight() / 2; y < image.getHeight(); y++) {
            if (!background(image, x, y)) {
                bottom = y;
            }
        }
        return bottom - top + 1;
    }

    /** How far right the report panel reaches, along its title row. */
    private static int panelRight(BufferedImage image) {
        int right = 0;
        for (int x = 0; x < image.getWidth(); x++) {
            if (!background(image, x, 20)) {
                right = x;
            }
        }
        return right + 1;
    }

    private static BufferedImage shot(ViewerWindow window, String name) throws Exception {
        window.renderFrame();
        Path file = SHOTS.resolve(name);
        window.screenshot(file);
        window.swap();
        return ImageIO.read(file.toFile());
    }

    @Test
    void theHudFillsTheWindowAndFollowsItsSize() throws Exception {
        RemoteProfile profile = new RemoteProfile(ViewerMain.HISTORY_FRAMES);
        BufferedImage small;
        try (ViewerWindow window = openWindow(profile, 1280, 800)) {
            assertEquals(0, ViewerMain.replay(CAPTURE, peer -> new ClientFeed(profile, true), System.err));
            small = shot(window, "layout-1280x800.png");
            assertArrayEquals(new int[] {1280, 800}, window.framebuffer());
            assertTrue(graphHeight(small) >= 800 * 35 / 100, "graph height " + graphHeight(small) + " of 800");
            assertTrue(panelRight(small) >= 1280 * 60 / 100, "panel reaches " + panelRight(small) + " of 1280");
            assertTrue(panelRight(small) <= 1280, "the panel fits the window");

            Overlay before = window.hud();
            synchronized (profile.lock()) {
                before.controls().toggleUnits();
                before.controls().graphZoomIn();
                before.controls().toggleHistogram();
                ReportController.of(profile.profiler()).setMode(ReportMode.HIERARCHICAL_TIME);
            }
            double range = before.controls().view().graphRangeNanos();
            window.resize(1600, 1000);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (window.hud() == before && System.nanoTime() < deadline) {
                window.renderFrame();
                window.swap();
                Thread.sleep(20);
            }
            assertNotSame(before, window.hud(), "the HUD was laid out again for the new size");
            assertArrayEquals(new int[] {1600, 1000}, window.framebuffer());
            assertTrue(window.hud().controls().view().unitsHz(), "the graph's units carried over");
            assertEquals(range, window.hud().controls().view().graphRangeNanos(), "and its zoom (HudView.copyFrom)");
            assertTrue(window.hud().controls().view().histogramShown(), "and the panels shown");
            synchronized (profile.lock()) {
                assertEquals(ReportMode.HIERARCHICAL_TIME, ReportController.of(profile.profiler()).mode());
            }
        }
        try (ViewerWindow window = openWindow(profile, 1600, 1000)) {
            BufferedImage large = shot(window, "layout-1600x1000.png");
            assertTrue(graphHeight(large) >= 1000 * 35 / 100, "graph height " + graphHeight(large) + " of 1000");
            assertTrue(graphHeight(large) > graphHeight(small), "the graph grew with the window");
            assertTrue(panelRight(large) > panelRight(small), "the panel widened with the window");
        } finally {
            profile.close();
        }
    }
}
