package io.hudprof.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Averaging;
import io.hudprof.core.ProfilerFixture;
import io.hudprof.core.Zone;
import io.hudprof.overlay.ZoneSearch;
import io.hudprof.testkit.AllocationCheck;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The report's name filter: which rows each mode keeps, editing, and no allocation while the filter holds. */
class ZoneSearchTest {
    private static final Zone GAME = Zone.local("Zst:Game");
    private static final Zone PHYSICS = Zone.local("Zst:Physics");
    private static final Zone INTEGRATE = Zone.local("Zst:Integrate");
    private static final Zone AI = Zone.local("Zst:AI");
    private static final Zone RAYCAST = Zone.local("Zst:RayCast");
    private static final Zone RENDER = Zone.local("Zst:Render");

    private ProfilerFixture fx;

    @BeforeEach
    void setUp() {
        fx = new ProfilerFixture();
        fx.controller().setAveraging(Averaging.INSTANTANEOUS);
    }

    @AfterEach
    void tearDown() {
        fx.close();
    }

    /** Game { Physics { Integrate, RayCast }, AI { RayCast } }, Render. */
    private void frame() {
        GAME.begin();
        fx.micros(1);
        PHYSICS.begin();
        spend(INTEGRATE, 3);
        spend(RAYCAST, 2);
        PHYSICS.end();
        AI.begin();
        fx.micros(1);
        spend(RAYCAST, 4);
        AI.end();
        GAME.end();
        spend(RENDER, 5);
        fx.profiler.update();
    }

    private void spend(Zone zone, long micros) {
        zone.begin();
        fx.micros(micros);
        zone.end();
    }

    private List<String> rows(RowRole role) {
        Report report = fx.build();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < report.rowCount(); i++) {
            if (role == null || report.row(i).role() == role) {
                names.add(report.row(i).name());
            }
        }
        return names;
    }

    @Test
    void theSelfListShowsOnlyZonesWhoseNamesContainTheTextIgnoringCase() {
        frame();
        fx.controller().setMode(ReportMode.SELF_TIME);
        ZoneSearch.of(fx.controller()).set("rAyc");
        assertEquals(List.of("Zst:RayCast"), rows(null));
        ZoneSearch.of(fx.controller()).set("zst:");
        assertEquals(6, rows(null).size(), "every Zst zone, the thread root not: " + rows(null));
        ZoneSearch.of(fx.controller()).set("no such zone");
        assertEquals(List.of(), rows(null));
        ZoneSearch.of(fx.controller()).clear();
        assertTrue(rows(null).size() >= 7, "cleared: every zone and the thread root again");
    }

    @Test
    void theHierarchicalListAlsoShowsTheRowsThatLeadToAMatch() {
        frame();
        fx.controller().setMode(ReportMode.HIERARCHICAL_TIME);
        ZoneSearch.of(fx.controller()).set("raycast");
        List<String> names = rows(null);
        assertTrue(names.containsAll(List.of("Zst:RayCast", "Zst:Physics", "Zst:AI", "Zst:Game")), names.toString());
        assertFalse(names.contains("Zst:Integrate"), names.toString());
        assertFalse(names.contains("Zst:Render"), "Render leads nowhere near RayCast: " + names);
    }

    @Test
    void theExpandedSelfListAlsoShowsTheRowsThatLeadToAMatch() {
        frame();
        fx.controller().setMode(ReportMode.SELF_TIME);
        fx.controller().setRecursion(RecursionDisplay.EXPANDED);
        ZoneSearch.of(fx.controller()).set("integr");
        List<String> names = rows(null);
        assertTrue(names.containsAll(List.of("Zst:Integrate", "Zst:Physics", "Zst:Game")), names.toString());
        assertFalse(names.contains("Zst:AI") || names.contains("Zst:RayCast"), names.toString());
    }

    @Test
    void theCallGraphKeepsCallersAndCalleesOnAPathThroughAMatch() {
        frame();
        fx.controller().showCallGraph(PHYSICS);
        ZoneSearch.of(fx.controller()).set("raycast");
        assertEquals(List.of("Zst:Game"), rows(RowRole.PARENT), "the caller leads to RayCast through the focus");
        assertEquals(List.of("Zst:Physics"), rows(RowRole.FOCUS));
        assertEquals(List.of("Zst:RayCast"), rows(RowRole.CHILD), "Integrate leads to no match");

        fx.controller().showCallGraph(GAME);
        assertEquals(List.of("Zst:AI", "Zst:Physics"), sorted(rows(RowRole.CHILD)));
        ZoneSearch.of(fx.controller()).set("game");
        assertEquals(List.of("Zst:AI", "Zst:Physics"), sorted(rows(RowRole.CHILD)),
                "callees below a matching focus are on a path through it");
        ZoneSearch.of(fx.controller()).set("render");
        assertEquals(List.of(), rows(RowRole.CHILD));
        assertEquals(List.of("Zst:Game"), rows(RowRole.FOCUS), "the focus always shows");
    }

    @Test
    void editingAppendsDeletesAndCapsTheText() {
        ZoneSearch search = new ZoneSearch();
        assertFalse(search.active());
        assertTrue(search.append('R'));
        assertTrue(search.append('a'));
        assertFalse(search.append('\n'), "control characters are not typed");
        assertTrue(search.append(0x1F600), "a code point outside the BMP is a surrogate pair");
        assertEquals(4, search.length());
        assertTrue(search.deleteLast());
        assertEquals("Ra", search.toString(), "the whole pair goes");
        long before = search.generation();
        search.deleteLast();
        search.deleteLast();
        assertFalse(search.deleteLast());
        assertTrue(search.generation() > before);
        for (int i = 0; i < ZoneSearch.MAX_LENGTH + 10; i++) {
            search.append('x');
        }
        assertEquals(ZoneSearch.MAX_LENGTH, search.length());
        assertTrue(search.matches(-1) == false && search.matches(Integer.MAX_VALUE) == false);
        search.clear();
        assertTrue(search.matches(RENDER.id()), "no text matches every zone");
    }

    @Test
    void buildingWithAnUnchangedFilterAllocatesNothing() {
        ReportController c = fx.controller();
        Report report = new Report();
        ZoneSearch.of(c).set("ray");
        ReportMode[] modes = {ReportMode.SELF_TIME, ReportMode.HIERARCHICAL_TIME, ReportMode.CALL_GRAPH};
        AllocationCheck.measure(8_000, 5, 500, n -> { }, n -> {
            frame();
            c.setMode(modes[n % 3]);
            c.setRecursion(n % 2 == 0 ? RecursionDisplay.COLLAPSED : RecursionDisplay.EXPANDED);
            if (n % 3 == 2) {
                c.showCallGraph(PHYSICS);
            }
            c.build(report);
        }).assertSteady("report building with a search filter");
    }

    private static List<String> sorted(List<String> names) {
        List<String> copy = new ArrayList<>(names);
        copy.sort(null);
        return copy;
    }
}
