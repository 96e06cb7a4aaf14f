package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.hudprof.core.Hudprof;
import org.junit.jupiter.api.Test;

/** Run by core's compiled-out surefire execution, with {@code -Dhudprof.enabled=false}. */
class CompiledOutTest {
    private static final Counter COUNTER = Counter.define("Off/Counter");
    private static final IntDistribution INTS = IntDistribution.define("Off/Ints");
    private static final StatTimer TIMER = StatTimer.define("Off/Timer");
    private static final Phase PHASE = Phase.define("Off phase");

    @Test
    void disabledAtStartUpStatisticsAndPhasesRecordNothing() {
        assertFalse(Hudprof.compiledIn());
        COUNTER.add(5);
        INTS.report(3);
        TIMER.stop(TIMER.start());
        assertEquals(0, TIMER.start());
        assertSame(PhaseScope.NONE, PHASE.enter());
        PhaseSampler sampler = PhaseSampler.manual();
        sampler.sampleNow();
        StatSnapshot now = new StatSnapshot().take();
        assertEquals(0, COUNTER.value(now));
        assertEquals(0, INTS.count(now));
        assertEquals(0, TIMER.timings(now));
        assertEquals(0, sampler.totalSamples(), "no thread ever entered a phase");
    }
}
