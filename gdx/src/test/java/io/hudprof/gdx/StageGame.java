package io.hudprof.gdx;

import java.util.ArrayList;
import java.util.List;

import com.badlogic.gdx.ApplicationAdapter;
import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.graphics.Pixmap;
import com.badlogic.gdx.graphics.Texture;
import com.badlogic.gdx.graphics.g2d.SpriteBatch;
import com.badlogic.gdx.graphics.glutils.ShapeRenderer;
import com.badlogic.gdx.graphics.profiling.GLProfiler;
import com.badlogic.gdx.scenes.scene2d.InputEvent;
import com.badlogic.gdx.scenes.scene2d.InputListener;
import com.badlogic.gdx.scenes.scene2d.Stage;
import com.badlogic.gdx.utils.ScreenUtils;
import com.badlogic.gdx.utils.viewport.ScreenViewport;

import io.hudprof.core.Zone;

/**
 * A small libGDX game that knows nothing of hudprof's HUD: a ShapeRenderer and a SpriteBatch draw the same picture in
 * the top right of the window every frame, a Scene2D {@link Stage} takes libGDX's input processor a few frames after
 * start-up (as a game's menu screen would) and records the keys and pointer events it receives, and {@link GLProfiler} is enabled. It
 * measures the bytes its own {@code render()} allocates, so the harness can tell hudprof's share.
 */
final class StageGame extends ApplicationAdapter {
    static final Zone DRAW = Zone.define("Game:Draw");
    static final int STAGE_TAKES_INPUT_AT = 3;

    final List<Integer> stageKeysDown = new ArrayList<>();
    /** The characters the Stage was typed. */
    final StringBuilder stageTyped = new StringBuilder();
    /** Every pointer event libGDX handed the Stage (the game's processor), as text, screen coordinates. */
    final List<String> stageMouse = new ArrayList<>();
    /** The GL state at the end of the game's render(), before the HUD (warm-up frames only). */
    final int[] stateAtEnd = new int[GdxRun.STATE_SIZE];
    long lastRenderBytes;
    int frame;
    GLProfiler glProfiler;
    private Stage stage;
    private SpriteBatch batch;
    private ShapeRenderer shapes;
    private Texture sprite;

    @Override
    public void create() {
        glProfiler = new GLProfiler(Gdx.graphics);
        glProfiler.enable();
        batch = new SpriteBatch();
        shapes = new ShapeRenderer();
        stage = new Stage(new ScreenViewport()) {
            @Override
            public boolean mouseMoved(int x, int y) {
                stageMouse.add("move " + x + "," + y);
                return super.mouseMoved(x, y);
            }

            @Override
            public boolean touchDragged(int x, int y, int pointer) {
                stageMouse.add("drag " + x + "," + y);
                return super.touchDragged(x, y, pointer);
            }

            @Override
            public boolean touchDown(int x, int y, int pointer, int button) {
                stageMouse.add("down " + button);
                return super.touchDown(x, y, pointer, button);
            }

            @Override
            public boolean touchUp(int x, int y, int pointer, int button) {
                stageMouse.add("up " + button);
                return super.touchUp(x, y, pointer, button);
            }

            @Override
            public boolean scrolled(float amountX, float amountY) {
                stageMouse.add("scroll " + amountY);
                return super.scrolled(amountX, amountY);
            }
        };
        stage.addListener(new InputListener() {
            @Override
            public boolean keyDown(InputEvent event, int keycode) {
                stageKeysDown.add(keycode);
                return true;
            }

            @Override
            public boolean keyTyped(InputEvent event, char character) {
                stageTyped.append(character);
                return true;
            }
        });
        Pixmap pixels = new Pixmap(64, 64, Pixmap.Format.RGBA8888);
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 64; x++) {
                pixels.drawPixel(x, y, ((x / 8 + y / 8) % 2 == 0) ? 0xFFD040FF : 0x2060E0FF);
            }
        }
        sprite = new Texture(pixels);
        pixels.dispose();
    }

    @Override
    public void render() {
        long before = GdxRun.allocatedBytes();
        if (frame == STAGE_TAKES_INPUT_AT) {
            Gdx.input.setInputProcessor(stage);
        }
        int w = Gdx.graphics.getBackBufferWidth();
        int h = Gdx.graphics.getBackBufferHeight();
        DRAW.begin();
        ScreenUtils.clear(0.12f, 0.14f, 0.18f, 1f);
        shapes.getProjectionMatrix().setToOrtho2D(0, 0, w, h);
        shapes.begin(ShapeRenderer.ShapeType.Filled);
        for (int i = 0; i < 6; i++) {
            shapes.setColor(0.2f + 0.13f * i, 0.8f - 0.1f * i, 0.3f, 1f);
            shapes.rect(w * 0.66f + i * w * 0.05f, h * 0.42f, w * 0.04f, h * 0.05f * (i + 1));
        }
        shapes.end();
        batch.getProjectionMatrix().setToOrtho2D(0, 0, w, h);
        batch.begin();
        batch.draw(sprite, w * 0.75f, h * 0.65f, 128, 128);
        batch.end();
        stage.act();
        stage.draw();
        DRAW.end();
        if (frame < GdxRun.WARM_UP_UNTIL) {
            GdxRun.snapshot(stateAtEnd);
        }
        frame++;
        lastRenderBytes = GdxRun.allocatedBytes() - before;
    }

    @Override
    public void resize(int width, int height) {
        stage.getViewport().update(width, height, true);
    }

    @Override
    public void dispose() {
        stage.dispose();
        batch.dispose();
        shapes.dispose();
        sprite.dispose();
        glProfiler.disable();
    }
}
