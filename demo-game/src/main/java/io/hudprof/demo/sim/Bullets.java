package io.hudprof.demo.sim;

/** Bullets in flight, in parallel arrays; a fixed pool where a spent bullet's slot takes the last live bullet. */
public final class Bullets {
    static final float SPEED = 1100f;
    static final float LIFETIME = 1.1f;

    public final int capacity;
    public final float[] x;
    public final float[] y;
    public final float[] vx;
    public final float[] vy;
    final float[] life;
    /** The ship that fired it; bullets never hit their own side. */
    public final int[] owner;
    private int alive;

    Bullets(int capacity) {
        this.capacity = capacity;
        x = new float[capacity];
        y = new float[capacity];
        vx = new float[capacity];
        vy = new float[capacity];
        life = new float[capacity];
        owner = new int[capacity];
    }

    /** Live bullets occupy indices {@code 0 .. alive()-1}. */
    public int alive() {
        return alive;
    }

    /** Fires a bullet from ship {@code shooter} along heading {@code angle}; dropped when the pool is full. */
    void fire(int shooter, float px, float py, float angle, float shipVx, float shipVy) {
        if (alive == capacity) {
            return;
        }
        int i = alive++;
        float cos = (float) Math.cos(angle);
        float sin = (float) Math.sin(angle);
        x[i] = px + cos * (Ships.RADIUS + 4);
        y[i] = py + sin * (Ships.RADIUS + 4);
        vx[i] = cos * SPEED + shipVx;
        vy[i] = sin * SPEED + shipVy;
        life[i] = LIFETIME;
        owner[i] = shooter;
    }

    void remove(int i) {
        int last = --alive;
        x[i] = x[last];
        y[i] = y[last];
        vx[i] = vx[last];
        vy[i] = vy[last];
        life[i] = life[last];
        owner[i] = owner[last];
    }
}
