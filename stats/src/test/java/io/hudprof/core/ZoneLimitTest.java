package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.report.Column;
import io.hudprof.core.report.Report;
import io.hudprof.core.report.ReportMode;
import io.hudprof.core.report.ReportRow;
import io.hudprof.core.report.RowRole;
import io.hudprof.stats.text.TextReport;
import org.junit.jupiter.api.Test;

/**
 * 100,000 distinct dynamic zone names stay within the zone limit. Runs in its own JVM (surefire does not reuse
 * forks in core), because it fills the process-wide zone registry.
 */
class ZoneLimitTest {
    @Test
    void hundredThousandDynamicNamesFoldIntoTheOverflowZone() {
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().eventCapacity(1 << 18))) {
            int before = Zone.count();
            int overflowed = 0;
            for (int i = 0; i < 100_000; i++) {
                Zone zone = Zone.define("asset/" + i);
                if (zone.isOverflow()) {
                    overflowed++;
                }
                zone.begin();
                fx.clock.advance(10);
                zone.end();
            }
            assertEquals(ZoneRegistry.MAX_USER_ZONES + 1, Zone.count(),
                    "user zones stop at their share; the one more is this thread's root, from the reserve");
            assertEquals(100_000 - (ZoneRegistry.MAX_USER_ZONES - before), overflowed);
            assertSame(Zone.define("asset/99999"), Zone.define("asset/99998"), "both are the overflow zone");
            fx.profiler.update();
            fx.controller().setAveraging(Averaging.INSTANTANEOUS);
            fx.controller().setMode(ReportMode.SELF_TIME);
            Report report = fx.build();
            ReportRow overflow = fx.row(ZoneRegistry.OVERFLOW, RowRole.FLAT);
            assertNotNull(overflow);
            assertEquals(overflowed * 10.0, overflow.value(Column.SELF));
            assertEquals(overflowed + 2, report.problemsInFrame(Problem.ZONE_LIMIT),
                    "every refused definition, including the two lookups above");
            assertTrue(TextReport.render(report).contains("zone limit"));
        }
    }

    @Test
    void stateLimitSendsNewStacksToOneOverflowStateAndRecovers() {
        try (ProfilerFixture fx = new ProfilerFixture(ProfilerConfig.builder().maxStates(64))) {
            Zone a = Zone.local("a");
            Zone b = Zone.local("b");
            // Nest a and b in alternation 100 deep: every level is a new state.
            for (int i = 0; i < 100; i++) {
                (i % 2 == 0 ? a : b).begin();
                fx.clock.advance(10);
            }
            for (int i = 99; i >= 0; i--) {
                (i % 2 == 0 ? a : b).end();
            }
            fx.profiler.update();
            Report report = fx.build();
            assertTrue(report.problemsInFrame(Problem.STATE_LIMIT) > 0);
            assertNotNull(fx.row(ZoneRegistry.OVERFLOW, RowRole.FLAT));
            a.begin();
            fx.clock.advance(10);
            a.end();
            fx.profiler.update();
            fx.controller().setAveraging(Averaging.INSTANTANEOUS);
            report = fx.build();
            assertEquals(0, report.problemsInFrame(Problem.STATE_LIMIT), "known states need no new slots");
            assertEquals(10, fx.row(a, RowRole.FLAT).value(Column.SELF));
        }
    }
}
