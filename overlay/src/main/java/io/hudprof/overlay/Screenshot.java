package io.hudprof.overlay;

import static org.lwjgl.opengl.GL11.GL_PACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11.GL_RGB;
import static org.lwjgl.opengl.GL11.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11.glGetInteger;
import static org.lwjgl.opengl.GL11.glPixelStorei;
import static org.lwjgl.opengl.GL11.glReadPixels;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.lwjgl.stb.STBImageWrite;
import org.lwjgl.system.MemoryUtil;

/**
 * Saves what was just drawn as a PNG: read before the swap, rows flipped (GL's first row is the bottom one). For the
 * demo's and the viewer's {@code --screenshot}; not per frame (it allocates two native buffers of the frame's size).
 * Frees through {@link NativeMemory}, so it links on LWJGL 3.3 and 3.4.
 */
public final class Screenshot {
    private Screenshot() {
    }

    /** Reads the bound framebuffer's back buffer of the given size and writes it to {@code file} as an RGB PNG. */
    public static void save(Path file, int width, int height) throws IOException {
        ByteBuffer pixels = MemoryUtil.memAlloc(width * height * 3);
        ByteBuffer flipped = MemoryUtil.memAlloc(width * height * 3);
        try {
            int alignment = glGetInteger(GL_PACK_ALIGNMENT);
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
            glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels);
            glPixelStorei(GL_PACK_ALIGNMENT, alignment);
            int row = width * 3;
            long from = NativeMemory.address(pixels);
            long to = NativeMemory.address(flipped);
            for (int y = 0; y < height; y++) {
                MemoryUtil.memCopy(from + (long) (height - 1 - y) * row, to + (long) y * row, row);
            }
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (!STBImageWrite.stbi_write_png(file.toString(), width, height, 3, flipped, row)) {
                throw new IOException("stbi_write_png could not write " + file);
            }
        } finally {
            NativeMemory.free(pixels);
            NativeMemory.free(flipped);
        }
    }
}
