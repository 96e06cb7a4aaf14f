package io.hudprof.gdx;

import com.badlogic.gdx.ApplicationListener;

import io.hudprof.core.Zone;
import io.hudprof.stats.ProfilerLease;
import io.hudprof.overlay.OverlayConfig;

/**
 * One line profiles a libGDX game: {@code new Lwjgl3Application(HudprofGdx.wrap(new MyGame()), config)}.
 *
 * <p>The listener returned starts the profiler (or uses the one the game installed with {@code Hudprof}), attaches
 * per-frame statistics, and puts each of the game's {@code create}, {@code render}, {@code resize}, {@code pause},
 * {@code resume} and {@code dispose} in a {@code libGDX:} zone. At the end of each {@code render()} it ends the
 * profiler's frame and draws the HUD ({@link GdxHud#endFrame()}: F3 shows it), in a {@code hudprof:HUD} zone. The
 * time from the end of one {@code render()} to the start of the next — the HUD, then libGDX's buffer swap, frame
 * pacing (vsync, {@code foregroundFPS} sleeps), input polling and event dispatch, posted runnables — is the zone
 * {@value #BETWEEN_NAME}, so the report names it instead of leaving it as the thread's own time. {@code dispose()}
 * closes the HUD, uninstalls the profiler if it started it, and lets go of both (libGDX keeps an ended application
 * reachable, so a game that re-creates its application in one JVM would otherwise keep every old profiler).
 *
 * <p>Games that want control use {@link GdxHud} directly.
 */
public final class HudprofGdx {
    /** The name of the zone between two {@code render()} calls. */
    public static final String BETWEEN_NAME = "libGDX:swap, pacing, input";

    static final Zone CREATE = Zone.define("libGDX:create");
    static final Zone RENDER = Zone.define("libGDX:render");
    static final Zone RESIZE = Zone.define("libGDX:resize");
    static final Zone PAUSE = Zone.define("libGDX:pause");
    static final Zone RESUME = Zone.define("libGDX:resume");
    static final Zone DISPOSE = Zone.define("libGDX:dispose");
    static final Zone BETWEEN = Zone.define(BETWEEN_NAME);

    private HudprofGdx() {
    }

    /** Wraps {@code game} with the default HUD configuration and key path ({@link GdxHud.KeyPath#AUTO}). */
    public static ApplicationListener wrap(ApplicationListener game) {
        return wrap(game, OverlayConfig.defaults(), GdxHud.KeyPath.AUTO);
    }

    /** Wraps {@code game} with the given HUD configuration and key path. */
    public static ApplicationListener wrap(ApplicationListener game, OverlayConfig config, GdxHud.KeyPath keys) {
        if (game == null) {
            throw new IllegalArgumentException("hudprof: wrap(null); pass the game's ApplicationListener");
        }
        return new Listener(game, config, keys);
    }

    /** The HUD of a listener made by {@link #wrap}, once its {@code create()} has run; {@code null} otherwise. */
    public static GdxHud hudOf(ApplicationListener wrapped) {
        return wrapped instanceof Listener l ? l.hud : null;
    }

    /** The wrapped game's listener. */
    private static final class Listener implements ApplicationListener {
        private final ApplicationListener game;
        private final OverlayConfig config;
        private final GdxHud.KeyPath keys;
        private GdxHud hud;
        private ProfilerLease lease;
        private boolean between;

        Listener(ApplicationListener game, OverlayConfig config, GdxHud.KeyPath keys) {
            this.game = game;
            this.config = config;
            this.keys = keys;
        }

        @Override
        public void create() {
            lease = ProfilerLease.acquire();
            CREATE.begin();
            try {
                game.create();
            } finally {
                CREATE.end();
            }
            hud = GdxHud.create(lease.profiler(), config, keys);
        }

        @Override
        public void render() {
            if (hud == null) {
                game.render(); // disposed, or create() failed: the game's frame, unprofiled
                return;
            }
            endBetween();
            RENDER.begin();
            try {
                game.render();
            } finally {
                RENDER.end();
            }
            hud.endFrame();
            BETWEEN.begin();
            between = true;
        }

        @Override
        public void resize(int width, int height) {
            RESIZE.begin();
            try {
                game.resize(width, height);
            } finally {
                RESIZE.end();
            }
            if (hud != null) {
                hud.resize();
            }
        }

        @Override
        public void pause() {
            PAUSE.begin();
            try {
                game.pause();
            } finally {
                PAUSE.end();
            }
        }

        @Override
        public void resume() {
            RESUME.begin();
            try {
                game.resume();
            } finally {
                RESUME.end();
            }
        }

        @Override
        public void dispose() {
            endBetween();
            DISPOSE.begin();
            try {
                game.dispose();
            } finally {
                DISPOSE.end();
                // libGDX keeps the ended application, and so this listener, reachable (Gdx.app and the window
                // point to it): let go of everything hudprof made, or each re-created application keeps a profiler.
                if (hud != null) {
                    hud.close();
                    hud = null;
                }
                if (lease != null) {
                    lease.close();
                    lease = null;
                }
            }
        }

        private void endBetween() {
            if (between) {
                BETWEEN.end();
                between = false;
            }
        }
    }
}
