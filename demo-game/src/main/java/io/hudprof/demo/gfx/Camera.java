package io.hudprof.demo.gfx;

import org.joml.Matrix4f;

/**
 * A top-down orthographic camera that follows a point smoothly. Zoom is world units per framebuffer pixel, so a
 * bigger window shows more of the arena rather than bigger rocks.
 */
public final class Camera {
    static final float MIN_ZOOM = 0.5f;
    static final float MAX_ZOOM = 4f;

    private float centerX;
    private float centerY;
    private float zoom = 1.25f;
    private final Matrix4f viewProjection = new Matrix4f();

    /** Jumps to a point without easing (at start-up). */
    public void lookAt(float x, float y) {
        centerX = x;
        centerY = y;
    }

    /** Eases towards (x, y), covering most of the distance in about a quarter of a second. */
    public void follow(float x, float y, float dt) {
        float k = 1f - (float) Math.pow(0.0001, dt);
        centerX += (x - centerX) * k;
        centerY += (y - centerY) * k;
    }

    /** Multiplies the zoom by {@code factor}, within limits. */
    public void zoomBy(float factor) {
        zoom = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom * factor));
    }

    /** Updates the projection for a framebuffer of the given size and returns it. */
    Matrix4f update(int width, int height) {
        float halfW = halfWidth(width);
        float halfH = halfHeight(height);
        return viewProjection.setOrtho2D(centerX - halfW, centerX + halfW, centerY - halfH, centerY + halfH);
    }

    float halfWidth(int width) {
        return width * zoom / 2;
    }

    float halfHeight(int height) {
        return height * zoom / 2;
    }

    public float centerX() {
        return centerX;
    }

    public float centerY() {
        return centerY;
    }

    public float zoom() {
        return zoom;
    }
}
