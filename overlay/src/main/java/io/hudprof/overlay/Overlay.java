package io.hudprof.overlay;

import static org.lwjgl.glfw.GLFW.glfwGetWindowContentScale;

import io.hudprof.core.Profiler;
import io.hudprof.core.SelfZones;
import io.hudprof.core.report.Report;
import io.hudprof.stats.FrameStatistics;

/**
 * hudprof's in-game HUD: the report panel, the history graph and, when {@link FrameStatistics} are attached to the
 * profiler, a value chart of one statistic beside the graph; drawn with OpenGL into the game's own context at the
 * end of its frame, and driven by keys or by {@link #controls()}.
 *
 * <pre>{@code
 * Overlay hud = Overlay.create(profiler, OverlayConfig.builder()
 *         .contentScale(Overlay.contentScaleOf(window)).build());   // GL context current
 * hud.installKeys(window);                                          // F3 shows it
 * hud.installMouse(window);                                         // click, drag, wheel
 * while (!glfwWindowShouldClose(window)) {
 *     game.renderFrame();
 *     profiler.update();
 *     hud.render(framebufferWidth, framebufferHeight);
 *     glfwSwapBuffers(window);
 *     glfwPollEvents();
 * }
 * hud.close();
 * }</pre>
 *
 * <p>Each {@code render} first collects the installed GPU timer's finished frames ({@link GpuTimer#collect()} while
 * shown, {@link GpuTimer#collectBatched()} every few frames while hidden), so GPU timing needs no GL call inside
 * {@code Profiler.update()}.
 *
 * <p>The shown HUD redraws its content every {@link OverlayConfig.Builder#refreshInterval refresh interval} (500 ms by
 * default) and on the next frame after an input it uses or a change of what it shows; the frames between draw the last
 * refresh's draw list again without rebuilding or uploading it (or, with {@link OverlayConfig.Builder#keepPixels},
 * copy its pixels back from an off-screen framebuffer in one draw call).
 *
 * <p>Promises: nothing is drawn while hidden; every GL state the overlay touches is restored after drawing, the draw
 * framebuffer binding included; a refresh is a few draw calls a view; after warm-up a frame allocates nothing on the
 * Java heap. It draws in an
 * OpenGL 3.2+ context (core or compatibility profile) or a 2.1 compatibility context, uses the game's GL
 * capabilities, and in a weaker context logs one warning and draws nothing. Create, render and close it on
 * the game's render thread, the one that calls {@code Profiler.update()}.
 */
public final class Overlay implements AutoCloseable {
    private final OverlayConfig config;
    private final Profiler profiler;
    private final HudControls controls;
    private final KeyRouter keys;
    private final HudFrame frame;
    private final boolean selfProfiling;
    private final DrawList drawList;
    private final DrawListRenderer renderer;
    /** When the shown HUD redraws its content; between refreshes the renderer shows the last one again. */
    private final HudRefresh refresh;
    /** Whether a refresh keeps the HUD's pixels off screen for the frames after it (not when every frame refreshes). */
    private final boolean keepsPixels;
    private FontAtlas font;
    private GlfwKeyChain keyChain;
    private GlfwMouseChain mouseChain;
    /** The GPU timer the overlay made (the game had none), closed with the overlay; null otherwise. */
    private GpuTimer gpuTimer;
    private int lastDrawCalls;
    private boolean closed;
    /** Where the layout and view state are kept between runs, or null. */
    private final HudStateFile stateFile;
    private long stateSeen;
    private long stateSaved;
    private long stateChangedAt;
    /** A changed state is saved once it has not changed for this long (a drag is many changes). */
    private static final long SAVE_AFTER_NANOS = 1_000_000_000L;
    /** Query sets of the overlay's own GPU timer: room for the eight frames a hidden HUD lets wait. */
    private static final int HIDDEN_GPU_RING = 10;

    private Overlay(Profiler profiler, OverlayConfig config, GlSupport gl) {
        this.config = config;
        this.profiler = profiler;
        this.selfProfiling = profiler.data().selfProfiling();
        this.font = FontAtlas.bake(FontAtlas.DEFAULT_FONT, config.fontPixels(config.contentScale));
        this.drawList = new DrawList(font);
        this.frame = new HudFrame(profiler, config, drawList, null);
        this.controls = frame.controls();
        this.keys = new KeyRouter(config.keys, controls);
        this.refresh = new HudRefresh(config.refreshNanos, config.refreshWarmUpFrames, profiler, controls);
        this.keepsPixels = config.refreshNanos > 0 && config.keepPixels;
        this.stateFile = config.stateFile == null ? null : new HudStateFile(config.stateFile);
        if (stateFile != null) {
            stateFile.load(controls.view());
            stateSeen = HudStateFile.signature(controls.view());
            stateSaved = stateSeen;
        }
        if (!gl.canDraw()) {
            // A HUD that draws nothing: keys and controls still work, the game and the profiler carry on.
            this.renderer = null;
            return;
        }
        DrawListRenderer created;
        try {
            created = new DrawListRenderer(font, gl);
        } catch (RuntimeException e) {
            drawList.close();
            font.close();
            throw e;
        }
        this.renderer = created;
    }

    /**
     * Creates the overlay for {@code profiler}: bakes the font and creates the overlay's GL objects in the current
     * context (the game's). Fails fast, naming the file and the driver's log, if a shader does not build. A context
     * the overlay cannot draw in (below OpenGL 2.1) does not fail: one warning on the {@code io.hudprof.overlay}
     * {@link System.Logger} says what is missing and how to get it, and the overlay returned draws nothing.
     */
    public static Overlay create(Profiler profiler, OverlayConfig config) {
        if (profiler == null) {
            throw new IllegalArgumentException("profiler is null: pass the Profiler the game updates each frame");
        }
        return create(profiler, config, GlSupport.current());
    }

    /** {@link #create(Profiler, OverlayConfig)} for a context whose support was read already (tests narrow it). */
    static Overlay create(Profiler profiler, OverlayConfig config, GlSupport gl) {
        if (profiler == null) {
            throw new IllegalArgumentException("profiler is null: pass the Profiler the game updates each frame");
        }
        if (!gl.canDraw()) {
            System.getLogger("io.hudprof.overlay").log(System.Logger.Level.WARNING, gl.whyNotDrawing());
        }
        OverlayConfig shown = config == null ? OverlayConfig.defaults() : config;
        Overlay overlay = new Overlay(profiler, shown, gl);
        // Below the context the HUD can draw in, its one log line is the only one: no GPU timer is made there.
        if (shown.gpuTiming && gl.canDraw() && !profiler.gpu().installed()
                && profiler.gpu().unavailableReason() == null) {
            overlay.gpuTimer = GpuTimer.create(profiler, HIDDEN_GPU_RING, GpuTimer.DEFAULT_QUERIES_PER_FRAME, 0);
        }
        return overlay;
    }

    /** The GPU timer this overlay made because the game had none, or {@code null}. */
    public GpuTimer gpuTimer() {
        return gpuTimer;
    }

    /** The content scale of a GLFW window (the larger axis), for {@link OverlayConfig.Builder#contentScale}. */
    public static float contentScaleOf(long window) {
        float[] x = new float[1];
        float[] y = new float[1];
        glfwGetWindowContentScale(window, x, y);
        float scale = Math.max(x[0], y[0]);
        return scale > 0 ? Math.max(0.5f, Math.min(4f, scale)) : 1f;
    }

    /** Every HUD action as a method, for input systems other than GLFW key callbacks. */
    public HudControls controls() {
        return controls;
    }

    /** The key router, for input paths that deliver GLFW key codes themselves. */
    public KeyRouter keys() {
        return keys;
    }

    /**
     * Installs the overlay's key callback on a GLFW window, in front of the game's (which still receives every key
     * the overlay does not use). {@link #close()} uninstalls it.
     */
    public GlfwKeyChain installKeys(long window) {
        if (keyChain != null) {
            throw new IllegalStateException("the overlay's key callback is already installed");
        }
        keyChain = GlfwKeyChain.install(window, keys);
        return keyChain;
    }

    /** The HUD's mouse, for input paths that deliver pointer events themselves (libGDX, jME). */
    public HudMouse mouse() {
        return frame.mouse();
    }

    /**
     * Installs the overlay's mouse callbacks (cursor position, button, scroll) on a GLFW window, in front of the
     * game's, which still receive every event the overlay does not use. {@link #close()} uninstalls them.
     */
    public GlfwMouseChain installMouse(long window) {
        if (mouseChain != null) {
            throw new IllegalStateException("the overlay's mouse callbacks are already installed");
        }
        mouseChain = GlfwMouseChain.install(window, frame.mouse());
        return mouseChain;
    }

    /**
     * Draws the HUD over the framebuffer the game has bound, of the given size in pixels (GLFW's framebuffer size,
     * not the window size). Does nothing while hidden or when the framebuffer is 0×0 (a minimised window). The
     * report, the draw list and the HUD's rasterising happen only when a refresh is due
     * ({@link OverlayConfig.Builder#refreshInterval}); other frames draw the last refresh's draw list again (or copy its
     * pixels back, {@link OverlayConfig.Builder#keepPixels}).
     */
    public void render(int framebufferWidth, int framebufferHeight) {
        if (closed) {
            throw new IllegalStateException("the overlay was closed");
        }
        if (stateFile != null) {
            saveWhenSettled();
        }
        collectGpu();
        if (renderer == null || !controls.view().visible() || framebufferWidth <= 0 || framebufferHeight <= 0) {
            refresh.forget();
            lastDrawCalls = 0;
            return;
        }
        boolean due = refresh.due(framebufferWidth, framebufferHeight);
        if (due) {
            if (!frame.build(framebufferWidth, framebufferHeight)) {
                lastDrawCalls = 0;
                return;
            }
            refresh.built();
        } else {
            frame.keepGraphCurrent();
        }
        if (!selfProfiling) {
            lastDrawCalls = due ? renderer.render(drawList, keepsPixels) : renderer.replay(drawList);
            return;
        }
        SelfZones.HUD_SUBMIT.begin();
        try {
            lastDrawCalls = due ? renderer.render(drawList, keepsPixels) : renderer.replay(drawList);
        } finally {
            SelfZones.HUD_SUBMIT.end();
        }
    }

    /** When the HUD redraws its content, and how many frames did so or showed the last refresh again. */
    HudRefresh refresh() {
        return refresh;
    }

    /** Whether the last refresh drew into the off-screen copy that the frames after it put back. */
    boolean pixelsKept() {
        return renderer != null && renderer.cacheHeld();
    }

    /**
     * Collects the GPU timer's finished frames (whichever timer is installed: the overlay's or the game's), every frame
     * while shown and every few frames while hidden: the GL half of GPU timing runs here, in its own zone, never
     * inside {@code Profiler.update()}.
     */
    private void collectGpu() {
        io.hudprof.core.GpuTimestamps backend = profiler.gpu().backend();
        if (backend instanceof GpuTimer timer) {
            // Hidden, nobody reads live GPU numbers: read results every few frames, not every frame (each read is a
            // sync with the driver, measured at up to 0.17 ms on an NVIDIA GPU).
            if (controls.view().visible()) {
                timer.collect();
            } else {
                timer.collectBatched();
            }
        }
    }

    /** Saves the layout and view state once a change has settled; reads a few fields otherwise. */
    private void saveWhenSettled() {
        long now = System.nanoTime();
        long signature = HudStateFile.signature(controls.view());
        if (signature != stateSeen) {
            stateSeen = signature;
            stateChangedAt = now;
        } else if (signature != stateSaved && now - stateChangedAt >= SAVE_AFTER_NANOS) {
            stateFile.save(controls.view());
            stateSaved = signature;
        }
    }

    /**
     * Follows a change of the window's content scale (moved to another monitor): rebakes the font at the new size
     * if it changes. Allocates; call it from the content-scale callback, not every frame.
     */
    public void setContentScale(float scale) {
        if (!(scale >= 0.5f && scale <= 4f)) {
            throw new IllegalArgumentException("content scale must be within 0.5..4: " + scale);
        }
        frame.contentScale(scale);
        refresh.forget();
        int pixels = config.fontPixels(scale);
        if (renderer != null && pixels != font.pixelHeight()) {
            FontAtlas rebaked = FontAtlas.bake(FontAtlas.DEFAULT_FONT, pixels);
            renderer.uploadAtlas(rebaked);
            drawList.font(rebaked);
            font.close();
            font = rebaked;
        }
    }

    /** Draw calls the last {@link #render} issued (0 when hidden, or always when the context cannot draw it). */
    public int lastDrawCalls() {
        return lastDrawCalls;
    }

    /** Bytes the last {@link #render} uploaded (vertices and graph columns), 0 when it drew nothing. */
    long lastUploadBytes() {
        return renderer == null || lastDrawCalls == 0 ? 0 : renderer.lastUploadBytes();
    }

    /** The CPU half of {@link #render}. */
    HudFrame frame() {
        return frame;
    }

    /** The report the last {@link #render} showed. */
    Report report() {
        return frame.report();
    }

    ReportPanelView panel() {
        return frame.panel();
    }

    HistoryGraphView graph() {
        return frame.graph();
    }

    ValueChartView chart() {
        return frame.chart();
    }

    /** Whether the last {@link #render} drew the value chart. */
    boolean chartShown() {
        return frame.chartShown();
    }

    DrawList drawList() {
        return drawList;
    }

    FontAtlas font() {
        return font;
    }

    /** Uninstalls the key and mouse callbacks and deletes the overlay's GL objects (the game's context must be current). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (stateFile != null && HudStateFile.signature(controls.view()) != stateSaved) {
            stateFile.save(controls.view());
        }
        if (keyChain != null) {
            keyChain.close();
            keyChain = null;
        }
        if (mouseChain != null) {
            mouseChain.close();
            mouseChain = null;
        }
        if (renderer != null) {
            renderer.close();
        }
        if (gpuTimer != null) {
            gpuTimer.close();
        }
        frame.close();
        drawList.close();
        font.close();
    }
}
