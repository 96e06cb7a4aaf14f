package io.hudprof.overlay;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.lwjgl.system.MemoryUtil;

/** Reads the overlay's classpath resources (shaders, fonts); failures name the missing file. */
final class Resources {
    private Resources() {
    }

    /** The resource at {@code path} (no leading slash, e.g. {@code shaders/hud.vert}) as UTF-8 text. */
    static String text(String path) {
        return new String(bytes(path), StandardCharsets.UTF_8);
    }

    /**
     * The resource at {@code path} copied into native memory, which STB needs because it keeps pointers into the
     * font data while baking. The caller frees it with {@link NativeMemory#free}.
     */
    static ByteBuffer nativeBytes(String path) {
        byte[] data = bytes(path);
        ByteBuffer buffer = MemoryUtil.memAlloc(data.length);
        buffer.put(data).flip();
        return buffer;
    }

    static byte[] bytes(String path) {
        ClassLoader loader = Resources.class.getClassLoader();
        try (InputStream in = loader.getResourceAsStream(path)) {
            if (in == null) {
                throw new OverlayLoadException(path, "not found on the classpath (the hudprof-overlay jar packs "
                        + "the shaders/ and fonts/ folders; is it complete?)");
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(1024, in.available()));
            in.transferTo(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new OverlayLoadException(path, "could not be read: " + e.getMessage(), e);
        }
    }
}
