package io.hudprof.demo.sim;

import java.util.SplittableRandom;

/**
 * Rock chips knocked off by bullets. Unlike particles they are physical: physics sweeps each one with a ray every
 * step and bounces it off the rocks it meets. A fixed pool; new chips are dropped when it is full.
 */
public final class Debris {
    public final int capacity;
    public final float[] x;
    public final float[] y;
    final float[] vx;
    final float[] vy;
    public final float[] life;
    public final float[] size;
    public final float[] angle;
    private int alive;
    private final SplittableRandom random;

    Debris(int capacity, SplittableRandom random) {
        this.capacity = capacity;
        this.random = random;
        x = new float[capacity];
        y = new float[capacity];
        vx = new float[capacity];
        vy = new float[capacity];
        life = new float[capacity];
        size = new float[capacity];
        angle = new float[capacity];
    }

    /** Live chips occupy indices {@code 0 .. alive()-1}. */
    public int alive() {
        return alive;
    }

    /** Knocks {@code count} chips off at (px, py), flying out around direction (dirX, dirY). */
    void chip(float px, float py, float dirX, float dirY, int count) {
        double base = Math.atan2(dirY, dirX);
        for (int n = 0; n < count && alive < capacity; n++) {
            int i = alive++;
            double a = base + (random.nextDouble() - 0.5) * 2.4;
            float speed = 90 + 220 * (float) random.nextDouble();
            x[i] = px + dirX * 2;
            y[i] = py + dirY * 2;
            vx[i] = (float) Math.cos(a) * speed;
            vy[i] = (float) Math.sin(a) * speed;
            life[i] = 1.2f + 1.3f * (float) random.nextDouble();
            size[i] = 2f + 2.5f * (float) random.nextDouble();
            angle[i] = (float) (random.nextDouble() * Math.PI * 2);
        }
    }

    void remove(int i) {
        int last = --alive;
        x[i] = x[last];
        y[i] = y[last];
        vx[i] = vx[last];
        vy[i] = vy[last];
        life[i] = life[last];
        size[i] = size[last];
        angle[i] = angle[last];
    }
}
