package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The limit on how many statistics a process defines (in a class of its own: it fills the registry). */
class StatLimitTest {
    @Test
    void definitionsBeyondTheLimitShareAnOverflowStatisticPerKind() {
        int before = Stats.all().size();
        for (int i = before; i < StatRegistry.MAX_STATS - StatKind.values().length; i++) {
            Counter.define("Limit/Counter " + i);
        }
        Counter overflowA = Counter.define("Limit/One too many");
        Counter overflowB = Counter.define("Limit/Two too many");
        Percent overflowPercent = Percent.define("Limit/Percent too many");
        assertEquals("Hudprof/Statistic limit: counters", overflowA.name());
        assertEquals(overflowA.id(), overflowB.id());
        assertEquals("Hudprof/Statistic limit: percentages", overflowPercent.name());
        assertEquals(3, Stats.overflowDefinitions());
        assertTrue(Stats.all().size() <= StatRegistry.MAX_STATS);
        overflowA.add(2);
        overflowB.add(3);
        StatSnapshot now = new StatSnapshot().take();
        assertEquals(5, overflowA.value(now), "overflowing definitions count into the shared statistic");
    }
}
