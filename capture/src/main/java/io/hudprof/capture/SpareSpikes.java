package io.hudprof.capture;

import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Spare {@link Spike} slots, grown on a thread of their own so that keeping a spike never makes the game wait for an
 * allocation. A spike copies into several slots inside {@code update()} (the one it is filled in, the recent list's,
 * the worst list's, the one waiting for listeners); a slot smaller than the spike would grow there, array by array,
 * up to megabytes with timelines on. Instead {@link #fitting} swaps such a slot for a spare already big enough, and
 * hands the small one to the grower, which grows it to twice the largest spike or frame seen so far ({@link #ask}: the
 * capture asks for every recorded frame's sizes, so a spike is ready for before it happens) and offers it again. Only
 * when no grown spare is ready (a frame more than twice as large as all before it, or a burst of ever larger ones)
 * does a slot grow in place, counted in {@link #grownInUpdate()}.
 *
 * <p>Threads: {@link #fitting} and {@link #ask} on the updating thread only. A spare belongs to the updating thread
 * while its {@code ready} flag is 1 and to the grower while it is 0; the flag's volatile write hands it over with its
 * arrays. The grower thread holds this only weakly, so a capture dropped without {@link #close()} lets it end.
 */
final class SpareSpikes {
    /** Spares kept: one spike fills at most four slots (filled, recent, worst, waiting). */
    static final int SPARES = 4;
    private static final int HEADROOM = 2;

    private final Spike[] spares = new Spike[SPARES];
    private final AtomicIntegerArray ready = new AtomicIntegerArray(SPARES);
    /** What the spares are grown to; written by the updating thread under its monitor, read by the grower so. */
    private final SpikeRoom target = new SpikeRoom();
    /** The updating thread's copy of the last target asked for, compared without the lock. */
    private final SpikeRoom asked = new SpikeRoom();
    private final Thread grower;
    private volatile boolean closed;
    private long grownInUpdate;
    private volatile long spareGrowths;

    SpareSpikes() {
        for (int i = 0; i < SPARES; i++) {
            spares[i] = new Spike();
            ready.set(i, 1);
        }
        grower = new Thread(new Grower(new WeakReference<>(this)), "hudprof spike slots");
        grower.setDaemon(true);
        grower.start();
    }

    /**
     * {@code slot} when it takes a spike of {@code need}'s sizes without growing; else a ready spare that does, with
     * {@code slot} handed to the grower in its place; else {@code slot} (it will grow in place; the caller counts
     * that with {@link #countGrownInUpdate()}, knowing what the spike really needs).
     * Never swaps out {@code keep} (a slot a reader still holds, such as the spike the report shows).
     */
    Spike fitting(Spike slot, SpikeRoom need, Object keep) {
        if (slot.fits(need)) {
            return slot;
        }
        if (slot != keep) {
            for (int i = 0; i < SPARES; i++) {
                if (ready.get(i) == 1 && spares[i].fits(need)) {
                    Spike spare = spares[i];
                    spares[i] = slot;
                    ready.set(i, 0);
                    LockSupport.unpark(grower);
                    return spare;
                }
            }
        }
        return slot;
    }

    /**
     * Makes sure the spares are grown (or being grown) to hold a spike of {@code largest}'s sizes, with headroom.
     * Does nothing (and allocates nothing) while the last target asked for covers it.
     */
    void ask(SpikeRoom largest) {
        if (asked.covers(largest)) {
            return;
        }
        asked.setScaled(largest, HEADROOM);
        synchronized (target) {
            target.set(asked);
        }
        for (int i = 0; i < SPARES; i++) {
            if (ready.get(i) == 1 && !spares[i].fits(asked)) {
                ready.set(i, 0);
            }
        }
        LockSupport.unpark(grower);
    }

    /** Counts a slot that grew in place inside {@code update()}. */
    void countGrownInUpdate() {
        grownInUpdate++;
    }

    /** Times a slot grew inside {@code update()}: no spare big enough was ready. Updating thread. */
    long grownInUpdate() {
        return grownInUpdate;
    }

    /** Spares grown by the grower thread so far (any thread). */
    long spareGrowths() {
        return spareGrowths;
    }

    /** True when no spare waits for the grower (tests wait for this). */
    boolean allReady() {
        for (int i = 0; i < SPARES; i++) {
            if (ready.get(i) == 0) {
                return false;
            }
        }
        return true;
    }

    /** Ends the grower thread; the spares stay usable (they simply stop being regrown). */
    void close() {
        closed = true;
        LockSupport.unpark(grower);
    }

    /** One pass of the grower: grows every spare it owns to the current target and hands it back. */
    private void growWaiting() {
        SpikeRoom room = new SpikeRoom();
        for (int i = 0; i < SPARES; i++) {
            if (ready.get(i) != 0) {
                continue;
            }
            synchronized (target) {
                room.set(target);
            }
            spares[i].reserve(room);
            spareGrowths++;
            ready.set(i, 1);
        }
    }

    /** The grower thread's loop; it holds the spares weakly so it ends once their capture is dropped. */
    private static final class Grower implements Runnable {
        private final WeakReference<SpareSpikes> owner;

        Grower(WeakReference<SpareSpikes> owner) {
            this.owner = owner;
        }

        @Override
        public void run() {
            while (true) {
                SpareSpikes spares = owner.get();
                if (spares == null || spares.closed) {
                    return;
                }
                try {
                    spares.growWaiting();
                } catch (OutOfMemoryError e) {
                    // The spares stay as they are; a spike then grows its slot in place, as before spares existed.
                    spares.closed = true;
                    return;
                }
                spares = null;
                LockSupport.parkNanos(this, 1_000_000_000L);
            }
        }
    }
}
