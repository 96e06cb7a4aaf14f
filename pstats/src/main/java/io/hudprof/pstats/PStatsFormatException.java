package io.hudprof.pstats;

/**
 * The codec's one rejection: bytes from the network that do not form a valid PStats message (a length that lies, a
 * truncated record, a bad checksum, an index out of range). Checked, so every caller that faces the network decides
 * what to drop: the datagram, the message, or the client.
 */
public final class PStatsFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param reason what was wrong, for the log line that names the dropped input */
    public PStatsFormatException(String reason) {
        super(reason);
    }
}
