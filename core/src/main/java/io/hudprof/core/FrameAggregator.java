package io.hudprof.core;

import java.util.Arrays;

/**
 * Turns the recorders' events into per-frame numbers (IProf's gather step). Replays each thread's events
 * against the {@link StateTree}: the time between two consecutive events of a thread is self time of the state
 * that was current, so one clock read per transition measures self time and hierarchical time is derived
 * later. At the frame boundary every thread's current state is credited up to the boundary, so no time is
 * lost between frames. Committed frames update the instantaneous values, two moving averages and the history.
 *
 * <p>Owned by the thread inside {@code update()}. Per-state arrays grow with the tree up to {@code maxStates}.
 */
final class FrameAggregator {
    private static final int PROBLEM_KINDS = Problem.values().length;

    final StateTree tree;
    private final ProfilerConfig config;

    // The frame being gathered.
    private long[] frameSelf = new long[64];
    private long[] frameCalls = new long[64];
    private int[] touched = new int[64];
    private boolean[] isTouched = new boolean[64];
    private int touchedCount;
    private final long[] frameProblems = new long[PROBLEM_KINDS];

    // The last committed frame and the averages, as doubles so every report source looks alike.
    double[] instSelf = new double[64];
    double[] instCalls = new double[64];
    private int[] instTouched = new int[64];
    private int instTouchedCount;
    double[] fastSelf = new double[64];
    double[] fastCalls = new double[64];
    double[] slowSelf = new double[64];
    double[] slowCalls = new double[64];
    double instFrameNanos;
    double fastFrameNanos;
    double slowFrameNanos;
    final long[] lastFrameProblems = new long[PROBLEM_KINDS];
    final long[] totalProblems = new long[PROBLEM_KINDS];
    long recordedFrames;
    /** True when the last update froze the profile (paused) instead of recording a frame. */
    boolean frozen;
    int updateRootZone = -1;

    private long[] zoneAccumulator = new long[64];
    private boolean[] zoneListed = new boolean[64];
    private int[] zonesTouched = new int[64];
    private int zonesTouchedCount;

    FrameAggregator(ProfilerConfig config) {
        this.config = config;
        this.tree = new StateTree(config.maxStates);
    }

    /**
     * Replays a thread's published events with timestamps up to {@code untilNanos}; later ones stay in the
     * ring for the next frame, which keeps the frame split exact.
     */
    void drain(ThreadContext ctx, long untilNanos) {
        ThreadRecorder recorder = ctx.recorder;
        long head = recorder.publishedHead();
        EventRing ring = recorder.ring();
        long position = recorder.consumedTail();
        int mask = ring.mask;
        int[] words = ring.words;
        long[] times = ring.times;
        while (position < head) {
            int i = (int) position & mask;
            long nanos = times[i];
            if (nanos > untilNanos) {
                break;
            }
            replay(ctx, words[i], nanos);
            position++;
        }
        recorder.releaseUpTo(position);
    }

    /**
     * At a frame boundary, after {@link #drain}: counts the thread's new drops into this frame and, when a drop
     * episode is open that no replayed RESYNC has ended, credits the gap up to {@code nanos} to the stack it had
     * (this frame is approximate: it shows the drops) and adopts the recorder's stack, so the next frame starts
     * from the true one. A dead thread's stack is read directly; its time is not credited past its last event.
     */
    void settleDrops(ThreadContext ctx, long nanos, boolean dead) {
        ThreadRecorder recorder = ctx.recorder;
        long dropped = recorder.droppedEvents();
        frameProblems[Problem.DROPPED_EVENTS.ordinal()] += dropped - ctx.countedDrops;
        ctx.countedDrops = dropped;
        int episode = recorder.dropEpisode();
        if (episode == ctx.resyncedEpisode) {
            return;
        }
        int depth;
        if (dead) {
            depth = recorder.depth();
            if (ctx.snapshot.length < depth) {
                ctx.snapshot = new int[recorder.maxDepth()];
            }
            for (int i = 0; i < depth; i++) {
                ctx.snapshot[i] = recorder.openZone(i);
            }
        } else {
            if (ctx.snapshot.length < recorder.maxDepth()) {
                ctx.snapshot = new int[recorder.maxDepth()];
            }
            depth = -1;
            for (int attempt = 0; attempt < 1000 && depth < 0; attempt++) {
                depth = recorder.readSnapshot(ctx.snapshot);
                if (depth < 0) {
                    Thread.onSpinWait();
                }
            }
            if (depth < 0) {
                // The thread is rewriting it right now, so it is still dropping: try again at the next boundary.
                return;
            }
            credit(ctx, nanos);
        }
        popAll(ctx, ctx.lastNanos);
        for (int i = 0; i < depth; i++) {
            int zoneId = ctx.snapshot[i] & ~ThreadRecorder.SCOPE_FLAG;
            int state = tree.child(ctx.currentState(), zoneId);
            ctx.push(state);
            ensureState(state);
            if (ctx.timeline != null) {
                ctx.timeline.add(zoneId, true, ctx.lastNanos);
            }
        }
        ctx.resyncedEpisode = episode;
    }

    private void replay(ThreadContext ctx, int word, long nanos) {
        credit(ctx, nanos);
        int payload = EventCodes.payload(word);
        ThreadTimeline timeline = ctx.timeline;
        // Only ThreadRecorder writes these words, so every kind is one of the cases below; there is no default
        // branch because update() runs on the game's thread and must never throw into it.
        switch (EventCodes.kind(word)) {
            case EventCodes.BEGIN -> {
                int state = tree.child(ctx.currentState(), payload);
                ctx.push(state);
                ensureState(state);
                touch(state);
                frameCalls[state]++;
                if (timeline != null) {
                    timeline.add(payload, true, nanos);
                }
            }
            case EventCodes.END -> endZone(ctx, payload, nanos);
            case EventCodes.END_MISSING -> {
                frameProblems[Problem.MISSING_END.ordinal()]++;
                endZone(ctx, payload, nanos);
            }
            case EventCodes.END_OPEN_AT_UPDATE -> {
                frameProblems[Problem.OPEN_AT_UPDATE.ordinal()]++;
                endZone(ctx, payload, nanos);
            }
            case EventCodes.EXTRA_END -> frameProblems[Problem.EXTRA_END.ordinal()]++;
            case EventCodes.DEPTH_LIMIT -> frameProblems[Problem.DEPTH_LIMIT.ordinal()]++;
            case EventCodes.RESYNC -> {
                // The drops themselves were counted by settleDrops in the frame they happened.
                ctx.resyncedEpisode = payload;
                popAll(ctx, nanos);
            }
            case EventCodes.RESYNC_PUSH -> {
                int state = tree.child(ctx.currentState(), payload);
                ctx.push(state);
                ensureState(state);
                if (timeline != null) {
                    timeline.add(payload, true, nanos);
                }
            }
        }
    }

    private void popAll(ThreadContext ctx, long nanos) {
        while (ctx.depth > 0) {
            if (ctx.timeline != null) {
                ctx.timeline.add(tree.zone[ctx.currentState()], false, nanos);
            }
            ctx.pop();
        }
    }

    private void endZone(ThreadContext ctx, int zoneId, long nanos) {
        ctx.pop();
        if (ctx.timeline != null) {
            ctx.timeline.add(zoneId, false, nanos);
        }
    }

    /** Credits the time since the thread's last transition to its current state. */
    void credit(ThreadContext ctx, long nanos) {
        long delta = nanos - ctx.lastNanos;
        if (delta > 0) {
            int state = ctx.currentState();
            ensureState(state);
            touch(state);
            frameSelf[state] += delta;
            ctx.lastNanos = nanos;
        }
    }

    /** A thread ended: the zones it left open are closed at its last event and counted. */
    void closeDeadThread(ThreadContext ctx) {
        frameProblems[Problem.THREAD_DIED_IN_ZONE.ordinal()] += ctx.depth;
        popAll(ctx, ctx.lastNanos);
    }

    /** Counts {@code n} occurrences of a problem into the frame being gathered. */
    void countProblem(Problem problem, long n) {
        frameProblems[problem.ordinal()] += n;
    }

    private void touch(int state) {
        if (!isTouched[state]) {
            isTouched[state] = true;
            if (touchedCount == touched.length) {
                touched = Arrays.copyOf(touched, touched.length * 2);
            }
            touched[touchedCount++] = state;
        }
    }

    private void ensureState(int state) {
        if (state < frameSelf.length) {
            return;
        }
        int size = Math.max(tree.capacity(), state + 1);
        frameSelf = Arrays.copyOf(frameSelf, size);
        frameCalls = Arrays.copyOf(frameCalls, size);
        isTouched = Arrays.copyOf(isTouched, size);
        instSelf = Arrays.copyOf(instSelf, size);
        instCalls = Arrays.copyOf(instCalls, size);
        fastSelf = Arrays.copyOf(fastSelf, size);
        fastCalls = Arrays.copyOf(fastCalls, size);
        slowSelf = Arrays.copyOf(slowSelf, size);
        slowCalls = Arrays.copyOf(slowCalls, size);
    }

    /** Makes the gathered frame the live one: instantaneous values, averages, history. */
    void commit(long frameNanos, FrameHistory history) {
        recordedFrames++;
        frozen = false;
        for (int i = 0; i < instTouchedCount; i++) {
            int s = instTouched[i];
            instSelf[s] = 0;
            instCalls[s] = 0;
        }
        if (instTouched.length < touched.length) {
            instTouched = new int[touched.length];
        }
        history.beginFrame(recordedFrames, frameNanos, frameProblems);
        for (int i = 0; i < touchedCount; i++) {
            int s = touched[i];
            instSelf[s] = frameSelf[s];
            instCalls[s] = frameCalls[s];
            instTouched[i] = s;
            history.addState(s, frameSelf[s], frameCalls[s]);
            addToZone(tree.zone[s], frameSelf[s]);
        }
        instTouchedCount = touchedCount;
        for (int i = 0; i < zonesTouchedCount; i++) {
            int z = zonesTouched[i];
            history.addZone(z, zoneAccumulator[z]);
            zoneAccumulator[z] = 0;
            zoneListed[z] = false;
        }
        zonesTouchedCount = 0;
        history.endFrame();

        instFrameNanos = frameNanos;
        int states = tree.count();
        ensureState(Math.max(0, states - 1));
        if (recordedFrames == 1) {
            System.arraycopy(instSelf, 0, fastSelf, 0, states);
            System.arraycopy(instCalls, 0, fastCalls, 0, states);
            System.arraycopy(instSelf, 0, slowSelf, 0, states);
            System.arraycopy(instCalls, 0, slowCalls, 0, states);
            fastFrameNanos = frameNanos;
            slowFrameNanos = frameNanos;
        } else {
            double fast = config.fastAverageWeight;
            double slow = config.slowAverageWeight;
            for (int s = 0; s < states; s++) {
                double self = instSelf[s];
                double calls = instCalls[s];
                fastSelf[s] += fast * (self - fastSelf[s]);
                fastCalls[s] += fast * (calls - fastCalls[s]);
                slowSelf[s] += slow * (self - slowSelf[s]);
                slowCalls[s] += slow * (calls - slowCalls[s]);
            }
            fastFrameNanos += fast * (frameNanos - fastFrameNanos);
            slowFrameNanos += slow * (frameNanos - slowFrameNanos);
        }
        System.arraycopy(frameProblems, 0, lastFrameProblems, 0, PROBLEM_KINDS);
        clearFrame();
    }

    /** Forgets the gathered frame (recording is paused); problems still count towards the totals. */
    void discard() {
        frozen = true;
        clearFrame();
    }

    private void clearFrame() {
        for (int i = 0; i < touchedCount; i++) {
            int s = touched[i];
            frameSelf[s] = 0;
            frameCalls[s] = 0;
            isTouched[s] = false;
        }
        touchedCount = 0;
        for (int k = 0; k < PROBLEM_KINDS; k++) {
            totalProblems[k] += frameProblems[k];
            frameProblems[k] = 0;
        }
    }

    private void addToZone(int zoneId, long self) {
        if (zoneId >= zoneAccumulator.length) {
            int size = Math.max(zoneId + 1, zoneAccumulator.length * 2);
            zoneAccumulator = Arrays.copyOf(zoneAccumulator, size);
            zoneListed = Arrays.copyOf(zoneListed, size);
        }
        if (!zoneListed[zoneId]) {
            zoneListed[zoneId] = true;
            if (zonesTouchedCount == zonesTouched.length) {
                zonesTouched = Arrays.copyOf(zonesTouched, zonesTouched.length * 2);
            }
            zonesTouched[zonesTouchedCount++] = zoneId;
        }
        zoneAccumulator[zoneId] += self;
    }
}
