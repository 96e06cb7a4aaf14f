package io.hudprof.overlay;

import static org.lwjgl.glfw.GLFW.glfwGetWindowContentScale;

import io.hudprof.core.Profiler;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ZoneRanking;
import io.hudprof.core.stats.FrameStatistics;
import io.hudprof.core.stats.Stat;
import io.hudprof.core.stats.StatHistory;

/**
 * hudprof's in-game HUD: the report panel, the history graph and, when {@link FrameStatistics} are attached to the
 * profiler, a value chart of one statistic beside the graph; drawn with OpenGL into the game's own context at the
 * end of its frame, and driven by keys or by {@link #controls()}.
 *
 * <pre>{@code
 * Overlay hud = Overlay.create(profiler, OverlayConfig.builder()
 *         .contentScale(Overlay.contentScaleOf(window)).build());   // GL context current
 * hud.installKeys(window);                                          // F3 shows it
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
 * <p>Promises: nothing is drawn while hidden; every GL state the overlay touches is restored after drawing; the
 * whole HUD is at most 3 draw calls; after warm-up a frame allocates nothing on the Java heap. It draws in an
 * OpenGL 3.2+ context (core or compatibility profile) or a 2.1 compatibility context, uses the game's GL
 * capabilities, and in a weaker context logs one warning and draws nothing. Create, render and close it on
 * the game's render thread, the one that calls {@code Profiler.update()}.
 */
public final class Overlay implements AutoCloseable {
    private final Profiler profiler;
    private final OverlayConfig config;
    private final HudControls controls;
    private final KeyRouter keys;
    private final Report report = new Report();
    private final ReportPanelView panel;
    private final HistoryGraphView graph;
    private final ValueChartView chart = new ValueChartView();
    private boolean chartShown;
    private final DrawList drawList;
    private final DrawListRenderer renderer;
    private FontAtlas font;
    private float contentScale;
    private GlfwKeyChain keyChain;
    private int lastDrawCalls;
    private boolean closed;

    private Overlay(Profiler profiler, OverlayConfig config, GlSupport gl) {
        this.profiler = profiler;
        this.config = config;
        this.contentScale = config.contentScale;
        this.controls = new HudControls(profiler, config);
        this.keys = new KeyRouter(config.keys, controls);
        this.controls.showing(report);
        this.panel = new ReportPanelView(config);
        this.graph = new HistoryGraphView(config, new ZoneRanking(profiler.data()));
        if (!gl.canDraw()) {
            // A HUD that draws nothing: keys and controls still work, the game and the profiler carry on.
            this.renderer = null;
            this.drawList = null;
            return;
        }
        this.font = FontAtlas.bake(FontAtlas.DEFAULT_FONT, config.fontPixels(contentScale));
        DrawListRenderer created;
        try {
            created = new DrawListRenderer(font, gl);
        } catch (RuntimeException e) {
            font.close();
            throw e;
        }
        this.renderer = created;
        this.drawList = new DrawList(font);
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
        GlSupport gl = GlSupport.current();
        if (!gl.canDraw()) {
            System.getLogger("io.hudprof.overlay").log(System.Logger.Level.WARNING, gl.whyNotDrawing());
        }
        return new Overlay(profiler, config == null ? OverlayConfig.defaults() : config, gl);
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

    /**
     * Draws the HUD over the framebuffer the game has bound, of the given size in pixels (GLFW's framebuffer size,
     * not the window size). Does nothing while hidden or when the framebuffer is 0×0 (a minimised window).
     */
    public void render(int framebufferWidth, int framebufferHeight) {
        if (closed) {
            throw new IllegalStateException("the overlay was closed");
        }
        if (!controls.visible() || framebufferWidth <= 0 || framebufferHeight <= 0 || renderer == null) {
            lastDrawCalls = 0;
            return;
        }
        profiler.controller().build(report);
        float ui = config.scale * contentScale;
        drawList.reset(framebufferWidth, framebufferHeight);
        boolean showGraph = controls.graphVisible();
        FrameStatistics statistics = controls.statistics();
        Stat charted = controls.chartedStatistic();
        chartShown = false;
        if (showGraph) {
            graph.layout(profiler.history(), drawList, ui);
            int margin = Math.round(4 * ui);
            int right = graph.left() + graph.width();
            if (charted != null) {
                chart.layout(right + margin, graph, framebufferWidth - Math.round(config.graphOffsetX * ui),
                        drawList, ui);
                chartShown = chart.fits();
                if (chartShown) {
                    right = chart.left() + chart.width();
                }
            }
            panel.keepClearOf(graph.left() - margin, graph.top() - margin, right + margin,
                    graph.top() + graph.height() + margin);
        } else {
            panel.keepClearOf(0, 0, 0, 0);
        }
        panel.draw(report, controls, drawList, ui);
        controls.pageRows(panel.shownRows());
        if (chartShown) {
            // Drawn before the graph's clipped plot, so it shares the panel's draw command.
            StatHistory values = statistics.history();
            chart.draw(values, charted, statsFrame(values, report.frameOffset()), drawList);
        }
        if (showGraph) {
            graph.draw(profiler.history(), report.frameOffset(), controls, drawList);
        }
        lastDrawCalls = renderer.render(drawList);
    }

    /** How far back in {@code values} the profiler's frame {@code framesAgo} is, or -1 if not held there. */
    private int statsFrame(StatHistory values, int framesAgo) {
        long number = profiler.history().frameNumber(framesAgo);
        long back = values.frameNumber(0) - number;
        return number >= 0 && back >= 0 && back < values.size() && values.frameNumber((int) back) == number
                ? (int) back : -1;
    }

    /**
     * Follows a change of the window's content scale (moved to another monitor): rebakes the font at the new size
     * if it changes. Allocates; call it from the content-scale callback, not every frame.
     */
    public void setContentScale(float scale) {
        if (!(scale >= 0.5f && scale <= 4f)) {
            throw new IllegalArgumentException("content scale must be within 0.5..4: " + scale);
        }
        contentScale = scale;
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

    /** The report the last {@link #render} showed. */
    Report report() {
        return report;
    }

    ReportPanelView panel() {
        return panel;
    }

    HistoryGraphView graph() {
        return graph;
    }

    ValueChartView chart() {
        return chart;
    }

    /** Whether the last {@link #render} drew the value chart. */
    boolean chartShown() {
        return chartShown;
    }

    DrawList drawList() {
        return drawList;
    }

    FontAtlas font() {
        return font;
    }

    /** Uninstalls the key callback and deletes the overlay's GL objects (the game's context must be current). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (keyChain != null) {
            keyChain.close();
            keyChain = null;
        }
        if (renderer != null) {
            renderer.close();
            drawList.close();
            font.close();
        }
    }
}
