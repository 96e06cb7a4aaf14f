package io.hudprof.core;

import java.util.concurrent.ArrayBlockingQueue;

/**
 * The next, twice as large bar ring of a {@link TimelineStore}, allocated on a daemon thread before the store needs
 * it: once the bars a store keeps fill half its ring at a frame's end, it {@linkplain #request asks} for the next
 * ring, and when the ring is full {@code update()} copies into the arrays already made instead of allocating
 * megabytes itself (a spike of hudprof's own, issue 31). If they are not made yet, the store allocates as before.
 *
 * <p>One "hudprof timeline rings" thread serves every store of the JVM, started with the first store; a request is
 * a fixed-size queue's offer, which allocates nothing. The arrays pass from that thread to the updating thread by the
 * volatile {@code ready} write.
 */
final class BarRingAhead {
    private static final ArrayBlockingQueue<BarRingAhead> REQUESTS = new ArrayBlockingQueue<>(1024);
    private static Thread allocator;

    /** Ring size asked for; 0 when none is asked for or made. Updating thread only. */
    private int asked;
    /** The size {@link #allocate} works on, written before the request is queued. */
    private volatile int size;
    private volatile boolean ready;
    int[] zone;
    int[] depthFlags;
    long[] start;
    long[] end;
    private volatile long made;

    BarRingAhead() {
        startAllocator();
    }

    private static synchronized void startAllocator() {
        if (allocator != null) {
            return;
        }
        allocator = new Thread(BarRingAhead::serve, "hudprof timeline rings");
        allocator.setDaemon(true);
        allocator.start();
    }

    private static void serve() {
        while (true) {
            try {
                REQUESTS.take().allocate();
            } catch (InterruptedException e) {
                return;
            } catch (OutOfMemoryError e) {
                // The store then grows in update() as it did before rings were made ahead.
            }
        }
    }

    private void allocate() {
        int n = size;
        zone = new int[n];
        depthFlags = new int[n];
        start = new long[n];
        end = new long[n];
        made++;
        ready = true;
    }

    /** Asks for a ring of {@code bars} bars unless it was asked for already; updating thread. */
    void request(int bars) {
        if (asked == bars) {
            return;
        }
        if (asked != 0) {
            if (!ready) {
                return; // the allocator still works on a smaller one; asked again at a later frame's end
            }
            // Made for a size the ring passed meanwhile (it grew in update() before this was ready).
            ready = false;
            forget();
        }
        asked = bars;
        size = bars;
        if (!REQUESTS.offer(this)) {
            asked = 0;
        }
    }

    /**
     * True when a ring of exactly {@code bars} bars is ready: its arrays are then the caller's, and the next request
     * may be made. Updating thread.
     */
    boolean take(int bars) {
        if (asked != bars || !ready) {
            return false;
        }
        ready = false;
        asked = 0;
        return true;
    }

    /** Drops the arrays taken ({@link #take}), so the store's old ones are not kept alive here. */
    void forget() {
        zone = null;
        depthFlags = null;
        start = null;
        end = null;
    }

    /** True while a ring asked for is not made yet (updating thread; tests wait on it). */
    boolean waiting() {
        return asked != 0 && !ready;
    }

    /** Rings made ahead so far (any thread; tests). */
    long made() {
        return made;
    }
}
