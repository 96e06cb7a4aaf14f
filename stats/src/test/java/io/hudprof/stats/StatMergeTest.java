package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Per-thread cells merged while threads count, start and die: exact totals, nothing lost, nothing torn. */
class StatMergeTest {
    private static final Counter EVENTS = Counter.define("Merge/Events");
    private static final MemoryCounter BYTES = MemoryCounter.define("Merge/Bytes");
    private static final Percent HITS = Percent.define("Merge/Hits");
    private static final Ratio PER = Ratio.define("Merge/Per");
    private static final IntDistribution SIZES = IntDistribution.define("Merge/Sizes");
    private static final FloatDistribution WEIGHTS = FloatDistribution.define("Merge/Weights");
    private static final StatTimer TIMER = StatTimer.define("Merge/Timer");

    private static final int THREADS = 6;
    private static final int ITERATIONS = 100_000;

    @Test
    void concurrentCountingThreadsSomeExitingMidRunGiveExactTotalsAndFrameDeltasAddUp() throws Exception {
        StatSnapshot start = new StatSnapshot().take();
        AtomicReference<Counter> late = new AtomicReference<>();
        CountDownLatch halfway = new CountDownLatch(THREADS);
        CountDownLatch lateDefined = new CountDownLatch(1);
        Thread[] threads = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            int id = t;
            // Even threads exit after half their work, while the others and the merging thread carry on.
            int iterations = id % 2 == 0 ? ITERATIONS / 2 : ITERATIONS;
            threads[t] = new Thread(() -> {
                for (int i = 0; i < iterations; i++) {
                    if (i == iterations / 2) {
                        halfway.countDown();
                        await(lateDefined);
                    }
                    EVENTS.increment();
                    BYTES.add(16);
                    HITS.count(i % 4 == 0);
                    PER.add(3, 1);
                    SIZES.report(id * 1000L + i % 100);
                    WEIGHTS.report(i % 8);
                    TIMER.add(10);
                    if (i >= iterations / 2) {
                        late.get().add(2);
                    }
                }
            }, "counting-" + t);
            threads[t].start();
        }
        StatSnapshot before = new StatSnapshot();
        before.copyFrom(start);
        StatSnapshot now = new StatSnapshot();
        long summedDeltas = 0;
        int merges = 0;
        boolean defined = false;
        while (anyAlive(threads) || !defined) {
            if (!defined && halfway.getCount() == 0) {
                // Defined after every thread has cells: each one grows its cells on first use.
                late.set(Counter.define("Merge/Defined late"));
                lateDefined.countDown();
                defined = true;
            }
            now.take();
            double delta = EVENTS.frameValue(now, before);
            assertTrue(delta >= 0, "a merged counter never goes back: " + delta);
            summedDeltas += (long) delta;
            before.copyFrom(now);
            merges++;
        }
        for (Thread thread : threads) {
            thread.join();
        }
        now.take();
        summedDeltas += (long) EVENTS.frameValue(now, before);

        long total = 0;
        long hits = 0;
        long sizeSum = 0;
        double weightSum = 0;
        for (int t = 0; t < THREADS; t++) {
            int iterations = t % 2 == 0 ? ITERATIONS / 2 : ITERATIONS;
            total += iterations;
            hits += (iterations + 3) / 4;
            for (int i = 0; i < iterations; i++) {
                sizeSum += t * 1000L + i % 100;
                weightSum += i % 8;
            }
        }
        assertEquals(total, summedDeltas, "frame deltas add up to the total");
        assertEquals(total, EVENTS.value(now) - EVENTS.value(start));
        assertEquals(16 * total, BYTES.bytes(now) - BYTES.bytes(start));
        assertEquals(hits, HITS.numerator(now) - HITS.numerator(start));
        assertEquals(total, HITS.denominator(now) - HITS.denominator(start));
        assertEquals(3 * total, PER.numerator(now) - PER.numerator(start));
        assertEquals(total, PER.denominator(now) - PER.denominator(start));
        assertEquals(total, SIZES.count(now));
        assertEquals(sizeSum, SIZES.sum(now));
        assertEquals(0, SIZES.min(now));
        assertEquals((THREADS - 1) * 1000L + 99, SIZES.max(now));
        assertEquals(total, WEIGHTS.count(now));
        assertEquals(weightSum, WEIGHTS.sum(now));
        assertEquals(0.0, WEIGHTS.min(now));
        assertEquals(7.0, WEIGHTS.max(now));
        assertEquals(total, TIMER.timings(now));
        assertEquals(10 * total, TIMER.nanos(now));
        assertEquals(total, late.get().value(now), "counts into a statistic defined mid-run");
        assertTrue(merges > 1, "merged while the threads ran");
        // This test's own thread never counts, so after the merge no thread is left live in the registry.
        assertEquals(0, StatRegistry.liveThreads(), "every ended thread was folded into the totals");
        assertTrue(StatRegistry.retiredThreads() >= THREADS);
    }

    @Test
    void countsOfAThreadThatEndedBeforeAnyMergeAreKept() throws Exception {
        Counter counter = Counter.define("Merge/Short-lived");
        StatSnapshot before = new StatSnapshot().take();
        for (int round = 0; round < 20; round++) {
            Thread thread = new Thread(() -> counter.add(5));
            thread.start();
            thread.join();
        }
        StatSnapshot after = new StatSnapshot().take();
        assertEquals(100, counter.value(after) - counter.value(before));
        assertEquals(100, counter.frameValue(after, before));
    }

    private static boolean anyAlive(Thread[] threads) {
        for (Thread thread : threads) {
            if (thread.isAlive()) {
                return true;
            }
        }
        return false;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
