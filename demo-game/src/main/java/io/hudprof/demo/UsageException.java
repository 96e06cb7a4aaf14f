package io.hudprof.demo;

/** A command-line mistake: the message says what was wrong; the caller prints it with the usage line. */
final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
