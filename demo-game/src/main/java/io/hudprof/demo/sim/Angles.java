package io.hudprof.demo.sim;

/** Angle helpers in radians. */
final class Angles {
    private static final float TAU = (float) (Math.PI * 2);

    private Angles() {
    }

    /** {@code a} folded into (-π, π]. */
    static float wrap(float a) {
        a %= TAU;
        if (a > Math.PI) {
            a -= TAU;
        } else if (a <= -Math.PI) {
            a += TAU;
        }
        return a;
    }
}
