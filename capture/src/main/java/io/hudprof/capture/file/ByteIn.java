package io.hudprof.capture.file;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * A bounded reader over a capture's bytes: every read checks the bytes left before its limit, so a lying length
 * becomes a {@link CaptureFormatException} naming the offset, never an allocation or a read past the end.
 */
final class ByteIn {
    private final Path file;
    private final byte[] bytes;
    private int pos;
    private int limit;

    ByteIn(Path file, byte[] bytes) {
        this.file = file;
        this.bytes = bytes;
        this.limit = bytes.length;
    }

    int position() {
        return pos;
    }

    int limit() {
        return limit;
    }

    int remaining() {
        return limit - pos;
    }

    /** Narrows reading to the next {@code length} bytes (a record); returns the old limit to restore. */
    int push(int length) throws CaptureFormatException {
        if (length < 0 || length > remaining()) {
            throw fail("a record claims " + length + " bytes but " + remaining() + " remain");
        }
        int old = limit;
        limit = pos + length;
        return old;
    }

    /** Ends a record: it must have been read to its end. */
    void pop(int oldLimit, String what) throws CaptureFormatException {
        if (pos != limit) {
            throw fail(what + " record has " + (limit - pos) + " bytes left over");
        }
        limit = oldLimit;
    }

    /** Skips the rest of the current record (an optional record of a later minor version). */
    void skipToLimit() {
        pos = limit;
    }

    CaptureFormatException fail(String problem) {
        return new CaptureFormatException(file, pos, problem);
    }

    int readByte() throws CaptureFormatException {
        if (pos >= limit) {
            throw fail("unexpected end of " + (limit == bytes.length ? "file" : "record"));
        }
        return bytes[pos++] & 0xFF;
    }

    long readVarLong() throws CaptureFormatException {
        int start = pos;
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = readByte();
            if (shift == 63 && (b & 0x7E) != 0) {
                pos = start;
                throw fail("varint overflows 64 bits");
            }
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        pos = start;
        throw fail("varint longer than 10 bytes");
    }

    long readSignedVarLong() throws CaptureFormatException {
        long v = readVarLong();
        return (v >>> 1) ^ -(v & 1);
    }

    /** A non-negative int no larger than {@code max}, named {@code what} in the error. */
    int readCount(int max, String what) throws CaptureFormatException {
        int start = pos;
        long v = readVarLong();
        if (v < 0 || v > max) {
            pos = start;
            throw fail(what + " " + Long.toUnsignedString(v) + " is out of range (at most " + max + ")");
        }
        return (int) v;
    }

    /** A count of items of at least {@code minBytes} bytes each: it cannot claim more than the record holds. */
    int readItems(int minBytes, String what) throws CaptureFormatException {
        int start = pos;
        int n = readCount(Integer.MAX_VALUE, what);
        if ((long) n * minBytes > remaining()) {
            pos = start;
            throw fail(what + " " + n + " cannot fit in the " + remaining() + " bytes left");
        }
        return n;
    }

    long readNonNegative(String what) throws CaptureFormatException {
        int start = pos;
        long v = readVarLong();
        if (v < 0) {
            pos = start;
            throw fail(what + " is negative");
        }
        return v;
    }

    String readString(String what) throws CaptureFormatException {
        int length = readCount(CaptureFormat.MAX_STRING_BYTES, what + " length");
        if (length > remaining()) {
            throw fail(what + " claims " + length + " bytes but " + remaining() + " remain");
        }
        try {
            String s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, pos, length)).toString();
            pos += length;
            return s;
        } catch (CharacterCodingException e) {
            throw fail(what + " is not UTF-8");
        }
    }
}
