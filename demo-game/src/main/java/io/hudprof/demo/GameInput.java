package io.hudprof.demo;

import static org.lwjgl.glfw.GLFW.*;

import io.hudprof.demo.gfx.Camera;
import io.hudprof.demo.sim.PilotInput;
import org.lwjgl.glfw.GLFWKeyCallback;
import org.lwjgl.glfw.GLFWScrollCallback;

/**
 * The game's own input: its GLFW key callback (installed before the overlay's, which then sits in front of it and
 * passes on every key it does not use) and the mouse wheel. The game's keys are chosen to stay clear of the HUD's:
 * WASD, Space, Left Shift, Q/E and Esc.
 */
final class GameInput implements AutoCloseable {
    private final long window;
    private final Camera camera;
    private final boolean[] down = new boolean[GLFW_KEY_LAST + 1];
    private boolean gcRequested;
    private final GLFWKeyCallback keys;
    private final GLFWScrollCallback scroll;
    private long keyEvents;
    private int garbageToggles;
    private int heavyToggles;

    private GameInput(long window, Camera camera) {
        this.window = window;
        this.camera = camera;
        this.keys = GLFWKeyCallback.create(this::onKey);
        this.scroll = GLFWScrollCallback.create((w, dx, dy) -> camera.zoomBy((float) Math.pow(0.9, dy)));
        glfwSetKeyCallback(window, keys);
        glfwSetScrollCallback(window, scroll);
    }

    /** Installs the game's key and scroll callbacks on the window. */
    static GameInput install(long window, Camera camera) {
        return new GameInput(window, camera);
    }

    private void onKey(long w, int key, int scancode, int action, int mods) {
        if (key < 0 || key > GLFW_KEY_LAST) {
            return;
        }
        keyEvents++;
        if (action == GLFW_PRESS) {
            down[key] = true;
            if (key == GLFW_KEY_ESCAPE) {
                glfwSetWindowShouldClose(window, true);
            }
            if (key == GLFW_KEY_J) {
                garbageToggles++;
            }
            if (key == GLFW_KEY_F9) {
                gcRequested = true;
            }
            if (key == GLFW_KEY_F7) {
                heavyToggles++;
            }
        } else if (action == GLFW_RELEASE) {
            down[key] = false;
        }
    }

    /** Turns the held keys into the pilot's controls and zooms the camera for a frame of {@code dt} seconds. */
    void read(PilotInput pilot, float dt) {
        pilot.clear();
        pilot.thrust = (down[GLFW_KEY_W] ? 1 : 0) - (down[GLFW_KEY_S] ? 1 : 0);
        pilot.turn = (down[GLFW_KEY_A] ? 1 : 0) - (down[GLFW_KEY_D] ? 1 : 0);
        pilot.fire = down[GLFW_KEY_SPACE];
        pilot.boost = down[GLFW_KEY_LEFT_SHIFT];
        if (down[GLFW_KEY_Q]) {
            camera.zoomBy((float) Math.pow(2, dt));
        }
        if (down[GLFW_KEY_E]) {
            camera.zoomBy((float) Math.pow(0.5, dt));
        }
    }

    /** How often J (the particles' garbage switch) was pressed; the game flips the switch on each press. */
    int garbageToggles() {
        return garbageToggles;
    }

    /** How often F7 (the GPU-heavy background pass) was pressed; the game flips the pass on each press. */
    int heavyToggles() {
        return heavyToggles;
    }

    /** Whether F9 (force a garbage collection, to see it caught as a spike) was pressed since the last call. */
    boolean takeGcRequest() {
        boolean requested = gcRequested;
        gcRequested = false;
        return requested;
    }

    /** Key events that reached the game (the overlay consumed the rest). */
    long keyEvents() {
        return keyEvents;
    }

    @Override
    public void close() {
        glfwSetKeyCallback(window, null);
        glfwSetScrollCallback(window, null);
        keys.free();
        scroll.free();
    }
}
