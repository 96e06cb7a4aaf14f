package io.hudprof.check;

/** What the gate concluded for one finding. */
public enum Verdict {
    /** The whole interval is within the limit (or the change is below the noise floor). */
    PASS("pass"),
    /** The whole interval is beyond the limit, and the change is above the noise floor. */
    REGRESSION("REGRESSION"),
    /** The interval straddles the limit: the noise cannot settle it. */
    INCONCLUSIVE("inconclusive");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** How reports print it. */
    public String label() {
        return label;
    }
}
