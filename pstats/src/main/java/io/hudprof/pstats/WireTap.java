package io.hudprof.pstats;

/**
 * Sees every message a {@link PStatsServer} exchanges, in wire form, before it is decoded: for {@code --record}.
 * Called on the client's reader threads under its session lock; must not keep the buffer.
 */
public interface WireTap {
    /**
     * @param peer           the client
     * @param udp            a datagram ({@code u16} checksum + payload) rather than a TCP message
     *                       ({@code u32} length + payload)
     * @param clientToServer the direction
     */
    void message(String peer, boolean udp, boolean clientToServer, byte[] buf, int off, int len);
}
