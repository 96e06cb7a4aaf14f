package io.hudprof.demo.sim;

/** Where a ray stopped: a reusable out-parameter of {@link Raycaster#cast}, so casting allocates nothing. */
public final class RayHit {
    /** Distance along the ray to the hit, or the ray's length when nothing was hit. */
    public float distance;
    /** The rock that was hit, or -1. */
    public int rock = -1;
}
