package io.hudprof.core;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A profiler: the per-thread recorders zones write into, the once-per-frame {@link #update(boolean)} that
 * gathers them (IProf's {@code Prof_update}), the history, and the {@link ReportController} that turns it all
 * into reports.
 *
 * <p>Threads: any thread may enter zones. {@code update()} runs on one thread at a time (usually the render
 * thread; a concurrent second call does nothing and is counted). Reports, navigation and history must be used
 * on the thread that calls {@code update()}, or under the caller's own lock.
 *
 * <p>Memory is bounded by {@link ProfilerConfig}; nothing grows with run time.
 */
public final class Profiler {
    final ProfilerConfig config;
    volatile boolean enabled = true;

    private final Clock clock;
    private final ThreadLocal<ThreadRecorder> recorders = ThreadLocal.withInitial(this::register);
    private final Object registryLock = new Object();
    private volatile ThreadRecorder[] registered = new ThreadRecorder[0];
    /**
     * The first thread to record (in a game, the game thread) skips the ThreadLocal lookup, which is most of the
     * hot path's cost beyond the clock. Written once without synchronisation: a thread that sees another thread's
     * recorder here compares its final {@code thread} field, which final-field semantics make safe to read.
     */
    private ThreadRecorder firstRecorder;
    private final AtomicBoolean updating = new AtomicBoolean();
    private final AtomicLong concurrentUpdates = new AtomicLong();
    private volatile FrameListener[] frameListeners = new FrameListener[0];

    private final FrameAggregator aggregator;
    private final FrameHistory history;
    private final ReportController controller;

    private ThreadContext[] contexts = new ThreadContext[8];
    private int contextCount;
    private long frameStartNanos;
    private boolean userPaused;
    private boolean lastFrameRecorded;
    private long seenZoneOverflows;
    private long seenStateOverflows;
    private long seenConcurrentUpdates;

    /** A profiler with the given configuration; install it with {@link Hudprof#install(Profiler)}. */
    public Profiler(ProfilerConfig config) {
        if (config == null) {
            throw new IllegalArgumentException("hudprof: config is null; use ProfilerConfig.defaults()");
        }
        this.config = config;
        this.clock = config.clock;
        this.aggregator = new FrameAggregator(config);
        this.history = new FrameHistory(config, aggregator);
        this.controller = new ReportController(this, aggregator, history);
        this.frameStartNanos = clock.nanoTime();
        this.seenZoneOverflows = Zone.overflowDefinitions();
    }

    ThreadRecorder recorder() {
        ThreadRecorder first = firstRecorder;
        if (first != null && first.thread == Thread.currentThread()) {
            return first;
        }
        return recorders.get();
    }

    private ThreadRecorder register() {
        ThreadRecorder recorder = new ThreadRecorder(this, Thread.currentThread(), clock, config.eventCapacity,
                config.maxDepth);
        if (firstRecorder == null) {
            firstRecorder = recorder;
        }
        synchronized (registryLock) {
            ThreadRecorder[] grown = Arrays.copyOf(registered, registered.length + 1);
            grown[grown.length - 1] = recorder;
            registered = grown;
        }
        return recorder;
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
        long now = clock.nanoTime();
        if (Hudprof.COMPILED_IN) {
            ThreadRecorder own = recorders.get();
            if (own.depth() > 0) {
                own.closeAllOpenAtUpdate(now);
            }
        }
        ThreadRecorder[] recorders = registered;
        boolean anyDead = false;
        for (ThreadRecorder recorder : recorders) {
            ThreadContext ctx = recorder.context;
            if (ctx == null) {
                ctx = track(recorder);
            }
            // Termination happens-before isAlive() returning false, so a dead thread's events are all visible.
            boolean dead = !recorder.thread.isAlive();
            aggregator.drain(ctx, dead ? Long.MAX_VALUE : now);
            if (dead) {
                aggregator.closeDeadThread(ctx);
                ctx.finished = true;
                anyDead = true;
            } else {
                aggregator.credit(ctx, now);
            }
            ctx.timeline.endFrame();
        }
        if (anyDead) {
            forgetDeadThreads();
        }
        countLimits();
        long frameNanos = now - frameStartNanos;
        frameStartNanos = now;
        boolean recording = record && !userPaused && enabled;
        if (recording) {
            aggregator.commit(frameNanos, history);
        } else {
            aggregator.discard();
        }
        lastFrameRecorded = recording;
        notifyFrameListeners(frameNanos, recording);
    }

    private void notifyFrameListeners(long frameNanos, boolean recorded) {
        for (FrameListener listener : frameListeners) {
            try {
                listener.frameEnded(frameNanos, recorded);
            } catch (RuntimeException e) {
                // A listener's bug must not reach the game. The frame is already committed, so the failure is
                // counted with the next frame (and in the totals from then on).
                aggregator.frameProblems[Problem.FRAME_LISTENER_FAILED.ordinal()]++;
            }
        }
    }

    /**
     * Adds a listener told at the end of every {@code update()}, after the frame was gathered (and recorded,
     * unless paused), on the updating thread. Adding the same listener twice has no effect.
     */
    public void addFrameListener(FrameListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("hudprof: frame listener is null");
        }
        synchronized (registryLock) {
            for (FrameListener existing : frameListeners) {
                if (existing == listener) {
                    return;
                }
            }
            FrameListener[] grown = Arrays.copyOf(frameListeners, frameListeners.length + 1);
            grown[grown.length - 1] = listener;
            frameListeners = grown;
        }
    }

    /** Removes a listener added with {@link #addFrameListener(FrameListener)}; unknown listeners are ignored. */
    public void removeFrameListener(FrameListener listener) {
        synchronized (registryLock) {
            frameListeners = Arrays.stream(frameListeners).filter(l -> l != listener).toArray(FrameListener[]::new);
        }
    }

    private ThreadContext track(ThreadRecorder recorder) {
        Zone root = Zone.threadRoot(recorder.threadName);
        int rootState = aggregator.tree.newRoot(root.id());
        ThreadTimeline timeline = new ThreadTimeline(recorder.threadName, config.timelineCapacity,
                config.historyFrames);
        // The updating thread's root covers the whole frame, from its start (the profiler's start for the first
        // frame); another thread's time starts when its recorder was made: before that it had nothing to record.
        long startNanos = recorder.thread == Thread.currentThread() ? frameStartNanos : recorder.createdNanos;
        ThreadContext ctx = new ThreadContext(recorder, rootState, timeline, config.maxDepth, startNanos);
        recorder.context = ctx;
        if (recorder.thread == Thread.currentThread()) {
            aggregator.updateRootZone = root.id();
        }
        if (contextCount == contexts.length) {
            contexts = Arrays.copyOf(contexts, contexts.length * 2);
        }
        contexts[contextCount++] = ctx;
        return ctx;
    }

    private void forgetDeadThreads() {
        synchronized (registryLock) {
            registered = Arrays.stream(registered).filter(r -> r.context == null || !r.context.finished)
                    .toArray(ThreadRecorder[]::new);
        }
        int kept = 0;
        for (int i = 0; i < contextCount; i++) {
            if (!contexts[i].finished) {
                contexts[kept++] = contexts[i];
            }
        }
        Arrays.fill(contexts, kept, contextCount, null);
        contextCount = kept;
    }

    private void countLimits() {
        long zoneOverflows = Zone.overflowDefinitions();
        aggregator.frameProblems[Problem.ZONE_LIMIT.ordinal()] += zoneOverflows - seenZoneOverflows;
        seenZoneOverflows = zoneOverflows;
        long stateOverflows = aggregator.tree.overflowResolutions();
        aggregator.frameProblems[Problem.STATE_LIMIT.ordinal()] += stateOverflows - seenStateOverflows;
        seenStateOverflows = stateOverflows;
        long concurrent = concurrentUpdates.get();
        aggregator.frameProblems[Problem.CONCURRENT_UPDATE.ordinal()] += concurrent - seenConcurrentUpdates;
        seenConcurrentUpdates = concurrent;
    }

    /** Whether zones record (default true). Switching off stops new entries at once; open zones still close. */
    public boolean isEnabled() {
        return enabled;
    }

    /** Switches recording on or off at run time. */
    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
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

    /** Number of frames recorded so far. */
    public long recordedFrames() {
        return aggregator.recordedFrames;
    }

    /** The navigation state and report builder. */
    public ReportController controller() {
        return controller;
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

    /** The recent-events timeline of the i-th tracked thread, 0 ≤ i &lt; {@link #threadCount()}. */
    public ThreadTimeline timeline(int i) {
        if (i < 0 || i >= contextCount) {
            throw new IndexOutOfBoundsException("thread " + i + " of " + contextCount);
        }
        return contexts[i].timeline;
    }

    /** How often a problem occurred since start-up (see also {@link Report#problemsTotal(Problem)}). */
    public long problemsTotal(Problem problem) {
        return aggregator.totalProblems[problem.ordinal()];
    }
}
