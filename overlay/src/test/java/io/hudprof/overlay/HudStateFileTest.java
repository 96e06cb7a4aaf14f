package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import io.hudprof.core.Averaging;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The saved layout and view state: a round trip through a real file, and bad files that change nothing. */
class HudStateFileTest {
    /** Held strongly: the logging framework keeps loggers weakly, and a collected one would lose the handler. */
    private static final Logger LOGGER = Logger.getLogger("io.hudprof.overlay");

    @TempDir
    Path dir;
    private java.util.logging.Level levelBefore;

    private final List<String> warnings = new ArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            warnings.add(record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void listen() {
        levelBefore = LOGGER.getLevel();
        LOGGER.setLevel(java.util.logging.Level.ALL);
        LOGGER.addHandler(capture);
    }

    @AfterEach
    void stopListening() {
        LOGGER.removeHandler(capture);
        LOGGER.setLevel(levelBefore);
    }

    /** A HUD over a fresh scripted game, its state set as a user would leave it. */
    private static void arrange(HudFrame hud, ScriptedGame game) {
        HudControls controls = hud.controls();
        controls.layout().drag(HudLayout.Panel.REPORT, 120, 45, 1f);
        controls.layout().drag(HudLayout.Panel.GRAPH, -30, -200, 1f);
        controls.layout().resize(HudLayout.Panel.REPORT, 7);
        controls.layout().resize(HudLayout.Panel.GRAPH, 180);
        controls.layout().drag(HudLayout.Panel.TIMELINE, 60, -240, 1f);
        controls.layout().resize(HudLayout.Panel.TIMELINE, 150);
        controls.layout().resizeWidth(HudLayout.Panel.TIMELINE, 700);
        controls.layout().drag(HudLayout.Panel.CHART, 25, -35, 1f);
        controls.layout().resize(HudLayout.Panel.CHART, 90);
        controls.layout().drag(HudLayout.Panel.SPIKES, -400, 120, 1f);
        controls.layout().resize(HudLayout.Panel.SPIKES, 5);
        ReportController.of(game.profiler).showCallGraph(ScriptedGame.AI);
        ReportController.of(game.profiler).setAveraging(Averaging.SLOW);
        controls.view().setUnitsHz(true);
        controls.graphZoomIn();
        controls.toggleHelp();
        controls.categoryChart().addGuide(4_000_000);
        controls.categoryChart().addGuide(8_500_000);
        controls.view().search("Physics");
    }

    @Test
    void layoutAndViewStateComeBackFromTheFile() {
        Path file = dir.resolve("hud.properties");
        double range;
        try (ScriptedGame game = new ScriptedGame(32, 0);
             HudFrame hud = HudFrame.create(game.profiler, OverlayConfig.defaults())) {
            game.frames(5, 1.0);
            arrange(hud, game);
            range = hud.controls().view().graphRangeNanos();
            new HudStateFile(file).save(hud.controls().view());
        }
        assertTrue(Files.exists(file));
        try (ScriptedGame game = new ScriptedGame(32, 0);
             HudFrame hud = HudFrame.create(game.profiler, OverlayConfig.defaults())) {
            assertTrue(new HudStateFile(file).load(hud.controls().view()));
            HudControls controls = hud.controls();
            HudLayout layout = controls.layout();
            assertEquals(120, layout.offsetX(HudLayout.Panel.REPORT));
            assertEquals(45, layout.offsetY(HudLayout.Panel.REPORT));
            assertEquals(-30, layout.offsetX(HudLayout.Panel.GRAPH));
            assertEquals(-200, layout.offsetY(HudLayout.Panel.GRAPH));
            assertEquals(7, layout.size(HudLayout.Panel.REPORT, 0));
            assertEquals(180, layout.size(HudLayout.Panel.GRAPH, 0));
            assertEquals(60, layout.offsetX(HudLayout.Panel.TIMELINE));
            assertEquals(-240, layout.offsetY(HudLayout.Panel.TIMELINE));
            assertEquals(150, layout.size(HudLayout.Panel.TIMELINE, 0));
            assertEquals(700, layout.width(HudLayout.Panel.TIMELINE, 0));
            assertEquals(25, layout.offsetX(HudLayout.Panel.CHART));
            assertEquals(-35, layout.offsetY(HudLayout.Panel.CHART));
            assertEquals(90, layout.size(HudLayout.Panel.CHART, 0));
            assertEquals(-400, layout.offsetX(HudLayout.Panel.SPIKES));
            assertEquals(120, layout.offsetY(HudLayout.Panel.SPIKES));
            assertEquals(5, layout.size(HudLayout.Panel.SPIKES, 0));
            assertEquals(0, layout.width(HudLayout.Panel.REPORT, 0), "no width chosen, none saved");
            assertEquals(ReportMode.CALL_GRAPH, ReportController.of(game.profiler).mode());
            assertEquals("AI", ReportController.of(game.profiler).focus().name());
            assertEquals(Averaging.SLOW, ReportController.of(game.profiler).averaging());
            assertTrue(controls.view().unitsHz());
            assertTrue(controls.view().helpVisible());
            assertEquals(range, controls.view().graphRangeNanos());
            assertEquals(2, controls.categoryChart().userGuideCount());
            assertEquals(8_500_000, controls.categoryChart().userGuides()[1]);
            assertEquals("Physics", ZoneSearch.of(ReportController.of(game.profiler)).toString());
        }
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void editingTheSearchCountsAsAChangeToSave() {
        try (ScriptedGame game = new ScriptedGame(32, 0);
             HudFrame hud = HudFrame.create(game.profiler, OverlayConfig.defaults())) {
            long before = HudStateFile.signature(hud.controls().view());
            hud.controls().view().search("AI");
            long typed = HudStateFile.signature(hud.controls().view());
            assertNotEquals(before, typed);
            hud.controls().clearSearch();
            assertEquals(before, HudStateFile.signature(hud.controls().view()));
        }
    }

    @Test
    void aFileFromBeforeTheTimelineChartAndSpikePanelsLoadsWithThemWhereTheyWere() throws Exception {
        // What the layout file held before the timeline, value chart and spike list could be moved: no keys for
        // them, and no widths.
        Path file = dir.resolve("old.properties");
        Files.writeString(file, String.join("\n", "#hudprof HUD layout and view state", "version=1",
                "panel.report.x=120", "panel.report.y=45", "panel.report.size=7", "panel.graph.x=-30",
                "panel.graph.y=-200", "panel.graph.size=180", "mode=HIERARCHICAL_TIME", "averaging=SLOW",
                "unitsHz=true", "graphVisible=true", "helpVisible=false", "categoriesShown=false",
                "graphRangeNanos=3.3333333E7", "categoryGuides=", ""));
        try (ScriptedGame game = new ScriptedGame(32, 0);
             HudFrame hud = HudFrame.create(game.profiler, OverlayConfig.defaults())) {
            assertTrue(new HudStateFile(file).load(hud.controls().view()));
            HudLayout layout = hud.controls().layout();
            assertEquals(120, layout.offsetX(HudLayout.Panel.REPORT));
            assertEquals(-200, layout.offsetY(HudLayout.Panel.GRAPH));
            assertEquals(180, layout.size(HudLayout.Panel.GRAPH, 0));
            for (HudLayout.Panel panel : new HudLayout.Panel[]{HudLayout.Panel.TIMELINE, HudLayout.Panel.CHART,
                    HudLayout.Panel.SPIKES}) {
                assertFalse(layout.moved(panel), panel + " stays at its anchored place");
                assertEquals(0, layout.size(panel, 0), panel + " keeps its configured size");
                assertEquals(0, layout.width(panel, 0), panel + " keeps its configured width");
            }
            assertEquals(ReportMode.HIERARCHICAL_TIME, ReportController.of(game.profiler).mode());
            assertTrue(hud.controls().view().unitsHz());
            assertFalse(ZoneSearch.of(ReportController.of(game.profiler)).active(), "no search saved, none applied");
        }
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void aCorruptFileChangesNothingAndWarnsOnceNamingIt() throws Exception {
        Path file = dir.resolve("hud.properties");
        try (ScriptedGame game = new ScriptedGame(32, 0);
             HudFrame hud = HudFrame.create(game.profiler, OverlayConfig.defaults())) {
            arrange(hud, game);
            new HudStateFile(file).save(hud.controls().view());
        }
        // A good file with one bad value: nothing of it may be applied, not even the good panel offsets.
        String text = Files.readString(file).replace("averaging=SLOW", "averaging=SOMETIMES");
        Files.writeString(file, text);
        assertLoadsNothing(file);
        Files.write(file, new byte[]{(byte) 0xFF, 0, 0x13, '=', '\n', 'x'});
        assertLoadsNothing(file);
        Files.writeString(file, "version=1\npanel.report.x=5\npanel.report.y=99999999999\n");
        assertLoadsNothing(file);
        try (ScriptedGame game = new ScriptedGame(32, 0);
             HudFrame hud = HudFrame.create(game.profiler, OverlayConfig.defaults())) {
            arrange(hud, game);
            new HudStateFile(file).save(hud.controls().view());
        }
        Files.writeString(file, Files.readString(file).replace("panel.timeline.width=700",
                "panel.timeline.width=-3"));
        assertLoadsNothing(file);
        Files.writeString(file, "x=" + "9".repeat(HudStateFile.MAX_BYTES), StandardCharsets.UTF_8);
        assertLoadsNothing(file);
    }

    private void assertLoadsNothing(Path file) {
        warnings.clear();
        try (ScriptedGame game = new ScriptedGame(32, 0);
             HudFrame hud = HudFrame.create(game.profiler, OverlayConfig.defaults())) {
            assertFalse(new HudStateFile(file).load(hud.controls().view()));
            HudLayout layout = hud.controls().layout();
            assertFalse(layout.moved(HudLayout.Panel.REPORT));
            assertFalse(layout.moved(HudLayout.Panel.GRAPH));
            assertFalse(layout.moved(HudLayout.Panel.TIMELINE));
            assertEquals(0, layout.size(HudLayout.Panel.REPORT, 0));
            assertEquals(0, layout.width(HudLayout.Panel.TIMELINE, 0));
            assertEquals(ReportMode.SELF_TIME, ReportController.of(game.profiler).mode());
            assertFalse(hud.controls().view().unitsHz());
        }
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains(file.toString()), warnings.get(0));
    }

    @Test
    void aMissingFileMeansDefaultsWithoutAWarning() {
        try (ScriptedGame game = new ScriptedGame(32, 0);
             HudFrame hud = HudFrame.create(game.profiler, OverlayConfig.defaults())) {
            assertFalse(new HudStateFile(dir.resolve("none.properties")).load(hud.controls().view()));
        }
        assertTrue(warnings.isEmpty(), warnings.toString());
    }

    @Test
    void anUnwritableLocationWarnsOnceAndTheHudCarriesOn() throws Exception {
        // A directory that cannot be created (a plain file is in the way): fails for root too, unlike permissions.
        Path blocker = Files.writeString(dir.resolve("not-a-directory"), "x");
        Path file = blocker.resolve("hud.properties");
        HudStateFile state = new HudStateFile(file);
        try (ScriptedGame game = new ScriptedGame(32, 0);
             HudFrame hud = HudFrame.create(game.profiler, OverlayConfig.defaults())) {
            arrange(hud, game);
            state.save(hud.controls().view());
            state.save(hud.controls().view());
            hud.controls().view().setVisible(true);
            assertTrue(hud.build(800, 600), "the HUD still draws");
        }
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains(file.toString()), warnings.get(0));
    }

    @Test
    void aReadOnlyDirectoryWarnsOnceAndLeavesNoTemporaryFile() throws Exception {
        Path readOnly = Files.createDirectory(dir.resolve("read-only"));
        Path file = readOnly.resolve("hud.properties");
        HudStateFile state = new HudStateFile(file);
        assertTrue(readOnly.toFile().setWritable(false, false));
        try (ScriptedGame game = new ScriptedGame(32, 0);
             HudFrame hud = HudFrame.create(game.profiler, OverlayConfig.defaults())) {
            arrange(hud, game);
            state.save(hud.controls().view());
            state.save(hud.controls().view());
        } finally {
            readOnly.toFile().setWritable(true, false);
        }
        if (Files.exists(file)) {
            // Root writes through directory permissions: then the save must simply have worked.
            assertTrue(warnings.isEmpty(), warnings.toString());
        } else {
            assertEquals(1, warnings.size(), warnings.toString());
        }
        try (var left = Files.list(readOnly)) {
            assertTrue(left.allMatch(p -> p.equals(file)), "a temporary file was left behind");
        }
    }
}
