package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.hudprof.core.report.Report;
import io.hudprof.core.report.RowRole;
import org.junit.jupiter.api.Test;

/** Run by its own surefire execution with {@code -Dhudprof.enabled=false}. */
class CompiledOutTest {
    private static final Zone WORK = Zone.local("compiled-out work");

    @Test
    void disabledAtStartUpZonesRecordNothing() {
        assertFalse(Hudprof.compiledIn());
        try (ProfilerFixture fx = new ProfilerFixture()) {
            assertSame(ZoneScope.NONE, WORK.enter());
            WORK.begin();
            fx.micros(5);
            WORK.end();
            fx.profiler.update();
            Report report = fx.build();
            assertEquals(null, fx.row(WORK, RowRole.FLAT));
            assertFalse(report.hasProblems());
        }
    }
}
