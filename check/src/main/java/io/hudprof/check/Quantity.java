package io.hudprof.check;

/** Which of a zone's per-frame values a rule reads. */
public enum Quantity {
    /** Time while the zone was innermost (the default: a slower zone shows here, and not in its callers). */
    SELF("self"),
    /** Time inside the zone's outermost entries, including what it called. */
    HIER("hier"),
    /** How many times the zone was entered. */
    CALLS("calls");

    private final String word;

    Quantity(String word) {
        this.word = word;
    }

    /** The word rules use for it. */
    public String word() {
        return word;
    }

    /** True when the values are nanoseconds (false for entry counts). */
    public boolean isTime() {
        return this != CALLS;
    }

    static Quantity byWord(String word) {
        for (Quantity q : values()) {
            if (q.word.equalsIgnoreCase(word)) {
                return q;
            }
        }
        return null;
    }
}
