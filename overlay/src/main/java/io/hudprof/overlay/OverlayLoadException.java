package io.hudprof.overlay;

/**
 * Thrown when the overlay cannot load one of its own files: a GLSL shader that does not compile or link, a font
 * that cannot be read or baked, or a resource missing from the classpath. The message always names the file and,
 * for shaders, carries the driver's info log, so the failure can be fixed without a debugger.
 */
public final class OverlayLoadException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;

    /** Creates an exception about {@code file}; {@code message} should say what went wrong with it. */
    public OverlayLoadException(String file, String message) {
        super(file + ": " + message);
        this.file = file;
    }

    /** Creates an exception about {@code file} caused by {@code cause}. */
    public OverlayLoadException(String file, String message, Throwable cause) {
        super(file + ": " + message, cause);
        this.file = file;
    }

    /** The classpath path of the file that failed, e.g. {@code shaders/hud.frag}. */
    public String file() {
        return file;
    }
}
