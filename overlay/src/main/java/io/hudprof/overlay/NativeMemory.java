package io.hudprof.overlay;

import java.nio.Buffer;

import org.lwjgl.system.MemoryUtil;

/**
 * The overlay's only way to free native buffers and take their addresses, through the {@link Buffer} overloads that
 * LWJGL 3.3 and 3.4 both have. LWJGL 3.4 added overloads per buffer type ({@code memFree(ByteBuffer)},
 * {@code memAddress0(IntBuffer)}, ...): javac picks those when it sees a {@code ByteBuffer} argument, and the jar then
 * fails with {@code NoSuchMethodError} in a game on LWJGL 3.3 (libGDX 1.14). A parameter typed {@code Buffer} makes
 * javac link to the shared overload, whatever LWJGL the overlay was compiled against.
 */
final class NativeMemory {
    private NativeMemory() {
    }

    /** Frees a buffer from {@code MemoryUtil.memAlloc*}/{@code memCalloc}/{@code memRealloc}; null is ignored. */
    static void free(Buffer buffer) {
        MemoryUtil.memFree(buffer);
    }

    /** The address of a direct buffer's first element (position ignored). */
    static long address(Buffer buffer) {
        return MemoryUtil.memAddress0(buffer);
    }
}
