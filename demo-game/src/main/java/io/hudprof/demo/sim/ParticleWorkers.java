package io.hudprof.demo.sim;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Zone;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Moves the particle integration onto a {@link ForkJoinPool}: the live particles are cut into one contiguous chunk
 * per worker plus one the game thread integrates itself; the game thread then runs any chunk no worker has started
 * and waits ({@code Particles:Wait for workers}) for the rest before the dead are removed and anything is drawn. Each particle is integrated exactly as the serial update does it, so the world
 * stays deterministic bit for bit.
 *
 * <p>Allocation-free per frame: the chunk tasks are made once and {@linkplain RecursiveAction#reinitialize()
 * reinitialised}; the wait is a spin on a counter rather than a join (an external thread's join may allocate a wait
 * node). Each chunk runs inside the task zone of the zone that handed it over ({@link Hudprof#spawnZone()}, read on the
 * game thread each frame), so the HUD shows the workers' time in that zone's call graph as {@code [workers] ...}.
 */
public final class ParticleWorkers implements AutoCloseable {
    static final Zone INTEGRATE = Zone.define("Particles:Integrate");
    private static final Zone WAIT = Zone.local("Particles:Wait for workers");

    private final ForkJoinPool pool;
    private final Chunk[] chunks;
    private final AtomicInteger pending = new AtomicInteger();
    private long generation;

    /** A pool of {@code workers} threads named {@code sim-worker-N}. */
    public ParticleWorkers(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("particle workers must be at least 1, got " + workers);
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

    /** Integrates particles {@code [0, alive)} over {@code dt} on the pool and the calling thread; returns when done. */
    void integrate(Particles particles, int alive, float dt, float drag) {
        Zone taskZone = Hudprof.spawnZone();
        int n = chunks.length;
        int per = (alive + n - 1) / n;
        generation++;
        pending.set(n - 1);
        for (int c = 1; c < n; c++) {
            Chunk chunk = chunks[c];
            chunk.publish(generation, particles, Math.min(alive, c * per), Math.min(alive, (c + 1) * per), dt, drag,
                    taskZone);
            // A chunk still queued from an earlier frame (the game thread ran its work) runs this frame's work when a
            // worker gets to it; queueing it again would only pile copies up.
            if (!chunk.queued || chunk.isDone()) {
                chunk.reinitialize();
                chunk.queued = true;
                pool.execute(chunk);
            }
        }
        INTEGRATE.begin();
        particles.integrate(0, Math.min(alive, per), dt, drag);
        // Chunks no worker has started yet are run here: a busy machine's late workers never hold the frame up.
        for (int c = n - 1; c >= 1; c--) {
            chunks[c].runIfUnclaimed();
        }
        INTEGRATE.end();
        if (pending.get() > 0) {
            WAIT.begin();
            int spins = 0;
            while (pending.get() > 0) {
                if (++spins < 1000) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
            WAIT.end();
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    /**
     * One contiguous range of particles, reused every frame. Its fields are written by the game thread before it
     * publishes the frame's generation (a volatile write); whoever wins the claim of that generation (a worker, or
     * the game thread) reads them after (a volatile read) and runs the range once.
     */
    private final class Chunk extends RecursiveAction {
        /** generation × 2, plus 1 once claimed. */
        private final AtomicLong state = new AtomicLong(1);
        /** Written and read by the game thread only. */
        boolean queued;
        private Particles particles;
        private int from;
        private int to;
        private float dt;
        private float drag;
        private Zone taskZone;

        void publish(long gen, Particles p, int start, int end, float step, float slow, Zone zone) {
            particles = p;
            from = start;
            to = end;
            dt = step;
            drag = slow;
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
                particles.integrate(from, to, dt, drag);
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
                INTEGRATE.begin();
                particles.integrate(from, to, dt, drag);
                INTEGRATE.end();
                if (taskZone != null) {
                    taskZone.end();
                }
            } finally {
                pending.decrementAndGet();
            }
        }
    }
}
