package io.hudprof.core;

/**
 * A clock that only moves when told to, for tests and deterministic runs. Its time is a volatile field, so
 * one thread may advance it while others read it.
 */
public final class ManualClock implements Clock {
    private volatile long now;

    /** A clock starting at 0 ns. */
    public ManualClock() {
    }

    /** A clock starting at {@code startNanos}. */
    public ManualClock(long startNanos) {
        this.now = startNanos;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    /** Moves the clock forward by {@code nanos} (which must not be negative) and returns the new time. */
    public long advance(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("a clock cannot go backwards: advance(" + nanos + ")");
        }
        long next = now + nanos;
        now = next;
        return next;
    }

    /** Moves the clock forward by {@code micros} microseconds. */
    public long advanceMicros(long micros) {
        return advance(micros * 1_000L);
    }

    /** Moves the clock forward by {@code millis} milliseconds. */
    public long advanceMillis(long millis) {
        return advance(millis * 1_000_000L);
    }
}
