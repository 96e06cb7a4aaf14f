package io.hudprof.stats;

/**
 * An entered {@link Phase}, for try-with-resources: {@code close()} leaves it. The object is the thread's own
 * phase state, reused, so entering allocates nothing; close it on the thread that entered it.
 */
public interface PhaseScope extends AutoCloseable {
    /** A scope that does nothing, returned while profiling is compiled out. */
    PhaseScope NONE = () -> { };

    /** Leaves the phase, restoring the thread's phase state from before it was entered. */
    @Override
    void close();
}
