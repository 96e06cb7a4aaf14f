package game;

import com.badlogic.gdx.ApplicationAdapter;
import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.graphics.glutils.ShapeRenderer;
import com.badlogic.gdx.utils.ScreenUtils;

import io.hudprof.api.Category;
import io.hudprof.api.Counter;
import io.hudprof.api.Zone;
import io.hudprof.api.ZoneScope;

/**
 * The game, in the core module every backend compiles: Java 8, and zones through hudprof-api, which costs nothing
 * where no hudprof is bound (Android, iOS, the web). A fixed amount of work per frame, so every zone's count is the
 * same in every frame; it draws only in the right half of the window, leaving the left to the HUD.
 */
public class LiftoffGame extends ApplicationAdapter {
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
