package io.hudprof.core;

import java.util.Arrays;

/**
 * Turns the recorders' events into per-frame numbers (IProf's gather step). Replays each thread's events
 * against the {@link StateTree}: the time between two consecutive events of a thread is self time of the state
 * that was current, so one clock read per transition measures self time and hierarchical time is derived
 * later. At the frame boundary every thread's current state is credited up to the boundary, so no time is
 * lost between frames. Committed frames update the instantaneous values, two moving averages and the history.
 *
 * <p>With allocation per zone on, each event also carries the thread's allocated-bytes counter, and the bytes
 * between two consecutive events are credited to the state that was current, through the same touched-state,
 * commit, average and history code as time ({@link StateQuantity}). Unlike time, bytes cannot be split at a frame
 * boundary on another thread (its counter is only read by its own events): what a thread allocates after its last
 * event of a frame is credited, to the state it was in, with its next event. The updating thread's bytes are read
 * at the boundary, so its frames are exact.
 *
 * <p>Owned by the thread inside {@code update()}. Per-state arrays grow with the tree up to {@code maxStates}.
 */
final class FrameAggregator {
    private static final int PROBLEM_KINDS = Problem.values().length;

    final StateTree tree;
    private final ProfilerConfig config;

    // Per-state quantities: the frame being gathered, the last committed frame and its averages.
    final StateQuantity time = new StateQuantity(64);
    final StateQuantity calls = new StateQuantity(64);
    /** Self allocated bytes; null unless allocation per zone is on and available. */
    final StateQuantity bytes;

    private int[] touched = new int[64];
    private boolean[] isTouched = new boolean[64];
    private int touchedCount;
    private final long[] frameProblems = new long[PROBLEM_KINDS];
    private int[] instTouched = new int[64];
    private int instTouchedCount;

    final long[] lastFrameProblems = new long[PROBLEM_KINDS];
    final long[] totalProblems = new long[PROBLEM_KINDS];
    long recordedFrames;
    /** True when the last update froze the profile (paused) instead of recording a frame. */
    boolean frozen;
    int updateRootZone = -1;
    /** The {@code <gpu>} pseudo-thread's resolved frames; null until the profiler sets it. */
    GpuAttribution gpu;

    private long[] zoneAccumulator = new long[64];
    private long[] zoneBytesAccumulator;
    private boolean[] zoneListed = new boolean[64];
    private int[] zonesTouched = new int[64];
    private int zonesTouchedCount;

    FrameAggregator(ProfilerConfig config, boolean allocation) {
        this.config = config;
        this.tree = new StateTree(config.maxStates);
        this.bytes = allocation ? new StateQuantity(64) : null;
        this.zoneBytesAccumulator = allocation ? new long[64] : null;
    }

    StateQuantity quantity(Metric metric) {
        return metric == Metric.TIME ? time : bytes;
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
        if (ring.bytes != null) {
            position = drainEveryEvent(ctx, ring, position, head, untilNanos);
        } else {
            position = drainFast(ctx, ring.words, ring.times, position, head, untilNanos);
        }
        recorder.releaseUpTo(position);
    }

    /**
     * The replay loop, a hot path of its own: it runs once per recorded event on the thread that calls
     * {@code update()}. It keeps the replayed stack, the current state and the per-state arrays in locals, resolves
     * BEGIN through the per-zone cache and END with a pop itself, and hands anything else (a cache miss, the rare
     * event kinds) to the methods {@link #replay} uses, so its numbers are exactly replay()'s (a kept timeline gets
     * the same entries, in a second pass). A state joins the
     * frame's touched list when one of its quantities leaves zero: every credit is positive and the touched states
     * are zeroed when the frame ends, so that happens once per state and frame and the loop reads no flag. Locals
     * are written back to the context before any call that reads it, and read again after.
     *
     * @return the position of the first event not replayed
     */
    private long drainFast(ThreadContext ctx, int[] words, long[] times, long position, long head,
                           long untilNanos) {
        ensureStates();
        int[] stack = ctx.stack;
        int depth = ctx.depth;
        long last = ctx.lastNanos;
        int state = stack[depth];
        long[] selfTime = time.frame;
        long[] entries = calls.frame;
        int[] zoneCache = tree.zoneCache;
        int[] parentCache = tree.parentCache;
        ThreadTimeline timeline = ctx.timeline;
        long copied = position;
        for (; position < head; position++) {
            // Masking with each array's own length lets the JIT drop both range checks (the ring is a power of two).
            long nanos = times[(int) position & (times.length - 1)];
            if (nanos > untilNanos) {
                break;
            }
            int word = words[(int) position & (words.length - 1)];
            int kind = EventCodes.kind(word);
            if (kind == EventCodes.BEGIN) {
                // credit(): the time since the thread's last transition is self time of the state that was current.
                long delta = nanos - last;
                if (delta > 0) {
                    long before = selfTime[state];
                    selfTime[state] = before + delta;
                    if (before == 0) {
                        touch(state);
                    }
                    last = nanos;
                }
                int zoneId = EventCodes.payload(word);
                int z = 2 * zoneId;
                int child;
                int p = 2 * state;
                if (z + 1 < zoneCache.length && zoneCache[z] == state) {
                    child = zoneCache[z + 1];
                } else if (z + 1 < zoneCache.length && p + 1 < parentCache.length && parentCache[p] == zoneId) {
                    // The per-parent cache (recursion, alternating parents), as StateTree.child() reads and
                    // refreshes it, without the call.
                    child = parentCache[p + 1];
                    zoneCache[z] = state;
                    zoneCache[z + 1] = child;
                } else {
                    child = tree.child(state, zoneId);
                    ensureStates();
                    selfTime = time.frame;
                    entries = calls.frame;
                    zoneCache = tree.zoneCache;
                    parentCache = tree.parentCache;
                }
                if (++depth == stack.length) {
                    stack = Arrays.copyOf(stack, stack.length * 2);
                    ctx.stack = stack;
                }
                stack[depth] = child;
                state = child;
                long before = entries[child];
                entries[child] = before + 1;
                if (before == 0) {
                    touch(child);
                }
            } else if (kind == EventCodes.END) {
                long delta = nanos - last;
                if (delta > 0) {
                    long before = selfTime[state];
                    selfTime[state] = before + delta;
                    if (before == 0) {
                        touch(state);
                    }
                    last = nanos;
                }
                if (depth > 0) {
                    state = stack[--depth];
                }
            } else {
                if (timeline != null) {
                    // The timeline takes the events in order: the BEGINs and ENDs before this one first.
                    copyToTimeline(timeline, words, times, copied, position);
                    copied = position + 1;
                }
                ctx.depth = depth;
                ctx.lastNanos = last;
                replay(ctx, word, nanos);
                stack = ctx.stack;
                depth = ctx.depth;
                last = ctx.lastNanos;
                state = stack[depth];
                selfTime = time.frame;
                entries = calls.frame;
                zoneCache = tree.zoneCache;
                parentCache = tree.parentCache;
            }
        }
        ctx.depth = depth;
        ctx.lastNanos = last;
        if (timeline != null) {
            copyToTimeline(timeline, words, times, copied, position);
        }
        return position;
    }

    /**
     * Adds the BEGIN and END events at ring positions {@code from..to} to a kept timeline, as replay() would one by
     * one. A loop of its own: writing the timeline from the replay loop made that loop slower than this second pass.
     */
    private static void copyToTimeline(ThreadTimeline timeline, int[] words, long[] times, long from, long to) {
        for (long p = from; p < to; p++) {
            int word = words[(int) p & (words.length - 1)];
            timeline.add(EventCodes.payload(word), EventCodes.kind(word) == EventCodes.BEGIN,
                    times[(int) p & (times.length - 1)]);
        }
    }

    /** Replays every event through {@link #replay}, with its allocated bytes when the ring holds them. */
    private long drainEveryEvent(ThreadContext ctx, EventRing ring, long position, long head, long untilNanos) {
        int mask = ring.mask;
        int[] words = ring.words;
        long[] times = ring.times;
        long[] allocated = ring.bytes;
        while (position < head) {
            int i = (int) position & mask;
            long nanos = times[i];
            if (nanos > untilNanos) {
                break;
            }
            if (allocated != null) {
                creditBytes(ctx, allocated[i]);
            }
            replay(ctx, words[i], nanos);
            position++;
        }
        return position;
    }

    /** Sizes every per-state array for any state the tree holds now, so the replay loop needs no check per event. */
    void ensureStates() {
        if (isTouched.length < tree.capacity()) {
            ensureState(tree.capacity() - 1);
        }
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
                calls.frame[state]++;
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
            time.frame[state] += delta;
            ctx.lastNanos = nanos;
        }
    }

    /**
     * Credits the bytes the thread allocated since its last counter reading to its current state, exactly as
     * {@link #credit} does time; {@code allocated} is the thread's counter now. The first reading of a thread (and
     * the first after the counter could not be read) only sets the baseline: bytes from before hudprof saw the
     * thread belong to no frame.
     */
    void creditBytes(ThreadContext ctx, long allocated) {
        long last = ctx.lastBytes;
        if (allocated < 0 || last == ThreadContext.NO_BYTES) {
            ctx.lastBytes = allocated < 0 ? ThreadContext.NO_BYTES : allocated;
            return;
        }
        if (allocated <= last) {
            // Read before an event already replayed (the updating thread's boundary reading): nothing new.
            return;
        }
        ctx.lastBytes = allocated;
        int state = ctx.currentState();
        ensureState(state);
        touch(state);
        bytes.frame[state] += allocated - last;
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
        if (state < isTouched.length) {
            return;
        }
        int size = Math.max(tree.capacity(), state + 1);
        isTouched = Arrays.copyOf(isTouched, size);
        time.ensure(size);
        calls.ensure(size);
        if (bytes != null) {
            bytes.ensure(size);
        }
    }

    /** Makes the gathered frame the live one: instantaneous values, averages, history. */
    void commit(long frameNanos, FrameHistory history) {
        recordedFrames++;
        frozen = false;
        StateQuantity b = bytes;
        for (int i = 0; i < instTouchedCount; i++) {
            int s = instTouched[i];
            time.inst[s] = 0;
            calls.inst[s] = 0;
            if (b != null) {
                b.inst[s] = 0;
            }
        }
        long frameBytes = 0;
        for (int i = 0; b != null && i < touchedCount; i++) {
            frameBytes += b.frame[touched[i]];
        }
        history.beginFrame(recordedFrames, frameNanos, frameBytes, frameProblems);
        // One pass per touched state: publish it, record it in history, add it to its zone and clear it for the
        // next frame (what clearFrame() would do in a second pass).
        long[] timeFrame = time.frame;
        long[] callsFrame = calls.frame;
        double[] timeInst = time.inst;
        double[] callsInst = calls.inst;
        int[] zoneOf = tree.zone;
        for (int i = 0; i < touchedCount; i++) {
            int s = touched[i];
            long self = timeFrame[s];
            long entries = callsFrame[s];
            long selfBytes = 0;
            if (b != null) {
                selfBytes = b.frame[s];
                b.inst[s] = selfBytes;
                b.frame[s] = 0;
            }
            timeInst[s] = self;
            callsInst[s] = entries;
            timeFrame[s] = 0;
            callsFrame[s] = 0;
            isTouched[s] = false;
            history.addState(s, self, entries, selfBytes);
            addToZone(zoneOf[s], self, selfBytes);
        }
        // The touched list becomes the list of states whose instantaneous values the next commit zeroes.
        int[] published = touched;
        touched = instTouched;
        instTouched = published;
        instTouchedCount = touchedCount;
        touchedCount = 0;
        if (gpu != null) {
            // GPU states are never gathered from events: their values arrive late and are attached to their own
            // history frame by GpuAttribution, which only puts the newest arrived GPU frame in the live values.
            gpu.commitHeld(recordedFrames);
        }
        for (int i = 0; i < zonesTouchedCount; i++) {
            int z = zonesTouched[i];
            history.addZone(z, zoneAccumulator[z], b == null ? 0 : zoneBytesAccumulator[z]);
            zoneAccumulator[z] = 0;
            if (b != null) {
                zoneBytesAccumulator[z] = 0;
            }
            zoneListed[z] = false;
        }
        zonesTouchedCount = 0;
        history.endFrame();

        time.instTotal = frameNanos;
        int states = tree.count();
        ensureState(Math.max(0, states - 1));
        boolean first = recordedFrames == 1;
        double fast = config.fastAverageWeight;
        double slow = config.slowAverageWeight;
        time.average(states, first, fast, slow);
        calls.average(states, first, fast, slow);
        if (b != null) {
            b.instTotal = frameBytes;
            b.average(states, first, fast, slow);
        }
        System.arraycopy(frameProblems, 0, lastFrameProblems, 0, PROBLEM_KINDS);
        clearFrame();
    }

    /** Sets a state's committed (instantaneous) values outside the gathered frame: the held GPU frame's. */
    void setCommitted(int state, long self, long entries) {
        ensureState(state);
        time.inst[state] = self;
        calls.inst[state] = entries;
        if (instTouchedCount == instTouched.length) {
            instTouched = Arrays.copyOf(instTouched, instTouchedCount * 2);
        }
        instTouched[instTouchedCount++] = state;
    }

    /** Forgets the gathered frame (recording is paused); problems still count towards the totals. */
    void discard() {
        frozen = true;
        clearFrame();
    }

    private void clearFrame() {
        for (int i = 0; i < touchedCount; i++) {
            int s = touched[i];
            time.frame[s] = 0;
            calls.frame[s] = 0;
            if (bytes != null) {
                bytes.frame[s] = 0;
            }
            isTouched[s] = false;
        }
        touchedCount = 0;
        for (int k = 0; k < PROBLEM_KINDS; k++) {
            totalProblems[k] += frameProblems[k];
            frameProblems[k] = 0;
        }
    }

    private void addToZone(int zoneId, long self, long selfBytes) {
        if (zoneId >= zoneAccumulator.length) {
            int size = Math.max(zoneId + 1, zoneAccumulator.length * 2);
            zoneAccumulator = Arrays.copyOf(zoneAccumulator, size);
            zoneListed = Arrays.copyOf(zoneListed, size);
            if (zoneBytesAccumulator != null) {
                zoneBytesAccumulator = Arrays.copyOf(zoneBytesAccumulator, size);
            }
        }
        if (!zoneListed[zoneId]) {
            zoneListed[zoneId] = true;
            if (zonesTouchedCount == zonesTouched.length) {
                zonesTouched = Arrays.copyOf(zonesTouched, zonesTouched.length * 2);
            }
            zonesTouched[zonesTouchedCount++] = zoneId;
        }
        zoneAccumulator[zoneId] += self;
        if (zoneBytesAccumulator != null) {
            zoneBytesAccumulator[zoneId] += selfBytes;
        }
    }
}
