package io.hudprof.pstats;

/**
 * Thrown by a {@link SessionListener} to refuse its client: the server drops that client alone, logging
 * {@code refused: <message>}, and keeps serving the others. For limits the listener keeps itself (the viewer's
 * memory budget), so a client past one gets a line that names the limit and how to raise it instead of an
 * {@code internal error}.
 */
public final class ClientRefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what the client passed and how to raise the limit, for the server's log */
    public ClientRefusedException(String message) {
        super(message, null, false, false);
    }
}
