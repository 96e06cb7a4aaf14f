package io.hudprof.overlay;

import static org.lwjgl.opengl.GL12.GL_CLAMP_TO_EDGE;
import static org.lwjgl.opengl.GL11.GL_RGBA;
import static org.lwjgl.opengl.GL11.GL_RGBA8;
import static org.lwjgl.opengl.GL11.GL_SHORT;
import static org.lwjgl.opengl.GL11.GL_UNPACK_ROW_LENGTH;
import static org.lwjgl.opengl.GL11.GL_UNPACK_SKIP_PIXELS;
import static org.lwjgl.opengl.GL11.GL_UNSIGNED_SHORT;
import static org.lwjgl.opengl.GL11.glPixelStorei;
import static org.lwjgl.opengl.GL11.glTexSubImage2D;
import static org.lwjgl.opengl.GL11.GL_BLEND;
import static org.lwjgl.opengl.GL11.GL_LUMINANCE;
import static org.lwjgl.opengl.GL11.glDisable;
import static org.lwjgl.opengl.GL11.glEnable;
import static org.lwjgl.opengl.GL11.GL_LUMINANCE8;
import static org.lwjgl.opengl.GL11.GL_NEAREST;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_2D;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_MAG_FILTER;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_MIN_FILTER;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_WRAP_S;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_WRAP_T;
import static org.lwjgl.opengl.GL11.GL_TRIANGLES;
import static org.lwjgl.opengl.GL11.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11.GL_UNSIGNED_INT;
import static org.lwjgl.opengl.GL11.glBindTexture;
import static org.lwjgl.opengl.GL11.glDeleteTextures;
import static org.lwjgl.opengl.GL11.glDrawElements;
import static org.lwjgl.opengl.GL11.glGenTextures;
import static org.lwjgl.opengl.GL11.glScissor;
import static org.lwjgl.opengl.GL11.glTexImage2D;
import static org.lwjgl.opengl.GL11.glTexParameteri;
import static org.lwjgl.opengl.GL15.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15.GL_ELEMENT_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15.GL_DYNAMIC_DRAW;
import static org.lwjgl.opengl.GL15.GL_STATIC_DRAW;
import static org.lwjgl.opengl.GL15.glBindBuffer;
import static org.lwjgl.opengl.GL15.glBufferData;
import static org.lwjgl.opengl.GL15.glBufferSubData;
import static org.lwjgl.opengl.GL15.glDeleteBuffers;
import static org.lwjgl.opengl.GL15.glGenBuffers;
import static org.lwjgl.opengl.GL20.glEnableVertexAttribArray;
import static org.lwjgl.opengl.GL20.glUniform1i;
import static org.lwjgl.opengl.GL20.glUniform2f;
import static org.lwjgl.opengl.GL20.glUseProgram;
import static org.lwjgl.opengl.GL20.glVertexAttribPointer;
import static org.lwjgl.opengl.GL30.GL_R8;
import static org.lwjgl.opengl.GL30.GL_RED;
import static org.lwjgl.opengl.GL30.glBindVertexArray;
import static org.lwjgl.opengl.GL30.glDeleteVertexArrays;
import static org.lwjgl.opengl.GL30.glGenVertexArrays;

import java.nio.IntBuffer;

import org.lwjgl.system.MemoryUtil;

/**
 * Draws a {@link DrawList} in the game's OpenGL context: one {@code glDrawElements} per draw command, inside a full
 * save/restore of the game's GL state ({@link GlStateGuard}). Owns the overlay's GL objects (program, a vertex buffer,
 * a static quad index buffer, the atlas texture, one texture per {@link HudImage} the lists draw and, on OpenGL 3.2+,
 * a vertex array). Uses whatever capabilities the game made current and never creates its own, so it works inside
 * LWJGL and libGDX hosts alike.
 *
 * <p>Per frame it uploads only what changed: three vertex buffers are used in turn, and the one whose turn it is gets
 * only the quads that differ from the frame it holds, three frames back ({@link DrawList#finish()}); no indices
 * (every primitive is a quad, so they are one static buffer); for an image, only the columns written since the
 * texture in turn last saw it ({@code glTexSubImage2D}; an image has {@link HudImage#TEXTURES} textures used in turn).
 * Nothing is written while an earlier frame may still draw from it (into a buffer the previous frame drew from,
 * llvmpipe waited for that frame).
 *
 * <p>Between the HUD's refreshes ({@code OverlayConfig.refreshInterval}) {@link #replay} shows the last list again:
 * from the {@link HudCache} the last {@link #render(DrawList, boolean)} drew into (one draw of its panel rectangles),
 * or, for a list that is not self-contained or without framebuffer objects, by drawing its commands again from the
 * buffers that hold them, uploading nothing.
 *
 * <p>Two paths, as Dear ImGui's OpenGL backend has: OpenGL 3.2+ (core or compatibility) draws with GLSL 150 and its
 * own vertex array; an OpenGL 2.1 compatibility context draws with GLSL 120, setting its attribute pointers on vertex
 * array 0 before each draw (the guard puts the game's back), and keeps the atlas as {@code GL_LUMINANCE}.
 */
final class DrawListRenderer implements AutoCloseable {
    private final GlSupport support;
    private final GlStateGuard state;
    /**
     * The two programs ({@link #ATLAS}, {@link #IMAGE}): one small fragment shader each, since a software rasteriser
     * runs every instruction of it for every pixel of every quad (with the flat vertex colour, about 5 % of the HUD's
     * rasterising on llvmpipe, docs/BENCHMARKS.md). Their uniforms' locations by program.
     */
    private final ShaderProgram[] programs = new ShaderProgram[2];
    private final int[] framebufferSizeUniform = new int[2];
    /** Text and shapes from the font atlas (coverage as alpha). */
    private static final int ATLAS = 0;
    /** RGBA pictures, tinted by the vertex colour. */
    private static final int IMAGE = 1;
    private int vertexArray;
    /** Vertex buffers used in turn ({@link DrawList#RING}), and the list generation each holds (-1: unknown). */
    private final int[] vertexBuffers = new int[DrawList.RING];
    private final int[] bufferGeneration = {-1, -1, -1};
    private final long[] bufferBytes = new long[DrawList.RING];
    private int renderedGeneration = -1;
    private int indexBuffer;
    private int atlasTexture;
    private int lastDrawCalls;
    private int indexQuads;
    /** Frames rendered: picks which of an image's textures this frame writes and draws. */
    private int frames;
    /** Images whose textures this renderer made (deleted on close). */
    private HudImage[] images = new HudImage[2];
    private int imageCount;
    private long lastUploadBytes;
    /** The HUD's pixels between refreshes, and the buffer of the quads that copy them back. */
    private final HudCache cache;
    private int compositeBuffer;
    /** Whether the cache holds the pixels of the list generation {@code cacheGeneration} (the last one rendered). */
    private boolean cacheHeld;
    private int cacheGeneration;

    /**
     * Creates the GL objects in the current context, whose {@code support} says it can draw. Leaves the game's GL
     * state as it was.
     */
    DrawListRenderer(FontAtlas atlas, GlSupport support) {
        this(atlas, support, programFiles(support.legacy()));
    }

    /** The bundled shader files for the context's path: the vertex shader, then the atlas and picture fragments. */
    private static String[] programFiles(boolean legacy) {
        return legacy
                ? new String[] {ShaderProgram.HUD_VERTEX_GL21, ShaderProgram.HUD_FRAGMENT_GL21,
                    ShaderProgram.HUD_FRAGMENT_IMAGE_GL21}
                : new String[] {ShaderProgram.HUD_VERTEX, ShaderProgram.HUD_FRAGMENT, ShaderProgram.HUD_FRAGMENT_IMAGE};
    }

    /**
     * A renderer drawing with other shader files ({@code files}: vertex shader, atlas fragment, picture fragment, with
     * the bundled ones' attributes and uniforms): for tests that compare the bundled programs with a reference.
     */
    DrawListRenderer(FontAtlas atlas, GlSupport support, String[] files) {
        if (!support.canDraw()) {
            throw new IllegalArgumentException(support.whyNotDrawing());
        }
        this.support = support;
        state = new GlStateGuard(support);
        this.cache = new HudCache(support, state);
        state.save();
        try {
            for (int p = 0; p < programs.length; p++) {
                programs[p] = ShaderProgram.load(files[0], files[1 + p]);
                framebufferSizeUniform[p] = programs[p].uniform("uFramebufferSize");
                int atlasUniform = programs[p].uniform("uAtlas");
                glUseProgram(programs[p].id());
                glUniform1i(atlasUniform, 0);
            }

            for (int b = 0; b < DrawList.RING; b++) {
                vertexBuffers[b] = glGenBuffers();
            }
            indexBuffer = glGenBuffers();
            if (!support.legacy()) {
                vertexArray = glGenVertexArrays();
                // The element buffer binding is recorded in the overlay's own vertex array, never in the game's.
                glBindVertexArray(vertexArray);
                glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer);
                glBindBuffer(GL_ARRAY_BUFFER, vertexBuffers[0]);
                setAttributePointers();
            }
            uploadAtlasUnguarded(atlas);
        } catch (RuntimeException e) {
            deleteObjects();
            deletePrograms();
            state.restore();
            state.close();
            cache.close();
            throw e;
        }
        // The constructor, too, must leave the game's state as it found it.
        state.restore();
    }

    private void deletePrograms() {
        for (int p = 0; p < programs.length; p++) {
            if (programs[p] != null) {
                programs[p].delete();
                programs[p] = null;
            }
        }
    }

    /** Gives every program the framebuffer's size (a frame's first use of the programs). */
    private void framebufferSize(int width, int height) {
        for (int p = 0; p < programs.length; p++) {
            glUseProgram(programs[p].id());
            glUniform2f(framebufferSizeUniform[p], width, height);
        }
    }

    /** The draw list's vertex format, for the vertex buffer bound to {@code GL_ARRAY_BUFFER}. */
    private static void setAttributePointers() {
        glEnableVertexAttribArray(0);
        glEnableVertexAttribArray(1);
        glEnableVertexAttribArray(2);
        glVertexAttribPointer(0, 2, GL_SHORT, false, DrawList.VERTEX_BYTES, 0);
        glVertexAttribPointer(1, 2, GL_UNSIGNED_SHORT, true, DrawList.VERTEX_BYTES, 4);
        glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, true, DrawList.VERTEX_BYTES, 8);
    }

    /** Replaces the atlas texture's contents (after a rebake for a new content scale). */
    void uploadAtlas(FontAtlas atlas) {
        state.save();
        try {
            uploadAtlasUnguarded(atlas);
        } finally {
            state.restore();
        }
    }

    private void uploadAtlasUnguarded(FontAtlas atlas) {
        if (atlasTexture == 0) {
            atlasTexture = glGenTextures();
        }
        glBindTexture(GL_TEXTURE_2D, atlasTexture);
        // Nearest filtering: glyph quads sit on whole pixels with one texel per pixel, so nothing is resampled.
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        state.saveUnpackForUpload();
        try {
            // GL_RED needs 3.0, and a core context has no GL_LUMINANCE: the shaders read .r from either.
            int format = support.legacy() ? GL_LUMINANCE : GL_RED;
            int internalFormat = support.legacy() ? GL_LUMINANCE8 : GL_R8;
            glTexImage2D(GL_TEXTURE_2D, 0, internalFormat, atlas.width(), atlas.height(), 0, format,
                    GL_UNSIGNED_BYTE, atlas.pixels());
        } finally {
            state.restoreUnpack();
        }
    }

    /**
     * Draws the list over whatever framebuffer the game has bound, then restores the game's state. Returns the
     * number of draw calls issued (one per command). Does nothing for an empty list or a 0×0 framebuffer.
     */
    int render(DrawList list) {
        return render(list, false);
    }

    /**
     * {@link #render(DrawList)}; with {@code keep}, a {@linkplain DrawList#selfContained self-contained} list in a
     * context with framebuffer objects is drawn into the {@link HudCache} instead and its panel rectangles copied from
     * there over the game, so {@link #replay} can show the same pixels again with one draw call.
     */
    int render(DrawList list, boolean keep) {
        int width = list.framebufferWidth();
        int height = list.framebufferHeight();
        cacheHeld = false;
        if (width <= 0 || height <= 0 || list.indexCount() == 0) {
            lastDrawCalls = 0;
            return 0;
        }
        state.save();
        try {
            state.applyOverlayState(width, height);
            framebufferSize(width, height);
            int calls;
            if (keep && list.selfContained() && cache.ready(width, height)) {
                int game = cache.bind();
                try {
                    calls = drawCommands(list, false);
                } finally {
                    cache.unbind(game);
                }
                cache.layOut(list);
                uploadComposite();
                calls += drawComposite(width, height);
                cacheHeld = true;
                cacheGeneration = list.generation();
            } else {
                calls = drawCommands(list, false);
            }
            lastDrawCalls = calls;
            return calls;
        } finally {
            state.restore();
        }
    }

    /**
     * Shows the last rendered list again over the game, uploading nothing: its panel rectangles copied from the
     * {@link HudCache} when the last {@link #render(DrawList, boolean)} kept it there, else the list's commands drawn
     * again from the vertex buffer that holds them. {@code list} must be the list last rendered, unchanged.
     */
    int replay(DrawList list) {
        int width = list.framebufferWidth();
        int height = list.framebufferHeight();
        if (width <= 0 || height <= 0 || list.indexCount() == 0 || list.generation() != renderedGeneration) {
            lastDrawCalls = 0;
            return 0;
        }
        state.save();
        try {
            state.applyOverlayState(width, height);
            framebufferSize(width, height);
            boolean copy = cacheHeld && cacheGeneration == list.generation() && cache.width() == width
                    && cache.height() == height;
            lastUploadBytes = 0;
            lastDrawCalls = copy ? drawComposite(width, height) : drawCommands(list, true);
            return lastDrawCalls;
        } finally {
            state.restore();
        }
    }

    /** Whether the last {@link #render(DrawList, boolean)} kept the HUD's pixels in the cache. */
    boolean cacheHeld() {
        return cacheHeld;
    }

    /**
     * Issues the list's draw calls into the bound framebuffer, the overlay's state applied. {@code again}: the list
     * was drawn before and nothing changed, so nothing is uploaded and the buffers and textures it used are drawn from.
     */
    private int drawCommands(DrawList list, boolean again) {
        int height = list.framebufferHeight();
        int slot = again ? (list.generation() - 1 + DrawList.RING) % DrawList.RING : vertexSlot(list);
        bindVertices(vertexBuffers[slot]);
        int textureSlot = (again ? frames - 1 + HudImage.TEXTURES : frames) % HudImage.TEXTURES;
        if (!again) {
            uploadVertices(list, slot);
            ensureIndices(list.quadCount());
            long imageBytes = 0;
            for (int c = 0; c < list.commandCount(); c++) {
                HudImage image = list.commandImage(c);
                if (image != null) {
                    imageBytes += uploadImage(image);
                }
            }
            lastUploadBytes += imageBytes;
        }
        int calls = 0;
        int boundTexture = -1;
        boolean blending = true;
        int used = -1;
        for (int c = 0; c < list.commandCount(); c++) {
            int count = list.commandIndexCount(c);
            int x0 = list.commandClip(c, 0);
            int y0 = list.commandClip(c, 1);
            int x1 = list.commandClip(c, 2);
            int y1 = list.commandClip(c, 3);
            if (count == 0 || x1 <= x0 || y1 <= y0) {
                continue;
            }
            HudImage image = list.commandImage(c);
            int texture = image == null ? atlasTexture : image.textures[textureSlot];
            if (texture != boundTexture) {
                glBindTexture(GL_TEXTURE_2D, texture);
                boundTexture = texture;
            }
            int program = image != null ? IMAGE : ATLAS;
            if (program != used) {
                glUseProgram(programs[program].id());
                used = program;
            }
            boolean opaque = list.commandOpaque(c);
            if (opaque == blending) {
                // Opaque panels and pictures are written, not blended: on a software rasteriser half the cost.
                if (opaque) {
                    glDisable(GL_BLEND);
                } else {
                    glEnable(GL_BLEND);
                }
                blending = !opaque;
            }
            // The draw list's clip is top-left based; GL's scissor box is bottom-left based.
            glScissor(x0, height - y1, x1 - x0, y1 - y0);
            glDrawElements(GL_TRIANGLES, count, GL_UNSIGNED_INT, (long) list.commandFirstIndex(c) * DrawList.INDEX_BYTES);
            calls++;
        }
        if (!again) {
            frames++;
        }
        return calls;
    }

    /** Makes {@code buffer} the one the overlay's three attributes read, with the static quad indices. */
    private void bindVertices(int buffer) {
        if (support.legacy()) {
            // No vertex array of its own: vertex array 0 (the guard bound it and saved its attributes) gets the
            // overlay's buffers and pointers for this draw.
            glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer);
        } else {
            glBindVertexArray(vertexArray);
        }
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        // The attributes now read this buffer (the overlay's own vertex array on the modern path).
        setAttributePointers();
    }

    /** Uploads the cache's composite quads (at a refresh: a few hundred bytes) into their own buffer. */
    private void uploadComposite() {
        if (compositeBuffer == 0) {
            compositeBuffer = glGenBuffers();
        }
        glBindBuffer(GL_ARRAY_BUFFER, compositeBuffer);
        glBufferData(GL_ARRAY_BUFFER, cache.quadBytes(), GL_DYNAMIC_DRAW);
        lastUploadBytes += (long) cache.quadCount() * DrawList.QUAD_BYTES;
    }

    /** Copies the cache's panel rectangles over the bound framebuffer: one unblended draw of textured quads. */
    private int drawComposite(int width, int height) {
        bindVertices(compositeBuffer);
        glDisable(GL_BLEND);
        glBindTexture(GL_TEXTURE_2D, cache.texture());
        glUseProgram(programs[IMAGE].id());
        glScissor(0, 0, width, height);
        glDrawElements(GL_TRIANGLES, cache.quadCount() * 6, GL_UNSIGNED_INT, 0L);
        return 1;
    }

    /**
     * The ring buffer this frame draws from: the finished frame's slot ({@link DrawList#finish()}), or, for a list
     * nobody finished, the next buffer in turn.
     */
    private int vertexSlot(DrawList list) {
        int generation = list.generation();
        if (generation > 0 && generation != renderedGeneration) {
            return (generation - 1) % DrawList.RING;
        }
        return frames % DrawList.RING;
    }

    /**
     * Writes this frame's vertices into its ring buffer (bound to {@code GL_ARRAY_BUFFER}): only the quads that
     * changed when that buffer holds the frame {@link DrawList#RING} before (the one {@code finish} compared with),
     * else all of them into a respecified store. A buffer of the ring is written only every third frame, when the
     * frames that drew from it are done, so no write waits for the GPU.
     */
    private void uploadVertices(DrawList list, int slot) {
        int generation = list.generation();
        boolean finished = generation > 0 && generation != renderedGeneration;
        long needed = (long) list.quadCount() * DrawList.QUAD_BYTES;
        if (finished && bufferGeneration[slot] == generation - DrawList.RING && bufferBytes[slot] >= needed) {
            long bytes = 0;
            for (int r = 0; r < list.changedRanges(); r++) {
                int from = list.changedFrom(r);
                int to = list.changedTo(r);
                glBufferSubData(GL_ARRAY_BUFFER, (long) from * DrawList.QUAD_BYTES, list.vertexBytes(from, to));
                bytes += (long) (to - from) * DrawList.QUAD_BYTES;
            }
            lastUploadBytes = bytes;
        } else {
            // Room for growth, so a report a few rows longer next frame still takes the partial path.
            long capacity = Math.max(needed + needed / 4, 4096);
            glBufferData(GL_ARRAY_BUFFER, capacity, GL_DYNAMIC_DRAW);
            glBufferSubData(GL_ARRAY_BUFFER, 0, list.vertexBytes());
            bufferBytes[slot] = capacity;
            lastUploadBytes = needed;
        }
        bufferGeneration[slot] = finished ? generation : -1;
        renderedGeneration = generation;
    }

    /** Keeps the static quad indices ({@code 0 1 2 0 2 3} + 4 per quad) long enough for {@code quads} quads. */
    private void ensureIndices(int quads) {
        if (quads <= indexQuads) {
            return;
        }
        int capacity = Math.max(quads, Math.max(1024, indexQuads * 2));
        IntBuffer indices = MemoryUtil.memAllocInt(capacity * 6);
        try {
            for (int q = 0; q < capacity; q++) {
                int base = q * 4;
                indices.put(base).put(base + 1).put(base + 2).put(base).put(base + 2).put(base + 3);
            }
            indices.flip();
            glBufferData(GL_ELEMENT_ARRAY_BUFFER, indices, GL_STATIC_DRAW);
        } finally {
            NativeMemory.free(indices);
        }
        indexQuads = capacity;
    }

    /**
     * Brings the image's next texture (they are used in turn, see {@link HudImage#TEXTURES}) up to date: the whole
     * image when its size changed (or on first use), else only the columns written since that texture was last
     * brought up to date. Leaves that texture bound; returns the bytes uploaded.
     */
    private long uploadImage(HudImage image) {
        int slot = frames % HudImage.TEXTURES;
        if (image.textures[0] == 0) {
            for (int t = 0; t < HudImage.TEXTURES; t++) {
                image.textures[t] = glGenTextures();
            }
            if (imageCount == images.length) {
                images = java.util.Arrays.copyOf(images, imageCount * 2);
            }
            images[imageCount++] = image;
        }
        boolean respecify = image.textureSizeVersion[slot] != image.sizeVersion();
        int held = image.textureVersion[slot];
        if (!respecify && held == image.version()) {
            return 0;
        }
        glBindTexture(GL_TEXTURE_2D, image.textures[slot]);
        long bytes = 0;
        state.saveUnpackForUpload();
        try {
            if (respecify) {
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
                glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, image.width(), image.height(), 0, GL_RGBA,
                        GL_UNSIGNED_BYTE, image.pixels());
                image.textureSizeVersion[slot] = image.sizeVersion();
                bytes = (long) image.width() * image.height() * 4;
            } else {
                // Sub-rectangles of the whole image in client memory: rows are image-wide apart.
                glPixelStorei(GL_UNPACK_ROW_LENGTH, image.width());
                int x = 0;
                while (x < image.width()) {
                    if (image.columnVersion(x) <= held) {
                        x++;
                        continue;
                    }
                    int from = x;
                    while (x < image.width() && image.columnVersion(x) > held) {
                        x++;
                    }
                    glPixelStorei(GL_UNPACK_SKIP_PIXELS, from);
                    glTexSubImage2D(GL_TEXTURE_2D, 0, from, 0, x - from, image.height(), GL_RGBA,
                            GL_UNSIGNED_BYTE, image.pixels());
                    bytes += (long) (x - from) * image.height() * 4;
                }
            }
        } finally {
            state.restoreUnpack();
        }
        image.textureVersion[slot] = image.version();
        return bytes;
    }

    /** Bytes the last {@link #render} uploaded: changed vertices and image columns (the indices are static). */
    long lastUploadBytes() {
        return lastUploadBytes;
    }

    /** Draw calls issued by the last {@link #render}. */
    int lastDrawCalls() {
        return lastDrawCalls;
    }

    private void deleteObjects() {
        if (compositeBuffer != 0) {
            glDeleteBuffers(compositeBuffer);
            compositeBuffer = 0;
        }
        cacheHeld = false;
        if (vertexArray != 0) {
            glDeleteVertexArrays(vertexArray);
            vertexArray = 0;
        }
        for (int b = 0; b < DrawList.RING; b++) {
            if (vertexBuffers[b] != 0) {
                glDeleteBuffers(vertexBuffers[b]);
                vertexBuffers[b] = 0;
            }
        }
        if (indexBuffer != 0) {
            glDeleteBuffers(indexBuffer);
            indexBuffer = 0;
        }
        if (atlasTexture != 0) {
            glDeleteTextures(atlasTexture);
            atlasTexture = 0;
        }
        for (int i = 0; i < imageCount; i++) {
            for (int t = 0; t < HudImage.TEXTURES; t++) {
                if (images[i].textures[t] != 0) {
                    glDeleteTextures(images[i].textures[t]);
                    images[i].textures[t] = 0;
                    images[i].textureSizeVersion[t] = -1;
                    images[i].textureVersion[t] = 0;
                }
            }
            images[i] = null;
        }
        imageCount = 0;
    }

    /** Deletes the overlay's GL objects; the game's context must be current. */
    @Override
    public void close() {
        deleteObjects();
        cache.close();
        deletePrograms();
        state.close();
    }
}
