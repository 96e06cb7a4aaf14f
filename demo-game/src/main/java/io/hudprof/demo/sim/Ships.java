package io.hudprof.demo.sim;

/**
 * Every ship in parallel arrays: index {@link #PLAYER} is the player's, the rest are AI hunters. A ship steers by a
 * wanted heading and a throttle (set by the pilot or the AI); physics turns and accelerates it towards them.
 */
public final class Ships {
    public static final int PLAYER = 0;
    public static final float RADIUS = 14f;
    static final int PLAYER_HULL = 12;
    static final int HUNTER_HULL = 3;

    public final int count;
    public final float[] x;
    public final float[] y;
    final float[] vx;
    final float[] vy;
    public final float[] heading;
    /** Heading the ship turns towards, radians. */
    final float[] wantedHeading;
    /** 0 (coast) to 1 (full thrust); shown as exhaust. */
    public final float[] throttle;
    final int[] hull;
    /** Seconds until a destroyed ship reappears; 0 while it flies. */
    final float[] respawn;
    final float[] cooldown;
    /** Seconds left of the white flash after a hit, for the renderer. */
    public final float[] flash;

    Ships(int hunters) {
        count = hunters + 1;
        x = new float[count];
        y = new float[count];
        vx = new float[count];
        vy = new float[count];
        heading = new float[count];
        wantedHeading = new float[count];
        throttle = new float[count];
        hull = new int[count];
        respawn = new float[count];
        cooldown = new float[count];
        flash = new float[count];
    }

    /** Whether ship {@code i} is flying (not waiting to respawn). */
    public boolean alive(int i) {
        return respawn[i] <= 0;
    }
}
