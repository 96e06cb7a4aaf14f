package io.hudprof.core;

/**
 * Encoding of the events a {@link ThreadRecorder} writes: one int word (kind in bits 24–27, zone id or payload
 * in bits 0–23) and one long timestamp. The recorder guarantees that the events it writes are balanced against
 * its own zone stack; mismatches are written as explicit repair events, so a reader only replays them.
 */
final class EventCodes {
    static final int PAYLOAD_MASK = (1 << 24) - 1;
    static final int KIND_SHIFT = 24;

    /** A zone was entered: push it. */
    static final int BEGIN = 1;
    /** The innermost zone ended normally: pop. */
    static final int END = 2;
    /** The innermost zone was closed because an enclosing zone ended first: pop and count a missing end. */
    static final int END_MISSING = 3;
    /** The innermost zone was still open when {@code update()} ran on its thread: pop and count it. */
    static final int END_OPEN_AT_UPDATE = 4;
    /** An end with nothing matching to close; payload is the zone id. No stack change. */
    static final int EXTRA_END = 5;
    /** Entries past the maximum depth began here and were not recorded. No stack change. */
    static final int DEPTH_LIMIT = 6;
    /** Events were lost; payload is how many (saturating). Reset the stack to the thread root. */
    static final int RESYNC = 7;
    /** After a RESYNC: push this zone without counting an entry (it was entered during the gap or before). */
    static final int RESYNC_PUSH = 8;

    private EventCodes() {
    }

    static int word(int kind, int payload) {
        return (kind << KIND_SHIFT) | (payload & PAYLOAD_MASK);
    }

    static int kind(int word) {
        return word >>> KIND_SHIFT;
    }

    static int payload(int word) {
        return word & PAYLOAD_MASK;
    }
}
