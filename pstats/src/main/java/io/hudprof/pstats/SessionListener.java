package io.hudprof.pstats;

/**
 * Told what one client's session produced, in arrival order, on the thread that feeds the session (under the
 * session's lock when TCP and UDP feed it from two threads). Implementations must not keep {@code frame}: it is
 * reused for the next message.
 */
public interface SessionListener {
    /** The client said hello and its version was accepted. */
    default void hello(PStatsSession session) {
    }

    /** Collector or thread definitions changed. */
    default void definitionsChanged(PStatsSession session) {
    }

    /** A frame of one thread arrived. */
    void frame(PStatsSession session, FrameData frame);

    /** A thread was expired by the client (3.2). */
    default void threadExpired(PStatsSession session, int threadIndex) {
    }

    /** The session ended: the client left, or was dropped for {@code reason}. */
    default void closed(PStatsSession session, String reason) {
    }
}
