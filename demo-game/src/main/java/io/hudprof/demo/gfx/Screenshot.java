package io.hudprof.demo.gfx;

import static org.lwjgl.opengl.GL11C.*;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.lwjgl.stb.STBImageWrite;
import org.lwjgl.system.MemoryUtil;

/** Saves what the game just drew as a PNG: read before the swap, rows flipped (GL's first row is the bottom one). */
public final class Screenshot {
    private Screenshot() {
    }

    /** Reads the bound framebuffer's back buffer of the given size and writes it to {@code file} as an RGB PNG. */
    public static void save(Path file, int width, int height) {
        ByteBuffer pixels = MemoryUtil.memAlloc(width * height * 3);
        ByteBuffer flipped = MemoryUtil.memAlloc(width * height * 3);
        try {
            int alignment = glGetInteger(GL_PACK_ALIGNMENT);
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
            glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels);
            glPixelStorei(GL_PACK_ALIGNMENT, alignment);
            int row = width * 3;
            for (int y = 0; y < height; y++) {
                MemoryUtil.memCopy(MemoryUtil.memAddress(pixels) + (long) (height - 1 - y) * row,
                        MemoryUtil.memAddress(flipped) + (long) y * row, row);
            }
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (!STBImageWrite.stbi_write_png(file.toString(), width, height, 3, flipped, row)) {
                throw new IllegalStateException("stbi_write_png could not write " + file);
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot create the folder for " + file + ": " + e.getMessage(), e);
        } finally {
            MemoryUtil.memFree(pixels);
            MemoryUtil.memFree(flipped);
        }
    }
}
