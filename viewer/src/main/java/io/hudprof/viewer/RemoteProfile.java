package io.hudprof.viewer;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.stats.FrameStatistics;
import io.hudprof.core.stats.Sensor;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * The viewer's profile: one core {@link Profiler} (installed, so replayed zones record into it) on a
 * {@link ReplayClock}, fed by the {@link ClientFeed} of the client it follows. The window draws it with the HUD
 * under {@link #lock()}, which the main replay thread also holds while it gathers a frame: the profiler's reports
 * and navigation are used on its updating thread or under the caller's lock.
 *
 * <p>One client is shown at a time: the first to say hello; when it leaves, the one that connected after it.
 * The others are served (and printed or recorded) but not replayed. History runs on across clients: each client's
 * time line is shifted to start after the last frame shown.
 */
final class RemoteProfile {
    private final ReplayClock clock = new ReplayClock();
    private final Profiler profiler;
    private final Object lock = new Object();
    private final List<ClientFeed> waiting = new ArrayList<>();
    private volatile ClientFeed followed;
    /** The program name of the last client shown that left, for the HUD's title. */
    private volatile String left;
    private volatile long ignoredFrames;
    private volatile long lastFrameNumber = -1;
    private long shownUntil;

    RemoteProfile(int historyFrames) {
        // A timeline of recent events per replayed thread, so trace exports and timeline views have the client's
        // begins and ends (2^16 events, under 1 MiB, a thread).
        profiler = Hudprof.install(new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
                .historyFrames(historyFrames).timelineCapacity(1 << 16).build()));
        // The clients' level collectors arrive as statistics; the viewer's own JVM is not what is shown.
        FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        // The HUD's title says whose profile it is and what the viewer could not keep up with.
        profiler.controller().setStatus(dest -> {
            ClientFeed shown = followed;
            String gone = left;
            if (shown == null) {
                dest.append(gone == null ? "no client" : gone).append(gone == null ? "" : " left");
            } else {
                dest.append(shown.progname()).append(", ").append(shown.dropped()).append(" dropped");
            }
        });
    }

    Profiler profiler() {
        return profiler;
    }

    /** Hold it to read or navigate the profiler (the HUD's render and keys). */
    Object lock() {
        return lock;
    }

    synchronized void connected(ClientFeed feed) {
        if (followed == null) {
            followed = feed;
        } else if (followed != feed && !waiting.contains(feed)) {
            waiting.add(feed);
        }
    }

    synchronized void disconnected(ClientFeed feed) {
        waiting.remove(feed);
        if (followed == feed) {
            left = feed.progname();
            followed = waiting.isEmpty() ? null : waiting.remove(0);
        }
    }

    boolean follows(ClientFeed feed) {
        return followed == feed;
    }

    /** The client shown, or null. */
    ClientFeed followed() {
        return followed;
    }

    synchronized int waitingClients() {
        return waiting.size();
    }

    void countIgnored() {
        ignoredFrames++;
    }

    /** Frames of clients not shown. */
    long ignoredFrames() {
        return ignoredFrames;
    }

    /**
     * Where a new client's time line starts: a second after every frame shown so far, so that another thread's
     * frame that began before the first frame seen still lies after them.
     */
    synchronized long epochAfterShown() {
        return shownUntil + 1_000_000_000L;
    }

    synchronized void shown(long endNanos) {
        if (endNanos > shownUntil) {
            shownUntil = endNanos;
        }
    }

    /** On the main replay thread: the time up to its next frame's start was not sent; gather it unrecorded. */
    void gap(ReplayThread main) {
        synchronized (lock) {
            clock.mainNanos(main.now);
            profiler.update(false);
        }
    }

    /** On the main replay thread: a received frame was replayed; gather and record it. */
    void frameEnd(ReplayThread main, long frameNumber) {
        synchronized (lock) {
            clock.mainNanos(main.now);
            lastFrameNumber = frameNumber;
            profiler.update(true);
        }
    }

    /** The client's number of the frame last recorded (or being recorded, inside a frame listener), or -1. */
    long lastFrameNumber() {
        return lastFrameNumber;
    }

    /** Stops recording into this profiler. */
    void close() {
        if (Hudprof.profiler() == profiler) {
            Hudprof.uninstall();
        }
    }
}
