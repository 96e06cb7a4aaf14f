package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.capture.TraceExporter;
import io.hudprof.capture.SpikeCapture;
import io.hudprof.capture.SpikeRule;
import io.hudprof.core.report.Annexes;
import io.hudprof.core.report.ReportController;
import io.hudprof.testkit.AllocationCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HUD's spike list, graph marks, jump-to-spike and export key, built with no GL context. */
class SpikeHudTest {
    private final ScriptedGame game = new ScriptedGame(64, 4);
    private HudFrame hud;

    @AfterEach
    void close() {
        if (hud != null) {
            hud.close();
        }
        game.close();
    }

    @Test
    void spikeListMarksAndJumpShowTheSpikeFrame(@TempDir Path dir) throws Exception {
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.forTargetFps(60).withAbsoluteMs(0)
                .withAverageFactor(2).withMinMs(0)).attach(game.profiler);
        hud = HudFrame.create(game.profiler, OverlayConfig.builder().startVisible(true).build());
        for (int i = 0; i < 30; i++) {
            game.frame(1.0);
        }
        assertTrue(hud.build(1600, 900));
        int without = hud.vertexCount();
        game.frame(4.0);
        long spikeFrame = game.profiler.recordedFrames();
        for (int i = 0; i < 5; i++) {
            game.frame(1.0);
        }
        assertEquals(1, spikes.captured());
        hud.controls().spikes(spikes);
        assertFalse(hud.controls().spikeListVisible(), "hidden until asked for");
        hud.controls().perform(HudAction.TOGGLE_SPIKES);
        assertTrue(hud.controls().spikeListVisible());
        assertTrue(hud.build(1600, 900));
        assertTrue(hud.vertexCount() > without + 40, "the list and the graph mark add quads");

        assertTrue(hud.controls().nextSpike());
        assertTrue(game.profiler.paused());
        hud.buildReport();
        assertEquals(5, hud.report().frameOffset(), "the report shows the spike frame");
        assertEquals(spikeFrame, game.profiler.history().frameNumber(hud.report().frameOffset()));
        assertEquals(0, hud.controls().view().selectedSpike());

        try (TraceExporter exporter = TraceExporter.of(game.profiler, spikes.times(), spikes.notes())) {
            hud.controls().traceExport(exporter, dir, 16);
            hud.controls().perform(HudAction.EXPORT_TRACE);
            Path file = hud.controls().lastExport().get(10, TimeUnit.SECONDS);
            assertTrue(Files.readString(file).contains("\"traceEvents\""));
        }
        hud.controls().perform(HudAction.TOGGLE_SPIKES);
        assertFalse(hud.controls().spikeListVisible());
    }

    @Test
    void nextSpikeShowsASpikeThatLeftHistoryFromTheStore() {
        try (ScriptedGame small = new ScriptedGame(8, 2)) {
            SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.forTargetFps(60).withAbsoluteMs(0)
                    .withAverageFactor(2).withMinMs(0)).attach(small.profiler);
            HudFrame frame = HudFrame.create(small.profiler, OverlayConfig.builder().startVisible(true).build());
            try {
                for (int i = 0; i < 30; i++) {
                    small.frame(1.0);
                }
                small.frame(4.0);
                long spikeFrame = small.profiler.recordedFrames();
                ReportController.of(small.profiler).setFrame(0);
                frame.buildReport();
                for (int i = 0; i < 20; i++) {
                    small.frame(1.0);
                }
                assertEquals(1, spikes.captured());
                frame.controls().spikes(spikes);

                assertTrue(frame.controls().nextSpike(), "a spike out of history is still shown");
                assertTrue(small.profiler.paused());
                assertEquals(spikes.recent(0), ReportController.of(small.profiler).shownSpike());
                frame.buildReport();
                assertTrue(frame.report().storedSpike());
                assertTrue(frame.report().frameAvailable());
                assertEquals(spikeFrame, frame.report().frameNumber());
                assertTrue(frame.report().rowCount() > 0);
                String title = frame.panel().titleText(frame.report()).toString();
                assertTrue(title.contains("spike #" + spikeFrame + " (stored)"), title);
                assertTrue(frame.build(1600, 900));

                frame.controls().perform(HudAction.SELECT);
                frame.buildReport();
                assertEquals(io.hudprof.core.report.ReportMode.CALL_GRAPH, frame.report().mode());
                assertTrue(frame.report().storedSpike(), "the call graph of the stored spike");
                assertTrue(frame.report().rowCount() > 0);

                ReportController.of(small.profiler).setFrame(0);
                frame.buildReport();
                assertFalse(frame.report().storedSpike());
                assertTrue(frame.panel().titleText(frame.report()).toString().contains("live"));
            } finally {
                frame.close();
            }
        }
    }

    @Test
    void theReportPanelShowsTheNotesOfItsFrameOnALineOfItsOwnWithoutAllocating() {
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(60_000)).attach(game.profiler);
        hud = HudFrame.create(game.profiler, OverlayConfig.builder().startVisible(true).build());
        for (int i = 0; i < 10; i++) {
            game.frame(1.0);
        }
        long start = game.clock.nanoTime();
        game.frame(1.0);
        spikes.notes().post(io.hudprof.capture.FrameNotes.Kind.GC, "G1 Young Generation", "G1 Evacuation Pause",
                start + 1, 1_000);
        game.frame(1.0);
        game.profiler.setPaused(true);
        ReportController.of(game.profiler).setFrame(1);
        assertTrue(hud.build(1600, 900));
        assertEquals(1, hud.report().noteCount(), "the frame the report shows has the note");
        int withNotes = hud.panel().bounds().height();
        Annexes.of(game.profiler).remove(spikes);
        assertTrue(hud.build(1600, 900));
        assertEquals(0, hud.report().noteCount());
        int without = hud.panel().bounds().height();
        assertTrue(withNotes > without, "one more line: " + withNotes + " vs " + without);
        Annexes.of(game.profiler).add(spikes);
        AllocationCheck.assertSteady("HUD frames showing a frame with a note", 200, 5, 2000,
                () -> hud.build(1600, 900));
    }

    @Test
    void drawingTheSpikeListAllocatesNothing() {
        SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(0.001)).recent(8).attach(game.profiler);
        hud = HudFrame.create(game.profiler, OverlayConfig.builder().startVisible(true).build());
        for (int i = 0; i < 20; i++) {
            game.frame(1.0);
        }
        hud.controls().spikes(spikes);
        hud.controls().toggleSpikeList();
        game.profiler.setPaused(true);
        AllocationCheck.assertSteady("HUD frames with 8 spikes listed", 200, 5, 2000, () -> hud.build(1600, 900));
        assertNotNull(spikes.recent(0));
    }
}
