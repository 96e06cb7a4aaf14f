package io.hudprof.bench;

import io.hudprof.overlay.HudFrame;
import io.hudprof.overlay.OverlayConfig;

/**
 * The CPU half of {@code Overlay.render} through the overlay's public {@link HudFrame}: building the report and
 * laying the report panel and the history graph out into a draw list, without any GL (the font atlas is baked on
 * the CPU and never uploaded). Set up for the benchmark's case: a 40-row panel and a 512-column graph in a
 * 1920×1080 framebuffer, over the {@link SyntheticGame} profile with 512 frames of history.
 */
public final class HudScene implements AutoCloseable {
    /** Report rows the panel shows. */
    public static final int ROWS = 40;
    /** Frames, and graph columns, of history. */
    public static final int FRAMES = 512;
    static final int WIDTH = 1920;
    static final int HEIGHT = 1080;

    private final SyntheticGame game;
    private final HudFrame hud;

    /** Plays enough frames to fill the history, then checks the layout really holds 40 rows and 512 columns. */
    public HudScene() {
        game = new SyntheticGame(FRAMES);
        game.frames(FRAMES + 88);
        hud = HudFrame.create(game.profiler(), OverlayConfig.builder().startVisible(true).visibleRows(ROWS)
                .graphMaxColumns(FRAMES).build());
        hud.build(WIDTH, HEIGHT);
        if (hud.shownRows() != ROWS || hud.graphColumns() != FRAMES) {
            close();
            throw new IllegalStateException("the HUD shows " + hud.shownRows() + " rows and " + hud.graphColumns()
                    + " graph columns; the benchmark needs " + ROWS + " and " + FRAMES);
        }
    }

    /** Builds the report the panel shows, as every HUD frame does first. */
    public void buildReport() {
        hud.buildReport();
    }

    /**
     * Lays the panel and the graph out into the draw list, as {@code Overlay.render} does before it touches GL;
     * returns the vertex count so nothing is dead code.
     */
    public int buildDrawList() {
        hud.draw(WIDTH, HEIGHT);
        return hud.vertexCount();
    }

    /** Draw commands in the last draw list (the HUD's draw calls). */
    public int commandCount() {
        return hud.drawCommands();
    }

    /** Vertices in the last draw list. */
    public int vertexCount() {
        return hud.vertexCount();
    }

    /**
     * Bytes a renderer uploads for the last draw list: its vertices and the graph's recently painted columns
     * ({@code HudFrame.uploadBytes}); {@link #uploadBytesPerNewFrame} gives the steady state with frames arriving.
     */
    public long uploadBytes() {
        return hud.uploadBytes();
    }

    /**
     * The upload per frame in the steady state: plays {@code frames} game frames, each followed by the report and
     * the draw list as a shown HUD does, and returns the mean of {@link #uploadBytes()} over them. Changes the
     * profile (history scrolls on), so call it after the timed benchmarks.
     */
    public double uploadBytesPerNewFrame(int frames) {
        long total = 0;
        for (int i = 0; i < frames; i++) {
            game.frame();
            hud.build(WIDTH, HEIGHT);
            total += hud.uploadBytes();
        }
        return total / (double) frames;
    }

    /** One line describing the last draw list's size, for the results page. */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "%d vertices (%.0f KiB of them), %d draw commands, indices"
                + " static", hud.vertexCount(), hud.vertexBytes() / 1024.0, hud.drawCommands());
    }

    @Override
    public void close() {
        hud.close();
        game.close();
    }
}
