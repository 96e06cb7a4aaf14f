package io.hudprof.overlay;

import io.hudprof.core.Averaging;
import io.hudprof.core.Profiler;
import io.hudprof.core.SelfZones;
import io.hudprof.core.ThreadRoster;
import io.hudprof.core.report.StatusSource;
import io.hudprof.stats.text.TextLine;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.Stat;
import io.hudprof.stats.StatHistory;
import io.hudprof.stats.Stats;
import io.hudprof.stats.ZoneRanking;
import io.hudprof.stats.category.CategoryHistory;

/**
 * One HUD frame without OpenGL: builds the report, lays out the report panel, the history graph, the value chart, the
 * frame timeline and the thread list, and fills the frame's draw list (textured quads over the CPU-baked font atlas). {@link Overlay#render} is
 * this plus a GL submission; benchmarks, tests and a remote viewer use it on its own, from any package and with no
 * GL context.
 *
 * <pre>{@code
 * try (HudFrame hud = HudFrame.create(profiler, OverlayConfig.builder().startVisible(true).build())) {
 *     hud.build(1920, 1080);              // after profiler.update(), each frame
 *     int vertices = hud.vertexCount();
 * }
 * }</pre>
 *
 * <p>Promises: after warm-up {@link #build} allocates nothing on the Java heap; nothing is laid out while the HUD is
 * hidden. Use it on the thread that calls {@code Profiler.update()}.
 */
public final class HudFrame implements AutoCloseable {
    /** The GC sensor's counter ({@code Sensor.GC}), whose frame value the allocation header shows. */
    private static final String GC_COLLECTIONS = "JVM/GC collections";

    private final Profiler profiler;
    private final OverlayConfig config;
    private final HudControls controls;
    private final HudMetrics metrics = new HudMetrics();
    private final Report report = new Report();
    private final ReportPanelView panel;
    private final HistoryGraphView graph;
    private final ValueChartView chart;
    private final StripChartView categoryChart;
    private final CategoryHistory categories;
    private final SpikeListView spikeList;
    private final HistogramView histogram;
    private final TimelineView timeline;
    private final ThreadListView threadList;
    private final DrawList list;
    /** The atlas this frame baked itself (see {@link #create}), closed with it; null when the overlay owns it. */
    private final FontAtlas ownFont;
    private float contentScale;
    private boolean chartShown;
    private boolean graphDrawn;
    private boolean categoryChartDrawn;
    private boolean timelineDrawn;
    private boolean threadListDrawn;
    private final HudMouse mouse;
    private FrameStatistics gcLookedUpIn;
    private Stat gcCollections;

    HudFrame(Profiler profiler, OverlayConfig config, DrawList list, FontAtlas ownFont) {
        this.profiler = profiler;
        this.config = config;
        this.list = list;
        list.opaquePanels(config.opaquePanels);
        this.ownFont = ownFont;
        this.contentScale = config.contentScale;
        this.controls = new HudControls(profiler, config);
        this.controls.showing(report);
        this.panel = new ReportPanelView(config, metrics);
        this.graph = new HistoryGraphView(config, metrics, new ZoneRanking(profiler.data()),
                new ThreadSeries(profiler.data()));
        this.chart = new ValueChartView(metrics);
        this.categoryChart = new StripChartView(config, metrics);
        this.categories = CategoryHistory.attach(profiler);
        this.spikeList = new SpikeListView(metrics);
        this.histogram = new HistogramView(metrics);
        this.controls.diffPanel(metrics);
        this.mouse = new HudMouse(this, controls, profiler);
        this.timeline = new TimelineView(config, metrics);
        this.threadList = new ThreadListView(metrics, profiler.data(), config.targetFrameRate);
    }

    /**
     * A HUD frame for {@code profiler} that bakes its own font atlas on the CPU at the config's content scale; no
     * GL context is needed, and none is used.
     */
    public static HudFrame create(Profiler profiler, OverlayConfig config) {
        if (profiler == null) {
            throw new IllegalArgumentException("profiler is null: pass the Profiler the game updates each frame");
        }
        OverlayConfig c = config == null ? OverlayConfig.defaults() : config;
        FontAtlas font = FontAtlas.bake(FontAtlas.DEFAULT_FONT, c.fontPixels(c.contentScale));
        return new HudFrame(profiler, c, new DrawList(font), font);
    }

    /** Every HUD action as a method; the same controls steer what {@link #build} lays out. */
    public HudControls controls() {
        return controls;
    }

    /**
     * The HUD's mouse: pointer events in framebuffer pixels, hit-tested against this frame's panels (for input
     * systems other than GLFW callbacks; {@link Overlay#installMouse} chains GLFW's).
     */
    public HudMouse mouse() {
        return mouse;
    }

    /** The report the last {@link #build} or {@link #buildReport} made. */
    public Report report() {
        return report;
    }

    /**
     * Builds the report, when the profile or the navigation changed since the last build
     * ({@code ReportController.buildIfChanged}), and fills the draw list for a framebuffer of the given size in pixels.
     *
     * @return false, with nothing built, while the HUD is hidden or the framebuffer is 0×0
     */
    public boolean build(int framebufferWidth, int framebufferHeight) {
        if (!controls.view().visible() || framebufferWidth <= 0 || framebufferHeight <= 0) {
            return false;
        }
        if (!profiler.data().selfProfiling()) {
            ReportController.of(profiler).buildIfChanged(report);
            return draw(framebufferWidth, framebufferHeight);
        }
        SelfZones.HUD_DRAW_LIST.begin();
        try {
            ReportController.of(profiler).buildIfChanged(report);
            return draw(framebufferWidth, framebufferHeight);
        } finally {
            SelfZones.HUD_DRAW_LIST.end();
        }
    }

    /**
     * A frame between the HUD's refreshes: keeps the history graph's picture current (its new frames' columns painted,
     * nothing drawn or uploaded), so the next refresh does not paint every frame since the last one at once. Does
     * nothing unless the last {@link #draw} drew the graph.
     */
    public void keepGraphCurrent() {
        if (!graphDrawn) {
            return;
        }
        if (!profiler.data().selfProfiling()) {
            graph.keepCurrent(profiler.history(), controls);
            return;
        }
        SelfZones.HUD_DRAW_LIST.begin();
        try {
            graph.keepCurrent(profiler.history(), controls);
        } finally {
            SelfZones.HUD_DRAW_LIST.end();
        }
    }

    /** Builds the report for the current navigation state (the first half of {@link #build}). */
    public void buildReport() {
        ReportController.of(profiler).build(report);
    }

    /**
     * Lays out the last built report, the history and the charted statistic and fills the draw list (the second
     * half of {@link #build}).
     *
     * @return false, with an empty draw list, while the HUD is hidden or the framebuffer is 0×0
     */
    public boolean draw(int framebufferWidth, int framebufferHeight) {
        list.reset(Math.max(0, framebufferWidth), Math.max(0, framebufferHeight));
        chartShown = false;
        graphDrawn = false;
        categoryChartDrawn = false;
        timelineDrawn = false;
        threadListDrawn = false;
        if (!controls.view().visible() || framebufferWidth <= 0 || framebufferHeight <= 0) {
            return false;
        }
        metrics.update(list.font(), config.scale * contentScale);
        boolean showGraph = controls.view().graphVisible();
        FrameStatistics statistics = controls.statistics();
        Stat charted = controls.chartedStatistic();
        boolean showTimeline = controls.view().timelineShown();
        // The timeline takes the bottom band; a bottom-anchored graph sits above it.
        int timelineHeight = showTimeline
                ? timeline.layout(profiler, report, controls.timeline(), controls.layout(), framebufferWidth,
                        framebufferHeight) : 0;
        if (showGraph) {
            showSelectedThread();
            graph.layout(profiler.history(), ReportController.of(profiler).metric(), controls.layout(),
                    framebufferWidth, framebufferHeight, timelineHeight);
            Box graphBox = graph.strip().bounds();
            int margin = metrics.scaled(4);
            int right = graphBox.right();
            if (charted != null) {
                chart.layout(right + margin, graph, framebufferWidth - metrics.scaled(config.graphOffsetX),
                        controls.layout(), framebufferWidth, framebufferHeight);
                chartShown = chart.fits();
                if (chartShown && !controls.layout().moved(HudLayout.Panel.CHART)) {
                    right = chart.strip().bounds().right();
                }
            }
            if (showTimeline) {
                Box band = timeline.bounds();
                panel.keepClearOf(Math.min(graphBox.left(), band.left()) - margin, graphBox.top() - margin,
                        Math.max(right, band.right()) + margin, band.bottom() + margin);
            } else {
                panel.keepClearOf(graphBox.left() - margin, graphBox.top() - margin, right + margin,
                        graphBox.bottom() + margin);
            }
        } else if (showTimeline) {
            Box band = timeline.bounds();
            int margin = metrics.scaled(4);
            panel.keepClearOf(band.left() - margin, band.top() - margin, band.right() + margin, band.bottom() + margin);
        } else {
            panel.keepClearOf(0, 0, 0, 0);
        }
        panel.collections(collectionsInFrame(statistics));
        StatusSource status = controls.status();
        panel.status(status != null ? status : ReportController.of(profiler).status());
        panel.draw(report, controls, list);
        controls.pageRows(panel.shownRows());
        if (showTimeline) {
            timelineDrawn = true;
            // Drawn before the graph's clipped plot, so it shares the panel's draw command.
            timeline.search(ZoneSearch.of(ReportController.of(profiler)));
            timeline.draw(controls.timeline(), graph, showGraph && !controls.view().categoriesShown(), list);
        }
        if (chartShown) {
            // Drawn before the graph's clipped plot, so it shares the panel's draw command.
            StatHistory values = statistics.history();
            chart.draw(values, controls.valueChart(), statsFrame(values, report.frameOffset()), list);
        }
        if (controls.spikeListVisible()) {
            spikeList.draw(controls.spikes(), controls.view().selectedSpike(), controls.layout(), framebufferWidth,
                    framebufferHeight, list);
        }
        if (controls.view().threadListShown()) {
            // Under the spike list while that sits in its corner; a list moved elsewhere leaves the corner free.
            int top = controls.spikeListVisible() && !controls.layout().moved(HudLayout.Panel.SPIKES)
                    ? spikeList.bounds().bottom() + metrics.scaled(4) : metrics.scaled(8);
            threadList.draw(report, top, controls.layout(), framebufferWidth, framebufferHeight, list);
            threadListDrawn = true;
        }
        if (controls.diffShown()) {
            int top = controls.spikeListVisible() && !controls.layout().moved(HudLayout.Panel.SPIKES)
                    ? spikeList.bounds().bottom() + metrics.scaled(4) : metrics.scaled(8);
            controls.diffPanel(metrics).draw(top, panel.bounds(), controls.layout(), framebufferWidth,
                    framebufferHeight, list);
        }
        if (controls.view().histogramShown()) {
            histogram.draw(ReportController.of(profiler), report, profiler.history().capacity(),
                    showGraph ? graph.strip().bounds() : null, showTimeline ? timeline.bounds() : null,
                    controls.layout(), framebufferWidth, framebufferHeight, list);
        }
        if (showGraph && controls.view().categoriesShown()) {
            categoryChartDrawn = true;
            categoryChart.layout(graph.strip());
            categoryChart.draw(categories, report.frameOffset(), controls.categoryChart(), controls.view().unitsHz(),
                    list);
        } else if (showGraph) {
            graphDrawn = true;
            graph.draw(profiler.history(), report.frameOffset(), controls, list);
        }
        list.finish();
        return true;
    }

    /** Collections in the latest frame from the statistics' GC sensor, or NaN when it is not on. */
    private double collectionsInFrame(FrameStatistics statistics) {
        if (statistics != gcLookedUpIn) {
            // Looked up once per statistics object: the lookup copies the registry, the per-frame read does not.
            gcLookedUpIn = statistics;
            gcCollections = null;
            for (int id = 0; statistics != null && id < Stats.count(); id++) {
                Stat stat = Stats.byId(id);
                if (stat != null && GC_COLLECTIONS.equals(stat.name())) {
                    gcCollections = stat;
                }
            }
        }
        return gcCollections == null ? Double.NaN : statistics.frameValue(gcCollections, Averaging.INSTANTANEOUS);
    }

    /** How far back in {@code values} the profiler's frame {@code framesAgo} is, or -1 if not held there. */
    private int statsFrame(StatHistory values, int framesAgo) {
        long number = profiler.history().frameNumber(framesAgo);
        long back = values.frameNumber(0) - number;
        return number >= 0 && back >= 0 && back < values.size() && values.frameNumber((int) back) == number
                ? (int) back : -1;
    }

    /**
     * The history frame (0 = newest) whose value-chart column is at framebuffer x in the last frame drawn, clamped to
     * the columns the chart fills; -1 without a chart or when the profiler's history no longer holds that frame.
     */
    int chartFrameAt(int x) {
        FrameStatistics statistics = controls.statistics();
        if (!chartShown || statistics == null) {
            return -1;
        }
        StatHistory values = statistics.history();
        int back = chart.framesAgoAt(values, x);
        long number = back < 0 ? -1 : values.frameNumber(back);
        long ago = profiler.history().frameNumber(0) - number;
        return number >= 0 && ago >= 0 && ago < profiler.history().size()
                && profiler.history().frameNumber((int) ago) == number ? (int) ago : -1;
    }

    /**
     * Appends the text the panel draws for row {@code row} of {@link #report()}: the name cell, then each value
     * right-aligned in its column, with the same {@code io.hudprof.stats.text.ReportCells} the text report uses.
     */
    public void appendRowText(int row, TextLine dest) {
        panel.appendRow(report, row, dest);
    }

    /** How many report rows the panel had room for in the last frame drawn. */
    public int shownRows() {
        return panel.shownRows();
    }

    /** How many frame columns the history graph had room for in the last frame drawn. */
    public int graphColumns() {
        return graph.strip().columns();
    }

    /** Vertices in the last draw list. */
    public int vertexCount() {
        return list.vertexCount();
    }

    /** Triangle indices in the last draw list. */
    public int indexCount() {
        return list.indexCount();
    }

    /** Draw commands in the last draw list: the draw calls a renderer issues for it. */
    public int drawCommands() {
        return list.commandCount();
    }

    /**
     * Bytes a renderer uploads for the last draw list in the steady state: the quads that differ from the frame its
     * vertex buffer in turn holds ({@code DrawList.RING} frames back), and the history graph's columns painted in the
     * last {@value HudImage#TEXTURES} frames (the texture in turn last saw the image that many frames ago); the
     * triangle indices are static, uploaded once. After a repaint of the graph (a new scale) the next frames upload its
     * whole picture once per texture.
     */
    public long uploadBytes() {
        return list.changedBytes() + (graphDrawn ? graph.columns().recentPixelBytes() : 0);
    }

    /** Bytes of the last draw list's vertices. */
    public int vertexBytes() {
        return list.vertexCount() * DrawList.VERTEX_BYTES;
    }

    /** Follows the window's content scale (the overlay rebakes the font into the draw list first). */
    void contentScale(float scale) {
        contentScale = scale;
    }

    DrawList drawList() {
        return list;
    }

    ReportPanelView panel() {
        return panel;
    }

    /** The history graph follows the report's thread (Y / Shift+Y): that thread's frames, or all threads'. */
    private void showSelectedThread() {
        int root = ReportController.of(profiler).thread();
        ThreadRoster roster = profiler.data().threads();
        int at = root < 0 ? -1 : roster.indexOf(root);
        graph.thread(at < 0 ? -1 : root, at < 0 ? null : roster.name(at));
    }

    HistoryGraphView graph() {
        return graph;
    }

    ValueChartView chart() {
        return chart;
    }

    TimelineView timelineView() {
        return timeline;
    }

    StripChartView categoryChart() {
        return categoryChart;
    }

    /** The per-frame category totals this HUD keeps for its strip chart. */
    CategoryHistory categories() {
        return categories;
    }

    HudMetrics metrics() {
        return metrics;
    }

    OverlayConfig config() {
        return config;
    }

    /** Whether the last {@link #draw} drew the history graph's columns. */
    boolean graphDrawn() {
        return graphDrawn;
    }

    /** Whether the last {@link #draw} drew the frame timeline. */
    boolean timelineDrawn() {
        return timelineDrawn;
    }

    HistogramView histogramView() {
        return histogram;
    }

    SpikeListView spikeListView() {
        return spikeList;
    }

    ThreadListView threadListView() {
        return threadList;
    }

    /** Whether the last {@link #draw} drew the thread list. */
    boolean threadListDrawn() {
        return threadListDrawn;
    }

    /** Whether the last {@link #draw} drew the category strip chart in the graph's place. */
    boolean categoryChartDrawn() {
        return categoryChartDrawn;
    }

    /** Whether the last {@link #draw} drew the value chart. */
    boolean chartShown() {
        return chartShown;
    }

    /**
     * Stops keeping category totals, and frees the draw list and the font atlas if this frame made them
     * ({@link #create}).
     */
    @Override
    public void close() {
        categories.detach();
        graph.close();
        if (ownFont != null) {
            list.close();
            ownFont.close();
        }
    }
}
