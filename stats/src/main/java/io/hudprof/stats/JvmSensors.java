package io.hudprof.stats;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.hudprof.core.ValueUnit;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Reads the selected {@link Sensor}s once per frame, on the updating thread, into ordinary statistics. Every read
 * here is allocation-free on HotSpot: allocated bytes ({@code getCurrentThreadAllocatedBytes}), heap in use
 * ({@code Runtime} total minus free, not {@code MemoryMXBean}, which allocates a {@code MemoryUsage} per call),
 * thread count and process CPU time. GC notifications arrive on the JMX notification thread, which counts into its
 * own cells; a collection is therefore shown in the frame in which its notification arrived (the JVM sends it as
 * the collection ends), with the millisecond resolution the JVM reports pauses in.
 */
final class JvmSensors {
    private final com.sun.management.ThreadMXBean threadBean;
    private final java.lang.management.ThreadMXBean threadCounter = ManagementFactory.getThreadMXBean();
    private final com.sun.management.OperatingSystemMXBean osBean;
    private final Runtime runtime = Runtime.getRuntime();
    private final long targetFrameNanos;

    private final MemoryCounter allocated;
    private final Counter gcCollections;
    private final StatTimer gcPause;
    private final MemoryCounter heapUsed;
    private final Counter liveThreads;
    private final StatTimer cpuTime;
    private final Ratio cpuLoad;
    private final Percent lateFrames;
    private final FloatDistribution timePerTarget;

    private final List<NotificationEmitter> gcEmitters = new ArrayList<>();
    private final NotificationListener gcListener = this::onGcNotification;

    private Thread updateThread;
    private long updateThreadAllocated;
    private volatile Thread[] frameThreads = new Thread[0];
    private long[] frameThreadAllocated = new long[0];
    private Thread[] sampledFrameThreads = new Thread[0];
    private long heapLevel;
    private long threadLevel;
    private long lastCpuNanos;

    JvmSensors(Set<Sensor> sensors, long targetFrameNanos) {
        this.targetFrameNanos = targetFrameNanos;
        this.threadBean = sensors.contains(Sensor.ALLOC) ? threadBean() : null;
        this.osBean = sensors.contains(Sensor.CPU) ? osBean() : null;
        allocated = sensors.contains(Sensor.ALLOC) ? MemoryCounter.define("JVM/Allocated") : null;
        if (allocated != null && !threadBean.isThreadAllocatedMemoryEnabled()) {
            threadBean.setThreadAllocatedMemoryEnabled(true);
        }
        boolean gc = sensors.contains(Sensor.GC);
        gcCollections = gc ? Counter.define("JVM/GC collections") : null;
        gcPause = gc ? StatTimer.define("JVM/GC pause") : null;
        heapUsed = sensors.contains(Sensor.HEAP) ? MemoryCounter.defineLevel("JVM/Heap used") : null;
        liveThreads = sensors.contains(Sensor.THREADS) ? Counter.defineLevel("JVM/Live threads") : null;
        cpuTime = osBean != null ? StatTimer.define("Process/CPU time") : null;
        cpuLoad = osBean != null ? Ratio.define("Process/CPU load") : null;
        boolean late = sensors.contains(Sensor.LATE);
        lateFrames = late ? Percent.define("Frame/Late frames") : null;
        timePerTarget = late ? FloatDistribution.define("Frame/Time per target", ValueUnit.RATIO) : null;
        if (osBean != null) {
            lastCpuNanos = osBean.getProcessCpuTime();
        }
        if (gc) {
            for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
                if (bean instanceof NotificationEmitter emitter) {
                    emitter.addNotificationListener(gcListener, null, null);
                    gcEmitters.add(emitter);
                }
            }
        }
    }

    private static com.sun.management.ThreadMXBean threadBean() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean
                && bean.isThreadAllocatedMemorySupported()) {
            return bean;
        }
        throw new IllegalStateException("hudprof: the alloc sensor needs a JVM whose ThreadMXBean measures "
                + "allocated bytes (HotSpot, OpenJ9); leave it out of -D" + Sensor.PROPERTY);
    }

    private static com.sun.management.OperatingSystemMXBean osBean() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean bean
                && bean.getProcessCpuTime() >= 0) {
            return bean;
        }
        throw new IllegalStateException("hudprof: the cpu sensor needs a JVM that reports process CPU time; leave "
                + "it out of -D" + Sensor.PROPERTY);
    }

    /** Adds a thread whose allocations count towards "JVM/Allocated" (a game's logic or render thread). */
    synchronized void addFrameThread(Thread thread) {
        Thread[] threads = frameThreads;
        for (Thread t : threads) {
            if (t == thread) {
                return;
            }
        }
        Thread[] grown = Arrays.copyOf(threads, threads.length + 1);
        grown[threads.length] = thread;
        frameThreads = grown;
    }

    /** Reads every sensor for the frame that just ended. Runs on the updating thread. */
    void sample(long frameNanos) {
        if (allocated != null) {
            sampleAllocated();
        }
        if (heapUsed != null) {
            long used = runtime.totalMemory() - runtime.freeMemory();
            heapUsed.add(used - heapLevel);
            heapLevel = used;
        }
        if (liveThreads != null) {
            long live = threadCounter.getThreadCount();
            liveThreads.add(live - threadLevel);
            threadLevel = live;
        }
        if (cpuTime != null) {
            long cpu = osBean.getProcessCpuTime();
            long used = Math.max(0, cpu - lastCpuNanos);
            lastCpuNanos = cpu;
            cpuTime.add(used);
            cpuLoad.add(used, frameNanos);
        }
        if (lateFrames != null && frameNanos > 0) {
            lateFrames.count(frameNanos > targetFrameNanos);
            timePerTarget.report((double) frameNanos / targetFrameNanos);
        }
    }

    private void sampleAllocated() {
        Thread current = Thread.currentThread();
        long own = threadBean.getCurrentThreadAllocatedBytes();
        long bytes = 0;
        if (current == updateThread) {
            bytes += own - updateThreadAllocated;
        }
        updateThread = current;
        updateThreadAllocated = own;
        Thread[] threads = frameThreads;
        if (threads != sampledFrameThreads) {
            rebaseFrameThreads(threads);
        }
        for (int i = 0; i < threads.length; i++) {
            Thread thread = threads[i];
            if (thread == current) {
                continue;
            }
            long total = threadBean.getThreadAllocatedBytes(thread.getId());
            if (total >= 0 && frameThreadAllocated[i] >= 0) {
                bytes += total - frameThreadAllocated[i];
            }
            frameThreadAllocated[i] = total;
        }
        allocated.add(bytes);
    }

    /** A frame thread was added: start measuring each thread from its current total. Rare; allocates. */
    private void rebaseFrameThreads(Thread[] threads) {
        long[] totals = new long[threads.length];
        for (int i = 0; i < threads.length; i++) {
            int old = indexOf(sampledFrameThreads, threads[i]);
            totals[i] = old >= 0 ? frameThreadAllocated[old] : threadBean.getThreadAllocatedBytes(threads[i].getId());
        }
        frameThreadAllocated = totals;
        sampledFrameThreads = threads;
    }

    private static int indexOf(Thread[] threads, Thread thread) {
        for (int i = 0; i < threads.length; i++) {
            if (threads[i] == thread) {
                return i;
            }
        }
        return -1;
    }

    private void onGcNotification(Notification notification, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        // ZGC and Shenandoah report concurrent cycles and their pauses on separate beans: a cycle is a
        // collection but not a pause, an entry of the "Pauses" bean is a pause but not another collection.
        boolean concurrentCycle = info.getGcAction().contains("cycle");
        boolean pauseOnly = info.getGcName().endsWith("Pauses");
        if (!pauseOnly) {
            gcCollections.increment();
        }
        if (!concurrentCycle) {
            gcPause.add(info.getGcInfo().getDuration() * 1_000_000L);
        }
    }

    /** Stops listening for GC notifications and takes back the levels this instance added. */
    void close() {
        for (NotificationEmitter emitter : gcEmitters) {
            try {
                emitter.removeNotificationListener(gcListener);
            } catch (ListenerNotFoundException e) {
                // Already gone: nothing to undo.
            }
        }
        gcEmitters.clear();
        if (heapUsed != null) {
            heapUsed.add(-heapLevel);
            heapLevel = 0;
        }
        if (liveThreads != null) {
            liveThreads.add(-threadLevel);
            threadLevel = 0;
        }
    }
}
