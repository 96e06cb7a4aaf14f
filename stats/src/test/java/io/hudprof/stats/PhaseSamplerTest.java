package io.hudprof.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The sampled phase profiler: exact counts and shares when driven by hand, and its own sampling thread. */
class PhaseSamplerTest {
    private static final Phase RENDER = Phase.define("Render");
    private static final Phase LIGHTING = Phase.define("Lighting");
    private static final Phase LOAD = Phase.define("Load");
    private static final Phase IO = Phase.define("IO");
    private static final Phase COMPUTE = Phase.define("Compute");
    private static final Phase SOLVE = Phase.define("Solve");

    private PhaseSampler sampler;

    @AfterEach
    void tearDown() {
        if (sampler != null) {
            sampler.stop();
        }
    }

    @Test
    void manualSamplesCountEachThreadsPhasePathAndReportAHierarchyOfShares() throws Exception {
        sampler = PhaseSampler.manual();
        CountDownLatch inPhase = new CountDownLatch(3);
        CountDownLatch leave = new CountDownLatch(1);
        CountDownLatch left = new CountDownLatch(3);
        Thread[] threads = {
            parked(inPhase, leave, left, RENDER, LIGHTING),
            parked(inPhase, leave, left, RENDER),
            parked(inPhase, leave, left, LOAD, RENDER),
        };
        try {
            sampleParkedThreads(inPhase, leave, left);
        } finally {
            for (Thread thread : threads) {
                thread.interrupt();
                thread.join();
            }
        }
        sampler.sampleNow();
        assertEquals(60, sampler.totalSamples(), "threads that ended are no longer sampled");
    }

    private void sampleParkedThreads(CountDownLatch inPhase, CountDownLatch leave, CountDownLatch left)
            throws InterruptedException {
        inPhase.await();
        for (int i = 0; i < 10; i++) {
            sampler.sampleNow();
        }
        assertEquals(30, sampler.totalSamples());
        assertEquals(20 / 30.0, sampler.share(RENDER), 1e-12, "Render with everything beneath it");
        assertEquals(10 / 30.0, sampler.share(RENDER, LIGHTING), 1e-12);
        assertEquals(10 / 30.0, sampler.share(LOAD, RENDER), 1e-12, "Render again, under Load");
        assertEquals(0, sampler.share());

        leave.countDown();
        left.await();
        for (int i = 0; i < 10; i++) {
            sampler.sampleNow();
        }
        assertEquals(0.5, sampler.share(), 1e-12, "threads back outside any phase");
        assertEquals("""
                Phase profile (60 samples at 1000 Hz)
                  Render       33.33%
                    Lighting   16.67%
                  Load         16.67%
                    Render     16.67%
                  (no phase)   50.00%
                """, sampler.report());
    }

    @Test
    void reenteringAPhaseOnThePathAndMismatchedEndsKeepTheStateRight() throws Exception {
        sampler = PhaseSampler.manual();
        double[] shares = new double[4];
        Thread thread = new Thread(() -> {
            try (PhaseScope outer = COMPUTE.enter()) {
                try (PhaseScope again = COMPUTE.enter()) {
                    SOLVE.begin();
                    sampler.sampleNow();
                    shares[0] = sampler.share(COMPUTE, SOLVE);
                    SOLVE.end();
                }
                sampler.sampleNow();
                shares[1] = sampler.share(COMPUTE);
            }
            SOLVE.end();
            sampler.sampleNow();
            shares[2] = sampler.share();
            shares[3] = sampler.share(COMPUTE, COMPUTE);
        });
        thread.start();
        thread.join();
        assertEquals(1.0, shares[0], "re-entering Compute did not make a Compute/Compute path");
        assertEquals(1.0, shares[1]);
        assertEquals(1 / 3.0, shares[2], 1e-12, "an extra end is ignored and the thread is outside any phase");
        assertEquals(0, shares[3]);
    }

    @Test
    void sharesOfASyntheticWorkloadMatchItsProportions() throws Exception {
        sampler = PhaseSampler.manual();
        // The workload ticks the sampler itself, once per simulated millisecond: a 20 ms cycle of 6 ms of IO,
        // then 14 ms of Compute, the second half of it in Solve. 50 cycles give 1,000 samples, exact shares.
        Thread worker = new Thread(() -> {
            for (int cycle = 0; cycle < 50; cycle++) {
                try (PhaseScope io = IO.enter()) {
                    tick(6);
                }
                try (PhaseScope compute = COMPUTE.enter()) {
                    tick(7);
                    try (PhaseScope solve = SOLVE.enter()) {
                        tick(7);
                    }
                }
            }
        }, "workload");
        worker.start();
        worker.join();
        assertEquals(1_000, sampler.totalSamples());
        assertEquals(0.30, sampler.share(IO), 1e-12, sampler.report());
        assertEquals(0.70, sampler.share(COMPUTE), 1e-12, sampler.report());
        assertEquals(0.35, sampler.share(COMPUTE, SOLVE), 1e-12, sampler.report());
        assertEquals(0, sampler.share(), 1e-12, "the worker never sampled outside a phase");
        assertSame(sampler, PhaseSampler.current());
    }

    @Test
    void theSamplingThreadSamplesAThreadParkedInAPhase() throws Exception {
        CountDownLatch inPhase = new CountDownLatch(1);
        CountDownLatch leave = new CountDownLatch(1);
        CountDownLatch left = new CountDownLatch(1);
        Thread parked = parked(inPhase, leave, left, LOAD);
        try {
            inPhase.await();
            sampler = PhaseSampler.start(1000);
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (sampler.totalSamples() < 50 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            sampler.stop();
            assertTrue(sampler.totalSamples() >= 50, "the sampling thread took " + sampler.totalSamples()
                    + " samples in 30 s");
            assertEquals(1.0, sampler.share(LOAD), 1e-12, "every sample found the parked thread in Load");
            assertFalse(sampler.running(), "stop() ends the sampling thread");
        } finally {
            parked.interrupt();
            parked.join();
        }
    }

    private void tick(int samples) {
        for (int i = 0; i < samples; i++) {
            sampler.sampleNow();
        }
    }

    @Test
    void startingASecondSamplerOrABadRateFailsWithTheFix() {
        sampler = PhaseSampler.start(200);
        IllegalStateException running = assertThrows(IllegalStateException.class, () -> PhaseSampler.start(1000));
        assertTrue(running.getMessage().contains("already running at 200 Hz; stop it with"), running.getMessage());
        sampler.stop();
        assertThrows(IllegalArgumentException.class, () -> PhaseSampler.start(0));
        System.setProperty("hudprof.sampleHz", "fast");
        try {
            IllegalStateException bad = assertThrows(IllegalStateException.class, PhaseSampler::start);
            assertTrue(bad.getMessage().contains("-Dhudprof.sampleHz=fast is not valid"), bad.getMessage());
        } finally {
            System.clearProperty("hudprof.sampleHz");
        }
    }

    private static Thread parked(CountDownLatch inPhase, CountDownLatch leave, CountDownLatch left,
                                 Phase... nesting) {
        Thread thread = new Thread(() -> {
            for (Phase phase : nesting) {
                phase.begin();
            }
            inPhase.countDown();
            try {
                leave.await();
                for (Phase phase : nesting) {
                    phase.end();
                }
                left.countDown();
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        thread.start();
        return thread;
    }

    private static void unusedSpin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
