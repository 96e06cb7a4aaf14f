package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link StatSlots#firstDifference}: a keeper of cell copies (the spike capture's past statistics) finds exactly the
 * cells a frame changed, in order, by jumping from one to the next; the bounds it is given are kept.
 */
class StatSlotsDifferenceTest {
    private static final Counter QUIET = Counter.define("Difference/Quiet");
    private static final Counter MOVING = Counter.define("Difference/Moving");
    private static final StatTimer TIMER = StatTimer.define("Difference/Timer");

    private static List<Integer> changed(StatSnapshot snapshot, long[] copy, int from, int to) {
        List<Integer> found = new ArrayList<>();
        for (int c = StatSlots.firstDifference(snapshot, copy, from, to); c < to;
                c = StatSlots.firstDifference(snapshot, copy, c + 1, to)) {
            found.add(c);
        }
        return found;
    }

    private static long[] copyOf(StatSnapshot snapshot) {
        int n = StatSlots.slotCount(snapshot);
        long[] copy = new long[n];
        for (int c = 0; c < n; c++) {
            copy[c] = StatSlots.slot(snapshot, c);
        }
        return copy;
    }

    @Test
    void findsEveryCellTheFrameChangedAndNoOther() {
        StatSnapshot snapshot = new StatSnapshot().take();
        long[] copy = copyOf(snapshot);
        int n = StatSlots.slotCount(snapshot);
        assertEquals(List.of(), changed(snapshot, copy, 0, n), "nothing counted since the copy");

        MOVING.add(3);
        TIMER.add(40);
        snapshot.take();
        List<Integer> expected = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            if (StatSlots.slot(snapshot, c) != copy[c]) {
                expected.add(c);
            }
        }
        assertEquals(expected, changed(snapshot, copy, 0, n), "the changed cells, one by one");
        assertEquals(true, expected.contains(StatSlots.firstSlot(MOVING)), "the counter counted: " + expected);
        assertEquals(true, expected.contains(StatSlots.firstSlot(TIMER)), "the timer timed: " + expected);
        assertEquals(false, expected.contains(StatSlots.firstSlot(QUIET)), "the quiet counter did not move");
    }

    @Test
    void keepsToTheRangeItIsGiven() {
        StatSnapshot snapshot = new StatSnapshot().take();
        long[] copy = copyOf(snapshot);
        MOVING.add(1);
        snapshot.take();
        int moving = StatSlots.firstSlot(MOVING);
        assertEquals(moving, StatSlots.firstDifference(snapshot, copy, 0, copy.length));
        assertEquals(moving, StatSlots.firstDifference(snapshot, copy, 0, moving), "the end is returned when none"
                + " differs before it");
        assertEquals(copy.length, StatSlots.firstDifference(snapshot, copy, moving + 1, copy.length));
        assertEquals(5, StatSlots.firstDifference(snapshot, copy, 7, 5), "an empty range gives its end");
    }
}
