package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hudprof.testkit.AllocationCheck;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The one record of a frame's per-state values: what goes in comes out exactly, from the live frame and history. */
class FrameStatesTest {
    private static final Zone OUTER = Zone.local("fs-outer");
    private static final Zone INNER = Zone.local("fs-inner");
    private static final Zone IDLE = Zone.local("fs-idle");
    private static final Zone[] MANY = new Zone[70];

    static {
        for (int i = 0; i < MANY.length; i++) {
            MANY[i] = Zone.local("fs-many-" + i);
        }
    }

    private final ManualAllocationCounter counter = new ManualAllocationCounter();
    private ProfilerFixture fx;

    @AfterEach
    void tearDown() {
        if (fx != null) {
            fx.close();
        }
    }

    private ProfileData start() {
        fx = new ProfilerFixture(ProfilerConfig.builder().allocationPerZone(true).allocationCounter(counter));
        return fx.profiler.data();
    }

    /** OUTER (allocating 100 × k bytes itself) holding INNER k times (10 µs and 7 bytes each), then idle. */
    private void frame(int k) {
        OUTER.begin();
        counter.allocate(100L * k);
        fx.micros(3);
        for (int i = 0; i < k; i++) {
            INNER.begin();
            counter.allocate(7);
            fx.micros(10);
            INNER.end();
        }
        OUTER.end();
        fx.micros(50);
        fx.profiler.update();
    }

    private static int stateOf(ProfileData data, Zone zone) {
        for (int s = 0; s < data.stateCount(); s++) {
            if (data.zone(s) == zone.id()) {
                return s;
            }
        }
        throw new AssertionError(zone.name() + " has no state");
    }

    @Test
    void theLastFrameHoldsEveryStateWithAValueExactly() {
        ProfileData data = start();
        FrameStates r = new FrameStates();
        data.loadLastFrame(r);
        assertEquals(0, r.count(), "nothing before the first recorded frame");
        IDLE.begin();
        IDLE.end();
        fx.profiler.update(); // IDLE has a state from here on, and no value in the next frame
        frame(3);
        data.loadLastFrame(r);
        assertTrue(r.hasBytes());
        int outer = stateOf(data, OUTER);
        int inner = stateOf(data, INNER);
        List<List<Long>> rows = RecordRows.of(r);
        assertTrue(rows.contains(List.of((long) outer, 3_000L, 1L, 300L)), rows.toString());
        assertTrue(rows.contains(List.of((long) inner, 30_000L, 3L, 21L)), rows.toString());
        assertEquals(3, r.count(), "the thread's root, OUTER and INNER: IDLE had nothing this frame");
        for (int i = 0; i < r.count(); i++) {
            assertEquals(data.self(Averaging.INSTANTANEOUS)[r.state(i)], r.self(i));
            assertEquals(data.calls(Averaging.INSTANTANEOUS)[r.state(i)], r.calls(i));
            assertEquals(data.self(Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS)[r.state(i)], r.bytes(i));
        }
        assertThrows(IndexOutOfBoundsException.class, () -> r.self(3), "past the count is no entry");
    }

    @Test
    void historyGivesBackEachCommittedFrameEntryForEntry() {
        ProfileData data = start();
        FrameStates[] live = new FrameStates[4];
        for (int k = 1; k <= live.length; k++) {
            frame(k);
            live[k - 1] = new FrameStates();
            data.loadLastFrame(live[k - 1]);
        }
        FrameStates held = new FrameStates();
        for (int ago = 0; ago < live.length; ago++) {
            assertTrue(data.history().loadStates(ago, held));
            assertTrue(held.hasBytes());
            assertEquals(RecordRows.of(live[live.length - 1 - ago]), RecordRows.of(held), ago + " frames ago");
        }
        assertFalse(data.history().loadStates(live.length, held), "before the first frame nothing is held");
        assertEquals(0, held.count());
    }

    @Test
    void framesWrappingTheEntryRingComeBackWholeAndOneLargerThanItIsNotHeld() {
        fx = new ProfilerFixture(ProfilerConfig.builder().stateHistoryEntries(64));
        ProfileData data = fx.profiler.data();
        List<List<List<Long>>> committed = new ArrayList<>();
        FrameStates r = new FrameStates();
        for (int f = 0; f < 5; f++) {
            for (int z = 0; z < 30; z++) { // 31 entries a frame with the root: the third wraps the 64-entry ring
                MANY[z].begin();
                fx.micros(f + z + 1);
                MANY[z].end();
            }
            fx.micros(1); // the root's own time
            fx.profiler.update();
            data.loadLastFrame(r);
            assertEquals(31, r.count());
            committed.add(RecordRows.of(r));
        }
        for (int ago = 0; ago < 2; ago++) {
            assertTrue(data.history().loadStates(ago, r), ago + " frames ago");
            assertEquals(committed.get(4 - ago), RecordRows.of(r), ago + " frames ago");
        }
        assertFalse(data.history().loadStates(2, r), "overwritten by the two after it");
        for (Zone zone : MANY) {
            zone.begin();
            fx.micros(1);
            zone.end();
        }
        fx.micros(1);
        fx.profiler.update();
        assertFalse(data.history().loadStates(0, r), "71 entries do not fit in 64");
        assertFalse(data.history().loadStates(1, r), "and took the room of the frame before");
        MANY[0].begin();
        fx.micros(9);
        MANY[0].end();
        fx.profiler.update();
        data.loadLastFrame(r);
        List<List<Long>> last = RecordRows.of(r);
        assertTrue(data.history().loadStates(0, r), "the ring goes on after the frame that did not fit");
        assertEquals(last, RecordRows.of(r));
    }

    @Test
    void loadWritesOneMetricAndClearZeroesExactlyThoseEntries() {
        ProfileData data = start();
        frame(2);
        FrameStates r = new FrameStates();
        data.loadLastFrame(r);
        int n = data.stateCapacity();
        double[] self = new double[n];
        double[] calls = new double[n];
        Arrays.fill(self, -1);
        Arrays.fill(calls, -1);
        assertTrue(r.load(Metric.ALLOCATED_BYTES, self, calls));
        int inner = stateOf(data, INNER);
        assertEquals(14, self[inner]);
        assertEquals(2, calls[inner]);
        assertTrue(r.load(Metric.TIME, self, calls));
        assertEquals(20_000, self[inner]);
        r.clear(self, calls);
        double[] untouched = new double[n];
        Arrays.fill(untouched, -1);
        for (int i = 0; i < r.count(); i++) {
            untouched[r.state(i)] = 0;
        }
        assertArrayEquals(untouched, self, "entries zeroed, every other state left alone");
        assertArrayEquals(untouched, calls);

        r.reset(false);
        r.add(inner, 5, 1, 99);
        assertEquals(0, r.bytes(0), "a record without bytes keeps none");
        assertFalse(r.load(Metric.ALLOCATED_BYTES, self, calls));
        assertArrayEquals(untouched, self, "a metric the record lacks writes nothing");
    }

    @Test
    void copyAndAddKeepEveryValueAndGrowWithoutLoss() {
        FrameStates r = new FrameStates();
        r.reset(true);
        int entries = 1000; // past several doublings
        for (int s = 0; s < entries; s++) {
            r.add(s, 1_000L * s, s % 7, 3L * s);
        }
        assertEquals(entries, r.count());
        assertTrue(r.capacity() >= entries);
        for (int i = 0; i < entries; i++) {
            assertEquals(List.of((long) i, 1_000L * i, (long) (i % 7), 3L * i),
                    List.of((long) r.state(i), r.self(i), r.calls(i), r.bytes(i)), "entry " + i);
        }
        FrameStates copy = new FrameStates();
        copy.copyFrom(r);
        assertEquals(RecordRows.of(r), RecordRows.of(copy));
        assertEquals(entries, copy.capacity(), "a copy grows once, to exactly the count");
        assertTrue(copy.hasBytes());
        copy.add(entries, 5, 6, 7);
        assertEquals(entries, r.count(), "the copy is its own");
        assertEquals(List.of((long) entries, 5L, 6L, 7L), RecordRows.of(copy).get(entries));
        copy.ensureCapacity(10);
        assertEquals(RecordRows.of(r), RecordRows.of(copy).subList(0, entries), "asking for less loses nothing");
    }

    @Test
    void refillingEveryFrameAllocatesNothing() {
        ProfileData data = start();
        FrameStates live = new FrameStates();
        FrameStates held = new FrameStates();
        AllocationCheck.measure(200, 5, 100, () -> {
            frame(3);
            data.loadLastFrame(live);
            data.history().loadStates(1, held);
            held.copyFrom(live);
        }).assertSteady("copying the last frame, reading history into and copying a record");
    }
}
