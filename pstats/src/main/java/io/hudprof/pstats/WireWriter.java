package io.hudprof.pstats;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Little-endian writes into one reusable buffer, with room kept in front of the payload for either transport's
 * header: {@link #tcpMessage()} patches the {@code u32} length, {@link #udpDatagram()} the {@code u16} checksum, so
 * a payload is encoded once and sent over whichever channel fits.
 *
 * <p>The buffer grows (doubling) up to {@code maxPayload} and then keeps its capacity; writing past
 * {@code maxPayload} throws {@link IllegalStateException}, which encoders avoid by checking {@link #room()}.
 * Not thread-safe: one writer per sending thread.
 */
public final class WireWriter {
    /** Bytes reserved before the payload: the larger header (TCP's u32 length). */
    public static final int HEADER = 4;

    private final int maxPayload;
    private byte[] buf;
    private int pos = HEADER;

    /** @param maxPayload the largest payload this writer may hold */
    public WireWriter(int maxPayload) {
        this.maxPayload = maxPayload;
        this.buf = new byte[Math.min(HEADER + maxPayload, 2048)];
    }

    /** Starts a new payload, keeping the buffer. */
    public WireWriter clear() {
        pos = HEADER;
        return this;
    }

    /** Payload bytes written so far. */
    public int payloadLength() {
        return pos - HEADER;
    }

    /** Payload bytes that may still be written. */
    public int room() {
        return maxPayload - payloadLength();
    }

    /** The buffer: the payload starts at {@link #HEADER}. */
    public byte[] buffer() {
        return buf;
    }

    private void ensure(int n) {
        if (n > room()) {
            throw new IllegalStateException("PStats message over " + maxPayload + " bytes");
        }
        if (pos + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.min(HEADER + maxPayload, Math.max(pos + n, buf.length * 2)));
        }
    }

    public WireWriter u8(int v) {
        ensure(1);
        buf[pos++] = (byte) v;
        return this;
    }

    public WireWriter u16(int v) {
        ensure(2);
        buf[pos] = (byte) v;
        buf[pos + 1] = (byte) (v >>> 8);
        pos += 2;
        return this;
    }

    public WireWriter u32(long v) {
        ensure(4);
        buf[pos] = (byte) v;
        buf[pos + 1] = (byte) (v >>> 8);
        buf[pos + 2] = (byte) (v >>> 16);
        buf[pos + 3] = (byte) (v >>> 24);
        pos += 4;
        return this;
    }

    public WireWriter f32(float v) {
        return u32(Float.floatToRawIntBits(v) & 0xffffffffL);
    }

    /** A {@code u16} byte length and the UTF-8 bytes; names longer than 65535 bytes are cut (PStats' limit). */
    public WireWriter string(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        int len = Math.min(bytes.length, 0xffff);
        u16(len);
        ensure(len);
        System.arraycopy(bytes, 0, buf, pos, len);
        pos += len;
        return this;
    }

    /** Writes the TCP header; the message is {@code buffer()[0, HEADER + payloadLength())}. */
    public int tcpMessage() {
        long len = payloadLength();
        buf[0] = (byte) len;
        buf[1] = (byte) (len >>> 8);
        buf[2] = (byte) (len >>> 16);
        buf[3] = (byte) (len >>> 24);
        return pos;
    }

    /** Writes the UDP checksum; the datagram is {@code buffer()[2, 2 + 2 + payloadLength())}. */
    public int udpDatagram() {
        int sum = PStatsCodec.checksum(buf, HEADER, payloadLength());
        buf[2] = (byte) sum;
        buf[3] = (byte) (sum >>> 8);
        return pos - 2;
    }
}
