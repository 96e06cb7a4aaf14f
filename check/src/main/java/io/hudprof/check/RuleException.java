package io.hudprof.check;

/** Bad input to the gate: a rule, an option or a file. Its message is one line that names the fix. */
public final class RuleException extends Exception {
    private static final long serialVersionUID = 1L;

    public RuleException(String message) {
        super(message);
    }
}
