package io.hudprof.core;

/**
 * The time source of a {@link Profiler}: a monotonic nanosecond counter. The default is
 * {@link #SYSTEM} ({@link System#nanoTime()}); tests inject a {@link ManualClock} so every number is exact.
 * Implementations must be cheap and callable from any thread.
 */
@FunctionalInterface
public interface Clock {
    /** The system's monotonic clock, {@link System#nanoTime()}. */
    Clock SYSTEM = System::nanoTime;

    /** The current time in nanoseconds; only differences are meaningful. */
    long nanoTime();
}
