package io.hudprof.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.hudprof.core.Averaging;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportView;
import io.hudprof.stats.text.TextLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HUD's one view-state object: copying it shows the same thing, every field it holds is copied, and what the state
 * file keeps comes back as copying it does. A field added to {@link HudView} or an object inside it that
 * {@code copyFrom} misses, or that neither {@link HudStateFile} keeps nor {@link #SESSION_ONLY} lists, fails here.
 */
class HudViewTest {
    /** What views work out again each frame, or wiring: not view state, so neither copied nor compared. */
    private static final Set<String> DERIVED = Set.of(
            "controller", // the builder the report view belongs to
            "report.filter", // each profiler's own search object; its text is compared as "search"
            "layout.pushedX", "layout.pushedY", // how far the last draw pushed a panel inside the window
            "layout.version", "diff.version", // change counters
            "timeline.frame", "timeline.cursor", "timeline.loadedFrame", "timeline.loadedAvailable", // bars loaded
            "categories.listed", "categories.listedCount", "categories.autoRange", "categories.headerValue",
            "values.titleValue");

    /** Object fields reflection cannot give another value: compared by identity only. */
    private static final Set<String> REFERENCES = Set.of("report.shownSpike", "diff.given");

    /** The view state the state file keeps. */
    private static final Set<String> SAVED = Set.of("layout.offsetX", "layout.offsetY", "layout.size",
            "layout.width", "report.mode", "report.averaging", "report.focusZone", "unitsHz", "graphVisible",
            "helpVisible", "graphRangeNanos", "categories.shown", "categories.userGuides.values",
            "categories.userGuides.count", "search");

    /** View state kept for the session only (prefixes end with a dot). */
    private static final Set<String> SESSION_ONLY = Set.of("visible", "spikeListShown", "histogramShown",
            "selectedSpike", "reportScroll", "searchTyping", "timeline.", "values.", "categories.focus",
            "categories.cursor", "categories.pendingCursor", "categories.manualRange", "report.metric",
            "report.recursion", "report.distribution", "report.frameOffset", "report.shownSpike",
            "report.shownSpikeFrame", "report.cursor", "report.cursorZone", "report.cursorLevel",
            "report.cursorRole", "report.cursorKey", "report.focusLevel", "report.threadRoot",
            "diff."); // frame numbers mean nothing in another run

    @TempDir
    Path dir;

    @Test
    void aFreshHudOfAnotherProfilerGivenACopyShowsTheSameRowsPanelsAndSelection() {
        try (ScriptedGame first = new ScriptedGame(32, 0);
             HudFrame shown = HudFrame.create(first.profiler, OverlayConfig.defaults())) {
            first.frames(6, 1.0);
            HudControls controls = shown.controls();
            ReportController.of(first.profiler).showCallGraph(ScriptedGame.PHYSICS);
            ReportController.of(first.profiler).setAveraging(Averaging.SLOW);
            controls.cursorDown();
            controls.cursorDown();
            controls.frameOlder(2);
            controls.toggleTimeline();
            controls.toggleThreadList();
            controls.toggleHistogram();
            controls.toggleHelp();
            controls.toggleUnits();
            controls.graphZoomIn();
            controls.view().search("Ray");
            controls.layout().drag(HudLayout.Panel.REPORT, 40, 25, 1f);
            shown.buildReport();
            try (ScriptedGame second = new ScriptedGame(32, 0);
                 HudFrame copy = HudFrame.create(second.profiler, OverlayConfig.defaults())) {
                second.frames(6, 1.0);
                copy.controls().view().copyFrom(controls.view());
                copy.buildReport();
                shown.buildReport();
                assertSameRows(shown, copy);
                HudView a = controls.view();
                HudView b = copy.controls().view();
                assertEquals(a.timelineShown(), b.timelineShown());
                assertEquals(a.threadListShown(), b.threadListShown());
                assertEquals(a.histogramShown(), b.histogramShown());
                assertEquals(a.helpVisible(), b.helpVisible());
                assertEquals(a.unitsHz(), b.unitsHz());
                assertEquals(a.graphRangeNanos(), b.graphRangeNanos());
                assertEquals(40, copy.controls().layout().offsetX(HudLayout.Panel.REPORT));
                assertEquals("Ray", b.searchText().toString());
                assertEquals(2, ReportController.of(second.profiler).frameOffset());
                assertEquals(ScriptedGame.PHYSICS, ReportController.of(second.profiler).focus());
                assertEquals(shown.report().cursor(), copy.report().cursor());
                // The copy's search is its own profiler's: editing it leaves the first HUD's alone.
                b.search("AI");
                assertEquals("Ray", a.searchText().toString());
            }
        }
    }

    @Test
    void aHudRemadeFromACopyShowsTheSameDiffOfTheRangesMarkedInTheFirst() {
        try (ScriptedGame game = new ScriptedGame(64, 0);
             HudFrame first = HudFrame.create(game.profiler, OverlayConfig.defaults())) {
            game.frames(10, 1.0);
            game.frames(10, 3.0);
            game.profiler.setPaused(true);
            HudControls controls = first.controls();
            long[] ends = {1, 10, 11, 20};
            for (int i = 0; i < ends.length; i++) {
                ReportController.of(game.profiler).setFrame((int) (game.profiler.history().frameNumber(0) - ends[i]));
                first.buildReport();
                assertEquals(ends[i], first.report().frameNumber());
                controls.markDiff(i / 2);
            }
            List<String> shown = List.copyOf(controls.diffPanel(null).lines());
            assertTrue(shown.get(0).startsWith("diff A #1-#10 (10) vs B #11-#20 (10)"), shown.get(0));
            // The viewer's resize: a new HUD of the same profiler, given the old one's view.
            try (HudFrame remade = HudFrame.create(game.profiler, OverlayConfig.defaults())) {
                remade.controls().view().copyFrom(controls.view());
                assertTrue(remade.controls().diffShown());
                assertEquals(shown, remade.controls().diffPanel(null).lines());
                remade.controls().clearDiff();
                assertFalse(remade.controls().diffShown());
                assertTrue(controls.diffShown(), "clearing the copy leaves the first HUD's ranges");
            }
        }
    }

    @Test
    void copyFromCopiesEveryFieldOfTheViewAndTheObjectsInIt() throws Exception {
        try (ScriptedGame first = new ScriptedGame(32, 0);
             HudFrame from = HudFrame.create(first.profiler, OverlayConfig.defaults())) {
            HudView source = from.controls().view();
            Map<String, Object> before = snapshot(source);
            changeEveryField(source, "");
            Map<String, Object> changed = snapshot(source);
            for (String field : changed.keySet()) {
                if (REFERENCES.contains(field)) {
                    continue;
                }
                assertNotEquals(before.get(field), changed.get(field), field + " was not changed by the test");
            }
            try (ScriptedGame second = new ScriptedGame(32, 0);
                 HudFrame to = HudFrame.create(second.profiler, OverlayConfig.defaults())) {
                to.controls().view().copyFrom(source);
                assertEquals(List.of(), differing(changed, snapshot(to.controls().view())),
                        "fields copyFrom missed (or add them to DERIVED if views work them out each frame)");
            }
        }
    }

    @Test
    void savingAndLoadingGivesWhatCopyingGivesForEveryFieldTheFileKeeps() {
        Path file = dir.resolve("hud.properties");
        try (ScriptedGame first = new ScriptedGame(32, 0);
             HudFrame saved = HudFrame.create(first.profiler, OverlayConfig.defaults())) {
            first.frames(5, 1.0);
            HudView view = saved.controls().view();
            Map<String, Object> defaults = snapshot(view);
            arrange(saved, first);
            Map<String, Object> arranged = snapshot(view);
            for (String field : arranged.keySet()) {
                boolean savedField = SAVED.contains(field);
                assertTrue(savedField || sessionOnly(field),
                        field + " is neither kept by HudStateFile nor listed as SESSION_ONLY: decide which");
                if (savedField) {
                    assertNotEquals(defaults.get(field), arranged.get(field), field + " was not changed by the test");
                }
            }
            new HudStateFile(file).save(view);
            Map<String, Object> loaded;
            try (ScriptedGame second = new ScriptedGame(32, 0);
                 HudFrame hud = HudFrame.create(second.profiler, OverlayConfig.defaults())) {
                second.frames(5, 1.0);
                assertTrue(new HudStateFile(file).load(hud.controls().view()));
                loaded = saved(snapshot(hud.controls().view()));
            }
            try (ScriptedGame third = new ScriptedGame(32, 0);
                 HudFrame hud = HudFrame.create(third.profiler, OverlayConfig.defaults())) {
                third.frames(5, 1.0);
                hud.controls().view().copyFrom(view);
                assertEquals(List.of(), differing(saved(snapshot(hud.controls().view())), loaded),
                        "fields the file brings back otherwise than copying does");
            }
            assertEquals(List.of(), differing(saved(arranged), loaded), "fields the file does not bring back");
        }
    }

    /** Every field the state file keeps, set away from its default through the HUD's own actions. */
    private static void arrange(HudFrame hud, ScriptedGame game) {
        HudControls controls = hud.controls();
        controls.layout().drag(HudLayout.Panel.REPORT, 120, 45, 1f);
        controls.layout().resize(HudLayout.Panel.GRAPH, 180);
        controls.layout().resizeWidth(HudLayout.Panel.TIMELINE, 700);
        ReportController.of(game.profiler).showCallGraph(ScriptedGame.AI);
        ReportController.of(game.profiler).setAveraging(Averaging.SLOW);
        controls.toggleUnits();
        controls.graphZoomIn();
        controls.toggleHelp();
        controls.toggleCategories();
        controls.toggleGraph();
        controls.categoryChart().addGuide(4_000_000);
        controls.view().search("Physics");
    }

    private static Map<String, Object> saved(Map<String, Object> all) {
        Map<String, Object> kept = new TreeMap<>(all);
        kept.keySet().retainAll(SAVED);
        return kept;
    }

    /** The fields whose values differ, each with both values. */
    private static List<String> differing(Map<String, Object> expected, Map<String, Object> actual) {
        List<String> fields = new ArrayList<>();
        Set<String> names = new java.util.TreeSet<>(expected.keySet());
        names.addAll(actual.keySet());
        for (String name : names) {
            if (!java.util.Objects.equals(expected.get(name), actual.get(name))) {
                fields.add(name + ": " + expected.get(name) + " -> " + actual.get(name));
            }
        }
        return fields;
    }

    private static boolean sessionOnly(String field) {
        for (String name : SESSION_ONLY) {
            if (name.equals(field) || (name.endsWith(".") && field.startsWith(name))) {
                return true;
            }
        }
        return false;
    }

    private static void assertSameRows(HudFrame expected, HudFrame actual) {
        Report a = expected.report();
        Report b = actual.report();
        assertTrue(a.rowCount() > 0);
        assertEquals(a.mode(), b.mode());
        assertEquals(rows(expected), rows(actual));
    }

    private static List<String> rows(HudFrame hud) {
        List<String> rows = new ArrayList<>();
        TextLine line = new TextLine(256);
        for (int r = 0; r < hud.report().rowCount(); r++) {
            line.clear();
            hud.appendRowText(r, line);
            rows.add(line.toString());
        }
        return rows;
    }

    /** The view's state, field by field, looking into the state objects it holds ({@link #isState}). */
    private static Map<String, Object> snapshot(HudView view) {
        Map<String, Object> values = new TreeMap<>();
        try {
            collect(view, "", values);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        values.put("search", view.searchText().toString());
        return values;
    }

    private static void collect(Object object, String prefix, Map<String, Object> values)
            throws IllegalAccessException {
        for (Field field : fields(object)) {
            String name = prefix + field.getName();
            if (DERIVED.contains(name) || name.equals("search")) {
                continue;
            }
            Object value = field.get(object);
            if (value != null && isState(value.getClass())) {
                collect(value, name + ".", values);
            } else if (value instanceof UserGuides[] guides) {
                for (int i = 0; i < guides.length; i++) {
                    collect(guides[i], name + "[" + i + "].", values);
                }
            } else if (value != null && value.getClass().isArray()) {
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < Array.getLength(value); i++) {
                    items.add(Array.get(value, i));
                }
                values.put(name, items);
            } else if (value == null || field.getType().isPrimitive() || value instanceof Enum<?>) {
                values.put(name, value);
            } else {
                values.put(name, "object@" + System.identityHashCode(value));
            }
        }
    }

    /** Sets every field the snapshot compares (primitives, enums, array elements) to a value other than its own. */
    private static void changeEveryField(Object object, String prefix) throws IllegalAccessException {
        if (object instanceof HudView view) {
            view.search("changed");
        }
        for (Field field : fields(object)) {
            String name = prefix + field.getName();
            if (DERIVED.contains(name) || name.equals("search")) {
                continue;
            }
            Object value = field.get(object);
            Class<?> type = field.getType();
            if (value != null && isState(value.getClass())) {
                changeEveryField(value, name + ".");
            } else if (value instanceof UserGuides[] guides) {
                for (int i = 0; i < guides.length; i++) {
                    changeEveryField(guides[i], name + "[" + i + "].");
                }
            } else if (value != null && type.isArray() && type.getComponentType().isPrimitive()) {
                for (int i = 0; i < Array.getLength(value); i++) {
                    Array.set(value, i, changed(Array.get(value, i)));
                }
            } else if (type.isPrimitive() || type.isEnum()) {
                field.set(object, changed(value));
            }
        }
    }

    private static Object changed(Object value) {
        if (value instanceof Boolean b) {
            return !b;
        } else if (value instanceof Integer i) {
            return i + 3;
        } else if (value instanceof Long l) {
            return l + 3;
        } else if (value instanceof Double d) {
            return d * 2 + 1.5;
        } else if (value instanceof Enum<?> e) {
            Object[] constants = e.getDeclaringClass().getEnumConstants();
            return constants[(e.ordinal() + 1) % constants.length];
        }
        throw new IllegalStateException("no rule to change a " + value.getClass() + ": teach HudViewTest one");
    }

    /** Objects whose fields are view state themselves (looked into rather than compared as a whole). */
    private static boolean isState(Class<?> type) {
        return type == ReportView.class || type == HudLayout.class || type == TimelineState.class
                || type == CategoryChartState.class || type == ValueChartState.class || type == UserGuides.class
                || type == DiffMarks.class;
    }

    private static List<Field> fields(Object object) {
        List<Field> fields = new ArrayList<>();
        for (Field field : object.getClass().getDeclaredFields()) {
            if (!Modifier.isStatic(field.getModifiers())) {
                field.setAccessible(true);
                fields.add(field);
            }
        }
        return fields;
    }
}
