package io.hudprof.core;

import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A profiler: the per-thread recorders zones write into, the once-per-frame {@link #update(boolean)} that
 * gathers them (IProf's {@code Prof_update}), the history, and {@link #data()}, the read API that reports, views and
 * exporters use (the report side keeps its builder per profiler in a {@link ProfilerSlot}:
 * {@code ReportController.of(profiler)}).
 *
 * <p>Threads: any thread may enter zones. {@code update()} runs on one thread at a time (usually the render
 * thread; a concurrent second call does nothing and is counted). Reports, navigation and history must be used
 * on the thread that calls {@code update()}, or under the caller's own lock.
 *
 * <p>Memory is bounded by {@link ProfilerConfig}; nothing grows with run time.
 */
public final class Profiler {
    /** Rings of ended threads kept for threads that start later. */
    private static final int RING_POOL = 16;
    /** Smallest ring a new thread starts with (events); it doubles up to {@code eventCapacity} as needed. */
    static final int INITIAL_EVENTS = 256;

    final ProfilerConfig config;
    volatile boolean enabled = true;
    /**
     * Whether {@link Zone#end()} must reach the thread's recorder: positive (a switch generation) while recording is
     * on, and after it is switched off until an {@code update()} has seen every thread with nothing open; then the
     * same generation negated, and every end() returns after reading it. A zone open when recording was switched
     * off so still closes at its real end. Written under {@link #switchLock}; see {@link #settleSwitch()}.
     */
    volatile int endState = 1;
    private final Object switchLock = new Object();
    private int switchGeneration = 1;

    private final Clock clock;
    /** Null unless allocation per zone is on and the counter is available. */
    private final AllocationCounter allocation;
    private final RecordingControl control = new RecordingControl();
    /**
     * Each thread's recorder, held weakly: the strong references are the profiler's own (pending list, contexts),
     * so a thread's thread-local map never keeps a dropped profiler's recorder, or the profiler, reachable.
     */
    private final ThreadLocal<WeakReference<ThreadRecorder>> recorders = new ThreadLocal<>();
    private final Object registryLock = new Object();
    /** Recorders made since the last update; guarded by registryLock. */
    private ThreadRecorder[] pending = new ThreadRecorder[4];
    /**
     * Each pending recorder's timeline (null when none are kept), made by the registering thread: a timeline ring
     * is megabytes, and made in update() it was a spike of hudprof's own whenever a thread started.
     */
    private ThreadTimeline[] pendingTimelines = new ThreadTimeline[4];
    private int pendingCount;
    private volatile boolean anyPending;
    /** Rings of ended threads for reuse; guarded by registryLock. */
    private final EventRing[] ringPool = new EventRing[RING_POOL];
    private int ringPoolCount;
    /**
     * The first thread to record (in a game, the game thread) skips the ThreadLocal lookup, which is most of the
     * hot path's cost beyond the clock. Written without synchronisation (set by the first registering thread,
     * cleared by update() once that thread has ended): a thread that sees another thread's recorder here compares
     * its final {@code thread} field, which final-field semantics make safe to read.
     */
    private ThreadRecorder firstRecorder;
    private final AtomicBoolean updating = new AtomicBoolean();
    private final AtomicLong concurrentUpdates = new AtomicLong();
    private volatile Listening listening = new Listening(new FrameListener[0], new int[0]);

    /** The frame listeners in the order they run, and each one's {@link FrameListener#selfZone()} id or -1. */
    private record Listening(FrameListener[] listeners, int[] zones) {
    }

    private final FrameAggregator aggregator;
    private final FrameHistory history;
    final GpuTrack gpu;
    /**
     * The thread inside (or last inside) {@code update()}: the one that owns the aggregator. Volatile so that a thread
     * that updated once and no longer does cannot pass {@link GpuTrack#frameResolved}'s check on a stale value.
     */
    volatile Thread updateThread;
    private boolean gpuInRoster;
    private final ProfileData data;
    /** What packages and modules above the engine keep per profiler: {@link ProfilerSlot}, object pairs. */
    volatile Object[] slotValues = new Object[0];
    final Object slotLock = new Object();
    private final ThreadRoster roster;
    /** Null unless timelines are kept. */
    private final TimelineStore timelines;

    private ThreadContext[] contexts = new ThreadContext[8];
    private int contextCount;
    private ThreadContext[] freeContexts = new ThreadContext[8];
    private int freeContextCount;
    private long frameStartNanos;
    private boolean userPaused;
    private boolean lastFrameRecorded;
    private long seenZoneOverflows;
    private long seenStateOverflows;
    private long seenConcurrentUpdates;
    private long seenForeignCloses;

    /** A profiler with the given configuration; install it with {@link Hudprof#install(Profiler)}. */
    public Profiler(ProfilerConfig config) {
        if (config == null) {
            throw new IllegalArgumentException("hudprof: config is null; use ProfilerConfig.defaults()");
        }
        this.config = config;
        this.clock = config.clock;
        String allocationUnavailable = allocationUnavailable(config);
        this.allocation = allocationUnavailable == null ? config.allocationCounter : null;
        this.aggregator = new FrameAggregator(config, allocation != null);
        this.history = new FrameHistory(config, allocation != null);
        GpuAttribution gpuAttribution = new GpuAttribution(aggregator, history);
        aggregator.gpu = gpuAttribution;
        this.gpu = new GpuTrack(this, gpuAttribution);
        this.roster = new ThreadRoster(config.historyFrames);
        this.timelines = config.timelineCapacity == 0 ? null
                : new TimelineStore(Math.min(config.timelineFrames, config.historyFrames), gpu.events());
        this.data = new ProfileData(aggregator, history, roster, config.selfProfiling, allocationUnavailable, gpu,
                gpuAttribution);
        this.frameStartNanos = clock.nanoTime();
        this.seenZoneOverflows = ZoneRegistry.overflowDefinitions();
    }

    private static String allocationUnavailable(ProfilerConfig config) {
        if (!config.allocationPerZone) {
            return "allocation per zone is off; -D" + ProfilerConfig.ALLOCATION_PROPERTY
                    + "=zones or ProfilerConfig.Builder.allocationPerZone(true) turns it on";
        }
        String reason = config.allocationCounter.unavailableReason();
        return reason == null ? null : "allocation per zone unavailable: " + reason;
    }

    ThreadRecorder recorder() {
        ThreadRecorder first = firstRecorder;
        if (first != null && first.thread == Thread.currentThread()) {
            return first;
        }
        WeakReference<ThreadRecorder> ref = recorders.get();
        ThreadRecorder recorder = ref == null ? null : ref.get();
        return recorder != null ? recorder : register();
    }

    /** Makes the current thread's recorder; runs on that thread, once, off the hot path. */
    private ThreadRecorder register() {
        Thread thread = Thread.currentThread();
        EventRing ring = null;
        synchronized (registryLock) {
            if (ringPoolCount > 0) {
                ring = ringPool[--ringPoolCount];
                ringPool[ringPoolCount] = null;
            }
        }
        if (ring == null) {
            ring = new EventRing(Math.min(INITIAL_EVENTS, config.eventCapacity), allocation != null);
        }
        ThreadRecorder recorder = new ThreadRecorder(control, thread, clock, allocation, ring, config.eventCapacity,
                config.maxDepth);
        recorders.set(new WeakReference<>(recorder));
        ThreadTimeline timeline = config.timelineCapacity == 0 ? null
                : new ThreadTimeline(recorder.threadName, config.timelineCapacity, config.historyFrames);
        synchronized (registryLock) {
            if (pendingCount == pending.length) {
                pending = Arrays.copyOf(pending, pendingCount * 2);
                pendingTimelines = Arrays.copyOf(pendingTimelines, pendingCount * 2);
            }
            pendingTimelines[pendingCount] = timeline;
            pending[pendingCount++] = recorder;
            anyPending = true;
        }
        if (firstRecorder == null) {
            firstRecorder = recorder;
        }
        return recorder;
    }

    /**
     * Makes the calling thread's recorder now, if it has none, so its time starts at this clock reading rather than
     * at its first zone. A game never needs it: it is for replays (a capture's thread that existed before the first
     * replayed frame must be credited from that frame's start, as it was live). Does nothing when compiled out.
     */
    public void trackCurrentThread() {
        if (KillSwitch.COMPILED_IN) {
            recorder();
        }
    }

    /** {@code update(true)}: gathers and records the frame that just ended. */
    public void update() {
        update(true);
    }

    /**
     * Ends the current frame: gathers every thread's events, and, when {@code record} is true and the profiler
     * is not {@linkplain #setPaused(boolean) paused}, makes the frame the live one and adds it to history.
     * With {@code record} false the events are still consumed (so buffers never fill) but the shown profile and
     * the history stay frozen. Call it once per frame, outside any zone; zones still open on the calling thread
     * are closed here and counted as {@link Problem#OPEN_AT_UPDATE}. Never throws into the game.
     */
    public void update(boolean record) {
        if (!updating.compareAndSet(false, true)) {
            concurrentUpdates.incrementAndGet();
            return;
        }
        try {
            gather(record);
        } finally {
            updating.set(false);
        }
    }

    private void gather(boolean record) {
        updateThread = Thread.currentThread();
        long now = clock.nanoTime();
        long ownBytes = allocation != null ? allocation.currentThreadAllocatedBytes() : 0;
        ThreadRecorder own = null;
        if (KillSwitch.COMPILED_IN) {
            own = recorder();
            if (own.depth() > 0) {
                own.closeAllOpenAtUpdate(now);
            }
        }
        boolean threadsChanged = anyPending;
        if (threadsChanged) {
            trackPending();
        }
        boolean recording = record && !userPaused && enabled;
        long frameNumber = recording ? aggregator.recordedFrames + 1 : aggregator.recordedFrames;
        if (timelines != null && recording) {
            timelines.beginFrame(frameNumber, frameStartNanos, now);
        } else if (timelines != null) {
            // Not recording (a pause): kept frames whose events the rings are about to pass are built now.
            timelines.keepThroughPause();
        }
        boolean anyDead = false;
        for (int i = 0; i < contextCount; i++) {
            ThreadContext ctx = contexts[i];
            ThreadRecorder recorder = ctx.recorder;
            // Termination happens-before isAlive() returning false, so a dead thread's events are all visible.
            boolean dead = !recorder.thread.isAlive();
            aggregator.drain(ctx, dead ? Long.MAX_VALUE : now);
            aggregator.settleDrops(ctx, now, dead);
            boolean diedInZone = dead && ctx.depth > 0;
            if (dead) {
                aggregator.closeDeadThread(ctx);
                roster.ended(recorder.rootZone, frameNumber, diedInZone);
                anyDead = true;
            } else {
                aggregator.credit(ctx, now);
                if (allocation != null && recorder == own) {
                    // The updating thread reads its own counter at the boundary, so its frames split exactly.
                    aggregator.creditBytes(ctx, ownBytes);
                }
            }
            if (ctx.timeline != null) {
                ctx.timeline.endFrame();
                timelines.addThread(ctx, aggregator.tree, dead, diedInZone);
            }
        }
        if (timelines != null) {
            timelines.endFrame();
        }
        if (anyDead) {
            forgetDeadThreads();
        }
        settleSwitch();
        // Every thread was drained up to `now`, so this begin at `now` opens the next frame: the gathering below
        // is charged to the frame whose time it takes.
        boolean selfZone = own != null && config.selfProfiling && enabled;
        if (selfZone) {
            own.beginAt(SelfZones.UPDATE_ID, now);
        }
        countLimits();
        long frameNanos = now - frameStartNanos;
        frameStartNanos = now;
        settleGpuInRoster();
        boolean changed = recording || recording != lastFrameRecorded || threadsChanged || anyDead;
        if (recording) {
            aggregator.commit(frameNanos, history);
            roster.recorded(aggregator.recordedFrames);
        } else if (aggregator.discard()) {
            changed = true;
        }
        if (changed) {
            data.changed();
        }
        lastFrameRecorded = recording;
        notifyFrameListeners(frameNanos, recording, selfZone ? own : null);
        if (selfZone) {
            own.end(SelfZones.UPDATE_ID);
        }
    }

    /**
     * The {@code <gpu>} pseudo-thread is in the thread roster (so a report can show it alone, like a thread) while a
     * GPU backend is installed; it "ends" when the backend is uninstalled. Settled here, on the updating thread that
     * owns the roster, whatever thread installed the backend.
     */
    private void settleGpuInRoster() {
        boolean live = gpu.installed();
        if (live != gpuInRoster) {
            int root = ZoneRegistry.gpuRoot().id();
            if (live) {
                roster.started(root, "gpu");
            } else {
                roster.ended(root, aggregator.recordedFrames, false);
            }
            gpuInRoster = live;
        }
    }

    /** How many states the aggregator's next commit zeroes (each at most once): for core's tests. */
    int aggregatorListedForCommit() {
        return aggregator.instListedCount();
    }

    /**
     * Tells every listener; with {@code self} (the updating thread's recorder while self profiling records), each
     * listener that names a {@link FrameListener#selfZone()} runs inside it, within {@code hudprof:update}.
     */
    private void notifyFrameListeners(long frameNanos, boolean recorded, ThreadRecorder self) {
        Listening now = listening;
        FrameListener[] listeners = now.listeners;
        int[] zones = now.zones;
        for (int i = 0; i < listeners.length; i++) {
            int zone = self != null ? zones[i] : -1;
            if (zone >= 0) {
                self.begin(zone);
            }
            try {
                listeners[i].frameEnded(frameNanos, recorded);
            } catch (RuntimeException e) {
                // A listener's bug must not reach the game. The frame is already committed, so the failure is
                // counted with the next frame (and in the totals from then on).
                aggregator.countProblem(Problem.FRAME_LISTENER_FAILED, 1);
            }
            if (zone >= 0) {
                // Also closes anything the listener left open inside its zone (the recorder repairs the mismatch).
                self.end(zone);
            }
        }
    }

    /**
     * Adds a listener told at the end of every {@code update()}, after the frame was gathered (and recorded,
     * unless paused), on the updating thread: {@link FrameListener.Stage#GATHER} listeners before
     * {@link FrameListener.Stage#READ} ones, in the order added within a stage. Adding the same listener twice has
     * no effect.
     */
    public void addFrameListener(FrameListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("hudprof: frame listener is null");
        }
        synchronized (registryLock) {
            FrameListener[] frameListeners = listening.listeners;
            int[] frameListenerZones = listening.zones;
            for (FrameListener existing : frameListeners) {
                if (existing == listener) {
                    return;
                }
            }
            // Keep stages in order (gatherers first), so a reader sees the frame's gathered values whichever
            // listener was added first; within a stage, the order of adding.
            FrameListener.Stage stage = listener.stage();
            int at = frameListeners.length;
            while (at > 0 && frameListeners[at - 1].stage().compareTo(stage) > 0) {
                at--;
            }
            FrameListener[] grown = new FrameListener[frameListeners.length + 1];
            System.arraycopy(frameListeners, 0, grown, 0, at);
            grown[at] = listener;
            System.arraycopy(frameListeners, at, grown, at + 1, frameListeners.length - at);
            Zone zone = listener.selfZone();
            int[] zones = new int[grown.length];
            System.arraycopy(frameListenerZones, 0, zones, 0, at);
            zones[at] = zone == null ? -1 : zone.id();
            System.arraycopy(frameListenerZones, at, zones, at + 1, frameListenerZones.length - at);
            listening = new Listening(grown, zones);
        }
    }

    /** Removes a listener added with {@link #addFrameListener(FrameListener)}; unknown listeners are ignored. */
    public void removeFrameListener(FrameListener listener) {
        synchronized (registryLock) {
            FrameListener[] frameListeners = listening.listeners;
            int[] frameListenerZones = listening.zones;
            int kept = 0;
            FrameListener[] left = new FrameListener[frameListeners.length];
            int[] zones = new int[frameListeners.length];
            for (int i = 0; i < frameListeners.length; i++) {
                if (frameListeners[i] != listener) {
                    left[kept] = frameListeners[i];
                    zones[kept++] = frameListenerZones[i];
                }
            }
            listening = new Listening(Arrays.copyOf(left, kept), Arrays.copyOf(zones, kept));
        }
    }

    private void trackPending() {
        synchronized (registryLock) {
            for (int i = 0; i < pendingCount; i++) {
                track(pending[i], pendingTimelines[i]);
                pending[i] = null;
                pendingTimelines[i] = null;
            }
            pendingCount = 0;
            anyPending = false;
        }
    }

    private void track(ThreadRecorder recorder, ThreadTimeline timeline) {
        int rootState = aggregator.tree.rootOf(recorder.rootZone);
        // The updating thread's root covers the whole frame, from its start (the profiler's start for the first
        // frame); another thread's time starts when its recorder was made: before that it had nothing to record.
        long startNanos = recorder.thread == Thread.currentThread() ? frameStartNanos : recorder.createdNanos;
        ThreadContext ctx = freeContextCount > 0 ? freeContexts[--freeContextCount] : new ThreadContext();
        ctx.reset(recorder, rootState, timeline, startNanos);
        roster.started(recorder.rootZone, recorder.threadName);
        if (recorder.thread == Thread.currentThread()) {
            aggregator.updateRootZone = recorder.rootZone;
        }
        if (contextCount == contexts.length) {
            contexts = Arrays.copyOf(contexts, contexts.length * 2);
        }
        contexts[contextCount++] = ctx;
    }

    /** Drops ended threads (already drained and closed): their rings and contexts are kept for new threads. */
    private void forgetDeadThreads() {
        int kept = 0;
        for (int i = 0; i < contextCount; i++) {
            ThreadContext ctx = contexts[i];
            ThreadRecorder recorder = ctx.recorder;
            if (recorder.thread.isAlive()) {
                contexts[kept++] = ctx;
                continue;
            }
            if (firstRecorder == recorder) {
                firstRecorder = null;
            }
            synchronized (registryLock) {
                if (ringPoolCount < RING_POOL) {
                    ringPool[ringPoolCount++] = recorder.detachRing();
                }
            }
            ctx.clear();
            if (freeContextCount == freeContexts.length) {
                freeContexts = Arrays.copyOf(freeContexts, freeContextCount * 2);
            }
            freeContexts[freeContextCount++] = ctx;
        }
        Arrays.fill(contexts, kept, contextCount, null);
        contextCount = kept;
    }

    private void countLimits() {
        long zoneOverflows = ZoneRegistry.overflowDefinitions();
        aggregator.countProblem(Problem.ZONE_LIMIT, zoneOverflows - seenZoneOverflows);
        seenZoneOverflows = zoneOverflows;
        long stateOverflows = aggregator.tree.overflowResolutions();
        aggregator.countProblem(Problem.STATE_LIMIT, stateOverflows - seenStateOverflows);
        seenStateOverflows = stateOverflows;
        long concurrent = concurrentUpdates.get();
        aggregator.countProblem(Problem.CONCURRENT_UPDATE, concurrent - seenConcurrentUpdates);
        seenConcurrentUpdates = concurrent;
        long foreign = control.foreignCloses.get();
        aggregator.countProblem(Problem.FOREIGN_THREAD_CLOSE, foreign - seenForeignCloses);
        seenForeignCloses = foreign;
        gpu.settleProblems(aggregator);
    }

    /** Whether zones record (default true). Switching off stops new entries at once; open zones still close. */
    public boolean isEnabled() {
        return enabled;
    }

    /** Switches recording on or off at run time. */
    public void setEnabled(boolean enabled) {
        synchronized (switchLock) {
            this.enabled = enabled;
            control.enabled = enabled;
            // A new generation, so that an update() that looked at the threads before this switch cannot mark
            // "nothing open" after it.
            endState = ++switchGeneration;
        }
    }

    /**
     * While switched off, after every thread was drained: when no thread has a zone open any more, lets every
     * {@link Zone#end()} return at once ({@link #endState} negative). If a thread has one open again, which only
     * happens when its begin() read the switch as on just before it was turned off and published the entry after
     * the update that settled, ends reach the recorders again from here on.
     */
    private void settleSwitch() {
        int state = endState;
        if (enabled) {
            return;
        }
        boolean anyOpen = false;
        for (int i = 0; i < contextCount && !anyOpen; i++) {
            ThreadContext ctx = contexts[i];
            // A drop episode not yet resynced leaves the replayed stack unsure: keep ends going to the recorders.
            anyOpen = ctx.depth > 0 || ctx.resyncedEpisode != ctx.recorder.dropEpisode();
        }
        if (anyOpen == (state < 0)) {
            synchronized (switchLock) {
                if (endState == state && !enabled) {
                    endState = -state;
                }
            }
        }
    }

    /** A user pause (the HUD's pause key): while paused, {@code update} records nothing; the game runs on. */
    public void setPaused(boolean paused) {
        this.userPaused = paused;
    }

    /** Whether the user pause is on. */
    public boolean paused() {
        return userPaused;
    }

    /** Flips the user pause and returns the new state. */
    public boolean togglePaused() {
        userPaused = !userPaused;
        return userPaused;
    }

    /** Whether the last {@code update} recorded its frame (false while paused by either means). */
    public boolean lastFrameRecorded() {
        return lastFrameRecorded;
    }

    /**
     * The clock reading at the last {@code update()}'s frame boundary: where the frame that just ended stopped and
     * the current one began (the profiler's start before the first update). With the duration a
     * {@link FrameListener} is given, it places that frame on the profiler's clock exactly.
     */
    public long frameStartNanos() {
        return frameStartNanos;
    }

    /** Number of frames recorded so far. */
    public long recordedFrames() {
        return aggregator.recordedFrames;
    }

    /**
     * The GPU side: where a GL backend (the overlay's {@code GpuTimer}) installs itself so {@link GpuZone}s take
     * timestamps, and hands back resolved GPU frames.
     */
    public GpuTrack gpu() {
        return gpu;
    }

    /** The read API over the gathered frames and history, for exporters and views. */
    public ProfileData data() {
        return data;
    }

    /** The recorded history, for graphs. */
    public FrameHistory history() {
        return history;
    }

    /** The configuration this profiler was built with. */
    public ProfilerConfig config() {
        return config;
    }

    /** Number of threads currently tracked (those that entered a zone and have not ended). */
    public int threadCount() {
        return contextCount;
    }

    /** The name of the i-th tracked thread, 0 ≤ i &lt; {@link #threadCount()}, as it was when it first recorded. */
    public String threadName(int i) {
        if (i < 0 || i >= contextCount) {
            throw new IndexOutOfBoundsException("thread " + i + " of " + contextCount);
        }
        return contexts[i].recorder.threadName;
    }

    /**
     * The recent-events timeline of the i-th tracked thread, 0 ≤ i &lt; {@link #threadCount()}, or {@code null}
     * when the configuration keeps no timeline ({@link ProfilerConfig.Builder#timelineCapacity(int)}).
     */
    public ThreadTimeline timeline(int i) {
        if (i < 0 || i >= contextCount) {
            throw new IndexOutOfBoundsException("thread " + i + " of " + contextCount);
        }
        return contexts[i].timeline;
    }

    /** The frame timeline's store, or null when no timeline is kept. */
    TimelineStore timelines() {
        return timelines;
    }

    /**
     * How many of the newest recorded frames keep their frame timeline (lanes of zone bars per thread;
     * {@link ProfilerConfig.Builder#timelineFrames}), or 0 when the configuration keeps no timeline
     * ({@link ProfilerConfig.Builder#timelineCapacity(int)} 0, the default).
     */
    public int timelineFramesKept() {
        return timelines == null ? 0 : timelines.framesKept();
    }

    /**
     * Loads recorded frame {@code frameNumber}'s timeline into {@code dest} (its bounds, a lane of bars per thread
     * and the {@code <gpu>} lane) from the threads' kept events: the events are copied now, and {@code dest} builds
     * its bars on its first read, so a frame kept and never looked at (a spike) costs the copy alone. On the updating
     * thread; allocates only while {@code dest} grows to the largest frame loaded (and its bars on the first read).
     *
     * @return false, with {@code dest} emptied, when that frame's timeline is not kept (no timeline kept, older than
     *         the last {@link #timelineFramesKept()} recorded frames, or its events were overwritten since)
     */
    public boolean loadTimeline(long frameNumber, TimelineFrame dest) {
        if (timelines == null) {
            dest.clear(frameNumber);
            return false;
        }
        return timelines.load(frameNumber, dest);
    }

    /** How often a problem occurred since start-up (see also {@code Report.problemsTotal}). */
    public long problemsTotal(Problem problem) {
        return aggregator.totalProblems[problem.ordinal()];
    }

    /**
     * Counts {@code count} occurrences of {@code problem} found elsewhere into the frame being gathered, as if this
     * profiler had found them: the next {@code update()} shows them in that frame (recorded) or only in the totals
     * (not recorded). What a replayed capture uses to give back the live run's counts, whose zone events it replays
     * already repaired. Call it on the updating thread between updates (on another thread, or with a count below 1,
     * it does nothing: the counts it adds to are the updating thread's own).
     */
    public void countProblems(Problem problem, long count) {
        Thread updating = updateThread;
        if (problem != null && count > 0 && (updating == null || updating == Thread.currentThread())) {
            aggregator.countProblem(problem, count);
        }
    }
}
