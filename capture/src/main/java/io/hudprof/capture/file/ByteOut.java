package io.hudprof.capture.file;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte buffer with the format's varints; used by the writer thread only. */
final class ByteOut {
    private byte[] bytes;
    private int size;

    ByteOut(int capacity) {
        bytes = new byte[capacity];
    }

    int size() {
        return size;
    }

    void clear() {
        size = 0;
    }

    void writeByte(int b) {
        ensure(1);
        bytes[size++] = (byte) b;
    }

    void writeBytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, bytes, size, b.length);
        size += b.length;
    }

    /** Unsigned LEB128: 7 bits a byte, low first, high bit set on every byte but the last. */
    void writeVarLong(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        bytes[size++] = (byte) v;
    }

    /** A signed value, zigzag-mapped so small magnitudes of either sign take few bytes. */
    void writeSignedVarLong(long v) {
        writeVarLong((v << 1) ^ (v >> 63));
    }

    void writeString(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > CaptureFormat.MAX_STRING_BYTES) {
            // Cut on a character boundary: a reader refuses longer strings.
            String cut = s;
            while (utf8.length > CaptureFormat.MAX_STRING_BYTES) {
                cut = cut.substring(0, cut.length() * 3 / 4);
                utf8 = cut.getBytes(StandardCharsets.UTF_8);
            }
        }
        writeVarLong(utf8.length);
        writeBytes(utf8);
    }

    /** Appends {@code record} as one record: its tag, its length, its bytes. */
    void writeRecord(int tag, ByteOut record) {
        writeByte(tag);
        writeVarLong(record.size);
        ensure(record.size);
        System.arraycopy(record.bytes, 0, bytes, size, record.size);
        size += record.size;
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(bytes, 0, size);
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
