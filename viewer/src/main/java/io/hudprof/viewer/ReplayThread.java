package io.hudprof.viewer;

import io.hudprof.core.Zone;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Replays one PStats thread's received frames as zone begins and ends on a Java thread of the same name, so the
 * viewer's profiler records them exactly as it records a game thread: the same aggregator, history and views. The
 * client's main thread (PStats thread 0) also ends each profiler frame at the end of each received frame; a gap
 * between two received frames (frames the client did not send) is gathered without recording, so every recorded
 * frame is exactly one of the client's. Before gathering, it waits (live: bounded) for the other threads' frames
 * that arrived before its own to be replayed, so their zones land in the frame they belong to; after a gap, before
 * gathering the gap, so those frames always go with the gap (unrecorded), never into the frame after it by chance.
 *
 * <p>Frames come through a bounded queue from a pool; a frame older than the last one replayed (out of order or
 * repeated over UDP) is skipped and counted. Runtime nesting is the stream's own: a stop that ends a zone opened
 * before inner ones closes those too (hudprof counts them as missing ends); a stop of a collector that is not
 * running is ignored (counted as an extra end); where PStats would count either from the frame start, the viewer
 * shows the call graph the events really made.
 */
final class ReplayThread extends Thread {
    /** Frames waiting per thread; past this a live client's frames are dropped (counted). */
    static final int QUEUE = 128;
    /** Slots that grew past this many events are replaced after use, so only queued frames hold memory. */
    static final int SHRINK_EVENTS = 4096;

    private final RemoteProfile profile;
    private final ClientFeed feed;
    private final boolean updates;
    /**
     * Frames queued to this thread (written by the feeding thread only) and frames it has taken and finished: a main
     * frame waits until the others have finished what was queued to them before it ({@link ClientFeed}).
     */
    volatile long queuedFrames;
    volatile long doneFrames;
    final BlockingQueue<ReplayFrame> queue = new ArrayBlockingQueue<>(QUEUE);
    final BlockingQueue<ReplayFrame> free = new ArrayBlockingQueue<>(QUEUE + 1);
    /** This thread's replay time, read by {@link ReplayClock}; set by the first event. */
    volatile long now = Long.MIN_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    private boolean first = true;
    private volatile long skipped;
    private volatile long replayed;
    private volatile long failed;
    private static final ReplayFrame END = new ReplayFrame();
    /** Until it is finished (then null): the thread this one took over from. */
    private volatile ReplayThread predecessor;

    /**
     * @param predecessor the replay thread of the same PStats thread under its former name (see
     *                    {@link ClientFeed}'s renames), finished by this one before it replays anything, or null
     */
    ReplayThread(RemoteProfile profile, ClientFeed feed, String name, boolean updates, ReplayThread predecessor) {
        super(name);
        this.profile = profile;
        this.feed = feed;
        this.updates = updates;
        this.predecessor = predecessor;
        setDaemon(true);
        for (int i = 0; i < QUEUE + 1; i++) {
            free.add(new ReplayFrame());
        }
    }

    /** Ends the thread once the frames queued before this call are replayed; waits for it. */
    void finish() throws InterruptedException {
        queue.put(END);
        join();
    }

    /** Whether a predecessor still has frames to replay (or has not been told to end yet). */
    boolean predecessorBusy() {
        ReplayThread p = predecessor;
        return p != null && p.isAlive();
    }

    @Override
    public void run() {
        try {
            ReplayThread p = predecessor;
            if (p != null) {
                // Its queued frames come first; then this thread goes on from where its time line ended.
                p.finish();
                now = p.now;
                lastEnd = p.lastEnd;
                first = p.first;
                predecessor = null;
            }
            while (true) {
                ReplayFrame f = queue.take();
                if (f == END) {
                    // A thread retired by a rename stays listed for its counts: its pooled frames go now.
                    free.clear();
                    return;
                }
                int events = f.events;
                try {
                    profile.enter();
                    try {
                        replay(f);
                    } finally {
                        profile.exit();
                    }
                } catch (RuntimeException | Error e) {
                    // A frame that fails (a listener's bug, memory running out) costs that frame, never this
                    // thread: a dead replay thread would freeze the client's view for the rest of its session.
                    failed++;
                } finally {
                    if (f.zones.length > SHRINK_EVENTS) {
                        // A huge frame's arrays are not kept for the next, small ones.
                        f = new ReplayFrame();
                    }
                    feed.replayed(events);
                    free.put(f);
                    doneFrames++;
                }
            }
        } catch (InterruptedException e) {
            // Stopped: the viewer is closing.
        }
    }

    private void replay(ReplayFrame f) {
        if (f.events == 0) {
            return;
        }
        long start = f.startNanos();
        if (start < lastEnd) {
            skipped++;
            return;
        }
        if (updates && (first || start != lastEnd)) {
            // The other threads' frames that arrived before this one belong to it or to earlier frames. Before a
            // gap they are waited for first, so they are gathered with the gap, unrecorded, whatever the load: left
            // to race the gap's update, each landed in the gap or in this frame as the threads happened to run
            // (ClientFeedFuzzTest: a 0.36 ms zone in the frame after a gap in 15 of 20 runs at a load of 13).
            awaitOtherThreads(f);
            now = start;
            profile.gap(this);
        }
        first = false;
        for (int i = 0; i < f.events; i++) {
            long t = f.nanos[i];
            if (t > now) {
                now = t;
            }
            Zone zone = f.zones[i];
            if (zone == null) {
                continue;
            }
            if (f.starts[i]) {
                zone.begin();
            } else {
                zone.end();
            }
        }
        lastEnd = now;
        replayed++;
        if (updates) {
            for (int i = 0; i < f.levels; i++) {
                f.levelStats[i].report(f.levelValues[i]);
            }
            // The client's other threads' frames that arrived before this one belong to it or earlier frames.
            awaitOtherThreads(f);
            profile.frameEnd(this, f.frameNumber);
        }
    }

    /**
     * Waits for the other threads' frames queued before main frame {@code f} ({@link ClientFeed#awaitOtherThreads});
     * they replay through the gate too, so it is left open meanwhile. A second call for the same frame returns at
     * once.
     */
    private void awaitOtherThreads(ReplayFrame f) {
        profile.exit();
        try {
            feed.awaitOtherThreads(f);
        } finally {
            profile.enterUninterruptibly();
        }
    }

    /** Frames skipped as older than the last one replayed. */
    long skipped() {
        return skipped;
    }

    long replayed() {
        return replayed;
    }

    /** Frames whose replay threw (counted, then the thread went on). */
    long failed() {
        return failed;
    }
}
