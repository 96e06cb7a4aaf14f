package io.hudprof.agent;

import static org.lwjgl.glfw.GLFW.glfwGetFramebufferSize;
import static org.lwjgl.opengl.GL11C.GL_PACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11C.GL_RGB;
import static org.lwjgl.opengl.GL11C.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11C.glGetIntegerv;
import static org.lwjgl.opengl.GL11C.glPixelStorei;
import static org.lwjgl.opengl.GL11C.glReadPixels;
import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL21C.GL_PIXEL_PACK_BUFFER;
import static org.lwjgl.opengl.GL21C.GL_PIXEL_PACK_BUFFER_BINDING;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30C.GL_DRAW_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL30C.GL_READ_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30C.GL_READ_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL30C.glBindFramebuffer;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import io.hudprof.core.report.ReportController;
import io.hudprof.overlay.Overlay;
import io.hudprof.overlay.OverlayConfig;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * The frame hook's GL side, run just before the game's buffer swap on its render thread: {@code update()} (unless
 * the game or a period thread does it), then the HUD, created in the game's context at the first swap with the
 * window's content scale and its key and mouse callbacks chained in front of the game's, drawn over the default
 * framebuffer at the framebuffer's size. Only the first window that swaps, on the first thread that swaps, ends frames (a second
 * window would end each frame twice). The HUD failing turns the HUD off, never the game.
 *
 * <p>Uses only LWJGL API common to 3.3 and 3.4, and Java-owned direct buffers, so it links with whichever LWJGL
 * the game brought.
 */
final class SwapHook {
    /** How many frames to keep looking for the {@code callgraph} zone, whose class may load late. */
    private static final int FOCUS_SEARCH_FRAMES = 600;

    private final AgentRuntime agent;
    private final int[] width = new int[1];
    private final int[] height = new int[1];
    private final IntBuffer query = ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder()).asIntBuffer();
    private Thread thread;
    private long window;
    private long frames;
    private boolean gameUpdatesSaid;
    private Overlay overlay;
    private Profiler overlayProfiler;
    private boolean hudFailed;
    private boolean focusDone;

    SwapHook(AgentRuntime agent) {
        this.agent = agent;
    }

    synchronized void beforeSwap(long swapped) {
        Thread current = Thread.currentThread();
        if (thread == null) {
            thread = current;
            window = swapped;
            agent.frameFound(current, swapped);
        } else if (thread != current || swapped != window) {
            return;
        }
        frames++;
        Profiler profiler = Hudprof.profiler();
        if (profiler == null || agent.periodDriven()) {
            return;
        }
        UpdateOwner owner = agent.owner();
        if (owner.hookUpdates(profiler)) {
            profiler.update();
            owner.hookUpdated();
        } else if (!gameUpdatesSaid) {
            gameUpdatesSaid = true;
            agent.gameUpdates(owner.gameReason());
        }
        if (hudFailed) {
            return;
        }
        if (!agent.drawsHud()) {
            if (overlay != null && overlay.controls().view().visible()) {
                // The game's own HUD takes the keys now; a hidden overlay consumes none.
                overlay.controls().view().setVisible(false);
            }
            return;
        }
        try {
            draw(profiler);
        } catch (Throwable t) {
            hudFailed = true;
            agent.log().info(HudFailure.describe(t));
        }
    }

    private void draw(Profiler profiler) throws IOException {
        AgentOptions options = agent.options();
        if (overlay == null) {
            overlay = Overlay.create(profiler, OverlayConfig.builder().startVisible(options.hudVisible)
                    .contentScale(Overlay.contentScaleOf(window)).build());
            overlayProfiler = profiler;
            overlay.installKeys(window);
            // The mouse the same way and for the same reason: chained at the first swap, after the game (or its
            // engine) installed its callbacks, it sees events first; those it does not use, and all of them while
            // the HUD is hidden (or the game draws its own), go on to the game's callbacks unchanged.
            overlay.installMouse(window);
        }
        if (profiler != overlayProfiler) {
            agent.log().once("hud profiler", "the installed profiler changed: the agent's HUD stops drawing");
            return;
        }
        if (!focusDone && options.callGraph != null) {
            Zone focus = AgentRuntime.findZone(options.callGraph);
            if (focus != null) {
                ReportController.of(profiler).showCallGraph(focus);
            }
            focusDone = focus != null || frames > FOCUS_SEARCH_FRAMES;
        }
        glfwGetFramebufferSize(window, width, height);
        int drawBinding = integer(GL_DRAW_FRAMEBUFFER_BINDING);
        if (drawBinding != 0) {
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
        }
        overlay.render(width[0], height[0]);
        if (options.screenshot != null && frames == options.screenshotFrame) {
            capture(options.screenshot, width[0], height[0]);
        }
        if (drawBinding != 0) {
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, drawBinding);
        }
    }

    private int integer(int name) {
        glGetIntegerv(name, query);
        return query.get(0);
    }

    /** Reads the default framebuffer back (HUD included) and writes it as a PNG; restores what it changed. */
    private void capture(Path file, int w, int h) throws IOException {
        int read = integer(GL_READ_FRAMEBUFFER_BINDING);
        int pack = integer(GL_PIXEL_PACK_BUFFER_BINDING);
        int alignment = integer(GL_PACK_ALIGNMENT);
        ByteBuffer pixels = ByteBuffer.allocateDirect(w * h * 3);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, pixels);
        glPixelStorei(GL_PACK_ALIGNMENT, alignment);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, pack);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, read);
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < h; y++) {
            int row = (h - 1 - y) * w * 3;
            for (int x = 0; x < w; x++) {
                int i = row + x * 3;
                image.setRGB(x, y, (pixels.get(i) & 255) << 16 | (pixels.get(i + 1) & 255) << 8 | pixels.get(i + 2) & 255);
            }
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        ImageIO.write(image, "png", file.toFile());
        agent.log().info("screenshot of frame " + frames + " written to " + file.toAbsolutePath());
    }
}
