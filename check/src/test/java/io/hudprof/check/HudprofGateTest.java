package io.hudprof.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Hudprof;
import io.hudprof.core.ManualClock;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The test API on a small game-like loop whose zones take seeded, jittered times on a manual clock: the unchanged
 * loop passes against itself, a loop with one zone made slower fails with the gate's table naming that zone only.
 */
class HudprofGateTest {
    private static final Zone UPDATE = Zone.define("Gate test:Update");
    private static final Zone PHYSICS = Zone.define("Gate test:Physics");
    private static final Zone PATHS = Zone.define("Gate test:A*");
    private static final Zone DRAW = Zone.define("Gate test:Draw");

    /** A loop of four zones with log-normal-ish jitter; {@code pathFactor} scales the A* zone's work. */
    private static final class Game {
        final ManualClock clock;
        final SplittableRandom random;
        final double pathFactor;

        Game(long seed, double pathFactor) {
            this(seed, pathFactor, new ManualClock(1_000_000_000L));
        }

        Game(long seed, double pathFactor, ManualClock clock) {
            this.clock = clock;
            this.random = new SplittableRandom(seed);
            this.pathFactor = pathFactor;
        }

        void work(double micros) {
            clock.advance((long) (micros * 1000 * Math.exp(0.3 * (random.nextDouble() - 0.5))));
        }

        void step() {
            UPDATE.begin();
            work(200);
            PHYSICS.begin();
            work(2000);
            PHYSICS.end();
            PATHS.begin();
            work(800 * pathFactor);
            PATHS.end();
            UPDATE.end();
            DRAW.begin();
            work(3000);
            DRAW.end();
        }

        Samples run() throws Exception {
            return HudprofGate.frames(400).warmUp(20).config(ProfilerConfig.builder().clock(clock).build())
                    .run(this::step);
        }
    }

    @Test
    void anUnchangedLoopPassesAndTheRunKeepsOnlyTheMeasuredFrames() throws Exception {
        Samples base = new Game(1, 1.0).run();
        Samples same = new Game(2, 1.0).run();
        assertEquals(400, base.frames());
        assertTrue(base.zoneNames().containsAll(List.of("Gate test:Physics", "Gate test:A*", "Gate test:Draw")));
        GateResult result = HudprofAssert.assertNoRegression(base, same);
        assertEquals(0, result.count(Verdict.REGRESSION));
        HudprofAssert.assertWithin(same, "frame p99 <= 7 ms", "Gate test:A* median <= 1 ms");
    }

    @Test
    void aSlowerZoneFailsWithTheTableNamingItAlone() throws Exception {
        Samples base = new Game(3, 1.0).run();
        Samples slower = new Game(4, 1.3).run();
        AssertionError e = assertThrows(AssertionError.class,
                () -> HudprofAssert.assertNoRegression(base, slower, "* median <= +10%"));
        String table = e.getMessage();
        String[] lines = table.split("\n");
        assertTrue(lines[0].startsWith("hudprof: performance gate failed"), table);
        assertTrue(lines[2].startsWith("Gate test:A* self median") && lines[2].endsWith("REGRESSION"), table);
        assertEquals(1, table.split("REGRESSION").length - 1, "only A* regressed:\n" + table);
        assertTrue(table.contains("hudprof-check: 1 regression"), table);
    }

    @Test
    void repeatedRunsOfEachSideAreJudgedTogether() throws Exception {
        long[] seed = {10};
        ManualClock clock = new ManualClock(1_000_000_000L);
        List<Samples> base = HudprofGate.frames(200).config(ProfilerConfig.builder().clock(clock).build())
                .runs(3, () -> {
                    Game g = new Game(seed[0]++, 1.0, clock);
                    return f -> g.step();
                });
        assertEquals(0.8e6, Bootstrap.estimate(new double[][] {base.get(2).values("Gate test:A*", Quantity.SELF)},
                Statistic.MEDIAN), 0.05e6, "the runs are timed on the games' manual clock");
        assertEquals(3, base.size());
        List<Samples> slower = new java.util.ArrayList<>();
        for (int r = 0; r < 2; r++) {
            slower.add(new Game(20 + r, 1.5).run());
        }
        GateResult result = HudprofAssert.check(new Gate(), base, slower, "Gate test:A* median <= +10%");
        assertEquals(3, result.baselineRuns());
        assertEquals(2, result.currentRuns());
        assertEquals(Verdict.REGRESSION, result.findings().get(0).verdict(), Reports.table(result));
        HudprofAssert.assertNoRegression(base, base.subList(0, 2), "Gate test:A* median <= +10%");
    }

    @Test
    void theProfilerInstalledBeforeIsPutBack() throws Exception {
        assertNull(Hudprof.profiler());
        new Game(5, 1.0).run();
        assertNull(Hudprof.profiler());
        Profiler mine = Hudprof.install(new Profiler(ProfilerConfig.defaults()));
        try {
            new Game(6, 1.0).run();
            assertSame(mine, Hudprof.profiler());
        } finally {
            Hudprof.uninstall();
        }
    }

    @Test
    void aBadRuleIsAnIllegalArgumentWithTheParsersMessage() throws Exception {
        Samples s = new Game(7, 1.0).run();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HudprofAssert.assertWithin(s, "frame p99 <= 20"));
        assertTrue(e.getMessage().contains("needs a unit"), e.getMessage());
    }
}
