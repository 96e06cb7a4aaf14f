package io.hudprof.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Allocation per zone: the bytes between two events of a thread are credited to the state that was current, as time
 * is. Zones here allocate known numbers of {@code long[]} arrays, whose size follows from this JVM's object layout
 * (read from its flags, not guessed): HotSpot's per-thread counter counts them to the byte, TLAB refills included.
 */
class AllocationPerZoneTest {
    private static final Zone OUTER = Zone.local("alloc-zone:outer");
    private static final Zone INNER = Zone.local("alloc-zone:inner");
    private static final Zone QUIET = Zone.local("alloc-zone:quiet");
    private static final Zone WORKER_A = Zone.local("alloc-zone:worker a");
    private static final Zone WORKER_B = Zone.local("alloc-zone:worker b");

    /** Where the arrays go, so the JIT cannot prove them dead and remove the allocation. */
    private static final Object[] SINK = new Object[4096];

    private ProfilerFixture fx;

    @AfterEach
    void tearDown() {
        if (fx != null) {
            fx.close();
        }
    }

    /** Bytes one {@code long[length]} takes on this JVM: header (mark, class pointer, length), data, alignment. */
    static long longArrayBytes(int length) {
        HotSpotDiagnosticMXBean flags = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        boolean compressedClass = Boolean.parseBoolean(flags.getVMOption("UseCompressedClassPointers").getValue());
        long alignment = Long.parseLong(flags.getVMOption("ObjectAlignmentInBytes").getValue());
        long header = align(8 + (compressedClass ? 4 : 8) + 4, 8);
        return align(header + 8L * length, alignment);
    }

    private static long align(long bytes, long to) {
        return (bytes + to - 1) / to * to;
    }

    private static void allocate(int arrays, int length, int sinkFrom) {
        for (int i = 0; i < arrays; i++) {
            SINK[sinkFrom + i] = new long[length];
        }
    }

    /** Self values of the zone's states summed, read through the public API. */
    private static double self(ProfileData data, Metric metric, Averaging averaging, Zone zone) {
        double[] values = data.self(metric, averaging);
        double sum = 0;
        for (int s = 0; s < data.stateCount(); s++) {
            if (data.zone(s) == zone.id()) {
                sum += values[s];
            }
        }
        return sum;
    }

    /** Hierarchical value of the zone's states (no recursion here): their self plus every descendant's. */
    private static double hier(ProfileData data, Metric metric, Averaging averaging, Zone zone) {
        double[] values = data.self(metric, averaging);
        double sum = 0;
        for (int s = 0; s < data.stateCount(); s++) {
            for (int a = s; a >= 0; a = data.parent(a)) {
                if (data.zone(a) == zone.id()) {
                    sum += values[s];
                    break;
                }
            }
        }
        return sum;
    }

    private void nestedFrame(int arrays) {
        OUTER.begin();
        fx.clock.advance(10);
        INNER.begin();
        allocate(arrays, 1000, 0);
        fx.clock.advance(20);
        INNER.end();
        OUTER.end();
        fx.profiler.update();
    }

    @Test
    void zoneShowsTheBytesOfItsArraysAsSelfAndItsParentAsHierarchical() {
        fx = new ProfilerFixture(ProfilerConfig.builder().allocationPerZone(true));
        ProfileData data = fx.profiler.data();
        assertTrue(data.records(Metric.ALLOCATED_BYTES), data.unavailableReason(Metric.ALLOCATED_BYTES));
        for (int n = 0; n < 50; n++) {
            nestedFrame(100);
        }
        long expected = 100 * longArrayBytes(1000);
        // The fewest over several frames: the JVM itself may, once in a while, allocate a few hundred bytes on this
        // thread (see AllocationTest); a per-frame error of ours would show in every frame.
        long fewestInner = Long.MAX_VALUE;
        for (int n = 0; n < 5; n++) {
            nestedFrame(100);
            long inner = (long) self(data, Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS, INNER);
            assertTrue(inner >= expected, inner + " < " + expected);
            fewestInner = Math.min(fewestInner, inner);
            assertEquals(inner, (long) hier(data, Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS, OUTER)
                    - (long) self(data, Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS, OUTER));
            assertEquals(20, self(data, Metric.TIME, Averaging.INSTANTANEOUS, INNER), "time is unchanged");
        }
        assertEquals(expected, fewestInner, "100 arrays of long[1000], " + longArrayBytes(1000) + " bytes each");
        assertEquals(0, self(data, Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS, OUTER),
                "nothing is allocated between the outer and the inner begin");
    }

    @Test
    void twoThreadsAllocatingInParallelAreAttributedToTheirOwnZones() throws Exception {
        fx = new ProfilerFixture(ProfilerConfig.builder().allocationPerZone(true));
        long bytesA = 300 * longArrayBytes(1000);
        long bytesB = 700 * longArrayBytes(250);
        Object[] sinkA = new Object[300];
        Object[] sinkB = new Object[700];
        CountDownLatch start = new CountDownLatch(1);
        Thread a = new Thread(() -> {
            await(start);
            WORKER_A.begin();
            for (int i = 0; i < sinkA.length; i++) {
                sinkA[i] = new long[1000];
            }
            WORKER_A.end();
        }, "alloc-zone-a");
        Thread b = new Thread(() -> {
            await(start);
            WORKER_B.begin();
            for (int i = 0; i < sinkB.length; i++) {
                sinkB[i] = new long[250];
            }
            WORKER_B.end();
        }, "alloc-zone-b");
        a.start();
        b.start();
        start.countDown();
        a.join();
        b.join();
        fx.profiler.update();
        ProfileData data = fx.profiler.data();
        // The first event of a thread sets its baseline; the arrays are between its begin and its end only.
        assertEquals(bytesA, (long) self(data, Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS, WORKER_A));
        assertEquals(bytesB, (long) self(data, Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS, WORKER_B));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void averagesAndHistoryFollowTheSameRulesAsTime() {
        ManualAllocationCounter counter = new ManualAllocationCounter();
        fx = new ProfilerFixture(ProfilerConfig.builder().allocationPerZone(true).allocationCounter(counter));
        ProfileData data = fx.profiler.data();
        long[] perFrame = {1000, 3000, 500, 0};
        for (long bytes : perFrame) {
            INNER.begin();
            counter.allocate(bytes);
            fx.clock.advance(100);
            INNER.end();
            fx.profiler.update();
        }
        double fast = 1000;
        double slow = 1000;
        for (int f = 1; f < perFrame.length; f++) {
            fast += 0.2 * (perFrame[f] - fast);
            slow += 0.02 * (perFrame[f] - slow);
        }
        assertEquals(0, self(data, Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS, INNER));
        assertEquals(fast, self(data, Metric.ALLOCATED_BYTES, Averaging.FAST, INNER));
        assertEquals(slow, self(data, Metric.ALLOCATED_BYTES, Averaging.SLOW, INNER));
        assertEquals(0, data.frameTotal(Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS));
        assertEquals(fast, data.frameTotal(Metric.ALLOCATED_BYTES, Averaging.FAST));

        double[] self = new double[data.stateCapacity()];
        double[] calls = new double[data.stateCapacity()];
        int[] zones = {INNER.id()};
        long[] zoneBytes = new long[1];
        FrameHistory history = data.history();
        for (int ago = 0; ago < perFrame.length; ago++) {
            long expected = perFrame[perFrame.length - 1 - ago];
            data.loadHistoryStates(ago, Metric.ALLOCATED_BYTES, self, calls);
            double inner = 0;
            for (int s = 0; s < data.stateCount(); s++) {
                inner += data.zone(s) == INNER.id() ? self[s] : 0;
            }
            data.clearHistoryStates(ago, self, calls);
            assertEquals(expected, inner, "state history " + ago + " frames ago");
            assertTrue(history.zoneSelf(Metric.ALLOCATED_BYTES, ago, zones, 1, zoneBytes));
            assertEquals(expected, zoneBytes[0], "zone history " + ago + " frames ago");
            assertEquals(expected, history.frameTotal(Metric.ALLOCATED_BYTES, ago));
        }
    }

    @Test
    void bytesBeforeAThreadsFirstEventAndOutsideZonesGoToNoZone() {
        ManualAllocationCounter counter = new ManualAllocationCounter();
        fx = new ProfilerFixture(ProfilerConfig.builder().allocationPerZone(true).allocationCounter(counter));
        counter.allocate(5000);
        INNER.begin();
        counter.allocate(64);
        INNER.end();
        counter.allocate(8);
        fx.profiler.update();
        ProfileData data = fx.profiler.data();
        assertEquals(64, self(data, Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS, INNER));
        Zone root = Zone.threadRoot(Thread.currentThread().getName());
        assertEquals(8, self(data, Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS, root),
                "the updating thread's root gets what it allocated up to the frame boundary");
        assertEquals(72, data.frameTotal(Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS));
    }

    @Test
    void unavailableCounterLeavesTimeProfilingAsItIsAndSaysWhy() {
        ManualAllocationCounter counter = new ManualAllocationCounter();
        counter.unavailable = "no counter in this test JVM";
        fx = new ProfilerFixture(ProfilerConfig.builder().allocationPerZone(true).allocationCounter(counter));
        for (int n = 0; n < 3; n++) {
            INNER.begin();
            fx.clock.advance(40);
            INNER.end();
            fx.profiler.update();
        }
        ProfileData data = fx.profiler.data();
        assertFalse(data.records(Metric.ALLOCATED_BYTES));
        assertEquals("allocation per zone unavailable: no counter in this test JVM",
                data.unavailableReason(Metric.ALLOCATED_BYTES));
        assertEquals(0, counter.reads, "the counter is never read");
        assertEquals(40, self(data, Metric.TIME, Averaging.INSTANTANEOUS, INNER));
        assertFalse(data.history().holds(Metric.ALLOCATED_BYTES));
        assertThrows(IllegalStateException.class, () -> data.self(Metric.ALLOCATED_BYTES, Averaging.FAST));
    }

    @Test
    void offByDefaultAndTheReasonNamesTheSwitch() {
        ManualAllocationCounter counter = new ManualAllocationCounter();
        fx = new ProfilerFixture(ProfilerConfig.builder().allocationCounter(counter));
        INNER.begin();
        INNER.end();
        fx.profiler.update();
        ProfileData data = fx.profiler.data();
        assertFalse(data.records(Metric.ALLOCATED_BYTES));
        assertTrue(data.unavailableReason(Metric.ALLOCATED_BYTES).contains("-Dhudprof.alloc=zones"));
        assertNull(data.unavailableReason(Metric.TIME));
        assertEquals(0, counter.reads);
    }

    @Test
    void hudprofsOwnWorkAddsNoBytesToAnyZone() {
        fx = new ProfilerFixture(ProfilerConfig.builder().allocationPerZone(true).selfProfiling(true));
        ProfileData data = fx.profiler.data();
        for (int n = 0; n < 20_000; n++) {
            OUTER.begin();
            QUIET.begin();
            fx.clock.advance(5);
            QUIET.end();
            OUTER.end();
            fx.profiler.update();
        }
        long fewest = Long.MAX_VALUE;
        for (int n = 0; n < 20; n++) {
            OUTER.begin();
            QUIET.begin();
            QUIET.end();
            OUTER.end();
            fx.profiler.update();
            fewest = Math.min(fewest, (long) data.frameTotal(Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS));
        }
        assertEquals(0, fewest, "bytes credited in a frame whose zones allocate nothing, update() included");
    }
}
