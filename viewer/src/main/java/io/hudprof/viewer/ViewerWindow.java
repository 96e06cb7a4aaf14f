package io.hudprof.viewer;

import static org.lwjgl.glfw.GLFW.*;
import static org.lwjgl.opengl.GL11C.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11C.GL_PACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11C.GL_RGB;
import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11C.glClear;
import static org.lwjgl.opengl.GL11C.glClearColor;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL11C.glPixelStorei;
import static org.lwjgl.opengl.GL11C.glReadPixels;
import static org.lwjgl.opengl.GL11C.glViewport;

import io.hudprof.overlay.HudControls;
import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.OverlayConfig;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.lwjgl.glfw.GLFWCursorEnterCallback;
import org.lwjgl.glfw.GLFWCursorPosCallback;
import org.lwjgl.glfw.GLFWErrorCallback;
import org.lwjgl.glfw.GLFWCharCallback;
import org.lwjgl.glfw.GLFWKeyCallback;
import org.lwjgl.glfw.GLFWMouseButtonCallback;
import org.lwjgl.glfw.GLFWScrollCallback;
import org.lwjgl.opengl.GL;
import org.lwjgl.stb.STBImageWrite;
import io.hudprof.overlay.Screenshot;

/**
 * The viewer's own GLFW window: the received profile drawn full-window by the game's HUD ({@link Overlay}: report
 * with the call graph, history graph, strip and value charts, the same keys). An OpenGL 3.3 core context on the
 * desktop, or with {@code headless} GLFW's null platform and a surfaceless EGL context (Mesa), which needs no X
 * server. Create, render and close it on one thread.
 *
 * <p>Live, it shows one of several clients ({@link ViewerClients}), each with a HUD of its own over its own profile,
 * made when the client is first shown, so switching back finds the view as it was left. The window's key callback
 * takes F4 / Shift+F4 (next / previous client) and hands every other key to the shown client's HUD; its mouse
 * callbacks hand every pointer event to the shown client's HUD ({@code HudMouse}: click a row, drag on the graph,
 * wheel), in framebuffer pixels, under the same lock as the keys. When another HUD is shown (F4, a client leaving,
 * a resize that remade the HUDs) it is told where the pointer is, so a click without a move lands where the pointer
 * shows, and a button still held over the previous one is released there (a drag on its graph no longer pauses it).
 */
final class ViewerWindow implements AutoCloseable {
    private final long handle;
    private final GLFWErrorCallback errors;
    /** The one profile shown (a replay, tests), or null when {@link #clients} are. */
    private final RemoteProfile alone;
    private final ViewerClients clients;
    private final float contentScale;
    private final Map<RemoteProfile, Overlay> huds = new IdentityHashMap<>();
    private final GLFWKeyCallback keyCallback;
    private final GLFWCharCallback charCallback;
    private final GLFWCursorPosCallback cursorCallback;
    private final GLFWCursorEnterCallback enterCallback;
    private final GLFWMouseButtonCallback buttonCallback;
    private final GLFWScrollCallback scrollCallback;
    private final int[] windowWidth = new int[1];
    private final int[] windowHeight = new int[1];
    /** Where the pointer is, in framebuffer pixels; negative when outside the window or not known yet. */
    private double pointerX = -1;
    private double pointerY = -1;
    /** Mouse buttons held now, one bit per GLFW button. */
    private int heldButtons;
    /** The HUD that pointer events went to, and its profile, until {@link #retargetMouse()} sees another shown. */
    private Overlay mouseHud;
    private RemoteProfile mouseProfile;
    private final int[] size = new int[2];
    private final int[] fbWidth = new int[1];
    private final int[] fbHeight = new int[1];
    private int seenVersion = -1;
    /** The framebuffer size the HUDs were made for, and a new one waiting to settle (see {@link #relayout()}). */
    private final int[] laidOut = new int[2];
    private final int[] resizing = new int[2];
    private long resizedAt;
    /** The profile and HUD drawn; changed on this thread only (see {@link #reconcile()}). */
    private RemoteProfile shown;
    private Overlay shownHud;

    private ViewerWindow(Created created, RemoteProfile alone, ViewerClients clients) {
        this.handle = created.handle();
        this.errors = created.errors();
        this.alone = alone;
        this.clients = clients;
        this.contentScale = Overlay.contentScaleOf(handle);
        framebufferSize();
        laidOut[0] = size[0];
        laidOut[1] = size[1];
        this.keyCallback = GLFWKeyCallback.create(this::onKey);
        glfwSetKeyCallback(handle, keyCallback);
        this.charCallback = GLFWCharCallback.create(this::onChar);
        glfwSetCharCallback(handle, charCallback);
        this.cursorCallback = GLFWCursorPosCallback.create(this::onCursor);
        this.enterCallback = GLFWCursorEnterCallback.create(this::onEnter);
        this.buttonCallback = GLFWMouseButtonCallback.create(this::onButton);
        this.scrollCallback = GLFWScrollCallback.create(this::onScroll);
        glfwSetCursorPosCallback(handle, cursorCallback);
        glfwSetCursorEnterCallback(handle, enterCallback);
        glfwSetMouseButtonCallback(handle, buttonCallback);
        glfwSetScrollCallback(handle, scrollCallback);
        reconcile();
        retargetMouse();
    }

    /**
     * Opens the window on one profile, with the HUD shown and its keys installed.
     *
     * @throws IllegalStateException naming the fix when no OpenGL 3.3 context can be had
     */
    static ViewerWindow open(RemoteProfile profile, int width, int height, boolean headless) {
        return new ViewerWindow(createWindow(width, height, headless), profile, null);
    }

    /**
     * Opens the window on the live clients: the shown one's HUD, F4 / Shift+F4 to switch.
     *
     * @throws IllegalStateException naming the fix when no OpenGL 3.3 context can be had
     */
    static ViewerWindow open(ViewerClients clients, int width, int height, boolean headless) {
        return new ViewerWindow(createWindow(width, height, headless), null, clients);
    }

    /** A GLFW window with its context current, and the error callback to free with it. */
    private record Created(long handle, GLFWErrorCallback errors) {
    }

    /** Tries of an X11 {@code glfwInit} that failed to open the display, 100 ms apart (5 s in all). */
    static final int DISPLAY_RETRIES = 50;

    private static Created createWindow(int width, int height, boolean headless) {
        List<String> messages = new ArrayList<>();
        GLFWErrorCallback errors = GLFWErrorCallback.create((code, text) ->
                messages.add(GLFWErrorCallback.getDescription(text)));
        glfwSetErrorCallback(errors);
        boolean x11 = !headless && glfwPlatformSupported(GLFW_PLATFORM_X11) && System.getenv("WAYLAND_DISPLAY") == null;
        if (headless) {
            glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_NULL);
        } else if (x11) {
            glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_X11);
        }
        boolean initialised = glfwInit();
        // An X server started without -noreset (xvfb-run's) resets whenever its last client leaves and refuses
        // connections until it is back: a viewer started just as another program's window closed (a test run under
        // an inherited xvfb-run) gets "Failed to open display". As the overlay's GL tests do (GlContext), such a
        // failure is retried for up to 5 s; any other failure, or a display that stays away, is reported at once.
        for (int retry = 0; !initialised && x11 && retry < DISPLAY_RETRIES
                && messages.toString().contains("Failed to open display"); retry++) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            messages.clear();
            glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_X11);
            initialised = glfwInit();
        }
        if (!initialised) {
            glfwSetErrorCallback(null);
            errors.free();
            throw new IllegalStateException("GLFW could not start: " + messages + fix(headless));
        }
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
        if (headless) {
            glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_EGL_CONTEXT_API);
        }
        long handle = glfwCreateWindow(width, height, "hudprof-viewer", 0, 0);
        if (handle == 0) {
            glfwTerminate();
            glfwSetErrorCallback(null);
            errors.free();
            throw new IllegalStateException("no OpenGL 3.3 context for the viewer's window: " + messages
                    + fix(headless));
        }
        glfwMakeContextCurrent(handle);
        glfwSwapInterval(1);
        GL.createCapabilities();
        return new Created(handle, errors);
    }

    /** The HUD for a profile, sized to the window. */
    private Overlay createHud(RemoteProfile profile) {
        synchronized (profile.lock()) {
            Overlay hud = Overlay.create(profile.profiler(), hudConfig(size[0], size[1], contentScale));
            // Shift+X: a .hudprof capture of the shown client's frames from here on, until pressed again.
            hud.controls().captureKey(Path.of("").toAbsolutePath());
            return hud;
        }
    }

    /**
     * The HUD's layout for the viewer's window, which is the HUD's alone (a game's corner layout would leave most of
     * it empty): the history graph along the bottom, about two fifths of the height, its columns as wide as
     * {@link ViewerMain#HISTORY_FRAMES} frames across the window allow; the report panel above it, as many rows as
     * the height holds (the panel drops rows that would reach the graph) and names about half the width.
     */
    static OverlayConfig hudConfig(int framebufferWidth, int framebufferHeight, float contentScale) {
        // Layout in logical pixels (the HUD scales them by the content scale): its 15 px font is about 9 px a
        // character and 18 px a row.
        float scale = contentScale > 0 ? contentScale : 1f;
        int width = Math.max(320, Math.round(framebufferWidth / scale));
        int height = Math.max(240, Math.round(framebufferHeight / scale));
        int graphHeight = clamp(Math.round(height * 0.38f), 80, 2000);
        // The graph's value labels and legend take about 300 px of its width.
        int columnWidth = clamp(Math.round((width - 300) / (float) ViewerMain.HISTORY_FRAMES), 1, 32);
        return OverlayConfig.builder().startVisible(true).contentScale(contentScale)
                .visibleRows(clamp(height / 18, 8, 200)).nameChars(clamp(width / 9 / 2, 24, 120))
                .graphHeight(graphHeight).graphMaxColumns(ViewerMain.HISTORY_FRAMES).graphColumnWidth(columnWidth)
                // No GPU timer: the profile is the client's, gathered on a replay thread, not this window's GL.
                .gpuTiming(false).build();
    }

    private static int clamp(int value, int min, int max) {
        return Math.max(min, Math.min(max, value));
    }

    /**
     * After the window was resized and has kept its new size for {@link #RESIZE_SETTLE_NANOS}: each HUD is made
     * again for the new size, showing what it showed ({@link io.hudprof.overlay.HudView#copyFrom}: panels, modes,
     * layout, chart and timeline settings; the report's navigation is the profile's and stays as it is).
     */
    private void relayout() {
        if (size[0] == laidOut[0] && size[1] == laidOut[1]) {
            resizedAt = 0;
            return;
        }
        if (size[0] == 0 || size[1] == 0) {
            return; // minimised
        }
        long now = System.nanoTime();
        if (resizedAt == 0 || size[0] != resizing[0] || size[1] != resizing[1]) {
            resizedAt = now;
            resizing[0] = size[0];
            resizing[1] = size[1];
            return;
        }
        if (now - resizedAt < RESIZE_SETTLE_NANOS) {
            return;
        }
        resizedAt = 0;
        laidOut[0] = size[0];
        laidOut[1] = size[1];
        if (alone != null) {
            shownHud = remade(alone, shownHud);
            return;
        }
        for (Map.Entry<RemoteProfile, Overlay> e : huds.entrySet()) {
            e.setValue(remade(e.getKey(), e.getValue()));
        }
        shownHud = shown == null ? null : huds.get(shown);
    }

    /** How long a new window size must last before the HUDs are laid out for it (not on every step of a drag). */
    static final long RESIZE_SETTLE_NANOS = 200_000_000L;

    private Overlay remade(RemoteProfile profile, Overlay old) {
        Overlay hud = createHud(profile);
        synchronized (profile.lock()) {
            HudControls from = old.controls();
            HudControls to = hud.controls();
            to.view().copyFrom(from.view());
            to.takeCaptureFrom(from);
            old.close();
        }
        return hud;
    }

    /** Keys while polling events (under the shown profile's lock): F4 switches clients, the rest go to its HUD. */
    private void onKey(long window, int key, int scancode, int action, int mods) {
        if (key == GLFW_KEY_F4 && clients != null) {
            if (action != GLFW_RELEASE) {
                clients.cycle((mods & GLFW_MOD_SHIFT) != 0 ? -1 : 1);
            }
            return;
        }
        Overlay hud = shownHud;
        if (hud != null) {
            hud.keys().onKey(key, action, mods);
        }
    }

    /** A typed character (while polling events): the shown HUD's search line takes it while it is open. */
    private void onChar(long window, int codePoint) {
        Overlay hud = shownHud;
        if (hud != null) {
            hud.keys().onChar(codePoint);
        }
    }

    /** The pointer moved, in window coordinates (while polling events, under the shown profile's lock). */
    private void onCursor(long window, double x, double y) {
        // GLFW gives window coordinates; the HUD draws in framebuffer pixels (they differ on HiDPI screens).
        glfwGetWindowSize(window, windowWidth, windowHeight);
        pointerX = windowWidth[0] > 0 ? x * size[0] / windowWidth[0] : x;
        pointerY = windowHeight[0] > 0 ? y * size[1] / windowHeight[0] : y;
        Overlay hud = shownHud;
        if (hud != null) {
            hud.mouse().moved(pointerX, pointerY);
        }
    }

    private void onEnter(long window, boolean entered) {
        if (entered) {
            return;
        }
        pointerX = -1;
        pointerY = -1;
        Overlay hud = shownHud;
        if (hud != null) {
            hud.mouse().left();
        }
    }

    private void onButton(long window, int button, int action, int mods) {
        boolean pressed = action == GLFW_PRESS;
        if (button >= 0 && button < 32) {
            heldButtons = pressed ? heldButtons | 1 << button : heldButtons & ~(1 << button);
        }
        Overlay hud = shownHud;
        if (hud != null) {
            hud.mouse().button(button, pressed);
        }
    }

    private void onScroll(long window, double dx, double dy) {
        Overlay hud = shownHud;
        if (hud != null) {
            hud.mouse().scrolled(dy);
        }
    }

    /**
     * After another HUD came to be shown: the HUD pointer events went to gets the release of any button still held
     * (if it is still open), and the shown one is told where the pointer is. Compares two references otherwise.
     */
    private void retargetMouse() {
        if (shownHud == mouseHud) {
            return;
        }
        // A HUD remade for a new size, or of a client gone, is closed: only an open one gets the release.
        if (mouseHud != null && heldButtons != 0 && huds.containsValue(mouseHud)) {
            synchronized (mouseProfile.lock()) {
                for (int b = 0; b < 32; b++) {
                    if ((heldButtons & 1 << b) != 0) {
                        mouseHud.mouse().button(b, false);
                    }
                }
            }
        }
        mouseHud = shownHud;
        mouseProfile = shown;
        if (shownHud != null && pointerX >= 0 && pointerY >= 0) {
            synchronized (shown.lock()) {
                shownHud.mouse().moved(pointerX, pointerY);
            }
        }
    }

    /**
     * Follows {@link ViewerClients}: makes the shown client's HUD if it has none, closes those of clients gone.
     * Only when something changed, so drawing a frame allocates nothing.
     */
    private void reconcile() {
        if (clients == null) {
            if (shownHud == null) {
                shown = alone;
                shownHud = createHud(alone);
            }
            return;
        }
        int version = clients.version();
        if (version == seenVersion) {
            return;
        }
        seenVersion = version;
        RemoteProfile now = clients.shown();
        for (Iterator<Map.Entry<RemoteProfile, Overlay>> it = huds.entrySet().iterator(); it.hasNext();) {
            Map.Entry<RemoteProfile, Overlay> e = it.next();
            if (!clients.retained(e.getKey())) {
                synchronized (e.getKey().lock()) {
                    e.getValue().close();
                }
                e.getKey().close();
                it.remove();
            }
        }
        if (now != null && !huds.containsKey(now)) {
            huds.put(now, createHud(now));
        }
        shown = now;
        shownHud = now == null ? null : huds.get(now);
    }

    private void framebufferSize() {
        // Arrays, not stack buffers: an IntBuffer is a new heap object per call, and a frame allocates nothing.
        glfwGetFramebufferSize(handle, fbWidth, fbHeight);
        size[0] = fbWidth[0];
        size[1] = fbHeight[0];
    }

    private static String fix(boolean headless) {
        return headless
                ? ". Install Mesa's EGL (Debian: apt-get install -y libegl1 libegl-mesa0 libgl1-mesa-dri), or drop"
                        + " --headless and run on a desktop or under Xvfb."
                : ". Run it on a desktop with OpenGL 3.3, under Xvfb (xvfb-run -a -s '-screen 0 1280x720x24' java"
                        + " -jar hudprof-viewer.jar), with --headless, or print frames with --text.";
    }

    /** Polls input and draws one frame: a dark background and the HUD over it. Call {@link #swap()} after. */
    void renderFrame() {
        reconcile();
        RemoteProfile polled = shown;
        synchronized (polled == null ? this : polled.lock()) {
            // Keys navigate the profiler, so they are handled under the same lock as its updates.
            glfwPollEvents();
        }
        // F4 shows another client from the next line on.
        reconcile();
        framebufferSize();
        relayout();
        retargetMouse();
        glViewport(0, 0, size[0], size[1]);
        glClearColor(0.06f, 0.07f, 0.09f, 1f);
        glClear(GL_COLOR_BUFFER_BIT);
        RemoteProfile drawn = shown;
        if (drawn != null) {
            synchronized (drawn.lock()) {
                shownHud.render(size[0], size[1]);
            }
        }
    }

    /** Asks for a new window size, as a user dragging its border would (the HUDs follow once it settles). */
    void resize(int width, int height) {
        glfwSetWindowSize(handle, width, height);
    }

    /** The framebuffer size the last frame was drawn at: {width, height}. */
    int[] framebuffer() {
        return size.clone();
    }

    void swap() {
        glfwSwapBuffers(handle);
    }

    boolean shouldClose() {
        return glfwWindowShouldClose(handle);
    }

    void title(CharSequence title) {
        glfwSetWindowTitle(handle, title);
    }

    /** The shown client's HUD (null before any client), for its controls. */
    Overlay hud() {
        return shownHud;
    }

    /** The profile drawn by the last frame, or null. */
    RemoteProfile shown() {
        return shown;
    }

    /**
     * Moves the pointer to framebuffer pixel (x, y) through the cursor callback GLFW holds for the window, in window
     * coordinates, as GLFW would deliver it while polling (tests).
     */
    void pointer(int x, int y) {
        glfwGetWindowSize(handle, windowWidth, windowHeight);
        double wx = size[0] > 0 ? x * (double) windowWidth[0] / size[0] : x;
        double wy = size[1] > 0 ? y * (double) windowHeight[0] / size[1] : y;
        GLFWCursorPosCallback current = glfwSetCursorPosCallback(handle, null);
        glfwSetCursorPosCallback(handle, current);
        RemoteProfile polled = shown;
        synchronized (polled == null ? this : polled.lock()) {
            current.invoke(handle, wx, wy);
        }
    }

    /** Delivers a mouse button event through the window's button callback, as GLFW would (tests). */
    void button(int button, int action) {
        GLFWMouseButtonCallback current = glfwSetMouseButtonCallback(handle, null);
        glfwSetMouseButtonCallback(handle, current);
        RemoteProfile polled = shown;
        synchronized (polled == null ? this : polled.lock()) {
            current.invoke(handle, button, action, 0);
        }
    }

    /** Delivers a wheel turn through the window's scroll callback, as GLFW would (tests). */
    void scroll(double dy) {
        GLFWScrollCallback current = glfwSetScrollCallback(handle, null);
        glfwSetScrollCallback(handle, current);
        RemoteProfile polled = shown;
        synchronized (polled == null ? this : polled.lock()) {
            current.invoke(handle, 0, dy);
        }
    }

    /** Delivers a key as GLFW would (tests drive the window's own callback with it). */
    void key(int key, int action, int mods) {
        RemoteProfile polled = shown;
        synchronized (polled == null ? this : polled.lock()) {
            onKey(handle, key, 0, action, mods);
        }
    }

    /**
     * Draws until the window is closed or {@code stop} counts down, about 60 times a second; the title says which
     * client is shown, once a second.
     */
    void loop(CountDownLatch stop, Supplier<String> status) throws InterruptedException {
        long nextTitle = 0;
        while (!shouldClose() && stop.getCount() > 0) {
            long start = System.nanoTime();
            renderFrame();
            swap();
            if (start >= nextTitle) {
                title(status.get());
                nextTitle = start + 1_000_000_000L;
            }
            long wait = 16_000_000L - (System.nanoTime() - start);
            if (wait > 0) {
                stop.await(wait, TimeUnit.NANOSECONDS);
            }
        }
    }

    /** Saves what the last {@link #renderFrame()} drew (before the swap) as an RGB PNG. */
    void screenshot(Path file) throws IOException {
        Screenshot.save(file, size[0], size[1]);
    }

    /** A capture still running when the window closes is finished, its file put in place (waited for, briefly). */
    private static void finishCapture(Overlay hud) {
        java.util.concurrent.CompletableFuture<Path> pending = hud.controls().finishCapture();
        if (pending != null) {
            try {
                pending.get(30, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception e) {
                System.err.println("hudprof-viewer: the capture started with Shift+X was not written: " + e);
            }
        }
    }

    @Override
    public void close() {
        if (alone != null && shownHud != null) {
            synchronized (alone.lock()) {
                finishCapture(shownHud);
                shownHud.close();
            }
        }
        for (Map.Entry<RemoteProfile, Overlay> e : huds.entrySet()) {
            synchronized (e.getKey().lock()) {
                finishCapture(e.getValue());
                e.getValue().close();
            }
        }
        huds.clear();
        glfwSetKeyCallback(handle, null);
        keyCallback.free();
        glfwSetCharCallback(handle, null);
        charCallback.free();
        glfwSetCursorPosCallback(handle, null);
        glfwSetCursorEnterCallback(handle, null);
        glfwSetMouseButtonCallback(handle, null);
        glfwSetScrollCallback(handle, null);
        cursorCallback.free();
        enterCallback.free();
        buttonCallback.free();
        scrollCallback.free();
        GL.setCapabilities(null);
        glfwMakeContextCurrent(0);
        glfwDestroyWindow(handle);
        glfwTerminate();
        glfwSetErrorCallback(null);
        errors.free();
    }
}
