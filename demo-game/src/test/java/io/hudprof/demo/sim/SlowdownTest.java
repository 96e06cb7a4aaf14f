package io.hudprof.demo.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The spin of a slowed zone is at least its percentage of the entry's own time: every bound here follows from the
 * order of the clock reads (the entry's time is measured around the body, the spin starts after it), so none depends
 * on how fast the machine is.
 */
class SlowdownTest {
    private static final Zone SLOWED = Zone.local("SlowdownTest slowed");
    private static final Zone INNER = Zone.local("SlowdownTest inner");
    private static final Zone PLAIN = Zone.local("SlowdownTest plain");

    @AfterEach
    void clear() {
        Slowdown.clear();
    }

    @Test
    void aZoneThatIsNotSlowedIsEnteredAsItselfWithNoClockRead() {
        Slowdown.slow(table(SLOWED, 50));
        // No profiler is installed in this JVM: the zone's own enter() answers NONE, and so does Slowdown's.
        assertSame(ZoneScope.NONE, Slowdown.enter(PLAIN));
        assertEquals(0, Slowdown.percentOf(PLAIN));
        assertEquals(50, Slowdown.percentOf(SLOWED));
    }

    @Test
    void aSlowedEntryLastsAtLeastItsWorkTimesOnePlusThePercentage() {
        Slowdown.slow(table(SLOWED, 100));
        long before = System.nanoTime();
        long body;
        try (ZoneScope z = Slowdown.enter(SLOWED)) {
            long bodyStart = System.nanoTime();
            Slowdown.spinUntil(bodyStart + 2_000_000);
            body = System.nanoTime() - bodyStart;
        }
        long total = System.nanoTime() - before;
        assertTrue(total >= 2 * body, "a 100% slowdown at least doubles the entry: body " + body + " ns, total "
                + total + " ns");
    }

    @Test
    void nestedSlowedZonesEachSpinForTheirOwnEntryAndBeginEndPairsWorkToo() {
        Slowdown.slow(table(SLOWED, 50, INNER, 100));
        long before = System.nanoTime();
        long innerTotal;
        try (ZoneScope outer = Slowdown.enter(SLOWED)) {
            long innerStart = System.nanoTime();
            Slowdown.begin(INNER);
            Slowdown.spinUntil(System.nanoTime() + 1_000_000);
            Slowdown.end(INNER);
            innerTotal = System.nanoTime() - innerStart;
            assertTrue(innerTotal >= 2_000_000, "inner: 1 ms of work and at least 1 ms of spin: " + innerTotal);
        }
        long total = System.nanoTime() - before;
        assertTrue(total >= innerTotal * 3 / 2, "outer at 50% of its time, the inner zone's included: inner "
                + innerTotal + " ns, total " + total + " ns");
    }

    @Test
    void clearingStopsEverySlowdown() {
        Slowdown.slow(table(SLOWED, 1000));
        Slowdown.clear();
        assertEquals(0, Slowdown.percentOf(SLOWED));
        assertSame(ZoneScope.NONE, Slowdown.enter(SLOWED));
    }

    private static int[] table(Object... zoneThenPercent) {
        int[] table = new int[Zone.count()];
        for (int i = 0; i < zoneThenPercent.length; i += 2) {
            table[((Zone) zoneThenPercent[i]).id()] = (Integer) zoneThenPercent[i + 1];
        }
        return table;
    }
}
