package io.hudprof.capture;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.GcInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Posts every garbage collection the JVM reports over JMX to a {@link FrameNotes} with the collection's own start
 * and duration, so it is pinned to the frames it overlapped rather than to the frame in which the notification
 * arrived (about 2 ms, a frame, later). HotSpot stamps the notification with the wall-clock millisecond at which the
 * collection ended ({@code os::javaTimeMillis} as it queues it) and gives the duration in whole milliseconds; the
 * end is mapped to {@link System#nanoTime()} with an offset measured once at {@link #attach}, and the start is the
 * end minus the duration. (GcInfo's own start time counts from an internal stamp taken during VM start-up, tens of
 * milliseconds away from the uptime's origin, so it is not used.) The profiler must use the system clock (the
 * default). The note names the collector and the cause: {@code G1 Young Generation pause 11.2 ms
 * (G1 Evacuation Pause)}; ZGC's and Shenandoah's concurrent cycles are noted as cycles, not pauses.
 */
public final class GcNotes implements AutoCloseable, FrameNotes.Source {
    private final FrameNotes notes;
    private final long epochOffsetNanos;
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final List<GarbageCollectorMXBean> beans = new ArrayList<>();
    private final NotificationListener listener = this::onNotification;
    private final AtomicLong received = new AtomicLong();
    private long countAtAttach;
    private long postedUpTo = Long.MIN_VALUE;

    private GcNotes(FrameNotes notes) {
        this.notes = notes;
        this.epochOffsetNanos = System.nanoTime() - System.currentTimeMillis() * 1_000_000L;
    }

    /** Starts listening to every collector's notifications; {@link #close()} stops. */
    public static GcNotes attach(FrameNotes notes) {
        GcNotes gc = new GcNotes(notes);
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (bean instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(gc.listener, null, null);
                gc.emitters.add(emitter);
                gc.beans.add(bean);
            }
        }
        // Counted after listening: a collection in between is both counted here and notified (never owed).
        gc.countAtAttach = gc.collections();
        notes.addSource(gc);
        return gc;
    }

    private long collections() {
        long count = 0;
        for (GarbageCollectorMXBean bean : beans) {
            count += Math.max(0, bean.getCollectionCount());
        }
        return count;
    }

    /**
     * Every collection that ended before the returned time has been posted: the JVM counts a collection when it ends
     * and notifies it at the same point, so when the notifications received match the collections counted after
     * a clock read, nothing that ended before that read is still on its way. Otherwise the last time they matched.
     */
    @Override
    public long postedUpToNanos() {
        long now = System.nanoTime();
        long owed = collections() - countAtAttach;
        if (received.get() >= owed) {
            postedUpTo = now;
        }
        return postedUpTo;
    }

    /** A wall-clock time (ms since the epoch) on the {@link System#nanoTime()} clock. */
    public long toNanoTime(long epochMillis) {
        return epochOffsetNanos + epochMillis * 1_000_000L;
    }

    private void onNotification(Notification notification, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        GcInfo gc = info.getGcInfo();
        collected(info.getGcName(), info.getGcAction(), info.getGcCause(), notification.getTimeStamp(),
                gc.getDuration());
    }

    /**
     * One collection as the notification tells it: posted with its start at the end stamp (wall-clock ms, mapped
     * to nanoTime) minus its duration (whole ms).
     */
    void collected(String collector, String action, String cause, long endEpochMillis, long durationMillis) {
        boolean cycle = action.contains("cycle");
        long durationNanos = durationMillis * 1_000_000L;
        notes.post(FrameNotes.Kind.GC, collector, cycle ? "concurrent cycle, " + cause : cause,
                toNanoTime(endEpochMillis) - durationNanos, durationNanos);
        received.incrementAndGet();
    }

    @Override
    public void close() {
        notes.removeSource(this);
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(listener);
            } catch (ListenerNotFoundException e) {
                // Already removed: nothing to undo.
            }
        }
        emitters.clear();
    }
}
