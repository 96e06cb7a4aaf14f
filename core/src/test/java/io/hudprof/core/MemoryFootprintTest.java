package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/**
 * The memory table of docs/BENCHMARKS.md, checked against the code: bytes per ring event and per history entry and
 * frame from what the constructors allocate (this thread's allocated-bytes counter), bytes per zone-stack state from
 * every per-state array the aggregator and the state tree hold (found by reflection, so a new per-state array changes
 * the figure and fails here until the table is updated), and the default configuration's total from what building a
 * default profiler allocates.
 */
class MemoryFootprintTest {
    /** Documented figures (docs/BENCHMARKS.md, "Memory"). */
    static final int BYTES_PER_EVENT = 12;
    static final int BYTES_PER_EVENT_WITH_ALLOCATION = 20;
    static final int BYTES_PER_STATE = 134;
    static final int BYTES_PER_ZONE_HISTORY_ENTRY = 12;
    static final int BYTES_PER_STATE_HISTORY_ENTRY = 20;
    /** GPU part of a frame record: GPU frame time and entry range, and its share of the GPU entry ring (20 B each). */
    static final int GPU_BYTES_PER_FRAME_RECORD = 3 * 8 + FrameHistory.GPU_ENTRIES_PER_FRAME * 20;
    static final int BYTES_PER_FRAME_RECORD = 6 * 8 + 8 * Problem.values().length + GPU_BYTES_PER_FRAME_RECORD;
    static final double DEFAULT_TOTAL_MIB = 23.4;

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void aRingEventTakesTwelveBytesAndTwentyWithAllocationPerZone() {
        int events = 1 << 16;
        assertEquals(BYTES_PER_EVENT, perUnit(() -> new EventRing(events, false), events));
        assertEquals(BYTES_PER_EVENT_WITH_ALLOCATION, perUnit(() -> new EventRing(events, true), events));
    }

    @Test
    void historyEntriesAndFrameRecordsTakeTheDocumentedBytes() {
        int n = 1 << 16;
        int m = 64; // the smallest each may be
        long base = allocated(() -> new FrameHistory(config(m, m, m), false));
        long zones = allocated(() -> new FrameHistory(config(m, n + m, m), false));
        // GPU entries are an eighth of the state entries but at least 1,024: compare two sizes past that floor.
        long statesBase = allocated(() -> new FrameHistory(config(m, m, 1 << 14), false));
        long states = allocated(() -> new FrameHistory(config(m, m, n + (1 << 14)), false));
        long frames = allocated(() -> new FrameHistory(config(n + m, m, m), false));
        assertEquals(BYTES_PER_ZONE_HISTORY_ENTRY, Math.round((zones - base) / (double) n));
        assertEquals(BYTES_PER_STATE_HISTORY_ENTRY, (states - statesBase) / (double) n, 0.01);
        assertEquals(BYTES_PER_FRAME_RECORD, Math.round((frames - base) / (double) n));
    }

    @Test
    void aZoneStateTakesTheDocumentedBytesInEveryPerStateArray() throws Exception {
        FrameAggregator aggregator = new FrameAggregator(ProfilerConfig.defaults(), false);
        StateTree tree = aggregator.tree;
        int root = tree.rootOf(Zone.threadRoot("memory-test").id());
        Zone zone = Zone.local("memory-test-zone");
        int parent = root;
        for (int i = 0; i < 1000; i++) {
            parent = tree.child(parent, zone.id());
        }
        // What the replay loop does before it replays: every per-state array sized for the tree.
        aggregator.ensureStates();
        int capacity = tree.capacity();
        long bytes = perStateBytes(tree, capacity) + perStateBytes(aggregator, capacity)
                + perStateBytes(aggregator.time, capacity) + perStateBytes(aggregator.calls, capacity);
        assertEquals(BYTES_PER_STATE, bytes / (double) capacity, 0.5,
                "per-state arrays changed: update the memory table in docs/BENCHMARKS.md and this figure");
    }

    @Test
    void theDefaultConfigurationAllocatesTheDocumentedTotalUpFront() {
        long bytes = allocated(() -> new Profiler(ProfilerConfig.builder().allocationPerZone(false).build()));
        double mib = bytes / (1024.0 * 1024.0);
        assertEquals(DEFAULT_TOTAL_MIB, mib, 0.1, "default profiler: " + bytes + " bytes");
    }

    @Test
    void aThreadThatRecordsAZoneCostsItsRingOfTwoHundredFiftySixEventsAndAFewHundredBytes() throws Exception {
        try (ProfilerFixture fx = new ProfilerFixture()) {
            Zone zone = Zone.local("memory-thread");
            long[] spent = new long[1];
            // The first thread pays for class loading and its name's root zone; the second, of the same name, is
            // what every later thread costs.
            for (int i = 0; i < 2; i++) {
                Thread t = new Thread(() -> {
                    long before = threads.getCurrentThreadAllocatedBytes();
                    zone.begin();
                    zone.end();
                    spent[0] = threads.getCurrentThreadAllocatedBytes() - before;
                }, "memory-thread");
                t.start();
                t.join();
            }
            long ring = (long) Profiler.INITIAL_EVENTS * BYTES_PER_EVENT;
            assertTrue(spent[0] >= ring && spent[0] < ring + 1024,
                    "a new thread's first zone allocated " + spent[0] + " bytes; its ring is " + ring);
        }
    }

    private static ProfilerConfig config(int frames, int zoneEntries, int stateEntries) {
        return ProfilerConfig.builder().historyFrames(frames).zoneHistoryEntries(zoneEntries)
                .stateHistoryEntries(stateEntries).build();
    }

    private long allocated(Runnable body) {
        body.run(); // load and initialise the classes first
        long before = threads.getCurrentThreadAllocatedBytes();
        body.run();
        return threads.getCurrentThreadAllocatedBytes() - before;
    }

    private long perUnit(Runnable body, int units) {
        return allocated(body) / units;
    }

    /** Sums the primitive arrays of {@code owner} indexed by state (as long as the capacity, or twice it). */
    private static long perStateBytes(Object owner, int capacity) throws IllegalAccessException {
        long sum = 0;
        for (Field field : owner.getClass().getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) || !field.getType().isArray()
                    || !field.getType().getComponentType().isPrimitive()) {
                continue;
            }
            field.setAccessible(true);
            Object array = field.get(owner);
            if (array == null) {
                continue;
            }
            int length = java.lang.reflect.Array.getLength(array);
            if (length == capacity || length == 2 * capacity) {
                sum += (long) length * elementBytes(field.getType().getComponentType());
            }
        }
        return sum;
    }

    private static int elementBytes(Class<?> type) {
        if (type == long.class || type == double.class) {
            return 8;
        }
        if (type == int.class || type == float.class) {
            return 4;
        }
        if (type == short.class || type == char.class) {
            return 2;
        }
        return 1;
    }
}
