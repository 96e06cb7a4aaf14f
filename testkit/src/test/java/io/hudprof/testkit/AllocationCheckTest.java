package io.hudprof.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AllocationCheckTest {
    /** Where allocated objects escape to, so the JIT cannot remove the allocation. */
    static volatile Object sink;
    private int frame;

    @Test
    void codeThatAllocatesNothingIsSteady() {
        int[] counter = new int[1];
        AllocationCheck.Windows w = AllocationCheck.assertSteady("counting", 1_000, 5, 200, () -> counter[0]++);
        assertEquals(5, w.zeroWindows());
    }

    @Test
    void oneObjectEveryFrameFailsEveryWindow() {
        AllocationCheck.Windows w = AllocationCheck.measure(1_000, 5, 200, () -> sink = new Object());
        assertFalse(w.steady());
        assertEquals(0, w.zeroWindows());
        AssertionError e = assertThrows(AssertionError.class, () -> w.assertSteady("a new Object a frame"));
        assertTrue(e.getMessage().startsWith("a new Object a frame: bytes allocated per window of 200 frames ["),
                e.getMessage());
    }

    @Test
    void anAllocationNowAndThenFailsThoughNoWindowReachesOneObjectAFrame() {
        AllocationCheck.Windows w = AllocationCheck.measure(1_000, 5, 200, () -> {
            if (++frame % 50 == 0) {
                sink = new Object();
            }
        });
        assertFalse(w.steady(), w.toString());
        for (long bytes : w.bytes()) {
            assertTrue(bytes > 0 && bytes < w.underOneObjectAFrame(), w.toString());
        }
    }

    @Test
    void garbageThatStopsAfterAWhileIsJudgedOnTheWindowsAfterIt() {
        AllocationCheck.Windows w = AllocationCheck.measure(0, 5, 200, () -> {
            if (frame++ < 1_000) {
                sink = new Object();
            }
        });
        assertTrue(w.steady(), w.toString());
        assertEquals(5, w.bytes().length);
        assertTrue(w.toString().contains("while the JIT settled"), w.toString());
    }

    @Test
    void aOneOffInOneWindowIsSteady() {
        assertTrue(AllocationCheck.Windows.of(200, 0, 0, 720, 0, 0).steady());
        assertTrue(AllocationCheck.Windows.of(200, 0, 3_199, 0).steady());
    }

    @Test
    void aOneOffOfOneObjectAFrameOrMoreIsNot() {
        assertFalse(AllocationCheck.Windows.of(200, 0, 3_200, 0, 0, 0).steady(), "200 frames x 16 bytes");
    }

    @Test
    void halfTheWindowsAtZeroIsNotEnough() {
        assertFalse(AllocationCheck.Windows.of(100, 0, 0, 24, 24).steady());
        assertTrue(AllocationCheck.Windows.of(100, 0, 0, 0, 24, 24).steady());
    }

    @Test
    void tooFewWindowsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> AllocationCheck.Windows.of(100, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> AllocationCheck.measure(0, 2, 10, () -> { }));
    }

    @Test
    void whatTheFramesAllocateByDesignIsTakenOffEveryWindow() {
        AllocationCheck.Windows w = AllocationCheck.Windows.of(10, 1_000, 1_000, 1_040).less(1_000);
        assertTrue(w.steady(), w.toString());
        assertThrows(AssertionError.class, () -> AllocationCheck.Windows.of(10, 1_000, 990, 1_000).less(1_000));
    }

    @Test
    void onlyTheMeasuredPartOfAFrameCounts() {
        AllocationCheck.Windows w = AllocationCheck.measure(1_000, 5, 200, i -> sink = new Object[i % 3 + 1],
                i -> frame += i);
        assertTrue(w.steady(), w.toString());
        AllocationCheck.Windows caught = AllocationCheck.measure(1_000, 5, 200, i -> frame++,
                i -> sink = new Object[i % 3 + 1]);
        assertEquals(0, caught.zeroWindows(), caught.toString());
    }
}
