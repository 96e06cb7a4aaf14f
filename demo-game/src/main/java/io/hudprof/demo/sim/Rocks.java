package io.hudprof.demo.sim;

import java.util.SplittableRandom;

/**
 * The asteroid field: every rock's state in parallel arrays (structure of arrays), so the physics loops walk
 * memory in order and a frame allocates nothing. Rocks never die; bullets push them around.
 */
public final class Rocks {
    /** Largest rock radius; the broad-phase grid's cell size is chosen from it. */
    public static final float MAX_RADIUS = 36f;
    static final float MIN_RADIUS = 7f;

    public final int count;
    public final float[] x;
    public final float[] y;
    public final float[] vx;
    public final float[] vy;
    public final float[] radius;
    public final float[] invMass;
    public final float[] angle;
    public final float[] spin;
    /** A per-rock random number the shader turns into the rock's outline and shade. */
    public final float[] look;

    /** Scatters {@code count} rocks over the arena, none overlapping the centre where the player starts. */
    public Rocks(int count, float arena, SplittableRandom random) {
        this.count = count;
        x = new float[count];
        y = new float[count];
        vx = new float[count];
        vy = new float[count];
        radius = new float[count];
        invMass = new float[count];
        angle = new float[count];
        spin = new float[count];
        look = new float[count];
        float centre = arena / 2;
        for (int i = 0; i < count; i++) {
            // Small rocks are common and big ones rare, as in any asteroid field worth flying through.
            double u = random.nextDouble();
            float r = (float) (MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * u * u * u);
            float px;
            float py;
            do {
                px = r + (float) random.nextDouble() * (arena - 2 * r);
                py = r + (float) random.nextDouble() * (arena - 2 * r);
            } while (Math.abs(px - centre) < 180 && Math.abs(py - centre) < 180);
            x[i] = px;
            y[i] = py;
            double heading = random.nextDouble() * Math.PI * 2;
            float speed = (float) (10 + random.nextDouble() * 50);
            vx[i] = (float) Math.cos(heading) * speed;
            vy[i] = (float) Math.sin(heading) * speed;
            radius[i] = r;
            invMass[i] = 1f / (r * r);
            angle[i] = (float) (random.nextDouble() * Math.PI * 2);
            spin[i] = (float) (random.nextDouble() - 0.5) * 1.5f;
            look[i] = (float) random.nextDouble();
        }
    }
}
