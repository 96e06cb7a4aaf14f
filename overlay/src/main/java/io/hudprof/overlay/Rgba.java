package io.hudprof.overlay;

/** Colours packed as {@code 0xRRGGBBAA} ints, so views pass them around without allocating. */
final class Rgba {
    private Rgba() {
    }

    static int red(int rgba) {
        return rgba >>> 24;
    }

    static int green(int rgba) {
        return (rgba >>> 16) & 0xFF;
    }

    static int blue(int rgba) {
        return (rgba >>> 8) & 0xFF;
    }

    static int alpha(int rgba) {
        return rgba & 0xFF;
    }

    static int of(int r, int g, int b, int a) {
        return (r & 0xFF) << 24 | (g & 0xFF) << 16 | (b & 0xFF) << 8 | (a & 0xFF);
    }

    /** Channel-wise blend from {@code from} (t = 0) to {@code to} (t = 1); t is clamped. */
    static int lerp(int from, int to, double t) {
        double k = t < 0 ? 0 : t > 1 ? 1 : t;
        return of(mix(red(from), red(to), k), mix(green(from), green(to), k),
                mix(blue(from), blue(to), k), mix(alpha(from), alpha(to), k));
    }

    /**
     * {@code top} blended over {@code under} as the HUD blends ({@code SRC_ALPHA, ONE_MINUS_SRC_ALPHA}), as one colour
     * that, blended over any framebuffer, gives what blending {@code under} and then {@code top} over it gives (to
     * 8-bit rounding): {@code a = at + au (1 - at)}, {@code c = (ct at + cu au (1 - at)) / a}.
     */
    static int over(int under, int top) {
        double at = alpha(top) / 255.0;
        double au = alpha(under) / 255.0;
        double a = at + au * (1 - at);
        if (a <= 0) {
            return 0;
        }
        return of(channel(red(under), red(top), at, au, a), channel(green(under), green(top), at, au, a),
                channel(blue(under), blue(top), at, au, a), (int) Math.round(a * 255));
    }

    private static int channel(int under, int top, double at, double au, double a) {
        return (int) Math.round((top * at + under * au * (1 - at)) / a);
    }

    private static int mix(int a, int b, double k) {
        return (int) Math.round(a + (b - a) * k);
    }
}
