package io.hudprof.overlay;

import io.hudprof.bench.SyntheticGame;
import io.hudprof.core.FrameHistory;
import io.hudprof.core.report.Report;

/**
 * The CPU half of {@link Overlay#render}: building the report and laying the report panel and the history graph
 * out into a {@link DrawList}, without any GL (the font atlas is baked on the CPU and never uploaded). Set up for
 * the benchmark's case: a 40-row panel and a 512-column graph in a 1920×1080 framebuffer, over the
 * {@link SyntheticGame} profile with 512 frames of history.
 *
 * <p>Lives in the overlay's package because the draw list and the views are package-private; it is part of the
 * benchmark module, never of the overlay jar.
 */
public final class HudScene implements AutoCloseable {
    /** Report rows the panel shows. */
    public static final int ROWS = 40;
    /** Frames, and graph columns, of history. */
    public static final int FRAMES = 512;
    static final int WIDTH = 1920;
    static final int HEIGHT = 1080;

    private final SyntheticGame game;
    private final HudControls controls;
    private final ReportPanelView panel;
    private final HistoryGraphView graph;
    private final FontAtlas font;
    private final DrawList list;
    private final Report report = new Report();

    /** Plays enough frames to fill the history, then checks the layout really holds 40 rows and 512 columns. */
    public HudScene() {
        game = new SyntheticGame(FRAMES);
        game.frames(FRAMES + 88);
        OverlayConfig config = OverlayConfig.builder().visibleRows(ROWS).graphMaxColumns(FRAMES).build();
        controls = new HudControls(game.profiler(), config);
        panel = new ReportPanelView(config);
        graph = new HistoryGraphView(config, new io.hudprof.core.report.ZoneRanking(game.profiler().data()));
        font = FontAtlas.bake(FontAtlas.DEFAULT_FONT, config.fontPixels(1f));
        list = new DrawList(font);
        buildReport();
        buildDrawList();
        if (panel.shownRows() != ROWS || graph.columns() != FRAMES) {
            close();
            throw new IllegalStateException("the HUD shows " + panel.shownRows() + " rows and " + graph.columns()
                    + " graph columns; the benchmark needs " + ROWS + " and " + FRAMES);
        }
    }

    /** Builds the report the panel shows, as every HUD frame does first. */
    public void buildReport() {
        game.profiler().controller().build(report);
    }

    /**
     * Lays the panel and the graph out into the draw list, in the order {@link Overlay#render} does (graph layout
     * first so the panel keeps clear of it); returns the vertex count so nothing is dead code.
     */
    public int buildDrawList() {
        FrameHistory history = game.profiler().history();
        list.reset(WIDTH, HEIGHT);
        graph.layout(history, list, 1f);
        int margin = 4;
        panel.keepClearOf(graph.left() - margin, graph.top() - margin, graph.left() + graph.width() + margin,
                graph.top() + graph.height() + margin);
        panel.draw(report, controls, list, 1f);
        controls.pageRows(panel.shownRows());
        graph.draw(history, report.frameOffset(), controls, list);
        return list.vertexCount();
    }

    /** Draw commands in the last draw list (the HUD's draw calls). */
    public int commandCount() {
        return list.commandCount();
    }

    /** Vertices in the last draw list. */
    public int vertexCount() {
        return list.vertexCount();
    }

    /** Bytes the renderer uploads for the last draw list (vertices and indices). */
    public int uploadBytes() {
        return list.vertexCount() * DrawList.VERTEX_BYTES + list.indexCount() * DrawList.INDEX_BYTES;
    }

    /** One line describing the last draw list's size, for the results page. */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "%d vertices, %d indices, %d draw commands, %.0f KiB uploaded"
                + " per frame", list.vertexCount(), list.indexCount(), list.commandCount(), uploadBytes() / 1024.0);
    }

    @Override
    public void close() {
        list.close();
        font.close();
        game.close();
    }
}
