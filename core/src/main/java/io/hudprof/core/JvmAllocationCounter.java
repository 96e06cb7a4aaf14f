package io.hudprof.core;

import java.lang.management.ManagementFactory;

/**
 * HotSpot's per-thread allocation counter. It counts the bytes of every object the thread allocated, TLAB or not,
 * to the byte (checked: n arrays of {@code long[1000]} read as exactly n × 8016 bytes with compressed class
 * pointers), and a read costs about 10 ns. On a JVM without {@code com.sun.management}, or with the counter not
 * supported or switched off, it is unavailable and says why; it is never switched on behind the user's back.
 */
final class JvmAllocationCounter implements AllocationCounter {
    static final JvmAllocationCounter INSTANCE = new JvmAllocationCounter();

    private final com.sun.management.ThreadMXBean bean;
    private final String missing;

    private JvmAllocationCounter() {
        com.sun.management.ThreadMXBean found = null;
        String why;
        try {
            java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            if (threads instanceof com.sun.management.ThreadMXBean hotspot) {
                found = hotspot;
                why = null;
            } else {
                why = "this JVM's ThreadMXBean has no allocated-bytes counter";
            }
        } catch (LinkageError e) {
            why = "this JVM has no com.sun.management (" + e + ")";
        }
        this.bean = found;
        this.missing = why;
    }

    @Override
    public long currentThreadAllocatedBytes() {
        return bean.getCurrentThreadAllocatedBytes();
    }

    @Override
    public String unavailableReason() {
        if (missing != null) {
            return missing;
        }
        if (!bean.isThreadAllocatedMemorySupported()) {
            return "this JVM does not support per-thread allocated bytes";
        }
        if (!bean.isThreadAllocatedMemoryEnabled()) {
            return "per-thread allocated bytes are switched off (ThreadMXBean.setThreadAllocatedMemoryEnabled)";
        }
        return null;
    }
}
