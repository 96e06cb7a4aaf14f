package io.hudprof.gdx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import javax.imageio.ImageIO;

import com.badlogic.gdx.backends.lwjgl3.Lwjgl3Application;
import com.badlogic.gdx.backends.lwjgl3.Lwjgl3ApplicationConfiguration;

import io.hudprof.overlay.testing.XvfbDisplay;

/** Runs {@link HudGame} in a real {@link Lwjgl3Application} on the test thread and checks what it read back. */
final class GdxHudRun {
    static final int FRAMES = 40;
    private static final int W = 960;
    private static final int H = 540;

    private GdxHudRun() {
    }

    /** Starts the application (its constructor returns once the game has exited) and returns what the game saw. */
    static HudGame.Result run(String name, Consumer<Lwjgl3ApplicationConfiguration> emulation) {
        XvfbDisplay.ensure();
        Lwjgl3ApplicationConfiguration config = new Lwjgl3ApplicationConfiguration();
        config.setTitle("hudprof in libGDX");
        config.setWindowedMode(W, H);
        config.setResizable(false);
        config.useVsync(false);
        config.disableAudio(true);
        emulation.accept(config);
        HudGame game = new HudGame(FRAMES);
        new Lwjgl3Application(game, config);
        HudGame.Result result = game.result;
        System.out.println("[hudprof] libGDX " + name + ": OpenGL " + result.glVersion + ", LWJGL "
                + result.lwjglVersion + ", " + result.framesRendered + " frames, HUD draw calls "
                + result.lastDrawCalls);
        if (result.withHud != null) {
            save(name + "-scene", result.scene, result.width, result.height);
            save(name + "-hud", result.withHud, result.width, result.height);
        }
        return result;
    }

    /** The checks both emulations share: LWJGL 3.3.3, no GL error, HUD pixels, the game's own pixels untouched. */
    static void assertHudOverUntouchedGame(HudGame.Result r) {
        assertTrue(r.lwjglVersion.startsWith("3.3.3"), "libGDX must run on the LWJGL it brings: " + r.lwjglVersion);
        assertEquals(FRAMES, r.framesRendered, "the game did not render every frame");
        assertEquals(0, r.glErrors, "GL errors during the game's frames");
        // Opaque panels (the default): per view its background, then its blended text; the graph picture, guides.
        assertTrue(r.lastDrawCalls >= 1 && r.lastDrawCalls <= 6, "HUD draw calls: " + r.lastDrawCalls);
        int w = r.width;
        int h = r.height;
        // The HUD (panel at the top left, graph below it) changed a good part of the left half...
        int changed = changed(r.scene, r.withHud, w, 0, 0, w / 2, h / 2);
        assertTrue(changed > w * h / 16, "too few HUD pixels over the game: " + changed);
        int bright = 0;
        for (int y = 0; y < h / 2; y++) {
            for (int x = 0; x < w / 2; x++) {
                int at = (y * w + x) * 4;
                if ((r.withHud[at] & 0xFF) > 200 && (r.withHud[at + 1] & 0xFF) > 200 && (r.withHud[at + 2] & 0xFF) > 200) {
                    bright++;
                }
            }
        }
        assertTrue(bright > 200, "no HUD text: " + bright + " bright pixels");
        // ...and nothing in the top right, where the game drew its bars and sprite (from 0.66 of the width down to
        // 0.58 of the height; the top-right pixel is clear colour). The graph panel below it grows with its legend
        // (up to OverlayConfig's graph zones), so the region ends a row's height under the bars, no lower.
        int gameLeft = (int) (w * 0.65);
        int gameBottom = (int) (h * 0.59);
        assertEquals(0, changed(r.scene, r.withHud, w, gameLeft, 0, w, gameBottom), "the HUD drew over the game");
        int clear = (w - 1) * 4;
        int drawn = 0;
        for (int y = 0; y < gameBottom; y++) {
            for (int x = gameLeft; x < w; x++) {
                int at = (y * w + x) * 4;
                if (r.scene[at] != r.scene[clear] || r.scene[at + 1] != r.scene[clear + 1]) {
                    drawn++;
                }
            }
        }
        assertTrue(drawn > w * h / 25, "the game's own bars and sprite are missing: " + drawn + " pixels");
        // The HUD drawn in the previous frame left libGDX's GL state as it was: the game drew the same picture again.
        assertEquals(0, changed(r.previousScene, r.scene, w, 0, 0, w, h),
                "the game's picture changed after a frame with the HUD");
    }

    private static int changed(byte[] a, byte[] b, int w, int x0, int y0, int x1, int y1) {
        int count = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                int at = (y * w + x) * 4;
                if (a[at] != b[at] || a[at + 1] != b[at + 1] || a[at + 2] != b[at + 2]) {
                    count++;
                }
            }
        }
        return count;
    }

    private static void save(String name, byte[] rgba, int w, int h) {
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int at = (y * w + x) * 4;
                image.setRGB(x, y, (rgba[at] & 0xFF) << 16 | (rgba[at + 1] & 0xFF) << 8 | (rgba[at + 2] & 0xFF));
            }
        }
        Path dir = Path.of(System.getProperty("hudprof.screenshots", "target/screenshots"));
        try {
            Files.createDirectories(dir);
            ImageIO.write(image, "png", dir.resolve(name + ".png").toFile());
        } catch (IOException e) {
            throw new AssertionError("cannot save " + name + ".png in " + dir, e);
        }
    }
}
