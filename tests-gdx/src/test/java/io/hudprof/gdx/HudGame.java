package io.hudprof.gdx;

import com.badlogic.gdx.ApplicationAdapter;
import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.graphics.GL20;
import com.badlogic.gdx.graphics.Pixmap;
import com.badlogic.gdx.graphics.Texture;
import com.badlogic.gdx.graphics.g2d.SpriteBatch;
import com.badlogic.gdx.graphics.glutils.ShapeRenderer;
import com.badlogic.gdx.utils.ScreenUtils;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.OverlayConfig;

import org.lwjgl.Version;

/**
 * A small libGDX game, written the way the overlay's README tells a libGDX user to: zones around its work, the
 * profiler and the HUD created in {@code create()}, the HUD shown through {@code overlay.controls()} (libGDX owns the
 * GLFW callbacks), {@code Hudprof.update()} and {@code overlay.render(...)} at the end of {@code render()}. It draws
 * the same picture every frame (ShapeRenderer bars and a SpriteBatch sprite, in the top right of the window, away
 * from the HUD), reads the framebuffer back around the HUD in its last frames, and exits.
 */
final class HudGame extends ApplicationAdapter {
    static final Zone SIMULATE = Zone.define("Game:Simulate");
    static final Zone SHAPES = Zone.define("Game:Shapes");
    static final Zone SPRITES = Zone.define("Game:Sprites");

    /** What the test checks once the application has exited. */
    static final class Result {
        String glVersion;
        String lwjglVersion;
        int width;
        int height;
        int glErrors;
        int lastDrawCalls;
        int framesRendered;
        /** The game's picture, before the HUD, in the frame before the last: the HUD of that frame came after it. */
        byte[] previousScene;
        /** The game's picture in the last frame, before the HUD; rows top first, RGBA. */
        byte[] scene;
        /** The same frame after the HUD. */
        byte[] withHud;
    }

    final Result result = new Result();
    private final int frames;
    private Profiler profiler;
    private Overlay overlay;
    private SpriteBatch batch;
    private ShapeRenderer shapes;
    private Texture sprite;
    private double sink;

    HudGame(int frames) {
        this.frames = frames;
    }

    @Override
    public void create() {
        profiler = Hudprof.install(new Profiler(ProfilerConfig.defaults()));
        overlay = Overlay.create(profiler, OverlayConfig.defaults());
        overlay.controls().view().setVisible(true);
        batch = new SpriteBatch();
        shapes = new ShapeRenderer();
        Pixmap pixels = new Pixmap(64, 64, Pixmap.Format.RGBA8888);
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 64; x++) {
                pixels.drawPixel(x, y, ((x / 8 + y / 8) % 2 == 0) ? 0xFFD040FF : 0x2060E0FF);
            }
        }
        sprite = new Texture(pixels);
        pixels.dispose();
        result.glVersion = Gdx.gl.glGetString(GL20.GL_VERSION);
        result.lwjglVersion = Version.getVersion();
    }

    @Override
    public void render() {
        countGlErrors();
        int w = Gdx.graphics.getBackBufferWidth();
        int h = Gdx.graphics.getBackBufferHeight();
        SIMULATE.begin();
        for (int i = 0; i < 20_000; i++) {
            sink += Math.sqrt(i);
        }
        SIMULATE.end();

        ScreenUtils.clear(0.12f, 0.14f, 0.18f, 1f);
        SHAPES.begin();
        shapes.getProjectionMatrix().setToOrtho2D(0, 0, w, h);
        shapes.begin(ShapeRenderer.ShapeType.Filled);
        // Bars rising from 42 % of the height: the top right of the window, clear of the HUD's panel and graph.
        for (int i = 0; i < 6; i++) {
            shapes.setColor(0.2f + 0.13f * i, 0.8f - 0.1f * i, 0.3f, 1f);
            shapes.rect(w * 0.66f + i * w * 0.05f, h * 0.42f, w * 0.04f, h * 0.05f * (i + 1));
        }
        shapes.end();
        SHAPES.end();
        SPRITES.begin();
        batch.getProjectionMatrix().setToOrtho2D(0, 0, w, h);
        batch.begin();
        batch.draw(sprite, w * 0.75f, h * 0.65f, 128, 128);
        batch.end();
        SPRITES.end();

        Hudprof.update();
        boolean last = result.framesRendered == frames - 1;
        if (result.framesRendered == frames - 2) {
            result.previousScene = ScreenUtils.getFrameBufferPixels(0, 0, w, h, true);
        }
        if (last) {
            result.scene = ScreenUtils.getFrameBufferPixels(0, 0, w, h, true);
        }
        overlay.render(w, h);
        countGlErrors();
        result.framesRendered++;
        if (last) {
            result.withHud = ScreenUtils.getFrameBufferPixels(0, 0, w, h, true);
            result.width = w;
            result.height = h;
            result.lastDrawCalls = overlay.lastDrawCalls();
            Gdx.app.exit();
        }
    }

    private void countGlErrors() {
        while (Gdx.gl.glGetError() != GL20.GL_NO_ERROR) {
            result.glErrors++;
        }
    }

    @Override
    public void dispose() {
        overlay.close();
        batch.dispose();
        shapes.dispose();
        sprite.dispose();
        Hudprof.uninstall();
    }
}
