package io.hudprof.gdx;

import com.badlogic.gdx.Gdx;
import com.badlogic.gdx.InputProcessor;

import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.overlay.HudControls;
import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.OverlayConfig;

/**
 * hudprof's HUD in a libGDX game, as pieces for a game that wants control (the rest use
 * {@link HudprofGdx#wrap}): create it in {@code create()}, call {@link #endFrame()} at the end of {@code render()}
 * outside any zone, {@link #resize()} from {@code resize()}, {@link #close()} from {@code dispose()}.
 *
 * <pre>{@code
 * public void create() {
 *     hud = GdxHud.create(Hudprof.start(), OverlayConfig.defaults(), GdxHud.KeyPath.AUTO);
 * }
 * public void render() {
 *     ...                // the game's frame, zones and all
 *     hud.endFrame();    // GLProfiler counts, profiler.update(), the HUD at the back-buffer size
 * }
 * }</pre>
 *
 * <p>Keys and mouse ({@link KeyPath}): on libGDX's LWJGL3 backend the overlay's GLFW key and mouse callbacks are
 * chained in front of libGDX's (libGDX installs its callbacks when it creates the window, before {@code create()}),
 * so the HUD sees keys with GLFW's modifiers and repeats, and pointer events, first, whatever input processor the
 * game sets later; events the HUD does not use go on to libGDX unchanged (all of them while it is hidden), and the
 * ones it uses never reach libGDX, so no event is handled twice. Elsewhere a {@link GdxHudInput} translates libGDX's
 * key and pointer events into the same key router and {@code HudMouse} and keeps itself in front of the game's input
 * processor, which gets every event the HUD does not use.
 *
 * <p>It never takes the game down: if the HUD cannot start (an OpenGL context it cannot draw in, a driver that
 * rejects its shaders) one warning says why and how to get a context it draws in, and the game runs on, profiled,
 * without a HUD. Use on libGDX's render thread.
 */
public final class GdxHud implements AutoCloseable {
    /** How the HUD gets its keys and mouse. */
    public enum KeyPath {
        /** {@link #GLFW_CHAIN} on libGDX's LWJGL3 backend, {@link #INPUT_PROCESSOR} elsewhere. */
        AUTO,
        /** The overlay's GLFW key and mouse callbacks in front of libGDX's (LWJGL3 backend only). */
        GLFW_CHAIN,
        /** A {@link GdxHudInput} (keys and mouse) kept first in libGDX's input processor chain. */
        INPUT_PROCESSOR,
        /** No keys: the game calls {@link GdxHud#controls()} or feeds {@link GdxHud#inputProcessor()} itself. */
        NONE
    }

    static final Zone HUD = Zone.define("hudprof:HUD");
    private static final System.Logger LOG = System.getLogger("io.hudprof.gdx");

    private Profiler profiler;
    private final GdxGlCounters glCounters = new GdxGlCounters();
    private final KeyPath keyPath;
    private final long window;
    private Overlay overlay;
    private GdxHudInput input;
    private float contentScale;

    private GdxHud(Profiler profiler, Overlay overlay, KeyPath requested) {
        this.profiler = profiler;
        this.overlay = overlay;
        boolean lwjgl3 = Lwjgl3Windows.isLwjgl3(Gdx.graphics);
        this.window = lwjgl3 ? Lwjgl3Windows.windowHandle(Gdx.graphics) : 0L;
        KeyPath path = requested == KeyPath.AUTO ? (lwjgl3 ? KeyPath.GLFW_CHAIN : KeyPath.INPUT_PROCESSOR) : requested;
        if (path == KeyPath.GLFW_CHAIN && !lwjgl3) {
            throw new IllegalArgumentException("hudprof: KeyPath.GLFW_CHAIN needs libGDX's LWJGL3 backend; this game "
                    + "runs on " + Gdx.graphics.getClass().getName() + ": use KeyPath.AUTO or INPUT_PROCESSOR");
        }
        if (overlay == null) {
            path = KeyPath.NONE;
        } else {
            // On the GLFW chain the mouse already reaches the HUD through GLFW: a processor that took it too would
            // see every event the HUD passed on a second time.
            this.input = new GdxHudInput(overlay.keys(), path == KeyPath.GLFW_CHAIN ? null : overlay.mouse());
            if (path == KeyPath.GLFW_CHAIN) {
                overlay.installKeys(window);
                // The mouse the same way: libGDX's cursor, button and scroll callbacks get every event off the panels.
                overlay.installMouse(window);
            } else if (path == KeyPath.INPUT_PROCESSOR) {
                input.keepFirst();
            }
        }
        this.keyPath = path;
    }

    /**
     * Creates the HUD for {@code profiler} in libGDX's GL context (call from {@code create()} or later, on the render
     * thread). Returns a HUD that draws nothing, after one warning, when the overlay cannot start.
     */
    public static GdxHud create(Profiler profiler, OverlayConfig config, KeyPath keys) {
        if (profiler == null) {
            throw new IllegalArgumentException("hudprof: profiler is null; pass Hudprof.start()");
        }
        Overlay overlay;
        try {
            overlay = Overlay.create(profiler, config);
        } catch (RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.WARNING, "hudprof: the HUD is off, the game runs on (profiled, no HUD): " + e
                    + ". libGDX's default OpenGL context is 2.1 on macOS; "
                    + "config.setOpenGLEmulation(Lwjgl3ApplicationConfiguration.GLEmulation.GL30, 3, 2) gives the "
                    + "3.2 core context the HUD is tested in.");
            overlay = null;
        }
        GdxHud hud = new GdxHud(profiler, overlay, keys == null ? KeyPath.AUTO : keys);
        hud.resize();
        return hud;
    }

    /** The profiler this HUD shows; {@code null} once {@link #close() closed}. */
    public Profiler profiler() {
        return profiler;
    }

    /** The overlay, or {@code null} when it could not start (or failed while drawing). */
    public Overlay overlay() {
        return overlay;
    }

    /** Every HUD action as a method, or {@code null} without an overlay. */
    public HudControls controls() {
        return overlay == null ? null : overlay.controls();
    }

    /** The key path in use ({@link KeyPath#NONE} without an overlay). */
    public KeyPath keyPath() {
        return keyPath;
    }

    /**
     * The libGDX input processor that routes keys and pointer events to the HUD (for {@link KeyPath#NONE}, where the
     * game places it first in its own chain; it returns true for exactly the events the HUD used), or {@code null}
     * without an overlay. With {@link KeyPath#GLFW_CHAIN} it takes no pointer events (GLFW delivers them to the HUD).
     */
    public InputProcessor inputProcessor() {
        return input;
    }

    /**
     * The end of the game's frame, outside any zone: adds the frame's {@code GLProfiler} counts (when the game enabled
     * one), ends the profiler's frame ({@code profiler.update()}), and draws the HUD over the back buffer at its size in
     * pixels ({@code getBackBufferWidth/Height}, not the logical size, which differs on HiDPI screens).
     */
    public void endFrame() {
        if (profiler == null) {
            return; // closed
        }
        glCounters.publish();
        profiler.update();
        if (overlay == null) {
            return;
        }
        if (keyPath == KeyPath.INPUT_PROCESSOR) {
            input.frame(System.nanoTime());
        }
        HUD.begin();
        try {
            overlay.render(Gdx.graphics.getBackBufferWidth(), Gdx.graphics.getBackBufferHeight());
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "hudprof: the HUD failed while drawing and is off; the game runs on", e);
            closeOverlay();
        } finally {
            HUD.end();
        }
    }

    /**
     * Follows the window's content scale (moved to a monitor with another scale, which also resizes the back buffer):
     * the HUD's text is rebaked when the scale changes. Call from {@code resize()}; allocates only on a change.
     */
    public void resize() {
        if (overlay == null) {
            return;
        }
        float scale = window != 0 ? Overlay.contentScaleOf(window) : backBufferScale();
        if (scale != contentScale) {
            contentScale = scale;
            overlay.setContentScale(scale);
        }
    }

    private static float backBufferScale() {
        int logical = Gdx.graphics.getWidth();
        float scale = logical > 0 ? (float) Gdx.graphics.getBackBufferWidth() / logical : 1f;
        return Math.max(0.5f, Math.min(4f, scale));
    }

    /**
     * Takes the HUD's keys out of libGDX's input, deletes its GL objects (GL context current) and lets go of the
     * profiler: libGDX keeps an ended application reachable (its statics point to the last one), so nothing this HUD
     * made may stay reachable from it. {@link #endFrame()} and {@link #resize()} do nothing afterwards.
     */
    @Override
    public void close() {
        closeOverlay();
        input = null;
        profiler = null;
    }

    private void closeOverlay() {
        if (input != null && keyPath == KeyPath.INPUT_PROCESSOR) {
            input.uninstall();
        }
        if (overlay != null) {
            overlay.close();
            overlay = null;
        }
    }
}
