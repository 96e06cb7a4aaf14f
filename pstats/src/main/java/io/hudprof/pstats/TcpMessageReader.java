package io.hudprof.pstats;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads {@code u32 length + payload} messages (protocol ≥ 3.0) from a stream. A length over
 * {@link PStatsCodec#MAX_TCP_PAYLOAD} or of zero is rejected before anything is read for it, and the buffer grows
 * only as bytes actually arrive (at most {@link #CHUNK} ahead of them), so a lying length cannot make it allocate.
 *
 * <p>One reader per connection, used by one thread.
 */
public final class TcpMessageReader {
    /** How far the buffer may grow ahead of the bytes received. */
    static final int CHUNK = 64 << 10;

    /** Where the payload starts in {@link #buffer()}: after the length prefix, which is kept for wire taps. */
    public static final int PAYLOAD = 4;

    private final InputStream in;
    private byte[] buf = new byte[4096];

    public TcpMessageReader(InputStream in) {
        this.in = in;
    }

    /** The last message read: its length prefix, then the payload from {@link #PAYLOAD}. */
    public byte[] buffer() {
        return buf;
    }

    /**
     * Reads the next message.
     *
     * @return the payload length, or -1 when the stream ended cleanly between messages
     * @throws EOFException          when the stream ended inside a message
     * @throws PStatsFormatException when the length is zero or over the limit
     */
    public int next() throws IOException, PStatsFormatException {
        int got = readFully(buf, 0, PAYLOAD, true);
        if (got == 0) {
            return -1;
        }
        long len = (buf[0] & 0xffL) | (buf[1] & 0xffL) << 8 | (buf[2] & 0xffL) << 16 | (buf[3] & 0xffL) << 24;
        if (len == 0 || len > PStatsCodec.MAX_TCP_PAYLOAD) {
            throw new PStatsFormatException("TCP message length " + len + " outside 1.." + PStatsCodec.MAX_TCP_PAYLOAD);
        }
        int n = (int) len + PAYLOAD;
        int pos = PAYLOAD;
        while (pos < n) {
            if (pos == buf.length) {
                buf = Arrays.copyOf(buf, Math.min(n, buf.length + Math.max(CHUNK, buf.length)));
            }
            int want = Math.min(n, buf.length) - pos;
            pos += readFully(buf, pos, want, false);
        }
        return n - PAYLOAD;
    }

    private int readFully(byte[] dest, int off, int len, boolean atBoundary) throws IOException {
        int done = 0;
        while (done < len) {
            int r = in.read(dest, off + done, len - done);
            if (r < 0) {
                if (atBoundary && done == 0) {
                    return 0;
                }
                throw new EOFException("connection closed inside a message");
            }
            done += r;
        }
        return done;
    }
}
