package io.hudprof.core;

/** An allocation counter a test advances by hand, like {@link ManualClock}; one thread only. */
public final class ManualAllocationCounter implements AllocationCounter {
    private long allocated = 1_000_000;
    String unavailable;
    long reads;

    /** Counts {@code bytes} more as allocated by the (one) recording thread. */
    public void allocate(long bytes) {
        allocated += bytes;
    }

    @Override
    public long currentThreadAllocatedBytes() {
        reads++;
        return allocated;
    }

    @Override
    public String unavailableReason() {
        return unavailable;
    }
}
