package io.hudprof.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Averaging;
import io.hudprof.core.ProfilerFixture;
import io.hudprof.core.Zone;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The report builder's filter seam, with a filter of core's tests (the HUD's name search is the overlay's and is
 * tested there): rows on a call path through a match stay, and a filter's generation decides when a report is built
 * again.
 */
class ZoneFilterTest {
    private static final Zone GAME = Zone.local("Zft:Game");
    private static final Zone PHYSICS = Zone.local("Zft:Physics");
    private static final Zone INTEGRATE = Zone.local("Zft:Integrate");
    private static final Zone RENDER = Zone.local("Zft:Render");

    /** Matches the zones it is told to; each change moves its generation. */
    private static final class ChosenZones implements ZoneFilter {
        private final List<Integer> chosen = new ArrayList<>();
        private long generation;

        void choose(Zone... zones) {
            chosen.clear();
            for (Zone zone : zones) {
                chosen.add(zone.id());
            }
            generation++;
        }

        @Override
        public boolean active() {
            return !chosen.isEmpty();
        }

        @Override
        public boolean matches(int zoneId) {
            return chosen.contains(zoneId);
        }

        @Override
        public long generation() {
            return generation;
        }
    }

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

    /** Game { Physics { Integrate } }, Render. */
    private void frame() {
        GAME.begin();
        PHYSICS.begin();
        INTEGRATE.begin();
        fx.micros(3);
        INTEGRATE.end();
        PHYSICS.end();
        GAME.end();
        RENDER.begin();
        fx.micros(5);
        RENDER.end();
        fx.profiler.update();
    }

    private static List<String> names(Report report) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < report.rowCount(); i++) {
            names.add(report.row(i).name());
        }
        return names;
    }

    @Test
    void theHierarchicalListKeepsTheMatchesAndTheRowsThatLeadToThem() {
        frame();
        ChosenZones filter = new ChosenZones();
        fx.controller().setFilter(filter);
        fx.controller().setMode(ReportMode.HIERARCHICAL_TIME);
        filter.choose(INTEGRATE);
        List<String> names = names(fx.build());
        assertTrue(names.containsAll(List.of("Zft:Integrate", "Zft:Physics", "Zft:Game")), names.toString());
        assertFalse(names.contains("Zft:Render"), "Render leads nowhere near Integrate: " + names);

        fx.controller().setFilter(null);
        assertTrue(names(fx.build()).contains("Zft:Render"), "no filter: every row again");
    }

    @Test
    void aReportIsBuiltAgainWhenTheFilterMovesItsGenerationAndOnlyThen() {
        frame();
        ChosenZones filter = new ChosenZones();
        filter.choose(RENDER);
        fx.controller().setFilter(filter);
        Report report = new Report();
        assertTrue(fx.controller().buildIfChanged(report));
        assertEquals(List.of("Zft:Render"), names(report));
        assertFalse(fx.controller().buildIfChanged(report), "same profile, same filter: nothing to build");
        filter.choose(GAME);
        assertTrue(fx.controller().buildIfChanged(report), "the filter moved its generation");
        assertEquals(List.of("Zft:Game"), names(report));
    }
}
