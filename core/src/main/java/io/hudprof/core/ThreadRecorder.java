package io.hudprof.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The per-thread hot path: written by its own thread only. Each zone transition reads the clock once and
 * appends one event (word + timestamp) to a single-producer/single-consumer ring that the thread calling
 * {@code update()} drains. Publication is a release store of the head index and consumption a release store of
 * the tail; there is no lock and no atomic read-modify-write.
 *
 * <p>The recorder keeps its own zone stack (zone ids, with a flag for entries opened by try-with-resources) so
 * that it can repair mismatched ends at the source. The ring starts small and, on the producer's own thread and
 * in its slow path, doubles up to the configured bound; the stack grows the same way up to the maximum depth.
 *
 * <p>Drop and resync: when the ring is full at its bound, events are dropped, never blocked on. Each drop adds
 * to a long counter published with a release store, so {@code update()} counts drops in the frame they happen
 * whether or not the thread writes again. From the first drop until the ring has room again the recorder is in
 * a <em>drop episode</em>: every transition takes the slow path, which keeps a copy of the zone stack (the
 * snapshot, guarded by a sequence number) that {@code update()} may adopt at a frame boundary, so the next frame
 * starts from the true stack. When room returns, the recorder writes a RESYNC (episode number) and its stack
 * <em>as it was before</em> the transition at hand, then that transition's own event: nothing recorded after an
 * episode is lost, and the reader's stack is exact again.
 *
 * <p>With allocation per zone on, each event also carries the thread's allocated-bytes counter, read right after
 * the clock in the same write, into the ring's third array, published by the same release store of the head. With
 * it off that array is null and the write pays one predictable null check.
 *
 * <p>With {@code -Dhudprof.jfr.zones=true} every push and pop of the stack, repairs included, also begins or
 * commits a JFR event through this thread's {@link ZoneStackListener}; with it off ({@link KillSwitch#JFR_ZONES} false, the
 * default) those calls are constant-false branches the JIT removes.
 *
 * <p>A recorder is also the {@link ZoneScope} its thread's {@code enter()} returns. Closing it on another thread
 * never touches this recorder: it is counted as {@link Problem#FOREIGN_THREAD_CLOSE}.
 */
final class ThreadRecorder implements ZoneScope {
    /** Marks a stack entry opened by {@link Zone#enter()}: only {@link #close()} may pop it. */
    static final int SCOPE_FLAG = 1 << 31;
    private static final int ZONE_BITS = ~SCOPE_FLAG;
    private static final int INITIAL_STACK = 16;

    private static final VarHandle PUBLISHED_HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle RING;
    private static final VarHandle DROPPED;
    private static final VarHandle EPISODE;
    private static final VarHandle SNAPSHOT_VERSION;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PUBLISHED_HEAD = lookup.findVarHandle(ThreadRecorder.class, "publishedHead", long.class);
            TAIL = lookup.findVarHandle(ThreadRecorder.class, "tail", long.class);
            RING = lookup.findVarHandle(ThreadRecorder.class, "sharedRing", EventRing.class);
            DROPPED = lookup.findVarHandle(ThreadRecorder.class, "publishedDropped", long.class);
            EPISODE = lookup.findVarHandle(ThreadRecorder.class, "publishedEpisode", int.class);
            SNAPSHOT_VERSION = lookup.findVarHandle(ThreadRecorder.class, "snapshotVersion", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Thread thread;
    final String threadName;
    /** The thread's root pseudo-zone, looked up here on the recording thread so update() makes no String. */
    final int rootZone;
    final long createdNanos;
    private final RecordingControl control;
    private final Clock clock;
    private final int maxCapacity;
    private final int maxDepth;
    /** Read at each event while {@link #bytes} is not null. */
    private final AllocationCounter allocation;
    /** This thread's JFR zone events; null, and never read, unless {@link KillSwitch#JFR_ZONES}. */
    private final ZoneStackListener jfr;

    // Producer-owned.
    private int[] words;
    private long[] times;
    /** Null unless allocation per zone is on. */
    private long[] bytes;
    private int mask;
    private long head;
    private long limit;
    private int[] stack;
    private int depth;
    private int overflowDepth;
    private boolean inEpisode;
    private long dropped;
    private int episode;
    private int[] snapshot;
    @SuppressWarnings("unused")
    private int snapshotDepth;

    // Shared: written with release (or inside the snapshot's sequence), read with acquire.
    @SuppressWarnings("unused")
    private long publishedHead;
    @SuppressWarnings("unused")
    private long tail;
    @SuppressWarnings("unused")
    private EventRing sharedRing;
    @SuppressWarnings("unused")
    private long publishedDropped;
    @SuppressWarnings("unused")
    private int publishedEpisode;
    @SuppressWarnings("unused")
    private int snapshotVersion;

    ThreadRecorder(RecordingControl control, Thread thread, Clock clock, AllocationCounter allocation, EventRing ring,
                   int maxCapacity, int maxDepth) {
        this.control = control;
        this.allocation = allocation;
        this.thread = thread;
        this.threadName = thread.getName();
        this.rootZone = ZoneRegistry.threadRootId(threadName);
        this.clock = clock;
        this.maxCapacity = Math.max(maxCapacity, ring.capacity());
        this.maxDepth = maxDepth;
        this.stack = new int[Math.min(INITIAL_STACK, maxDepth)];
        useRing(ring);
        this.limit = ring.capacity();
        this.createdNanos = clock.nanoTime();
        this.jfr = KillSwitch.JFR_ZONES ? KillSwitch.JFR_WRITER.newListener() : null;
    }

    /** Enters a zone; {@code entry} is the zone id, with {@link #SCOPE_FLAG} for try-with-resources. */
    void begin(int entry) {
        beginAt(entry, clock.nanoTime());
    }

    /**
     * Enters a zone at a clock reading taken before: {@code update()} opens its own zone exactly at the frame
     * boundary it read, so no time falls between the frames.
     */
    void beginAt(int entry, long now) {
        int d = depth;
        long h = head;
        if (d == stack.length || h >= limit) {
            beginSlow(entry, now);
            return;
        }
        stack[d] = entry;
        depth = d + 1;
        write(h, EventCodes.word(EventCodes.BEGIN, entry & ZONE_BITS), now);
        if (KillSwitch.JFR_ZONES) {
            jfr.begin(d, entry & ZONE_BITS);
        }
    }

    /** Leaves the zone with this id, repairing a mismatch when it is not the innermost one. */
    void end(int zoneId) {
        int d = depth;
        long h = head;
        if (overflowDepth == 0 && d > 0 && stack[d - 1] == zoneId && h < limit) {
            long now = clock.nanoTime();
            depth = d - 1;
            write(h, EventCodes.word(EventCodes.END, zoneId), now);
            if (KillSwitch.JFR_ZONES) {
                jfr.end(d - 1);
            }
            return;
        }
        if (overflowDepth == 0 && d == 0 && !control.enabled) {
            // Switched off with nothing open: the common case of every end() while off; no clock, no event.
            return;
        }
        endSlow(zoneId, clock.nanoTime());
    }

    /** Leaves the innermost zone opened with try-with-resources (lexical scoping makes it the right one). */
    @Override
    public void close() {
        long now = clock.nanoTime();
        int d = depth;
        long h = head;
        if (overflowDepth == 0 && d > 0 && stack[d - 1] < 0 && h < limit && Thread.currentThread() == thread) {
            depth = d - 1;
            write(h, EventCodes.word(EventCodes.END, stack[d - 1] & ZONE_BITS), now);
            if (KillSwitch.JFR_ZONES) {
                jfr.end(d - 1);
            }
            return;
        }
        closeSlow(now);
    }

    private void write(long h, int word, long now) {
        int i = (int) h & mask;
        words[i] = word;
        times[i] = now;
        long[] b = bytes;
        if (b != null) {
            b[i] = allocation.currentThreadAllocatedBytes();
        }
        head = h + 1;
        PUBLISHED_HEAD.setRelease(this, h + 1);
    }

    // Slow paths: each appends while the stack still shows the state before its transition, then changes it.

    private void beginSlow(int entry, long now) {
        int d = depth;
        if (d == stack.length) {
            if (d >= maxDepth) {
                if (overflowDepth++ == 0) {
                    append(EventCodes.word(EventCodes.DEPTH_LIMIT, 0), now);
                }
                publishEpisode();
                return;
            }
            stack = Arrays.copyOf(stack, Math.min(maxDepth, d * 2));
        }
        append(EventCodes.word(EventCodes.BEGIN, entry & ZONE_BITS), now);
        stack[d] = entry;
        depth = d + 1;
        if (KillSwitch.JFR_ZONES) {
            jfr.begin(d, entry & ZONE_BITS);
        }
        publishEpisode();
    }

    private void endSlow(int zoneId, long now) {
        if (overflowDepth > 0) {
            overflowDepth--;
            return;
        }
        // Search down for an explicitly begun entry of this zone, without crossing a try-with-resources entry:
        // that one will be closed by its own close(), so an end that would cross it is an extra end.
        int found = -1;
        for (int i = depth - 1; i >= 0; i--) {
            int entry = stack[i];
            if (entry == zoneId) {
                found = i;
                break;
            }
            if (entry < 0) {
                break;
            }
        }
        if (found < 0) {
            // While off, an end that closes nothing ends a begin that was skipped while off: not a mistake.
            if (control.enabled) {
                append(EventCodes.word(EventCodes.EXTRA_END, zoneId), now);
            }
        } else {
            popTo(found, now);
        }
        publishEpisode();
    }

    private void closeSlow(long now) {
        if (Thread.currentThread() != thread) {
            // Another thread's scope: writing here would race with the owner. Count it, touch nothing.
            control.foreignCloses.incrementAndGet();
            return;
        }
        if (overflowDepth > 0) {
            overflowDepth--;
            return;
        }
        int found = -1;
        for (int i = depth - 1; i >= 0; i--) {
            if (stack[i] < 0) {
                found = i;
                break;
            }
        }
        if (found < 0) {
            append(EventCodes.word(EventCodes.EXTRA_END, 0), now);
        } else {
            popTo(found, now);
        }
        publishEpisode();
    }

    /** Ends the entry at {@code index}, closing every entry above it as a missing end first. */
    private void popTo(int index, long now) {
        while (depth > index + 1) {
            append(EventCodes.word(EventCodes.END_MISSING, stack[depth - 1] & ZONE_BITS), now);
            depth--;
            jfrEnd(depth);
        }
        append(EventCodes.word(EventCodes.END, stack[index] & ZONE_BITS), now);
        depth = index;
        jfrEnd(index);
    }

    /** Slow-path pops: a zone closed by a repair ends its JFR event where hudprof ends the zone. */
    private void jfrEnd(int poppedDepth) {
        if (KillSwitch.JFR_ZONES) {
            jfr.end(poppedDepth);
        }
    }

    /**
     * Closes every zone still open on this thread, counting each as open at update. Called by
     * {@code update()} on its own thread only, so the stack is touched by its owner.
     */
    void closeAllOpenAtUpdate(long now) {
        overflowDepth = 0;
        while (depth > 0) {
            append(EventCodes.word(EventCodes.END_OPEN_AT_UPDATE, stack[depth - 1] & ZONE_BITS), now);
            depth--;
            jfrEnd(depth);
        }
        publishEpisode();
    }

    /** Number of zones open on this thread; read by other threads only after the thread has terminated. */
    int depth() {
        return depth;
    }

    /** The zone id of open entry {@code i}; read by other threads only after the thread has terminated. */
    int openZone(int i) {
        return stack[i] & ZONE_BITS;
    }

    private void append(int word, long now) {
        long h = head;
        if (h >= limit) {
            appendSlow(word, now);
            return;
        }
        write(h, word, now);
    }

    /** The ring looked full, or an episode is open: refresh the consumer's position, grow, resync or drop. */
    private void appendSlow(int word, long now) {
        long consumed = (long) TAIL.getAcquire(this);
        long needed = inEpisode ? depth + 2L : 1L;
        if (mask + 1 - (head - consumed) < needed && !grow(consumed, needed)) {
            drop();
            return;
        }
        if (inEpisode) {
            put(EventCodes.word(EventCodes.RESYNC, episode), now);
            for (int i = 0; i < depth; i++) {
                put(EventCodes.word(EventCodes.RESYNC_PUSH, stack[i] & ZONE_BITS), now);
            }
            inEpisode = false;
        }
        put(word, now);
        PUBLISHED_HEAD.setRelease(this, head);
        limit = consumed + mask + 1;
    }

    private void put(int word, long now) {
        int i = (int) head & mask;
        words[i] = word;
        times[i] = now;
        if (bytes != null) {
            bytes[i] = allocation.currentThreadAllocatedBytes();
        }
        head++;
    }

    /** Doubles the ring until {@code needed} slots are free, within the bound; false when the bound is reached. */
    private boolean grow(long consumed, long needed) {
        int capacity = mask + 1;
        long used = head - consumed;
        int grown = capacity;
        while (grown - used < needed && grown < maxCapacity) {
            grown *= 2;
        }
        if (grown - used < needed) {
            return false;
        }
        EventRing ring = new EventRing(grown, bytes != null);
        for (long p = consumed; p < head; p++) {
            ring.words[(int) p & ring.mask] = words[(int) p & mask];
            ring.times[(int) p & ring.mask] = times[(int) p & mask];
            if (bytes != null) {
                ring.bytes[(int) p & ring.mask] = bytes[(int) p & mask];
            }
        }
        useRing(ring);
        return true;
    }

    private void useRing(EventRing ring) {
        words = ring.words;
        times = ring.times;
        bytes = ring.bytes;
        mask = ring.mask;
        // Published before any head that counts events written into it, so a reader that acquired the head
        // and then reads the ring sees one that holds every unconsumed position up to that head.
        RING.setRelease(this, ring);
    }

    private void drop() {
        if (!inEpisode) {
            inEpisode = true;
            episode = episode == EventCodes.PAYLOAD_MASK ? 1 : episode + 1;
            if (snapshot == null) {
                snapshot = new int[maxDepth];
            }
        }
        dropped++;
        limit = head;
    }

    /** In an episode, publishes the stack (as the snapshot), then the episode and the drop count. */
    private void publishEpisode() {
        if (!inEpisode) {
            return;
        }
        int version = (int) SNAPSHOT_VERSION.getOpaque(this);
        SNAPSHOT_VERSION.setOpaque(this, version + 1);
        VarHandle.storeStoreFence();
        System.arraycopy(stack, 0, snapshot, 0, depth);
        snapshotDepth = depth;
        SNAPSHOT_VERSION.setRelease(this, version + 2);
        EPISODE.setRelease(this, episode);
        DROPPED.setRelease(this, dropped);
    }

    // Consumer side (the thread inside update()).

    long publishedHead() {
        return (long) PUBLISHED_HEAD.getAcquire(this);
    }

    /** The ring to read; call after {@link #publishedHead()} so it holds every position up to that head. */
    EventRing ring() {
        return (EventRing) RING.getAcquire(this);
    }

    long consumedTail() {
        return (long) TAIL.getOpaque(this);
    }

    void releaseUpTo(long newTail) {
        TAIL.setRelease(this, newTail);
    }

    /** Events dropped since the recorder was made. */
    long droppedEvents() {
        return (long) DROPPED.getAcquire(this);
    }

    /** The number of the latest drop episode (24 bits); a RESYNC carries the number of the episode it ends. */
    int dropEpisode() {
        return (int) EPISODE.getAcquire(this);
    }

    /**
     * Copies the stack as of the latest transition of the current drop episode into {@code dest} (zone ids with
     * their scope flag) and returns its depth, or -1 when the producer was writing it at the same time.
     */
    int readSnapshot(int[] dest) {
        int before = (int) SNAPSHOT_VERSION.getAcquire(this);
        if ((before & 1) != 0) {
            return -1;
        }
        int[] source = snapshot;
        int d = snapshotDepth;
        if (source == null || d < 0 || d > source.length || d > dest.length) {
            return -1;
        }
        System.arraycopy(source, 0, dest, 0, d);
        VarHandle.loadLoadFence();
        int after = (int) SNAPSHOT_VERSION.getOpaque(this);
        return after == before ? d : -1;
    }

    /** The ring, for reuse by another thread once this one has ended and was drained. */
    EventRing detachRing() {
        return (EventRing) RING.getAcquire(this);
    }

    int maxDepth() {
        return maxDepth;
    }
}
