package io.hudprof.overlay;

import static org.lwjgl.opengl.GL11.GL_NEAREST;
import static org.lwjgl.opengl.GL11.GL_RGBA;
import static org.lwjgl.opengl.GL11.GL_RGBA8;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_2D;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_MAG_FILTER;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_MIN_FILTER;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_WRAP_S;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_WRAP_T;
import static org.lwjgl.opengl.GL11.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11.glBindTexture;
import static org.lwjgl.opengl.GL11.glDeleteTextures;
import static org.lwjgl.opengl.GL11.glGenTextures;
import static org.lwjgl.opengl.GL11.glGetIntegerv;
import static org.lwjgl.opengl.GL11.glTexImage2D;
import static org.lwjgl.opengl.GL11.glTexParameteri;
import static org.lwjgl.opengl.GL12.GL_CLAMP_TO_EDGE;
import static org.lwjgl.opengl.GL30.GL_COLOR_ATTACHMENT0;
import static org.lwjgl.opengl.GL30.GL_DRAW_FRAMEBUFFER;
import static org.lwjgl.opengl.GL30.GL_DRAW_FRAMEBUFFER_BINDING;
import static org.lwjgl.opengl.GL30.GL_FRAMEBUFFER_COMPLETE;
import static org.lwjgl.opengl.GL30.glBindFramebuffer;
import static org.lwjgl.opengl.GL30.glCheckFramebufferStatus;
import static org.lwjgl.opengl.GL30.glDeleteFramebuffers;
import static org.lwjgl.opengl.GL30.glFramebufferTexture2D;
import static org.lwjgl.opengl.GL30.glGenFramebuffers;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;

import org.lwjgl.system.MemoryUtil;

/**
 * The HUD's pixels kept off screen between refreshes: a framebuffer object with one RGBA8 texture the size of the
 * game's framebuffer. A refresh draws the HUD into it; every frame then puts the HUD back over the game as one opaque,
 * unblended textured quad per panel rectangle ({@link DrawList#coverCount covers}), one draw call in all. That is
 * exact only for a {@linkplain DrawList#selfContained self-contained} draw list (opaque panels, nothing blended over the
 * game), where a panel rectangle's pixels do not depend on what the game drew under it; the renderer draws any other
 * list over the game as it is.
 *
 * <p>Why a textured quad and not {@code glBlitFramebuffer}: a quad writes into any framebuffer the game has bound,
 * multisampled ones included (a blit into one is an error before OpenGL 4.x), and needs neither the read binding nor
 * the read buffer changed; docs/BENCHMARKS.md compares their cost on llvmpipe.
 *
 * <p>Needs framebuffer objects with separate draw and read bindings ({@link GlSupport#framebufferObjects}); a context
 * without them, or one whose driver rejects the framebuffer, has no cache (one log line for the latter) and the HUD is
 * drawn again from its kept draw list instead. Render thread only; its GL calls run inside the renderer's state guard,
 * and it changes only the draw framebuffer binding, which it puts back itself.
 */
final class HudCache implements AutoCloseable {
    private final boolean supported;
    private boolean failed;
    private int framebuffer;
    private int texture;
    private int width;
    private int height;
    private final IntBuffer scratch = MemoryUtil.memAllocInt(1);
    /** The composite quads, rewritten at each refresh and uploaded to the renderer's composite buffer. */
    private ByteBuffer quads = MemoryUtil.memAlloc(16 * DrawList.QUAD_BYTES);
    private int quadCount;

    private final GlStateGuard state;

    /** A cache for the renderer whose state guard is {@code state} (it brackets the texture's allocation). */
    HudCache(GlSupport support, GlStateGuard state) {
        this.supported = support.framebufferObjects;
        this.state = state;
    }

    /**
     * Makes the framebuffer (once) and its texture the given size (again when the size changed); false when there is
     * no cache to draw into. Leaves its texture bound on the active unit when it had to (re)make it.
     */
    boolean ready(int framebufferWidth, int framebufferHeight) {
        if (!supported || failed) {
            return false;
        }
        if (framebuffer != 0 && width == framebufferWidth && height == framebufferHeight) {
            return true;
        }
        if (texture == 0) {
            texture = glGenTextures();
            framebuffer = glGenFramebuffers();
        }
        glBindTexture(GL_TEXTURE_2D, texture);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        // No pixels: every one the cache shows is drawn by a refresh first. With a game's pixel-unpack buffer bound,
        // null would be an offset into that buffer, so the upload state is the overlay's for the call.
        state.saveUnpackForUpload();
        try {
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, framebufferWidth, framebufferHeight, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                    (ByteBuffer) null);
        } finally {
            state.restoreUnpack();
        }
        width = framebufferWidth;
        height = framebufferHeight;
        int game = bind();
        glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
        int status = glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, game);
        if (status != GL_FRAMEBUFFER_COMPLETE) {
            failed = true;
            System.getLogger("io.hudprof.overlay").log(System.Logger.Level.INFO, "hudprof overlay: the driver "
                    + "rejects an RGBA8 framebuffer object (status 0x" + Integer.toHexString(status) + "), so the HUD "
                    + "is drawn again from its draw list between refreshes instead of copied");
            delete();
            return false;
        }
        return true;
    }

    /** Binds the cache as the draw framebuffer; returns the game's draw framebuffer, for {@link #unbind}. */
    int bind() {
        scratch.clear();
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, scratch);
        int game = scratch.get(0);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
        return game;
    }

    /** Binds the game's draw framebuffer again. */
    void unbind(int game) {
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, game);
    }

    /**
     * Writes one opaque quad per cover of {@code list} that shows the cache's pixels at the same place: texture rows
     * run bottom-up, so a top-left y maps to {@code 1 - y / height}.
     */
    void layOut(DrawList list) {
        int count = list.coverCount();
        long needed = (long) count * DrawList.QUAD_BYTES;
        if (needed > quads.capacity()) {
            quads = MemoryUtil.memRealloc(quads, (int) Math.max(needed, 2L * quads.capacity()));
        }
        long at = NativeMemory.address(quads);
        float w = width;
        float h = height;
        for (int c = 0; c < count; c++) {
            int x0 = list.cover(c, 0);
            int y0 = list.cover(c, 1);
            int x1 = list.cover(c, 2);
            int y1 = list.cover(c, 3);
            DrawList.putQuad(at + (long) c * DrawList.QUAD_BYTES, x0, y0, x1, y1, DrawList.unorm(x0 / w),
                    DrawList.unorm(1f - y0 / h), DrawList.unorm(x1 / w), DrawList.unorm(1f - y1 / h), 0xFFFFFFFF);
        }
        quadCount = count;
    }

    /** The composite quads {@link #layOut} wrote, as a view for upload. */
    ByteBuffer quadBytes() {
        quads.clear().limit(quadCount * DrawList.QUAD_BYTES);
        return quads;
    }

    int quadCount() {
        return quadCount;
    }

    int texture() {
        return texture;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    private void delete() {
        if (framebuffer != 0) {
            glDeleteFramebuffers(framebuffer);
            framebuffer = 0;
        }
        if (texture != 0) {
            glDeleteTextures(texture);
            texture = 0;
        }
        width = 0;
        height = 0;
    }

    /** Deletes the framebuffer and its texture (the game's context must be current). */
    @Override
    public void close() {
        delete();
        NativeMemory.free(scratch);
        NativeMemory.free(quads);
    }
}
