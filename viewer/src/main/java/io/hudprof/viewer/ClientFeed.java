package io.hudprof.viewer;

import io.hudprof.core.Zone;
import io.hudprof.stats.FloatDistribution;
import io.hudprof.pstats.ClientRefusedException;
import io.hudprof.pstats.CollectorDef;
import io.hudprof.pstats.CollectorTable;
import io.hudprof.pstats.FrameData;
import io.hudprof.pstats.PStatsSession;
import io.hudprof.pstats.SessionListener;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * One client's frames into the viewer's profiler: resolves each PStats collector to a private {@link Zone} of its
 * full name ({@code App:Physics}, so PStats' static tree is hudprof's category tree), converts the client's float32
 * seconds to the viewer's nanoseconds, and hands each frame to the {@link ReplayThread} of its PStats thread.
 *
 * <p>A main-thread (PStats thread 0) frame is resolved when the next one arrives (or the session ends): definitions
 * travel over TCP while frames may come over UDP, so waiting one frame lets its collectors be defined, as text-stats
 * does, and a frame overtaken by a later one is replayed first. The client's other threads' frames are resolved on
 * arrival, so they are replayed before the main frame that closes their profiler frame. Zones are private per client
 * and name, so two clients' {@code Draw} are two rows and a client redefining an index with the same name keeps its
 * row. Only the client the viewer follows is replayed.
 *
 * <p>Level collectors with a value of their own in a main-thread frame become {@link FloatDistribution} statistics
 * ({@value #LEVELS}{@code <full name> (<units>)}), reported once per frame on the main replay thread, so the HUD's
 * statistics report and value charts show them.
 *
 * <p>A frame whose times jump more than {@link #MAX_JUMP_SECONDS} past its thread's last frame (or span more than
 * that) is bad input, dropped and counted, not the client's new clock: one forged far-future datagram would
 * otherwise make every later real frame look old. A client whose clock really jumped (a game resumed after a long
 * pause) is followed again after {@link #JUMP_CONFIRMATIONS} frames that agree on the new time.
 *
 * <p>The session hands frames on after the definitions they need ({@link PStatsSession}); a frame of a thread that
 * is still undefined when the session stops holding it is dropped (counted) rather than replayed on a thread that
 * would be named {@code thread N} for the rest of the session.
 *
 * <p>In the live window ({@link ViewerClients}) the zones made for a client are handed to its profile when the
 * client leaves, and released when that profile is closed, so a long-running viewer's zone count stays where it
 * was however many clients come and go.
 *
 * <p>In the live window a client reserves what its profile will hold ({@link ProfileMemory}) in the clients'
 * {@link MemoryBudget} when its definitions arrive, before its first frame makes the profile, and when a frame is
 * larger than its definitions let one expect; past the budget it is refused ({@link ClientRefusedException}, the
 * server drops it with the message) before anything is made for it. Its reservation goes when it leaves.
 *
 * <p>Called on the session's feeding thread (under its lock).
 */
final class ClientFeed implements SessionListener {
    /** PStats threads replayed per client; frames of threads past this are dropped (counted). */
    static final int MAX_THREADS = 32;
    /**
     * Time events queued for replay per client, over all its threads; a frame that would pass it is dropped
     * (counted), so a client sending huge frames faster than they replay cannot make the viewer's memory grow.
     */
    static final int MAX_QUEUED_EVENTS = 1 << 20;
    /** Events in one replayed frame; a bigger frame is dropped (counted). hudprof's own client sends fewer. */
    static final int MAX_FRAME_EVENTS = 1 << 16;
    private final AtomicInteger queuedEvents = new AtomicInteger();
    /** Larger jumps of a thread's clock are bad input until confirmed (see the class comment). */
    static final double MAX_JUMP_SECONDS = 60;
    /** Frames in a row that must agree on a jumped clock before it is followed. */
    static final int JUMP_CONFIRMATIONS = 8;
    /** Per PStats thread: the latest time of an accepted frame (NaN before one), and a jump being confirmed. */
    private final double[] lastSeconds = new double[MAX_THREADS];
    private final double[] jumpSeconds = new double[MAX_THREADS];
    private final int[] jumpFrames = new int[MAX_THREADS];
    private volatile long badTimes;

    /**
     * The profile it records into: given, or its own from {@link #clients} at the client's first frame (a profile's
     * history is tens of MiB, so a client that says hello and sends nothing holds none); null before.
     */
    private volatile RemoteProfile profile;
    private final ViewerClients clients;
    /** Replay (a file): wait for a free slot instead of dropping, so every frame is shown. */
    private final boolean blocking;
    private final Map<String, Zone> zoneByName = new HashMap<>();
    private Zone[] zoneOf = new Zone[0];
    private FloatDistribution[] levelOf = new FloatDistribution[0];
    private boolean[] levelTried = new boolean[0];
    private final Map<String, FloatDistribution> levelByName = new HashMap<>();
    private int builtVersion = -1;
    private volatile ReplayThread[] threads = new ReplayThread[1];
    /** Renames of a thread per client that start a new replay thread; past it the old name stays (counted). */
    static final int MAX_RENAMES = 64;
    /**
     * Replay threads retired by a rename, in order (their counts still count): an array, not a list, because the
     * HUD's title reads {@link #dropped()} every frame and must not allocate an iterator for it.
     */
    private final ReplayThread[] renamed = new ReplayThread[MAX_RENAMES];
    /** Entries of {@link #renamed} in use; written on the feeding thread, read anywhere. */
    private volatile int renames;
    private volatile long renamesRefused;
    /** The main thread's last frame, waiting for the next (see above). */
    private final FrameData pending = new FrameData();
    private boolean hasPending;
    private boolean epochSet;
    private long offsetNanos;
    private volatile long dropped;
    private volatile boolean closed;
    private volatile String name = "";
    private volatile String progname = "";
    private volatile String host = "";
    /** The time events of the largest frame the memory reservation was made for (0: none made). */
    private int reservedFrameEvents;
    private int reservedCollectors = -1;
    private int reservedThreads = -1;

    /** A feed into a profile shared by every client (one shown at a time, see {@link RemoteProfile}). */
    ClientFeed(RemoteProfile profile, boolean blocking) {
        this.profile = profile;
        this.clients = null;
        this.blocking = blocking;
        Arrays.fill(lastSeconds, Double.NaN);
    }

    /** A feed that records into a profile of its own among {@code clients}, made when the client says hello. */
    ClientFeed(ViewerClients clients, boolean blocking) {
        this.clients = clients;
        this.blocking = blocking;
        Arrays.fill(lastSeconds, Double.NaN);
    }

    @Override
    public void hello(PStatsSession session) {
        progname = session.hello().progname();
        host = progname + " on " + session.hello().hostname();
        name = host + " (" + session.peer() + ")";
        if (clients == null) {
            profile.connected(this);
        }
    }

    @Override
    public void definitionsChanged(PStatsSession session) {
        reserveMemory(session, 0);
    }

    /**
     * Reserves what this client's profile will hold in the live window's budget, for its definitions and frames of
     * at least {@code frameEvents} events; only when that grew since the last reservation.
     *
     * @throws ClientRefusedException past the budget
     */
    private void reserveMemory(PStatsSession session, int frameEvents) {
        if (clients == null) {
            return;
        }
        int collectors = session.collectors().definedCount();
        int threads = Math.max(1, Math.min(MAX_THREADS, session.threadsDefined()));
        int events = Math.max(Math.max(frameEvents, reservedFrameEvents), ProfileMemory.frameEvents(collectors));
        if (collectors == reservedCollectors && threads == reservedThreads && events == reservedFrameEvents) {
            return;
        }
        clients.memory().reserve(this, ProfileMemory.estimate(collectors, threads, events), collectors
                + " collectors on " + threads + " threads, frames of " + events + " events");
        reservedCollectors = collectors;
        reservedThreads = threads;
        reservedFrameEvents = events;
    }

    @Override
    public void frame(PStatsSession session, FrameData frame) {
        RemoteProfile profile = this.profile;
        if (clients != null && session.hello() != null && (profile == null
                || frame.eventCount() > reservedFrameEvents)) {
            // Before the profile is made, and when a frame is larger than reserved for (pooled frames keep its size).
            reserveMemory(session, Math.min(frame.eventCount(), ReplayThread.SHRINK_EVENTS));
        }
        if (profile == null && clients != null && session.hello() != null) {
            profile = clients.connected(this);
            this.profile = profile;
        }
        if (profile == null) {
            dropped++;
            return;
        }
        if (!profile.follows(this)) {
            profile.countIgnored();
            return;
        }
        int t = frame.threadIndex();
        if (t >= MAX_THREADS) {
            dropped++;
            return;
        }
        if (!plausibleTimes(frame)) {
            badTimes++;
            dropped++;
            return;
        }
        if (t >= threads.length) {
            threads = Arrays.copyOf(threads, Math.min(MAX_THREADS, Math.max(t + 1, threads.length * 2)));
        }
        if (t != 0) {
            send(session, frame);
            return;
        }
        if (hasPending && frame.frameNumber() < pending.frameNumber()) {
            // Overtaken (a UDP frame that arrived after a later one over TCP): replay it first.
            send(session, frame);
            return;
        }
        if (hasPending) {
            send(session, pending);
        }
        pending.copyFrom(frame);
        hasPending = true;
    }

    @Override
    public void closed(PStatsSession session, String reason) {
        RemoteProfile profile = this.profile;
        if (clients != null) {
            clients.memory().release(this);
        }
        if (profile == null) {
            closed = true;
            return;
        }
        if (profile.follows(this) && hasPending) {
            hasPending = false;
            send(session, pending);
        }
        finishThreads();
        if (clients != null) {
            // Nothing replays into these any more; the profile releases them once nobody reads it.
            profile.adoptZones(zoneByName.values());
            zoneByName.clear();
            clients.disconnected(profile);
        } else {
            profile.disconnected(this);
        }
        closed = true;
    }

    /** Whether the session ended and every frame it sent was replayed. */
    boolean closed() {
        return closed;
    }

    private void send(PStatsSession session, FrameData frame) {
        int t = frame.threadIndex();
        int events = frame.eventCount();
        if (events == 0) {
            return;
        }
        if (events > MAX_FRAME_EVENTS || queuedEvents.get() + events > MAX_QUEUED_EVENTS || !saneTimes(frame)) {
            dropped++;
            return;
        }
        ReplayThread thread = threads[t];
        if (thread == null && !session.threadDefined(t)) {
            // Its definition is still not here after the session held it for a while: a replay thread made now
            // would carry "thread N" for the whole session (its name is fixed when it first records).
            dropped++;
            return;
        }
        if (thread == null) {
            thread = new ReplayThread(profile, this, session.threadName(t), t == 0, null);
            threads[t] = thread;
            thread.start();
        } else if (!thread.getName().equals(session.threadName(t))) {
            thread = renamed(session, t, thread);
        }
        ReplayFrame slot;
        try {
            slot = blocking ? thread.free.take() : thread.free.poll();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (slot == null) {
            dropped++;
            return;
        }
        resolve(session, frame, slot);
        if (t == 0) {
            noteOtherThreads(slot);
        }
        queuedEvents.addAndGet(events);
        if (blocking) {
            try {
                thread.queue.put(slot);
            } catch (InterruptedException e) {
                replayed(events);
                Thread.currentThread().interrupt();
                return;
            }
        } else if (!thread.queue.offer(slot)) {
            replayed(events);
            thread.free.offer(slot);
            dropped++;
            return;
        }
        // Only this thread writes it; the main replay thread compares it with the frames the other one replayed.
        thread.queuedFrames++;
    }

    /**
     * The client gave thread {@code t} another name ({@code define_threads} again; Panda3D reuses the index of an
     * expired thread for a new one): a replay thread's name is fixed when it first records, so a new replay thread of
     * the new name takes over, starting after the old one has replayed every frame queued to it (one time line, in
     * order). The profile's thread list follows: the old name's row keeps the time it had and ends. The frame that
     * shows the rename is the first replayed under the new name (the main thread's, held one frame, may be one from
     * just before it). At most {@link #MAX_RENAMES} renames per client; past them the thread keeps its last name
     * (counted in {@link #renamesRefused()}), so a client renaming every frame cannot start a thread a frame.
     */
    private ReplayThread renamed(PStatsSession session, int t, ReplayThread old) {
        int n = renames;
        if (n >= MAX_RENAMES) {
            renamesRefused++;
            return old;
        }
        ReplayThread thread = new ReplayThread(profile, this, session.threadName(t), t == 0, old);
        renamed[n] = old;
        renames = n + 1;
        threads[t] = thread;
        thread.start();
        return thread;
    }

    /** Renames done for this client (each a replay thread retired, see {@link #renamed}). */
    int renames() {
        return renames;
    }

    /** Frames of a renamed thread replayed under its old name because the client passed {@link #MAX_RENAMES}. */
    long renamesRefused() {
        return renamesRefused;
    }

    private void resolve(PStatsSession session, FrameData frame, ReplayFrame dest) {
        CollectorTable table = session.collectors();
        if (table.version() != builtVersion) {
            rebuildZones(table);
        }
        if (!epochSet) {
            // The client's clock starts anywhere; its first frame starts just after everything the viewer showed.
            offsetNanos = profile.epochAfterShown() - clientNanos(frame.eventTime(0));
            epochSet = true;
        }
        dest.reset(frame.threadIndex(), frame.frameNumber());
        for (int i = 0; i < frame.eventCount(); i++) {
            int c = frame.eventCollector(i);
            Zone zone = c > 0 && c < zoneOf.length ? zoneOf[c] : null;
            dest.add(zone, frame.eventIsStart(i), clientNanos(frame.eventTime(i)) + offsetNanos);
        }
        if (frame.threadIndex() == 0) {
            for (int i = 0; i < frame.levelCount(); i++) {
                int c = frame.levelCollector(i);
                FloatDistribution stat = c < levelOf.length ? levelOf[c] : null;
                if (stat == null && c < levelOf.length && !levelTried[c] && session.collectors().isDefined(c)) {
                    // First value of this collector: its statistic is made now, so only levels become rows.
                    levelTried[c] = true;
                    String units = table.def(c).levelUnits();
                    // Statistics are the JVM's, not one profiler's: a second client's levels get names of their own.
                    String client = profile.number() > 1 ? "client " + profile.number() + "/" : "";
                    stat = levelByName.computeIfAbsent(LEVELS + client + table.fullName(c)
                            + (units.isBlank() ? "" : " (" + units + ")"), ClientFeed::levelStat);
                    levelOf[c] = stat;
                }
                if (stat != null) {
                    dest.addLevel(stat, frame.levelValue(i));
                }
            }
        }
        profile.shown(dest.endNanos());
    }

    /**
     * Whether the frame's times fit its thread's clock: within {@link #MAX_JUMP_SECONDS} of each other and, going
     * forward, of the thread's last accepted frame; or a jump confirmed by {@link #JUMP_CONFIRMATIONS} frames.
     */
    private boolean plausibleTimes(FrameData frame) {
        int n = frame.eventCount();
        if (n == 0) {
            return true;
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double t = frame.eventTime(i);
            min = Math.min(min, t);
            max = Math.max(max, t);
        }
        if (!(max - min <= MAX_JUMP_SECONDS)) {
            return false;
        }
        int t = frame.threadIndex();
        double last = lastSeconds[t];
        if (Double.isNaN(last) || min - last <= MAX_JUMP_SECONDS) {
            jumpFrames[t] = 0;
            lastSeconds[t] = Double.isNaN(last) ? max : Math.max(last, max);
            return true;
        }
        if (jumpFrames[t] > 0 && Math.abs(min - jumpSeconds[t]) <= MAX_JUMP_SECONDS) {
            jumpFrames[t]++;
        } else {
            jumpFrames[t] = 1;
        }
        jumpSeconds[t] = max;
        if (jumpFrames[t] < JUMP_CONFIRMATIONS) {
            return false;
        }
        jumpFrames[t] = 0;
        lastSeconds[t] = max;
        return true;
    }

    /** Frames dropped because their times jumped implausibly (counted in {@link #dropped()} too). */
    long badTimes() {
        return badTimes;
    }

    /**
     * Whether every time is finite and within {@link #MAX_CLIENT_SECONDS}: a client's clock is its uptime, and one
     * infinite or absurd time would put the thread's time line where no later frame could follow.
     */
    private static boolean saneTimes(FrameData frame) {
        for (int i = 0; i < frame.eventCount(); i++) {
            float t = frame.eventTime(i);
            if (!(Math.abs(t) <= MAX_CLIENT_SECONDS)) {
                return false;
            }
        }
        return true;
    }

    /** About 115 days: beyond it float32 seconds cannot tell milliseconds apart anyway. */
    static final float MAX_CLIENT_SECONDS = 1e7f;

    private static long clientNanos(float seconds) {
        return Math.round((double) seconds * 1e9);
    }

    private void rebuildZones(CollectorTable table) {
        builtVersion = table.version();
        int n = table.size();
        if (zoneOf.length < n) {
            zoneOf = Arrays.copyOf(zoneOf, n);
            levelOf = Arrays.copyOf(levelOf, n);
            levelTried = Arrays.copyOf(levelTried, n);
        }
        for (int c = 1; c < n; c++) {
            if (!table.isDefined(c)) {
                zoneOf[c] = null;
                levelOf[c] = null;
                levelTried[c] = false;
                continue;
            }
            String full = table.fullName(c);
            Zone zone = zoneByName.computeIfAbsent(full, Zone::local);
            int rgb = suggestedColor(table.def(c));
            if (rgb != Zone.NO_COLOR) {
                zone.color(rgb);
            }
            zoneOf[c] = zone;
            levelOf[c] = null;
            levelTried[c] = false;
        }
    }

    /**
     * The collector's suggested colour as {@code 0xRRGGBB}, the colour the HUD's graph, strip charts and timeline draw
     * its zone with (as Panda's own server does); {@link Zone#NO_COLOR} for black, which Panda's clients send for
     * "none" (the HUD then picks one), and for components that are not numbers from 0 to 1.
     */
    static int suggestedColor(CollectorDef def) {
        float r = def.red();
        float g = def.green();
        float b = def.blue();
        if (!(r >= 0 && r <= 1 && g >= 0 && g <= 1 && b >= 0 && b <= 1) || (r == 0 && g == 0 && b == 0)) {
            return Zone.NO_COLOR;
        }
        return Math.round(r * 255) << 16 | Math.round(g * 255) << 8 | Math.round(b * 255);
    }

    /** A queued frame of {@code events} events left the queue (replayed, or not queued after all). */
    void replayed(int events) {
        queuedEvents.addAndGet(-events);
    }

    /** A main-thread frame notes how many frames each other thread had been given: what it must wait for. */
    private void noteOtherThreads(ReplayFrame slot) {
        slot.awaitCount = 0;
        ReplayThread[] all = threads;
        for (int i = 1; i < all.length; i++) {
            ReplayThread t = all[i];
            if (t != null) {
                slot.awaitThreads[slot.awaitCount] = t;
                slot.awaitQueued[slot.awaitCount++] = t.queuedFrames;
            }
        }
    }

    /**
     * On the main replay thread, before gathering frame {@code f}: waits until the other threads have replayed the
     * frames queued to them before {@code f} was (they belong to it or to earlier frames; later ones are not waited
     * for, so a client flooding another thread cannot hold the main one). Replaying a file ({@code blocking}) it waits
     * as long as they take, so which frame a zone lands in never depends on how loaded the machine is; the other
     * threads never wait for the main one, so the wait ends. Live, at most {@link #OTHERS_WAIT_NANOS}: a replay
     * thread stuck in a listener's bug only delays the view, never stops it.
     */
    void awaitOtherThreads(ReplayFrame f) {
        long deadline = System.nanoTime() + OTHERS_WAIT_NANOS;
        for (int i = 0; i < f.awaitCount; i++) {
            ReplayThread t = f.awaitThreads[i];
            long queuedBefore = f.awaitQueued[i];
            f.awaitThreads[i] = null;
            // A renamed thread's successor replays only after its predecessor: waiting for it waits for both.
            while ((t.doneFrames < queuedBefore || t.predecessorBusy()) && t.isAlive()
                    && (blocking || System.nanoTime() < deadline)) {
                LockSupport.parkNanos(20_000);
            }
        }
        f.awaitCount = 0;
    }

    /** The longest the main replay thread of a live client waits for the others before a frame. */
    static final long OTHERS_WAIT_NANOS = 2_000_000_000L;

    /** The statistics category of received level collectors: the HUD's statistics report and value charts. */
    static final String LEVELS = "PStats levels/";

    private static FloatDistribution levelStat(String name) {
        try {
            return FloatDistribution.define(name);
        } catch (IllegalArgumentException e) {
            // A name the registry refuses (taken by another kind): that level is not shown; the frames go on.
            return null;
        }
    }

    private void finishThreads() {
        for (ReplayThread t : threads) {
            if (t != null) {
                try {
                    t.finish();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /**
     * Frames dropped: the replay queue was full, the thread was past the limit or undefined, the times were bad, or
     * the replay failed.
     */
    long dropped() {
        return dropped + failed();
    }

    /** Frames whose replay threw (in {@link #dropped()} too). */
    long failed() {
        long n = 0;
        for (ReplayThread t : threads) {
            n += t == null ? 0 : t.failed();
        }
        for (int i = 0, count = renames; i < count; i++) {
            n += renamed[i].failed();
        }
        return n;
    }

    /** Frames replayed and skipped (older than the last) over all threads. */
    long replayed() {
        long n = 0;
        for (ReplayThread t : threads) {
            n += t == null ? 0 : t.replayed();
        }
        for (int i = 0, count = renames; i < count; i++) {
            n += renamed[i].replayed();
        }
        return n;
    }

    long skipped() {
        long n = 0;
        for (ReplayThread t : threads) {
            n += t == null ? 0 : t.skipped();
        }
        for (int i = 0, count = renames; i < count; i++) {
            n += renamed[i].skipped();
        }
        return n;
    }

    /** The name of the Java thread replaying the client's main thread (its row's thread), or null before one. */
    String mainThreadName() {
        ReplayThread main = threads[0];
        return main == null ? null : main.getName();
    }

    /** The client's program name from its hello. */
    String progname() {
        return progname;
    }

    /** "progname on host", for the HUD's title. */
    String host() {
        return host;
    }

    /** "progname on host (peer)". */
    String name() {
        return name;
    }
}
