package io.hudprof.demo.sim;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Zone;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Spreads a simulation job over a {@link ForkJoinPool}: the items are cut into one contiguous chunk per worker plus
 * one the game thread runs itself; the game thread then runs any chunk no worker has started and waits
 * ({@code Sim:Wait for workers}) for the rest, so the results are joined before anything reads them. The particle
 * integration and the hunters' A* re-plans use it; each item is computed exactly as the serial code does, so the world
 * stays deterministic bit for bit.
 *
 * <p>Allocation-free per frame: the chunk tasks are made once and {@linkplain RecursiveAction#reinitialize()
 * reinitialised}; the wait is a spin on a counter rather than a join (an external thread's join may allocate a wait
 * node). Each chunk a worker runs is inside the task zone of the zone that handed it over ({@link Hudprof#spawnZone()},
 * read on the game thread each time), so the HUD shows the workers' time in that zone's call graph as
 * {@code [workers] ...}; a chunk the game thread runs is its own time.
 */
public final class SimWorkers implements AutoCloseable {
    /** A job over items {@code [0, count)}, run a contiguous range at a time. */
    interface RangeJob {
        /**
         * Runs items {@code [from, to)}; {@code chunk} (0 to {@link #chunks()} - 1) is the same for one range in a
         * run whoever runs it, so per-chunk scratch needs no lock.
         */
        void run(int from, int to, int chunk);
    }

    private static final Zone WAIT = Zone.local("Sim:Wait for workers");

    private final ForkJoinPool pool;
    private final Chunk[] chunks;
    private final AtomicInteger pending = new AtomicInteger();
    private long generation;
    private final boolean helpOut;

    /** A pool of {@code workers} threads named {@code sim-worker-N}; the game thread runs chunks no worker started. */
    public SimWorkers(int workers) {
        this(workers, true);
    }

    /**
     * As {@link #SimWorkers(int)}; with {@code helpOut} false the game thread only waits for the workers' chunks (tests
     * that must see every chunk on a worker use it).
     */
    SimWorkers(int workers, boolean helpOut) {
        this.helpOut = helpOut;
        if (workers < 1) {
            throw new IllegalArgumentException("simulation workers must be at least 1, got " + workers);
        }
        AtomicInteger named = new AtomicInteger();
        pool = new ForkJoinPool(workers, p -> {
            ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            t.setName("sim-worker-" + named.incrementAndGet());
            t.setDaemon(true);
            return t;
        }, null, false);
        chunks = new Chunk[workers + 1];
        for (int i = 0; i < chunks.length; i++) {
            chunks[i] = new Chunk();
        }
    }

    /** Worker threads in the pool. */
    public int workers() {
        return chunks.length - 1;
    }

    /** Chunks a run is cut into: one per worker and one for the game thread. */
    int chunks() {
        return chunks.length;
    }

    /** Runs {@code job} over {@code count} items on the pool and the calling thread; returns when all are done. */
    void run(RangeJob job, int count) {
        Zone taskZone = Hudprof.spawnZone();
        int n = chunks.length;
        int per = (count + n - 1) / n;
        generation++;
        pending.set(n - 1);
        for (int c = 1; c < n; c++) {
            Chunk chunk = chunks[c];
            chunk.publish(generation, job, Math.min(count, c * per), Math.min(count, (c + 1) * per), c, taskZone);
            // A chunk still queued from an earlier run (the game thread ran its work) runs this run's work when a
            // worker gets to it; queueing it again would only pile copies up.
            if (!chunk.queued || chunk.isDone()) {
                chunk.reinitialize();
                chunk.queued = true;
                pool.execute(chunk);
            }
        }
        job.run(0, Math.min(count, per), 0);
        // Chunks no worker has started yet are run here: a busy machine's late workers never hold the frame up.
        for (int c = n - 1; c >= 1 && helpOut; c--) {
            chunks[c].runIfUnclaimed();
        }
        if (pending.get() > 0) {
            Slowdown.begin(WAIT);
            int spins = 0;
            while (pending.get() > 0) {
                if (++spins < 1000) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
            Slowdown.end(WAIT);
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    /**
     * One contiguous range, reused every run. Its fields are written by the game thread before it publishes the run's
     * generation (a volatile write); whoever wins the claim of that generation (a worker, or the game thread) reads
     * them after (a volatile read) and runs the range once.
     */
    private final class Chunk extends RecursiveAction {
        /** generation × 2, plus 1 once claimed. */
        private final AtomicLong state = new AtomicLong(1);
        /** Written and read by the game thread only. */
        boolean queued;
        private RangeJob job;
        private int from;
        private int to;
        private int index;
        private Zone taskZone;

        void publish(long gen, RangeJob work, int start, int end, int chunk, Zone zone) {
            job = work;
            from = start;
            to = end;
            index = chunk;
            taskZone = zone;
            state.set(gen * 2);
        }

        private boolean claim() {
            long s = state.get();
            return (s & 1) == 0 && state.compareAndSet(s, s + 1);
        }

        /** On the game thread: runs the range itself when no worker has claimed it yet. */
        void runIfUnclaimed() {
            if (claim()) {
                job.run(from, to, index);
                pending.decrementAndGet();
            }
        }

        @Override
        protected void compute() {
            if (!claim()) {
                return;
            }
            try {
                if (taskZone != null) {
                    taskZone.begin();
                }
                job.run(from, to, index);
                if (taskZone != null) {
                    taskZone.end();
                }
            } finally {
                pending.decrementAndGet();
            }
        }
    }
}
