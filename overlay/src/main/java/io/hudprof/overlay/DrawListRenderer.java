package io.hudprof.overlay;

import static org.lwjgl.opengl.GL12.GL_CLAMP_TO_EDGE;
import static org.lwjgl.opengl.GL11.GL_FLOAT;
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
import static org.lwjgl.opengl.GL15.GL_STREAM_DRAW;
import static org.lwjgl.opengl.GL15.glBindBuffer;
import static org.lwjgl.opengl.GL15.glBufferData;
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

import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;

/**
 * Draws a {@link DrawList} in the game's OpenGL context: one {@code glDrawElements} per draw command, inside a full
 * save/restore of the game's GL state ({@link GlStateGuard}). Owns the overlay's GL objects (program, vertex array,
 * two streaming buffers, the atlas texture). Uses whatever capabilities the game made current and never creates
 * its own, so it works inside LWJGL and libGDX hosts alike. Needs OpenGL 3.3 (core or compatibility profile).
 */
final class DrawListRenderer implements AutoCloseable {
    private final GlStateGuard state;
    private final ShaderProgram program;
    private final int framebufferSizeUniform;
    private int vertexArray;
    private int vertexBuffer;
    private int indexBuffer;
    private int atlasTexture;
    private int lastDrawCalls;

    /** Creates the GL objects; the game's context must be current. Leaves the game's GL state as it was. */
    DrawListRenderer(FontAtlas atlas) {
        requireGl33();
        state = new GlStateGuard();
        state.save();
        ShaderProgram loaded = null;
        int sizeUniform;
        try {
            loaded = ShaderProgram.load(ShaderProgram.HUD_VERTEX, ShaderProgram.HUD_FRAGMENT);
            sizeUniform = loaded.uniform("uFramebufferSize");
            int atlasUniform = loaded.uniform("uAtlas");
            glUseProgram(loaded.id());
            glUniform1i(atlasUniform, 0);

            vertexArray = glGenVertexArrays();
            vertexBuffer = glGenBuffers();
            indexBuffer = glGenBuffers();
            // The element buffer binding is recorded in the overlay's own vertex array, never in the game's.
            glBindVertexArray(vertexArray);
            glBindBuffer(GL_ARRAY_BUFFER, vertexBuffer);
            glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer);
            glEnableVertexAttribArray(0);
            glEnableVertexAttribArray(1);
            glEnableVertexAttribArray(2);
            glVertexAttribPointer(0, 2, GL_FLOAT, false, DrawList.VERTEX_BYTES, 0);
            glVertexAttribPointer(1, 2, GL_FLOAT, false, DrawList.VERTEX_BYTES, 8);
            glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, true, DrawList.VERTEX_BYTES, 16);
            uploadAtlasUnguarded(atlas);
        } catch (RuntimeException e) {
            deleteObjects();
            if (loaded != null) {
                loaded.delete();
            }
            state.restore();
            state.close();
            throw e;
        }
        // The constructor, too, must leave the game's state as it found it.
        state.restore();
        program = loaded;
        framebufferSizeUniform = sizeUniform;
    }

    private static void requireGl33() {
        GLCapabilities caps;
        try {
            caps = GL.getCapabilities();
        } catch (IllegalStateException e) {
            throw new IllegalStateException("hudprof overlay: no OpenGL context is current on this thread; create "
                    + "the overlay on the game's render thread after its GL.createCapabilities()", e);
        }
        if (!caps.OpenGL33) {
            throw new IllegalStateException("hudprof overlay needs OpenGL 3.3 (its shaders are GLSL 330 core); "
                    + "the current context does not provide it");
        }
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
            glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, atlas.width(), atlas.height(), 0, GL_RED, GL_UNSIGNED_BYTE,
                    atlas.pixels());
        } finally {
            state.restoreUnpack();
        }
    }

    /**
     * Draws the list over whatever framebuffer the game has bound, then restores the game's state. Returns the
     * number of draw calls issued (one per command). Does nothing for an empty list or a 0×0 framebuffer.
     */
    int render(DrawList list) {
        int width = list.framebufferWidth();
        int height = list.framebufferHeight();
        if (width <= 0 || height <= 0 || list.indexCount() == 0) {
            lastDrawCalls = 0;
            return 0;
        }
        state.save();
        try {
            state.applyOverlayState(width, height);
            glUseProgram(program.id());
            glUniform2f(framebufferSizeUniform, width, height);
            glBindVertexArray(vertexArray);
            glBindTexture(GL_TEXTURE_2D, atlasTexture);
            glBindBuffer(GL_ARRAY_BUFFER, vertexBuffer);
            // Respecifying the whole store each frame lets the driver hand out fresh memory instead of waiting
            // for the previous frame's draws to finish reading it.
            glBufferData(GL_ARRAY_BUFFER, list.vertexBytes(), GL_STREAM_DRAW);
            glBufferData(GL_ELEMENT_ARRAY_BUFFER, list.indexBytes(), GL_STREAM_DRAW);
            int calls = 0;
            for (int c = 0; c < list.commandCount(); c++) {
                int count = list.commandIndexCount(c);
                int x0 = list.commandClip(c, 0);
                int y0 = list.commandClip(c, 1);
                int x1 = list.commandClip(c, 2);
                int y1 = list.commandClip(c, 3);
                if (count == 0 || x1 <= x0 || y1 <= y0) {
                    continue;
                }
                // The draw list's clip is top-left based; GL's scissor box is bottom-left based.
                glScissor(x0, height - y1, x1 - x0, y1 - y0);
                glDrawElements(GL_TRIANGLES, count, GL_UNSIGNED_INT, (long) list.commandFirstIndex(c) * DrawList.INDEX_BYTES);
                calls++;
            }
            lastDrawCalls = calls;
            return calls;
        } finally {
            state.restore();
        }
    }

    /** Draw calls issued by the last {@link #render}. */
    int lastDrawCalls() {
        return lastDrawCalls;
    }

    boolean coreProfile() {
        return state.coreProfile();
    }

    private void deleteObjects() {
        if (vertexArray != 0) {
            glDeleteVertexArrays(vertexArray);
            vertexArray = 0;
        }
        if (vertexBuffer != 0) {
            glDeleteBuffers(vertexBuffer);
            vertexBuffer = 0;
        }
        if (indexBuffer != 0) {
            glDeleteBuffers(indexBuffer);
            indexBuffer = 0;
        }
        if (atlasTexture != 0) {
            glDeleteTextures(atlasTexture);
            atlasTexture = 0;
        }
    }

    /** Deletes the overlay's GL objects; the game's context must be current. */
    @Override
    public void close() {
        deleteObjects();
        program.delete();
        state.close();
    }
}
