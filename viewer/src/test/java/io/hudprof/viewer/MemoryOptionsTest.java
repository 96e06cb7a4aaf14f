package io.hudprof.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.pstats.ClientRefusedException;
import org.junit.jupiter.api.Test;

/** {@code --client-memory} and {@code --total-memory}: parsed, checked against the heap, and turned into the budget. */
class MemoryOptionsTest {
    @Test
    void theDefaultsAre128MiBAClientAndHalfTheHeapForAll() {
        ViewerOptions options = ViewerOptions.parse();
        assertEquals(MemoryBudget.DEFAULT_CLIENT_MIB, options.clientMemoryMib());
        assertEquals(0, options.totalMemoryMib());
        MemoryBudget budget = options.memoryBudget();
        long half = Runtime.getRuntime().maxMemory() / 2 >> 20 << 20;
        // Up to half the heap is taken (in clients of at most 128 MiB), one byte more is refused.
        long taken = 0;
        for (int i = 0; taken + (128L << 20) <= half; i++, taken += 128L << 20) {
            budget.reserve("client " + i, 128L << 20, "test");
        }
        budget.reserve("last", half - taken, "test");
        assertThrows(ClientRefusedException.class, () -> budget.reserve("one more", 1, "test"));
    }

    @Test
    void givenValuesAreTheBudget() {
        ViewerOptions options = ViewerOptions.parse("--client-memory", "16", "--total-memory", "40");
        assertEquals(16, options.clientMemoryMib());
        assertEquals(40, options.totalMemoryMib());
        MemoryBudget budget = options.memoryBudget();
        ClientRefusedException big = assertThrows(ClientRefusedException.class,
                () -> budget.reserve("big", (16L << 20) + 1, "2001 collectors on 8 threads"));
        assertTrue(big.getMessage().contains("more than the 16 MiB a client may")
                && big.getMessage().contains("--client-memory"), big.getMessage());
        budget.reserve("a", 16L << 20, "a");
        budget.reserve("b", 16L << 20, "b");
        ClientRefusedException all = assertThrows(ClientRefusedException.class,
                () -> budget.reserve("c", 16L << 20, "c"));
        assertTrue(all.getMessage().contains("more than the 40 MiB all clients may")
                && all.getMessage().contains("--total-memory"), all.getMessage());
        budget.release("a");
        budget.reserve("c", 16L << 20, "c");
        assertEquals(32L << 20, budget.reservedBytes());
    }

    @Test
    void badValuesFailAtStartUpNamingTheFix() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ViewerOptions.parse("--client-memory", "lots"))
                .getMessage().startsWith("--client-memory lots is not valid; give MiB as a whole number from 16"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ViewerOptions.parse("--total-memory", "8"))
                .getMessage().startsWith("--total-memory 8 is not valid"));
        long heapMib = Runtime.getRuntime().maxMemory() >> 20;
        String tooMuch = assertThrows(IllegalArgumentException.class,
                () -> ViewerOptions.parse("--total-memory", String.valueOf(heapMib + 1))).getMessage();
        assertTrue(tooMuch.contains("more than the JVM's maximum heap") && tooMuch.contains("-Xmx"), tooMuch);
        String clientOverTotal = assertThrows(IllegalArgumentException.class,
                () -> ViewerOptions.parse("--client-memory", "64", "--total-memory", "32")).getMessage();
        assertTrue(clientOverTotal.contains("no client could be served"), clientOverTotal);
    }
}
