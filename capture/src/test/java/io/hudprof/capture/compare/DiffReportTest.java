package io.hudprof.capture.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.ProfilerFixture;
import io.hudprof.core.Zone;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Diffs of history ranges on a manual clock, where every mean is known exactly. */
class DiffReportTest {
    private static final Zone FRAME = Zone.local("diff frame");
    private static final Zone WORK = Zone.local("diff work");
    private static final Zone OLD_ONLY = Zone.local("diff old only");
    private static final Zone NEW_ONLY = Zone.local("diff new only");
    /** Two private zones of one name: different ids, one row when compared by name. */
    private static final Zone TWIN_1 = Zone.local("diff twin");
    private static final Zone TWIN_2 = Zone.local("diff twin");

    private ProfilerFixture fx;

    @AfterEach
    void tearDown() {
        if (fx != null) {
            fx.close();
        }
    }

    /** FRAME { WORK (workMicros) ; extra (20 µs) ; twin (10 µs) }, then 5 µs outside zones. */
    private void frame(long workMicros, Zone extra, Zone twin) {
        FRAME.begin();
        WORK.begin();
        fx.micros(workMicros);
        WORK.end();
        extra.begin();
        fx.micros(20);
        extra.end();
        twin.begin();
        fx.micros(10);
        twin.end();
        FRAME.end();
        fx.micros(5);
        fx.profiler.update();
    }

    @Test
    void aRangeComparedWithItselfIsAllZero() {
        fx = new ProfilerFixture();
        SplittableRandom random = new SplittableRandom(5);
        for (int f = 0; f < 200; f++) {
            frame(50 + random.nextInt(200), random.nextBoolean() ? OLD_ONLY : NEW_ONLY,
                    random.nextBoolean() ? TWIN_1 : TWIN_2);
        }
        RangeSummary range = RangeSummary.of(fx.profiler.data(), 10, 150, "A");
        DiffReport diff = DiffReport.between(range, RangeSummary.of(fx.profiler.data(), 10, 150, "B"));
        assertEquals(150, diff.a().frames());
        assertFalse(diff.zones().isEmpty());
        assertFalse(diff.edges().isEmpty());
        for (DiffReport.Row row : diff.zones()) {
            assertZero(row);
        }
        for (DiffReport.Row row : diff.edges()) {
            assertZero(row);
        }
        assertEquals(diff.aFrames().median(), diff.bFrames().median());
        assertEquals(diff.aFrames().p99(), diff.bFrames().p99());
        for (int bin = 0; bin < diff.aFrames().bins(); bin++) {
            assertEquals(diff.aFrames().histogram(bin), diff.bFrames().histogram(bin));
        }
        String text = DiffText.render(diff, 0);
        assertFalse(text.matches("(?s).*[+-]0\\.\\d*[1-9].*"), "a non-zero change printed:\n" + text);
        assertFalse(text.contains("added") || text.contains("removed"), text);
    }

    private static void assertZero(DiffReport.Row row) {
        assertEquals(DiffReport.Change.BOTH, row.change(), row.name());
        for (int v = RangeSummary.SELF; v <= RangeSummary.COUNT; v++) {
            assertEquals(0, row.delta(v), row.name());
            assertEquals(1, row.ratio(v), row.name());
        }
    }

    @Test
    void theZoneWhoseOwnWorkGrewLeadsWithExactMeansAndAddedAndRemovedZonesAreNamed() {
        fx = new ProfilerFixture();
        for (int f = 0; f < 40; f++) {
            frame(100, OLD_ONLY, TWIN_1);
        }
        for (int f = 0; f < 60; f++) {
            frame(250, NEW_ONLY, TWIN_2);
        }
        RangeSummary before = RangeSummary.of(fx.profiler.data(), 60, 40, "before");
        RangeSummary after = RangeSummary.of(fx.profiler.data(), 0, 60, "after");
        assertEquals(1, before.firstFrame());
        assertEquals(40, before.lastFrame());
        assertEquals(41, after.firstFrame());
        DiffReport diff = DiffReport.between(before, after);

        DiffReport.Row first = diff.zones().get(0);
        assertEquals("diff work", first.name(), "the zone whose own time grew leads: " + diff.zones());
        assertEquals(100_000, first.a(RangeSummary.SELF));
        assertEquals(250_000, first.b(RangeSummary.SELF));
        assertEquals(150_000, first.delta(RangeSummary.SELF));
        assertEquals(2.5, first.ratio(RangeSummary.SELF));
        assertEquals(1, first.a(RangeSummary.COUNT));

        DiffReport.Row frame = row(diff, "diff frame");
        assertEquals(0, frame.delta(RangeSummary.SELF), "the parent's own time did not change");
        assertEquals(150_000, frame.delta(RangeSummary.HIER), "its hierarchical time carries the change");
        assertEquals(DiffReport.Change.REMOVED, row(diff, "diff old only").change());
        assertEquals(20_000, row(diff, "diff old only").a(RangeSummary.SELF));
        assertEquals(DiffReport.Change.ADDED, row(diff, "diff new only").change());
        assertTrue(Double.isInfinite(row(diff, "diff new only").ratio(RangeSummary.SELF)));
        DiffReport.Row twin = row(diff, "diff twin");
        assertEquals(DiffReport.Change.BOTH, twin.change(), "matched by name though the ids differ");
        assertEquals(0, twin.delta(RangeSummary.SELF));

        DiffReport.Row edge = diff.edges().get(0);
        assertEquals(new RangeSummary.Edge("diff frame", "diff work"), edge.edge());
        assertEquals(150_000, edge.delta(RangeSummary.HIER));

        assertEquals(135_000, diff.aFrames().median(), "5 + 100 + 20 + 10 µs");
        assertEquals(285_000, diff.bFrames().median());
        assertEquals(40, diff.aFrames().histogram(0), "all of A in the lowest bin");
        assertEquals(60, diff.bFrames().histogram(DiffReport.HISTOGRAM_BINS - 1), "all of B in the highest");
        String text = DiffText.render(diff, 0);
        assertTrue(text.contains("A = before (40 frames, #1-#40) | B = after (60 frames, #41-#100)"), text);
        assertTrue(text.contains("removed") && text.contains("added"), text);
        String[] lines = text.split("\n");
        int zones = 0;
        while (!lines[zones].startsWith("== zones")) {
            zones++;
        }
        assertTrue(lines[zones + 2].startsWith("diff work "), text);
        assertTrue(lines[zones + 2].contains("+0.150"), text);
    }

    private static DiffReport.Row row(DiffReport diff, String name) {
        DiffReport.Row found = diff.zones().stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
        assertNotNull(found, name + " in " + diff.zones());
        return found;
    }

    @Test
    void aRangeBeyondHistoryCountsWhatIsHeld() {
        fx = new ProfilerFixture();
        for (int f = 0; f < 10; f++) {
            frame(100, OLD_ONLY, TWIN_1);
        }
        assertEquals(10, RangeSummary.of(fx.profiler.data(), 0, 1000, "all").frames());
        assertEquals(0, RangeSummary.of(fx.profiler.data(), 500, 10, "none").frames());
        RangeSummary empty = RangeSummary.of(fx.profiler.data(), 500, 10, "none");
        DiffReport diff = DiffReport.between(empty, RangeSummary.ofHistory(fx.profiler.data(), "all"));
        assertTrue(diff.zones().stream().allMatch(r -> r.change() == DiffReport.Change.ADDED));
        assertEquals(0, diff.aFrames().frames());
    }
}
