package io.hudprof.jme;

import com.jme3.app.Application;
import com.jme3.app.state.AppStateManager;
import com.jme3.app.state.BaseAppState;
import com.jme3.profile.AppProfiler;
import com.jme3.renderer.RenderManager;

import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.stats.ProfilerLease;
import io.hudprof.overlay.HudControls;
import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.OverlayConfig;

/**
 * One line profiles a jMonkeyEngine game: {@code stateManager.attach(new HudprofJme())} (in {@code simpleInitApp},
 * or before {@code start()}).
 *
 * <p>The state starts the profiler (or uses the one installed with {@code Hudprof}), attaches per-frame statistics,
 * and installs an {@code AppProfiler} that turns jME's own steps into zones ({@code jME:RenderMainViewPorts}, each
 * viewport and bucket, each app state), so the engine's internals appear in the call graph with no change to the
 * game. jME holds one profiler: hudprof's wraps the one installed before it and passes every call on; when someone
 * replaces it (jME's {@code DetailedProfilerState} does when enabled, and sets the slot to {@code null} when disabled)
 * the next frame wraps the new one. A game profiler that wraps whatever is in the slot, hudprof's wrapper included, is
 * wrapped in turn, and the wrapper it calls becomes a pass-through, so each frame is still recorded once. The HUD is
 * drawn in {@code postRender}, over the scene and the GUI, before jME
 * swaps the buffers; its keys and mouse come through jME's {@code InputManager} (F3 shows it: click a report row, drag
 * on the graph, wheel), and the events it uses while shown never reach the game's mappings or the raw listeners the
 * game adds after attaching the state; the game gets every other event, all of them while the HUD is hidden. Detaching the state puts the game's own profiler back and closes the HUD.
 *
 * <p>It never takes the game down: if the HUD cannot start, one warning says why and the game runs on, profiled.
 */
public final class HudprofJme extends BaseAppState {
    static final Zone HUD = Zone.define("hudprof:HUD");
    private static final System.Logger LOG = System.getLogger("io.hudprof.jme");

    private final OverlayConfig config;
    private Profiler profiler;
    private ProfilerLease lease;
    private JmeStepProfiler steps;
    private Overlay overlay;
    private JmeHudInput input;

    /** The HUD with its default configuration. */
    public HudprofJme() {
        this(OverlayConfig.defaults());
    }

    /** The HUD with {@code config}. */
    public HudprofJme(OverlayConfig config) {
        super("hudprof");
        this.config = config;
    }

    /**
     * Registers the HUD's raw input listener as soon as the state is attached (jME initialises a state only in the
     * next update, after the game's {@code simpleInitApp} added its own listeners), so the HUD sees keys and mouse
     * events before the game's raw listeners and can keep the ones it uses from them. It passes everything on until
     * the HUD exists.
     */
    @Override
    public void stateAttached(AppStateManager stateManager) {
        Application app = stateManager.getApplication();
        if (input == null && app != null && app.getInputManager() != null) {
            input = new JmeHudInput();
            app.getInputManager().addRawInputListener(input);
        }
    }

    @Override
    public void stateDetached(AppStateManager stateManager) {
        if (!isInitialized()) {
            // cleanup() runs only for an initialised state.
            removeInput(stateManager.getApplication());
        }
    }

    @Override
    protected void initialize(Application app) {
        lease = ProfilerLease.acquire();
        profiler = lease.profiler();
        try {
            overlay = Overlay.create(profiler, config);
        } catch (RuntimeException | LinkageError e) {
            LOG.log(System.Logger.Level.WARNING, "hudprof: the HUD is off, the game runs on (profiled, no HUD): " + e
                    + ". It needs jME's LWJGL3 renderer (AppSettings.LWJGL_OPENGL32 or later) and lwjgl-stb.");
            overlay = null;
        }
        if (overlay != null) {
            if (input == null) {
                // Attached before the application started: registered now, after whatever the game added.
                input = new JmeHudInput();
                app.getInputManager().addRawInputListener(input);
            }
            input.attach(overlay.keys(), overlay.mouse(), app.getContext(), app.getInputManager());
        } else {
            removeInput(app);
        }
        wrapInstalledProfiler(app);
    }

    /** The profiler the zones record into; {@code null} before the state initialises and after it detaches. */
    public Profiler profiler() {
        return profiler;
    }

    /** The overlay, or {@code null} when it could not start. */
    public Overlay overlay() {
        return overlay;
    }

    /** Every HUD action as a method, or {@code null} without an overlay. */
    public HudControls controls() {
        return overlay == null ? null : overlay.controls();
    }

    @Override
    public void update(float tpf) {
        Application app = getApplication();
        if (app.getAppProfiler() != steps) {
            wrapInstalledProfiler(app);
        }
    }

    /**
     * Wraps whatever is in jME's slot now. The wrapper that was there before is retired, not dropped: the new
     * occupant may be a game profiler that wraps it and goes on calling it, so it passes calls on and records nothing
     * (a frame is recorded once, by the outermost hudprof wrapper). A retired hudprof wrapper put back in the slot is
     * unwrapped instead of wrapped again.
     */
    private void wrapInstalledProfiler(Application app) {
        if (steps != null) {
            steps.retire();
        }
        AppProfiler current = app.getAppProfiler();
        if (current instanceof JmeStepProfiler retired && !retired.recording()) {
            current = retired.previous();
        }
        steps = new JmeStepProfiler(profiler, current);
        app.setAppProfiler(steps);
    }

    @Override
    public void postRender() {
        if (overlay == null || !isEnabled()) {
            return;
        }
        HUD.begin();
        try {
            overlay.render(getApplication().getContext().getFramebufferWidth(),
                    getApplication().getContext().getFramebufferHeight());
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "hudprof: the HUD failed while drawing and is off; the game runs on", e);
            closeOverlay();
        } finally {
            HUD.end();
        }
    }

    @Override
    public void render(RenderManager rm) {
    }

    /**
     * Puts the game's own profiler back when hudprof's wrapper is still in jME's slot; when a game profiler has
     * wrapped it since, that one stays and the wrapper it calls is retired (a pass-through holding nothing of
     * hudprof's). Closes the HUD and lets go of the profiler, so nothing of hudprof's outlives the detach.
     */
    @Override
    protected void cleanup(Application app) {
        if (steps != null) {
            if (app.getAppProfiler() == steps) {
                app.setAppProfiler(steps.previous());
            }
            steps.retire();
        }
        steps = null;
        closeOverlay();
        if (lease != null) {
            lease.close();
            lease = null;
        }
        profiler = null;
    }

    private void removeInput(Application app) {
        if (input != null) {
            input.detach();
            if (app != null && app.getInputManager() != null) {
                app.getInputManager().removeRawInputListener(input);
            }
            input = null;
        }
    }

    private void closeOverlay() {
        removeInput(getApplication());
        if (overlay != null) {
            overlay.close();
            overlay = null;
        }
    }

    /** The HUD takes input again (it is drawn again). */
    @Override
    protected void onEnable() {
        if (input != null && overlay != null) {
            input.attach(overlay.keys(), overlay.mouse(), getApplication().getContext(),
                    getApplication().getInputManager());
        }
    }

    /** A disabled state draws no HUD, so it takes no input either: every event is the game's. */
    @Override
    protected void onDisable() {
        if (input != null) {
            input.detach();
        }
        if (overlay != null) {
            overlay.mouse().left();
        }
    }
}
