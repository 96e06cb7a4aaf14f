package io.hudprof.demo.sim;

import io.hudprof.core.Zone;
import io.hudprof.core.ZoneScope;
import io.hudprof.stats.Counter;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Short-lived glowing specks: engine exhaust, bullet sparks, explosions. A fixed pool; dead particles are removed
 * by moving the last live one into their slot, so the live ones stay packed for upload. When the pool is full new
 * particles are dropped, the usual game answer to a burst.
 */
public final class Particles {
    /** Public: every place that emits particles (physics for sparks and blasts, ships for exhaust) shares it. */
    static final Zone EMIT = Zone.define("Emit particles");
    /** Public: the integration runs on several threads, each range in this zone. */
    static final Zone INTEGRATE = Zone.define("Particles:Integrate");
    /** A level: the live particles after each update. */
    private static final Counter ALIVE = Counter.defineLevel("Particles/Alive");

    public final int capacity;
    public final float[] x;
    public final float[] y;
    final float[] vx;
    final float[] vy;
    public final float[] life;
    public final float[] maxLife;
    public final float[] size;
    /** Colour as 0xRRGGBB. */
    public final int[] color;
    private int alive;
    /**
     * Fewest live particles worth sharing out: below it, waking a worker costs more than the few microseconds the
     * integration takes (measured in the demo: on a busy two-core machine the wake-up alone cost milliseconds).
     */
    int parallelMin = 8192;
    /** This update's step and drag, read by whichever threads integrate a range. */
    private float stepDt;
    private float stepDrag;
    /** Made once: the update hands the same job to the workers every frame. */
    private final SimWorkers.RangeJob integrate = (from, to, chunk) -> {
        Slowdown.begin(INTEGRATE);
        integrate(from, to);
        Slowdown.end(INTEGRATE);
    };
    private int reportedAlive;
    private final SplittableRandom random;
    /**
     * The demo's garbage switch (the J key): the update then also keeps every live particle's remaining life in a
     * fresh list of boxed floats, the kind of per-frame garbage that ends in collections. The allocation view (B in
     * the HUD) shows it under "Particles".
     */
    public boolean makeGarbage;
    /** Where the garbage list goes, so the JIT cannot drop it as dead. */
    private List<Float> garbage;

    public Particles(int capacity, SplittableRandom random) {
        this.capacity = capacity;
        this.random = random;
        x = new float[capacity];
        y = new float[capacity];
        vx = new float[capacity];
        vy = new float[capacity];
        life = new float[capacity];
        maxLife = new float[capacity];
        size = new float[capacity];
        color = new int[capacity];
    }

    /** Number of live particles; they occupy indices {@code 0 .. alive()-1}. */
    public int alive() {
        return alive;
    }

    /** Ages, moves and slows every particle and removes the dead. */
    void update(float dt) {
        update(dt, null);
    }

    /**
     * {@link #update(float)} with the integration spread over {@code workers} (null: on this thread alone). Each
     * particle is integrated on its own, so the split changes no bit; the dead are then removed here, in order.
     */
    void update(float dt, SimWorkers workers) {
        stepDt = dt;
        stepDrag = (float) Math.pow(0.2, dt);
        if (workers == null || alive < parallelMin) {
            integrate.run(0, alive, 0);
        } else {
            workers.run(integrate, alive);
        }
        int i = 0;
        while (i < alive) {
            if (life[i] <= 0) {
                moveLast(i);
                continue;
            }
            i++;
        }
        ALIVE.add(alive - reportedAlive);
        reportedAlive = alive;
        if (makeGarbage) {
            List<Float> lives = new ArrayList<>();
            for (int p = 0; p < alive; p++) {
                lives.add(life[p] + 0.5f);
            }
            garbage = lives;
        }
    }

    /** Ages, slows and moves particles {@code [from, to)}; independent per particle, so any thread may run a range. */
    private void integrate(int from, int to) {
        float dt = stepDt;
        float drag = stepDrag;
        for (int i = from; i < to; i++) {
            life[i] -= dt;
            vx[i] *= drag;
            vy[i] *= drag;
            x[i] += vx[i] * dt;
            y[i] += vy[i] * dt;
        }
    }

    /** How many boxed values the last garbage-making update kept; 0 while the switch is off. */
    public int garbageSize() {
        return makeGarbage && garbage != null ? garbage.size() : 0;
    }

    private void moveLast(int into) {
        int last = --alive;
        x[into] = x[last];
        y[into] = y[last];
        vx[into] = vx[last];
        vy[into] = vy[last];
        life[into] = life[last];
        maxLife[into] = maxLife[last];
        size[into] = size[last];
        color[into] = color[last];
    }

    /**
     * Emits {@code count} particles at a point, flying out at up to {@code speed} around direction
     * ({@code dirX}, {@code dirY}) within {@code spread} radians (pass a zero direction for all round).
     */
    void burst(float px, float py, float dirX, float dirY, float spread, float speed, int count, float lifetime,
               float particleSize, int rgb) {
        try (ZoneScope z = Slowdown.enter(EMIT)) {
            double base = dirX == 0 && dirY == 0 ? 0 : Math.atan2(dirY, dirX);
            boolean allRound = dirX == 0 && dirY == 0;
            for (int n = 0; n < count && alive < capacity; n++) {
                int i = alive++;
                double a = allRound ? random.nextDouble() * Math.PI * 2 : base + (random.nextDouble() - 0.5) * spread;
                float s = speed * (0.3f + 0.7f * (float) random.nextDouble());
                x[i] = px;
                y[i] = py;
                vx[i] = (float) Math.cos(a) * s;
                vy[i] = (float) Math.sin(a) * s;
                float l = lifetime * (0.5f + 0.5f * (float) random.nextDouble());
                life[i] = l;
                maxLife[i] = l;
                size[i] = particleSize * (0.6f + 0.8f * (float) random.nextDouble());
                color[i] = rgb;
            }
        }
    }
}
