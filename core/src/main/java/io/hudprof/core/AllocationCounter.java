package io.hudprof.core;

/**
 * The per-thread allocated-bytes counter that allocation per zone reads at each zone transition, next to the
 * clock. {@link #jvm()} is HotSpot's ({@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes});
 * tests may inject their own, as they inject a {@link ManualClock}.
 */
public interface AllocationCounter {
    /**
     * Bytes the calling thread has allocated since it started; never decreases. A negative value means the counter
     * could not be read (it was switched off at run time): the bytes around it are not credited to any zone.
     * Must not allocate; called on the hot path.
     */
    long currentThreadAllocatedBytes();

    /** {@code null} when the counter can be read in this JVM, else why not, for the HUD and the logs. */
    String unavailableReason();

    /** The JVM's own counter; its {@link #unavailableReason()} says when this JVM has none or has it off. */
    static AllocationCounter jvm() {
        return JvmAllocationCounter.INSTANCE;
    }
}
