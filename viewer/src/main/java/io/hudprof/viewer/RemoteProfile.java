package io.hudprof.viewer;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.report.StatusSource;
import io.hudprof.core.report.Annexes;
import io.hudprof.core.report.ReportAnnex;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.Sensor;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;

/**
 * The viewer's profile: one core {@link Profiler} (installed, so replayed zones record into it) on a
 * {@link ReplayClock}, fed by the {@link ClientFeed} of the client it follows. The window draws it with the HUD
 * under {@link #lock()}, which the main replay thread also holds while it gathers a frame: the profiler's reports
 * and navigation are used on its updating thread or under the caller's lock.
 *
 * <p>Alone ({@link #RemoteProfile(int)}: a replayed file, tests) it follows one client at a time: the first to say
 * hello; when it leaves, the one that connected after it. The others are served but not replayed. History runs on
 * across clients: each client's time line is shifted to start after the last frame shown. In the live window each
 * client has a profile of its own ({@link ViewerClients}), recorded while another is shown.
 *
 * <p>Zones record into the one installed profiler of the JVM ({@code Hudprof}), so replay threads enter a gate
 * ({@link #enter()}) that installs their client's profiler and holds off other clients' threads until they
 * {@link #exit()}: several clients are recorded at once, a frame at a time each, never into each other's profile.
 */
final class RemoteProfile {
    private final ReplayClock clock = new ReplayClock();
    private final Profiler profiler;
    private final Object lock;
    private final List<ClientFeed> waiting = new ArrayList<>();
    /** Zones of clients that left, released when this profile is closed. Guarded by this. */
    private final List<Zone> zonesToRelease = new ArrayList<>();
    private volatile ClientFeed followed;
    /** The program name of the last client shown that left, for the HUD's title. */
    private volatile String left;
    private volatile long ignoredFrames;
    private volatile long lastFrameNumber = -1;
    private long shownUntil;
    /** The live window's clients, or null for a profile alone. */
    private final ViewerClients clients;
    /** This client's number among the connections (levels of clients after the first are named with it). */
    private final int number;

    /*
     * What one client's profile holds, chosen for a viewer that may serve 32 clients at once (issue 30: about 38 MiB
     * each before, measured by ClientMemoryTest). A core profiler's defaults suit one game: 2^20 per-state history
     * entries (20 MiB) and 2^18 per-zone ones (3 MiB), in arrays of 1 to 8 MiB that G1 stores as humongous objects
     * rounded up to whole regions (another 10 MiB). A client's profile keeps just under 2^17 of each (so that each
     * array, header included, fits one 1 MiB region): the 600 frames of history with up to 218 states and zones a
     * frame on average (hudprof's and Panda3D's clients send tens to a few hundred);
     * a client with more keeps its per-state rows for fewer of the most recent frames (frame times, per-zone graphs
     * of the frames still held, and statistics are unaffected). The timeline keeps 2^14 events a thread (hundreds of
     * frames of a typical client) instead of 2^16.
     */
    /** Per-state history entries of a client's profile (20 bytes each: 2.5 MiB). */
    static final int STATE_HISTORY_ENTRIES = (1 << 17) - 16;
    /** Per-zone history entries of a client's profile (12 bytes each: 1.5 MiB). */
    static final int ZONE_HISTORY_ENTRIES = (1 << 17) - 16;
    /** Timeline events kept per replayed thread (12 bytes each: 192 KiB). */
    static final int TIMELINE_EVENTS = 1 << 14;

    private static final Object GATE = new Object();
    /** The profile whose replay threads are inside the gate, and how many. Guarded by {@link #GATE}. */
    private static RemoteProfile replaying;
    private static int replayers;
    /** Set by {@link #close()}; guarded by {@link #GATE}. A closed profile is never installed again. */
    private boolean closed;

    /** The profile alone, installed now (the one the viewer shows). */
    RemoteProfile(int historyFrames) {
        this(historyFrames, null, 1);
        synchronized (GATE) {
            Hudprof.install(profiler);
        }
    }

    /** One client's profile among {@code clients}: installed by the gate when its frames replay. */
    /**
     * A capture's profile: the profiler and lock are the capture replay's, which ends the frames (no client, no
     * replay threads of this class); the HUD's title is {@code title}. Not installed: the replay installs its
     * profiler while it records.
     */
    RemoteProfile(Profiler replayed, Object replayLock, String title) {
        this.clients = null;
        this.number = 1;
        this.lock = replayLock;
        this.profiler = replayed;
        StatusSource status = dest -> dest.append(title);
        Annexes.of(profiler).add(new ReportAnnex() {
            @Override
            public StatusSource status() {
                return status;
            }
        });
    }

    RemoteProfile(int historyFrames, ViewerClients clients, int number) {
        this.clients = clients;
        this.number = number;
        this.lock = new Object();
        // A timeline of recent events per replayed thread, so trace exports and timeline views have the client's
        // begins and ends; history rings sized for a client, not for a game's own profiler (see the constants).
        profiler = new Profiler(ProfilerConfig.builder().clock(clock).selfProfiling(false)
                .historyFrames(historyFrames).timelineCapacity(TIMELINE_EVENTS)
                .stateHistoryEntries(STATE_HISTORY_ENTRIES).zoneHistoryEntries(ZONE_HISTORY_ENTRIES).build());
        // The clients' level collectors arrive as statistics; the viewer's own JVM is not what is shown.
        FrameStatistics.builder().sensors(EnumSet.noneOf(Sensor.class)).attach(profiler);
        // The HUD's title says whose profile it is and what the viewer could not keep up with.
        StatusSource title = dest -> {
            if (clients != null) {
                clients.describe(this, dest);
                return;
            }
            ClientFeed shown = followed;
            String gone = left;
            if (shown == null) {
                dest.append(gone == null ? "no client" : gone).append(gone == null ? "" : " left");
            } else {
                dest.append(shown.progname()).append(", ").append(shown.dropped()).append(" dropped");
            }
        };
        Annexes.of(profiler).add(new ReportAnnex() {
            @Override
            public StatusSource status() {
                return title;
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

    /**
     * Before a replay thread records: waits while another client's threads are recording, then makes this profile
     * the installed one (a volatile write, only when the client changes).
     */
    void enter() throws InterruptedException {
        synchronized (GATE) {
            while (replayers > 0 && replaying != this) {
                GATE.wait();
            }
            replaying = this;
            replayers++;
            if (closed) {
                // A replay thread still draining after close (the viewer is shutting down): its zones must land
                // in no profile, neither this one re-installed nor another client's left installed.
                if (Hudprof.profiler() != null) {
                    Hudprof.uninstall();
                }
            } else if (Hudprof.profiler() != profiler) {
                Hudprof.install(profiler);
            }
        }
    }

    /** {@link #enter()}, keeping an interrupt for later: a thread that left the gate mid-frame must get back in. */
    void enterUninterruptibly() {
        boolean interrupted = false;
        while (true) {
            try {
                enter();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** After {@link #enter()}: lets other clients' threads record. */
    void exit() {
        synchronized (GATE) {
            if (--replayers == 0) {
                GATE.notifyAll();
            }
        }
    }

    /** This client's number among the viewer's connections, from 1. */
    int number() {
        return number;
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

    /**
     * A client that left hands over the zones made for it (its threads are done): they are released when this
     * profile is closed, when nobody reads its history any more.
     */
    synchronized void adoptZones(Collection<Zone> zones) {
        zonesToRelease.addAll(zones);
    }

    /** Stops recording into this profiler and releases the zones of the clients that left. Idempotent. */
    void close() {
        synchronized (GATE) {
            closed = true;
            if (Hudprof.profiler() == profiler) {
                Hudprof.uninstall();
            }
        }
        synchronized (this) {
            for (Zone z : zonesToRelease) {
                z.release();
            }
            zonesToRelease.clear();
        }
    }
}
