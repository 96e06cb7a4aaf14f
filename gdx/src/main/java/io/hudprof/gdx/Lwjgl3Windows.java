package io.hudprof.gdx;

import com.badlogic.gdx.Graphics;
import com.badlogic.gdx.backends.lwjgl3.Lwjgl3Graphics;

/**
 * The one place that touches libGDX's LWJGL3 backend classes: loaded only once {@link #isLwjgl3(Graphics)} said the
 * game runs on that backend, so other backends never need them on the classpath.
 */
final class Lwjgl3Windows {
    private static final String GRAPHICS_CLASS = "com.badlogic.gdx.backends.lwjgl3.Lwjgl3Graphics";

    private Lwjgl3Windows() {
    }

    /** Whether {@code graphics} is the LWJGL3 backend's (checked by name: the class may be absent). */
    static boolean isLwjgl3(Graphics graphics) {
        for (Class<?> c = graphics.getClass(); c != null; c = c.getSuperclass()) {
            if (c.getName().equals(GRAPHICS_CLASS)) {
                return true;
            }
        }
        return false;
    }

    /** The GLFW window handle of the LWJGL3 backend's graphics. */
    static long windowHandle(Graphics graphics) {
        return ((Lwjgl3Graphics) graphics).getWindow().getWindowHandle();
    }
}
