package io.hudprof.pstats;

import java.nio.charset.StandardCharsets;

/**
 * Little-endian reads over a byte range that came from the network. Every read checks the bytes that remain first
 * and throws {@link PStatsFormatException} instead of reading past the range; nothing is allocated for a claimed
 * length before the bytes of that length are known to be there.
 *
 * <p>Not thread-safe; reusable with {@link #reset(byte[], int, int)}.
 */
public final class WireReader {
    private byte[] buf;
    private int pos;
    private int limit;

    /** A reader over nothing; {@link #reset(byte[], int, int)} it before use. */
    public WireReader() {
        this.buf = new byte[0];
    }

    /** A reader over {@code buf[off, off + len)}. */
    public WireReader(byte[] buf, int off, int len) {
        reset(buf, off, len);
    }

    /** Points the reader at {@code buf[off, off + len)}. */
    public WireReader reset(byte[] buf, int off, int len) {
        if (off < 0 || len < 0 || off > buf.length - len) {
            throw new IllegalArgumentException("range " + off + "+" + len + " outside " + buf.length + " bytes");
        }
        this.buf = buf;
        this.pos = off;
        this.limit = off + len;
        return this;
    }

    /** Bytes not read yet. */
    public int remaining() {
        return limit - pos;
    }

    private void need(int n, String what) throws PStatsFormatException {
        if (n > limit - pos) {
            throw new PStatsFormatException("truncated: " + what + " needs " + n + " bytes, " + (limit - pos)
                    + " remain");
        }
    }

    /** Unsigned 8-bit value. */
    public int u8(String what) throws PStatsFormatException {
        need(1, what);
        return buf[pos++] & 0xff;
    }

    /** Unsigned 16-bit little-endian value. */
    public int u16(String what) throws PStatsFormatException {
        need(2, what);
        int v = (buf[pos] & 0xff) | (buf[pos + 1] & 0xff) << 8;
        pos += 2;
        return v;
    }

    /** Signed 16-bit little-endian value. */
    public int i16(String what) throws PStatsFormatException {
        return (short) u16(what);
    }

    /** Unsigned 32-bit little-endian value, as a long so a huge count cannot turn negative. */
    public long u32(String what) throws PStatsFormatException {
        need(4, what);
        long v = (buf[pos] & 0xffL) | (buf[pos + 1] & 0xffL) << 8 | (buf[pos + 2] & 0xffL) << 16
                | (buf[pos + 3] & 0xffL) << 24;
        pos += 4;
        return v;
    }

    /** IEEE-754 binary32, little-endian. */
    public float f32(String what) throws PStatsFormatException {
        return Float.intBitsToFloat((int) u32(what));
    }

    /** A {@code u16} length and that many bytes, decoded as UTF-8 (invalid sequences become U+FFFD). */
    public String string(String what) throws PStatsFormatException {
        int len = u16(what);
        need(len, what);
        String s = new String(buf, pos, len, StandardCharsets.UTF_8);
        pos += len;
        return s;
    }
}
