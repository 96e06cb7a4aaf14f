package game.lwjgl3;

import com.badlogic.gdx.ApplicationAdapter;
import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.graphics.glutils.ShapeRenderer;
import com.badlogic.gdx.utils.ScreenUtils;

import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;
import io.hudprof.stats.Counter;
import io.hudprof.stats.category.Category;

/**
 * {@link game.LiftoffGame} written against hudprof's core API instead of hudprof-api, line for line: desktop-only
 * code may use core directly. The launcher runs it to check that both APIs give the same report.
 */
public class CoreLiftoffGame extends ApplicationAdapter {
    static final Zone UPDATE = Zone.define("Game:update");
    static final Zone PHYSICS = Zone.local("physics");
    static final Zone AI = Zone.define("Game:AI");
    static final Category RENDER = Category.of("Render");
    static final Zone SHAPES = RENDER.zone("Shapes");
    static final Counter SPAWNS = Counter.define("Game/Spawns");

    private ShapeRenderer shapes;
    private double sink;

    @Override
    public void create() {
        shapes = new ShapeRenderer();
    }

    @Override
    public void render() {
        try (ZoneScope update = UPDATE.enter()) {
            PHYSICS.begin();
            for (int i = 0; i < 20000; i++) {
                sink += Math.sqrt(i);
            }
            PHYSICS.end();
            for (int agent = 0; agent < 3; agent++) {
                AI.begin();
                sink += Math.cbrt(agent + sink);
                AI.end();
            }
            SPAWNS.add(2);
        }
        ScreenUtils.clear(0f, 0f, 0f, 1f);
        SHAPES.begin();
        int w = Gdx.graphics.getBackBufferWidth();
        int h = Gdx.graphics.getBackBufferHeight();
        shapes.getProjectionMatrix().setToOrtho2D(0, 0, w, h);
        shapes.begin(ShapeRenderer.ShapeType.Filled);
        for (int i = 0; i < 5; i++) {
            shapes.setColor(0.2f + 0.15f * i, 0.7f, 0.3f, 1f);
            shapes.rect(w * 0.6f + i * w * 0.07f, h * 0.1f, w * 0.05f, h * 0.1f * (i + 1));
        }
        shapes.end();
        SHAPES.end();
    }

    @Override
    public void dispose() {
        shapes.dispose();
    }
}
