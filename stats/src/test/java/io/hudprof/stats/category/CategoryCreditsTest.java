package io.hudprof.stats.category;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Averaging;
import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** PStats' crediting rule on a manual clock: every number follows from the clock alone. */
class CategoryCreditsTest {
    private static final long US = 1_000;

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private Profiler profiler;
    private CategoryHistory history;

    @BeforeEach
    void start() {
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false).historyFrames(16).build());
        Hudprof.install(profiler);
        history = CategoryHistory.attach(profiler);
    }

    @AfterEach
    void stop() {
        Hudprof.uninstall();
    }

    private void run(Zone zone, long micros) {
        zone.begin();
        clock.advance(micros * US);
        zone.end();
    }

    private long total(String path) {
        return history.total(0, Category.of(path).id());
    }

    private long topLevelSum() {
        long sum = 0;
        for (int c = CategoryTree.firstChild(-1); c >= 0; c = CategoryTree.nextSibling(c)) {
            sum += history.total(0, c);
        }
        return sum;
    }

    /** The manual's example: Cull:Sort started while Draw runs counts toward Cull, not Draw. */
    @Test
    void cullSortStartedInsideDrawCountsTowardCullNotDraw() {
        Zone draw = Zone.define("Draw");
        Zone sort = Zone.define("Cull:Sort");
        clock.advance(10 * US);
        draw.begin();
        clock.advance(100 * US);
        run(sort, 30);
        clock.advance(20 * US);
        draw.end();
        profiler.update();

        assertEquals(120 * US, total("Draw"));
        assertEquals(30 * US, total("Cull"));
        assertEquals(30 * US, total("Cull:Sort"));
        assertEquals(0, history.lastFrame().own(Category.of("Cull")));
        assertEquals(160 * US, history.total(0, -1));
        // PStats' "Frame" band: the frame less everything credited to categories, the time outside every zone.
        assertEquals(10 * US, history.total(0, -1) - topLevelSum());
        assertEquals(10 * US, history.own(0, -1));
        assertEquals(120 * US, history.own(0, Category.of("Draw").id()));
        assertEquals(0, history.own(0, Category.of("Cull").id()));

        // The runtime call graph still says Draw's hierarchical time includes the nested Sort.
        Report report = new Report();
        ReportController.of(profiler).setAveraging(Averaging.INSTANTANEOUS);
        ReportController.of(profiler).setMode(ReportMode.HIERARCHICAL_TIME);
        ReportController.of(profiler).build(report);
        assertEquals(150 * US, row(report, draw).value(Column.HIER));
    }

    private static ReportRow row(Report report, Zone zone) {
        for (int i = 0; i < report.rowCount(); i++) {
            if (report.row(i).zoneId() == zone.id() && report.row(i).role() == RowRole.FLAT) {
                return report.row(i);
            }
        }
        throw new AssertionError("no row for " + zone);
    }

    /** Deeper trees: time goes to the innermost zone's node and all of its static ancestors, nothing else. */
    @Test
    void deeperTreesCreditOnlyTheStaticAncestorsOfTheInnermostZone() {
        Zone render = Zone.define("ct:Render");
        Zone cull = Zone.define("ct:Render:Scene:Cull");
        Zone draw = Zone.define("ct:Render:Scene:Draw");
        Zone physics = Zone.define("ct:Sim:Physics");
        Zone narrow = Zone.define("ct:Sim:Physics:Narrow");

        render.begin();
        clock.advance(5 * US);
        run(cull, 7);
        draw.begin();
        clock.advance(11 * US);
        run(narrow, 13);          // a physics query made while drawing: Sim's time, not Render's
        clock.advance(2 * US);
        draw.end();
        render.end();
        physics.begin();
        clock.advance(17 * US);
        run(cull, 3);             // and a cull made from physics: Render's time, not Sim's
        run(physics, 4);          // recursion: credited once, as self time
        physics.end();
        profiler.update();

        assertEquals(7 * US + 3 * US, total("ct:Render:Scene:Cull"));
        assertEquals(13 * US, total("ct:Render:Scene:Draw"));
        assertEquals(23 * US, total("ct:Render:Scene"));
        assertEquals(28 * US, total("ct:Render"));
        assertEquals(5 * US, history.lastFrame().own(Category.of("ct:Render")));
        assertEquals(0, history.lastFrame().own(Category.of("ct:Render:Scene")));
        assertEquals(13 * US, total("ct:Sim:Physics:Narrow"));
        assertEquals(34 * US, total("ct:Sim:Physics"));
        assertEquals(34 * US, total("ct:Sim"));
        assertEquals(62 * US, total("ct"));
        assertEquals(62 * US, history.total(0, -1));
        assertEquals(62 * US, history.lastFrame().creditedNanos());
        assertEquals(62 * US, history.lastFrame().threadNanos());
    }

    @Test
    void aParentThatNoZoneIsNamedAfterIsStillANode() {
        Zone.define("pz:Render:Scene:Cull");
        Category.count();
        Category scene = Category.of("pz:Render:Scene");
        assertEquals("Scene", scene.name());
        assertSame(Category.of("pz:Render"), scene.parent());
        assertSame(scene, Category.of(Zone.define("pz:Render:Scene:Cull")).parent());
        assertEquals(2, scene.depth());
    }

    /** PStats' PStatCollector(parent, "name"): a child declared by object is the zone of that path. */
    @Test
    void aChildDeclaredByObjectIsTheSameZoneAsItsPath() {
        Category net = Category.of("obj:Net");
        Zone send = net.zone("Send");
        assertEquals("obj:Net:Send", send.name());
        assertSame(send, Zone.define("obj:Net:Send"));
        assertSame(net.child("Send"), Category.of(send));
        assertSame(net, Category.of(send).parent());
        assertTrue(Category.of(send).isWithin(net));
        assertThrows(IllegalArgumentException.class, () -> net.zone(" "));
        assertThrows(IllegalArgumentException.class, () -> Category.of(""));
        assertThrows(IllegalArgumentException.class, () -> Category.of((String) null));

        run(send, 9);
        profiler.update();
        assertEquals(9 * US, history.total(0, net.id()));
    }

    @Test
    void aZoneWithoutPrefixIsATopLevelCategoryAndAThreadRootIsNone() {
        Zone alone = Zone.define("Lonely zone");
        assertNull(Category.of(alone).parent());
        assertEquals("Lonely zone", Category.of(alone).path());
        run(alone, 1);
        profiler.update();
        assertNull(Category.of(Zone.byId(profiler.data().updateThreadRootZone())));
    }

    @Test
    void emptyPartsAreDropped() {
        assertSame(Category.of("ep"), Category.of(Zone.define(":ep")));
        assertSame(Category.of("ep:Sort"), Category.of(Zone.define("ep::Sort")));
        assertSame(Category.of("ep:Sort"), Category.of(Zone.define("ep:Sort:")));
        assertEquals("ep:Sort", Category.of("::ep:::Sort::").path());
        Category colons = Category.of(Zone.define("::"));
        assertEquals("::", colons.path());
        assertNull(colons.parent());
    }

    /** A category also used as a zone: the zone is the category's own (leftover) time. */
    @Test
    void aCategoryAlsoUsedAsAZoneNameOwnsThatZonesTime() {
        Zone draw = Zone.define("cz:Draw");
        Zone flip = Zone.define("cz:Draw:Flip");
        draw.begin();
        clock.advance(40 * US);
        run(flip, 6);
        draw.end();
        profiler.update();
        assertEquals(46 * US, total("cz:Draw"));
        assertEquals(40 * US, history.lastFrame().own(Category.of("cz:Draw")));
        assertEquals(40 * US, history.own(0, Category.of("cz:Draw").id()));
        assertEquals(0, history.own(0, Category.of("cz").id()));
        assertEquals(6 * US, total("cz:Draw:Flip"));
    }

    /** Cycles cannot be built: a parent always has a smaller id, so following parents ends. */
    @Test
    void parentLinksCannotFormACycle() {
        Category aba = Category.of("cy:a:b:a");
        assertNotSame(Category.of("cy:a"), aba);
        assertSame(Category.of("cy:a:b"), aba.parent());
        Zone.define("cy:b:a:b");
        int count = Category.count();
        for (int id = 0; id < count; id++) {
            Category node = Category.byId(id);
            int steps = 0;
            for (Category c = node; c.parent() != null; c = c.parent()) {
                assertTrue(c.parent().id() < c.id(), c + " has a parent with a larger id");
                assertEquals(c.parent().depth() + 1, c.depth());
                steps++;
            }
            assertEquals(node.depth(), steps);
        }
    }

    @Test
    void averageOverThreeSecondsTakesTheFramesThatFitTheWindow() {
        Zone work = Zone.define("avg:Work");
        for (int frame = 1; frame <= 5; frame++) {
            run(work, frame * 100_000L);                      // 100 ms, 200 ms, ... 500 ms of work
            clock.advance(1_000_000_000L - frame * 100_000_000L); // each frame lasts exactly 1 s
            profiler.update();
        }
        int id = Category.of("avg").id();
        long window = 3_000_000_000L;
        assertEquals(3, history.averagedFrames(0, window));
        assertEquals((500 + 400 + 300) / 3.0 * 1_000_000, history.average(id, 0, window), 1e-6);
        assertEquals((300 + 200 + 100) / 3.0 * 1_000_000, history.average(id, 2, window), 1e-6);
        assertEquals(1e9, history.average(-1, 0, window), 1e-6);
        // A window shorter than one frame still shows that frame.
        assertEquals(500e6, history.average(id, 0, 1), 1e-6);
        assertTrue(Double.isNaN(history.average(id, 5, window)));
    }

    @Test
    void pausedFramesAreNotKept() {
        Zone work = Zone.define("pause:Work");
        run(work, 3);
        profiler.update();
        run(work, 4);
        profiler.update(false);
        assertEquals(1, history.size());
        assertEquals(3 * US, total("pause:Work"));
        assertEquals(profiler.history().frameNumber(0), history.frameNumber(0));
    }

    @Test
    void loadFillsRequestedCategoriesInOnePass() {
        Zone a = Zone.define("ld:A");
        Zone b = Zone.define("ld:B");
        run(a, 2);
        run(b, 5);
        clock.advance(1 * US);
        profiler.update();
        int[] ids = {Category.of("ld:B").id(), -1, Category.of("ld").id(), Category.of("ld:Never").id()};
        long[] dest = new long[4];
        assertTrue(history.load(0, ids, 4, dest));
        assertEquals(5 * US, dest[0]);
        assertEquals(8 * US, dest[1]);
        assertEquals(7 * US, dest[2]);
        assertEquals(0, dest[3]);
        assertTrue(!history.load(1, ids, 4, dest));
    }

    /** Thousands of categories: the largest come first and the count says how many a chart folds. */
    @Test
    void thousandsOfCategoriesRankLargestFirstAndCountTheRest() {
        int n = 3000;
        Zone[] zones = new Zone[n];
        for (int i = 0; i < n; i++) {
            zones[i] = Zone.define("many:c" + i);
        }
        for (int i = 0; i < n; i++) {
            run(zones[i], 1 + (i * 7919L) % 1000);
        }
        profiler.update();
        int[] top = new int[5];
        int parent = Category.of("many").id();
        assertEquals(n, history.rankChildren(parent, 0, 1, top));
        // 7919 is prime to 1000, so each of 1..1000 us occurs three times: the top five are 1000 x3, 999 x2.
        long[] expected = {1000 * US, 1000 * US, 1000 * US, 999 * US, 999 * US};
        for (int i = 0; i < top.length; i++) {
            assertEquals(expected[i], history.total(0, top[i]));
        }
        assertTrue(top[0] < top[1] && top[1] < top[2], "ties rank by id");
        int[] all = new int[n + 2];
        assertEquals(n, history.rankChildren(parent, 0, 1, all));
    }

    @Test
    void entryRingWrapDropsOldFramesNotPartOfThem() {
        CategoryHistory small = CategoryHistory.attach(profiler, 5);
        Zone a = Zone.define("wrap:A");
        Zone b = Zone.define("wrap:B");
        run(a, 1);
        run(b, 1);
        profiler.update();       // 3 entries: wrap, wrap:A, wrap:B
        run(a, 2);
        profiler.update();       // 2 entries: the ring of 5 is now full
        assertTrue(small.held(0));
        assertTrue(small.held(1));
        run(a, 3);
        profiler.update();
        assertTrue(small.held(0));
        assertTrue(!small.held(2));
        assertEquals(-1, small.total(2, -1));
        assertEquals(3 * US, small.total(0, Category.of("wrap").id()));
        small.detach();
    }
}
