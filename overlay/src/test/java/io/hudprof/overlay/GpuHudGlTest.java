package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opengl.GL11.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11.GL_NO_ERROR;
import static org.lwjgl.opengl.GL11.glClear;
import static org.lwjgl.opengl.GL11.glClearColor;
import static org.lwjgl.opengl.GL11.glFinish;
import static org.lwjgl.opengl.GL11.glFlush;

import io.hudprof.core.GpuZone;
import io.hudprof.core.GpuZoneScope;
import io.hudprof.core.Hudprof;
import io.hudprof.core.PassZone;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;

import org.junit.jupiter.api.Test;

/**
 * The HUD with GPU zones on a real context: GPU rows under {@code <gpu>} in the flat report and the call graph, the
 * panel's GPU line saying how many frames late the live GPU numbers are, and the GPU frame time drawn in the history
 * graph; no GL error. Saves a screenshot.
 */
class GpuHudGlTest {
    private static final int W = 1100;
    private static final int H = 640;
    private static final PassZone WORLD = PassZone.local("World pass");
    private static final GpuZone SKY = GpuZone.local("Sky");
    private static final GpuZone LIGHTS = GpuZone.local("Lights");

    @Test
    void gpuZonesShowInTheReportCallGraphAndGraph() {
        Profiler profiler = new Profiler(ProfilerConfig.builder().selfProfiling(false).historyFrames(128).build());
        Hudprof.install(profiler);
        try (GlContext gl = GlContext.open(GlContext.Profile.CORE, W, H); GlDebugLog debug = new GlDebugLog()) {
            // Each frame's graph is checked for the GPU marks arrived by then: the HUD redraws every frame.
            Overlay overlay = Overlay.create(profiler, OverlayConfig.builder().startVisible(true)
                    .refreshInterval(java.time.Duration.ZERO).build());
            assertNotNull(overlay.gpuTimer(), "the overlay times GPU zones when the game has no timer");
            for (int frame = 0; frame < 120; frame++) {
                try (GpuZoneScope w = WORLD.enter()) {
                    try (GpuZoneScope s = SKY.enter()) {
                        glClearColor(0.1f, 0.1f, 0.3f, 1f);
                        glClear(GL_COLOR_BUFFER_BIT);
                    }
                    for (int i = 0; i < 3; i++) {
                        try (GpuZoneScope l = LIGHTS.enter()) {
                            glClearColor(0.2f, 0.1f * i, 0.1f, 1f);
                            glClear(GL_COLOR_BUFFER_BIT);
                        }
                    }
                }
                profiler.update();
                overlay.render(W, H);
                glFlush();
                // Paced like a swap: a real GPU (an H200) runs behind this loop and marked 81 of 90 columns.
                glFinish();
                if (frame >= 20) {
                    assertEveryArrivedGpuTimeIsMarked(profiler, overlay);
                }
            }
            Report report = overlay.report();
            String gpuLine = overlay.panel().gpuText(report).toString();
            assertTrue(gpuLine.contains("frames late") || gpuLine.contains("frame late"), gpuLine);

            ReportController.of(profiler).setMode(ReportMode.SELF_TIME);
            overlay.render(W, H);
            assertNotNull(row(overlay.report(), LIGHTS.zone(), RowRole.FLAT), "GPU rows in the flat report");
            assertNotNull(row(overlay.report(), WORLD.cpuZone(), RowRole.FLAT), "the pass's CPU row too");

            ReportController.of(profiler).showCallGraph(LIGHTS.zone());
            overlay.render(W, H);
            ReportRow focus = row(overlay.report(), LIGHTS.zone(), RowRole.FOCUS);
            ReportRow parent = row(overlay.report(), WORLD.gpuZone().zone(), RowRole.PARENT);
            assertNotNull(focus);
            assertNotNull(parent, "Lights is called from World pass (gpu)");
            assertEquals(3, focus.value(io.hudprof.core.report.Column.COUNT), 0.5);
            ReportController.of(profiler).showCallGraph(WORLD.gpuZone().zone());
            overlay.render(W, H);
            ReportRow root = null;
            for (int i = 0; i < overlay.report().rowCount(); i++) {
                if (overlay.report().row(i).role() == RowRole.PARENT
                        && "<gpu>".equals(overlay.report().row(i).name())) {
                    root = overlay.report().row(i);
                }
            }
            assertNotNull(root, "the GPU pass's caller is the <gpu> root");

            glClearColor(0.2f, 0.2f, 0.2f, 1f);
            glClear(GL_COLOR_BUFFER_BIT);
            overlay.render(W, H);
            Image shot = gl.screenshot("gpu-hud");
            Box plot = overlay.graph().strip().plot();
            int marks = shot.countNear(plot.left(), plot.top(), plot.right(), plot.bottom(),
                    HudPalette.GPU_LINE >>> 8, 40);
            assertTrue(marks > 0, "GPU frame time marks in the graph");
            assertEquals(GL_NO_ERROR, GlDebugLog.drainGlErrors());
            assertEquals(java.util.List.of(), debug.errors());
            overlay.close();
        } finally {
            Hudprof.uninstall();
        }
    }

    /**
     * GPU results arrive frames after their column was painted: every shown frame whose GPU time has arrived has its
     * mark in its column of the picture, and no other column has one.
     */
    private static void assertEveryArrivedGpuTimeIsMarked(Profiler profiler, Overlay overlay) {
        GraphColumns columns = overlay.graph().columns();
        HudImage image = columns.image();
        int shown = Math.min(overlay.graph().strip().columns(), profiler.history().size());
        int marked = 0;
        for (int ago = 0; ago < shown; ago++) {
            int x = columns.imageColumnLeft(ago);
            int magenta = 0;
            for (int y = 0; y < image.height(); y++) {
                if (image.pixel(x, y) == HudPalette.GPU_LINE) {
                    magenta++;
                }
            }
            boolean arrived = profiler.history().gpuFrameNanos(ago) >= 0;
            assertEquals(arrived, magenta > 0, "frame " + ago + " back: GPU time "
                    + (arrived ? "arrived but no mark" : "not arrived but a mark"));
            marked += magenta > 0 ? 1 : 0;
        }
        assertTrue(marked >= shown - 8, marked + " of " + shown + " columns marked");
    }

    private static ReportRow row(Report report, Zone zone, RowRole role) {
        for (int i = 0; i < report.rowCount(); i++) {
            ReportRow row = report.row(i);
            if (row.zoneId() == zone.id() && row.role() == role) {
                return row;
            }
        }
        return null;
    }
}
