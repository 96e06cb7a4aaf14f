package io.hudprof.core;

import java.util.Arrays;

/**
 * Turns the recorders' events into per-frame numbers (IProf's gather step). Replays each thread's events
 * against the {@link StateTree}: the time between two consecutive events of a thread is self time of the state
 * that was current, so one clock read per transition measures self time and hierarchical time is derived
 * later. The replay loop gets the same self times another way, cheaper per event: it credits each zone pair's
 * time once, inclusively, to the state the pair entered, and {@link #commit} subtracts every state's inclusive time
 * from its parent's (see {@link #drainFast}); the rare events are credited directly, and the two ways never count
 * an interval twice. At the frame boundary every thread's current state is credited up to the boundary, so no
 * time is lost between frames. Committed frames update the instantaneous values, two moving averages and the
 * history.
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

    /**
     * Per state, the frame's inclusive time credited by the replay loop (the state and everything under it), not yet
     * in {@code time.frame}; {@link #deriveSelfTime} moves it there at commit. Zero outside a frame being gathered.
     */
    private long[] inclusive = new long[64];
    private int[] touched = new int[64];
    private boolean[] isTouched = new boolean[64];
    private int touchedCount;
    private final long[] frameProblems = new long[PROBLEM_KINDS];
    private int[] instTouched = new int[64];
    private int instTouchedCount;
    /**
     * The live GPU states {@link #setCommitted} listed in {@code instTouched} since the last commit: a GPU frame that
     * resolves again and again between two commits lists each state once, so the list never outgrows the states.
     */
    private boolean[] instListed = new boolean[64];
    /** How many of {@code instTouched} the last commit listed (its CPU states); the live GPU states follow them. */
    private int committedCount;

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
        if (position == head) {
            return;
        }
        if (tree.atLimit()) {
            position = drainEveryEvent(ctx, ring, position, head, untilNanos);
        } else {
            position = drainFast(ctx, ring.words, ring.times, ring.bytes, position, head, untilNanos);
            if (position < head && tree.atLimit()) {
                // The loop stopped at the state limit (or at the frame's end, where this replays nothing).
                position = drainEveryEvent(ctx, ring, position, head, untilNanos);
            }
        }
        recorder.releaseUpTo(position);
    }

    /**
     * The replay loop, a hot path of its own: it runs once per recorded event on the thread that calls
     * {@code update()}. It keeps the replayed stack, the current state and the per-state arrays in locals, resolves
     * BEGIN through the per-zone cache and END with a pop itself, and hands the rare event kinds to {@link #replay},
     * so its numbers are exactly replay()'s (a kept timeline gets the same entries, in a second pass).
     *
     * <p>Time is credited inclusively, once per zone pair: a BEGIN stores its time beside the pushed state, an END
     * adds the time since then to the state's {@link #inclusive} time, and {@link #commit} turns inclusive into self
     * time ({@link #deriveSelfTime}). So a pair costs one read-modify-write of a per-state time, at its END, where
     * direct crediting costs one per event (a BEGIN then only stores its time). The event time used is the running
     * maximum of the thread's times, as credit() keeps it, so a clock that steps back gives the very numbers direct
     * crediting does. The levels open on entry (and after a rare event, which replay() credits directly) start at
     * the thread's last time, and every open level is credited up to it on exit (and before a rare event), so each
     * interval is credited once: directly to one state's self time, or inclusively to the whole open chain.
     *
     * <p>A state joins the frame's touched list when its entry count leaves zero, or when it is open on entry (an
     * open state may get inclusive time): every credit is positive and the touched states are zeroed when the frame
     * ends, so that happens once per state and frame and the loop reads no flag. A state's parent is open whenever
     * it is, so it is touched too. Locals are written back to the context before any call that reads it, and read
     * again after. Inclusive crediting needs each state's tree parent to be the state it was entered from, which
     * holds until the state limit is reached: there the loop stops before resolving a new entry and
     * {@link #drain} replays the rest directly.
     *
     * <p>With allocation per zone, each event's allocated-bytes reading is credited to the state current before it,
     * exactly as {@link #creditBytes} does (the current state is always touched: it is open on entry or was entered
     * in this frame), so the feature keeps the cached loop instead of a tree lookup per event.
     *
     * @param allocated the ring's allocated-bytes readings, or null without allocation per zone
     * @return the position of the first event not replayed
     */
    private long drainFast(ThreadContext ctx, int[] words, long[] times, long[] allocated, long position, long head,
                           long untilNanos) {
        ensureStates();
        openLevels(ctx);
        int[] stack = ctx.stack;
        long[] start = ctx.start;
        int depth = ctx.depth;
        long last = ctx.lastNanos;
        int state = stack[depth];
        long[] incl = inclusive;
        long[] entries = calls.frame;
        int[] zoneCache = tree.zoneCache;
        int[] parentCache = tree.parentCache;
        ThreadTimeline timeline = ctx.timeline;
        long lastBytes = ctx.lastBytes;
        long[] selfBytes = allocated == null ? null : bytes.frame;
        long copied = position;
        for (; position < head; position++) {
            // Masking with each array's own length lets the JIT drop both range checks (the ring is a power of two).
            long nanos = times[(int) position & (times.length - 1)];
            if (nanos > untilNanos) {
                break;
            }
            if (allocated != null) {
                long reading = allocated[(int) position & (allocated.length - 1)];
                if (reading < 0) {
                    lastBytes = ThreadContext.NO_BYTES;
                } else if (lastBytes == ThreadContext.NO_BYTES) {
                    lastBytes = reading;
                } else if (reading > lastBytes) {
                    selfBytes[state] += reading - lastBytes;
                    lastBytes = reading;
                }
            }
            int word = words[(int) position & (words.length - 1)];
            int kind = EventCodes.kind(word);
            if (kind == EventCodes.BEGIN) {
                // The running maximum, as credit() keeps it: a time before the last one credits nothing. Taken in
                // the BEGIN and END branches (the rare kinds need none: replay() takes it itself); taking it once
                // before the branches measured no faster.
                if (nanos - last > 0) {
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
                    if (tree.atLimit()) {
                        // The next state may be the overflow state, whose tree parent is not the state it is
                        // entered from: drain() replays this event and the rest directly.
                        break;
                    }
                    child = tree.child(state, zoneId);
                    ensureStates();
                    incl = inclusive;
                    entries = calls.frame;
                    selfBytes = allocated == null ? null : bytes.frame;
                    zoneCache = tree.zoneCache;
                    parentCache = tree.parentCache;
                }
                if (++depth == stack.length) {
                    ctx.grow();
                    stack = ctx.stack;
                    start = ctx.start;
                }
                stack[depth] = child;
                start[depth] = last;
                state = child;
                long before = entries[child];
                entries[child] = before + 1;
                if (before == 0) {
                    touch(child);
                }
            } else if (kind == EventCodes.END) {
                if (nanos - last > 0) {
                    last = nanos;
                }
                if (depth > 0) {
                    incl[state] += last - start[depth];
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
                ctx.lastBytes = lastBytes;
                closeLevels(ctx);
                replay(ctx, word, nanos);
                openLevels(ctx);
                stack = ctx.stack;
                start = ctx.start;
                depth = ctx.depth;
                last = ctx.lastNanos;
                state = stack[depth];
                incl = inclusive;
                entries = calls.frame;
                selfBytes = allocated == null ? null : bytes.frame;
                zoneCache = tree.zoneCache;
                parentCache = tree.parentCache;
                if (tree.atLimit()) {
                    // A RESYNC_PUSH may have reached the state limit: the rest is replayed directly.
                    position++;
                    break;
                }
            }
        }
        ctx.depth = depth;
        ctx.lastNanos = last;
        ctx.lastBytes = lastBytes;
        closeLevels(ctx);
        if (timeline != null) {
            copyToTimeline(timeline, words, times, copied, position);
        }
        return position;
    }

    /**
     * Starts inclusive crediting of every level open in the thread at its last time, and touches each level (it
     * may get inclusive time in this frame). Sizes the per-state arrays first.
     */
    private void openLevels(ThreadContext ctx) {
        ensureStates();
        int[] stack = ctx.stack;
        long[] start = ctx.start;
        long last = ctx.lastNanos;
        for (int i = 0; i <= ctx.depth; i++) {
            start[i] = last;
            touch(stack[i]);
        }
    }

    /** Credits every open level's inclusive time up to the thread's last time: all its time is then credited. */
    private void closeLevels(ThreadContext ctx) {
        int[] stack = ctx.stack;
        long[] start = ctx.start;
        long last = ctx.lastNanos;
        long[] incl = inclusive;
        for (int i = 0; i <= ctx.depth; i++) {
            incl[stack[i]] += last - start[i];
            start[i] = last;
        }
    }

    /**
     * Adds the BEGIN and END events at ring positions {@code from..to} to a kept timeline, as replay() would one by
     * one: a second pass (writing the timeline from the replay loop made that loop slower), array by array, as the
     * timeline keeps the ring's own event words.
     */
    private static void copyToTimeline(ThreadTimeline timeline, int[] words, long[] times, long from, long to) {
        timeline.addRun(words, times, from, to);
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
                if (tree.isOverflow(state)) {
                    ctx.pushedOverflow(zoneId);
                }
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
                    if (tree.isOverflow(state)) {
                        ctx.pushedOverflow(payload);
                    }
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
                    if (tree.isOverflow(state)) {
                        ctx.pushedOverflow(payload);
                    }
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

    /**
     * Adds a state to the frame's touched list, once. The list is sized for every state the tree can index (a state
     * is in it at most once), so there is no growth branch: the replay loop inlines this, and a call to
     * {@code Arrays.copyOf} compiled into the loop (when the growth had been seen while the JIT profiled it) made C2
     * spill the loop's locals and the whole loop about a third slower in those JVMs.
     */
    private void touch(int state) {
        if (!isTouched[state]) {
            isTouched[state] = true;
            touched[touchedCount++] = state;
        }
    }

    private void ensureState(int state) {
        if (state < isTouched.length) {
            return;
        }
        int size = Math.max(tree.capacity(), state + 1);
        isTouched = Arrays.copyOf(isTouched, size);
        instListed = Arrays.copyOf(instListed, size);
        // Both touched lists (they are swapped at commit) can hold every state, so touch() never grows them.
        if (touched.length < size) {
            touched = Arrays.copyOf(touched, size);
        }
        if (instTouched.length < size) {
            instTouched = Arrays.copyOf(instTouched, size);
        }
        inclusive = Arrays.copyOf(inclusive, size);
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
        deriveSelfTime();
        StateQuantity b = bytes;
        for (int i = 0; i < instTouchedCount; i++) {
            int s = instTouched[i];
            time.inst[s] = 0;
            calls.inst[s] = 0;
            instListed[s] = false;
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
        // next frame (what clearFrame() would do in a second pass). Entries go into history one by one rather than
        // through a FrameStates record: building one here and copying it in cost 1.4 ns a state (measured).
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
            if (self == 0 && entries == 0 && selfBytes == 0) {
                // Touched because it was open (it might have got inclusive time), but nothing to show: as direct
                // crediting would not have touched it, it takes no history entry and no zone entry.
                continue;
            }
            history.addState(s, self, entries, selfBytes);
            addToZone(zoneOf[s], self, selfBytes);
        }
        // The touched list becomes the list of states whose instantaneous values the next commit zeroes.
        int[] published = touched;
        touched = instTouched;
        instTouched = published;
        instTouchedCount = touchedCount;
        committedCount = touchedCount;
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

    /**
     * Turns the frame's inclusive times into self time: a state's inclusive time is its own self time plus its
     * children's inclusive time, so it is added to the state and taken from its parent (its parent on every stack it
     * was open in, below the state limit). Every state with inclusive time, and its parent, is touched. Exact: the
     * sums are of longs, so the self times are the very ones crediting each transition directly gives.
     */
    private void deriveSelfTime() {
        long[] incl = inclusive;
        long[] self = time.frame;
        int[] parent = tree.parent;
        for (int i = 0; i < touchedCount; i++) {
            int s = touched[i];
            long v = incl[s];
            if (v != 0) {
                incl[s] = 0;
                self[s] += v;
                int p = parent[s];
                if (p >= 0) {
                    self[p] -= v;
                }
            }
        }
    }

    /**
     * The last committed frame's CPU states with a value, in the order history got them (the entries {@link #commit}
     * skipped have nothing to show; the live GPU values set after it are of another frame).
     */
    void loadCommitted(FrameStates dest) {
        StateQuantity b = bytes;
        dest.reset(b != null);
        for (int i = 0; i < committedCount; i++) {
            int s = instTouched[i];
            // Published from exact longs, so the casts lose nothing.
            long self = (long) time.inst[s];
            long entries = (long) calls.inst[s];
            long selfBytes = b == null ? 0 : (long) b.inst[s];
            if (self != 0 || entries != 0 || selfBytes != 0) {
                dest.add(s, self, entries, selfBytes);
            }
        }
    }

    /** Sets a state's committed (instantaneous) values outside the gathered frame: the held GPU frame's. */
    void setCommitted(int state, long self, long entries) {
        ensureState(state);
        time.inst[state] = self;
        calls.inst[state] = entries;
        if (instListed[state]) {
            return;
        }
        instListed[state] = true;
        if (instTouchedCount == instTouched.length) {
            instTouched = Arrays.copyOf(instTouched, instTouchedCount * 2);
        }
        instTouched[instTouchedCount++] = state;
    }

    /** How many states the next commit zeroes: the last commit's and the live GPU ones (each at most once). */
    int instListedCount() {
        return instTouchedCount;
    }

    /** Forgets the gathered frame (recording is paused); problems still count towards the totals. */
    /** Drops the gathered frame (paused); returns whether it counted any problem, which the totals now show. */
    boolean discard() {
        frozen = true;
        boolean problems = false;
        for (int k = 0; k < PROBLEM_KINDS && !problems; k++) {
            problems = frameProblems[k] != 0;
        }
        clearFrame();
        return problems;
    }

    private void clearFrame() {
        for (int i = 0; i < touchedCount; i++) {
            int s = touched[i];
            time.frame[s] = 0;
            calls.frame[s] = 0;
            inclusive[s] = 0;
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
