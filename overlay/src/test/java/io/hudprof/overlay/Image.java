package io.hudprof.overlay;

/** A framebuffer read back by a test: opaque 0xAARRGGBB pixels, top row first. */
record Image(int width, int height, int[] pixels) {

    int rgb(int x, int y) {
        return pixels[y * width + x] & 0xFFFFFF;
    }

    /** Pixels in [x0, x1) × [y0, y1) whose colour differs from {@code rgb} by more than {@code tolerance}. */
    int countDifferent(int x0, int y0, int x1, int y1, int rgb, int tolerance) {
        int count = 0;
        for (int y = Math.max(0, y0); y < Math.min(height, y1); y++) {
            for (int x = Math.max(0, x0); x < Math.min(width, x1); x++) {
                if (distance(rgb(x, y), rgb) > tolerance) {
                    count++;
                }
            }
        }
        return count;
    }

    /** Pixels in the region within {@code tolerance} of {@code rgb}. */
    int countNear(int x0, int y0, int x1, int y1, int rgb, int tolerance) {
        int all = Math.max(0, Math.min(width, x1) - Math.max(0, x0)) * Math.max(0, Math.min(height, y1) - Math.max(0, y0));
        return all - countDifferent(x0, y0, x1, y1, rgb, tolerance);
    }

    /** Pixels in the region that differ from the same pixels of {@code other}. */
    int countChanged(Image other, int x0, int y0, int x1, int y1) {
        int count = 0;
        for (int y = Math.max(0, y0); y < Math.min(height, y1); y++) {
            for (int x = Math.max(0, x0); x < Math.min(width, x1); x++) {
                if (rgb(x, y) != other.rgb(x, y)) {
                    count++;
                }
            }
        }
        return count;
    }

    /** Largest per-channel difference between two RGB colours. */
    static int distance(int a, int b) {
        int dr = Math.abs(((a >> 16) & 0xFF) - ((b >> 16) & 0xFF));
        int dg = Math.abs(((a >> 8) & 0xFF) - ((b >> 8) & 0xFF));
        int db = Math.abs((a & 0xFF) - (b & 0xFF));
        return Math.max(dr, Math.max(dg, db));
    }

    static int luminance(int rgb) {
        return (((rgb >> 16) & 0xFF) * 299 + ((rgb >> 8) & 0xFF) * 587 + (rgb & 0xFF) * 114) / 1000;
    }
}
