package io.hudprof.capture.file;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file that is not a valid capture: wrong magic or version, truncated, a length or count that lies, a reference to
 * something never defined. The message is one line naming the file and the byte offset where reading stopped.
 */
public final class CaptureFormatException extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient Path file;
    private final long offset;

    CaptureFormatException(Path file, long offset, String problem) {
        super((file == null ? "capture" : file.toString()) + ": offset " + offset + ": " + problem);
        this.file = file;
        this.offset = offset;
    }

    /** The file that was read, or null when the bytes did not come from a file. */
    public Path file() {
        return file;
    }

    /** The byte offset (from the file's start) where the problem was found. */
    public long offset() {
        return offset;
    }
}
