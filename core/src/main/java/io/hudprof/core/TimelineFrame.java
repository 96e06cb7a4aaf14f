package io.hudprof.core;

import java.util.Arrays;

/**
 * One recorded frame's timeline, built for a reader by {@link Profiler#loadTimeline(long, TimelineFrame)}: the
 * frame's bounds on the profiler's clock, one lane per thread, and per lane its bars in start order (a parent before
 * its children), each with its zone, nesting depth (0 = outermost), start, end, self time (its duration less its
 * children's) and its parent bar. A reusable container: refilling it allocates only while it grows to the largest
 * frame seen.
 *
 * <p>Lanes are the threads that recorded in the frame, in the order the profiler first saw them, then a
 * {@code <gpu>} lane with the GPU zones that ran during the frame's window once they have arrived
 * ({@code GpuTrack.frameResolved}): on the CPU clock, from GPU frames N - 2 to N + 2, cut to the window like any bar.
 *
 * <p>Held raw, built on the first read: a load copies the frame's lane records, each lane's zones open at the
 * frame's start and its events (array copies out of the threads' rings) and the GPU frames' events, and the bars are
 * built from them when a reader first asks for a lane or bar (a spike kept inside {@code update()} then costs the
 * copy of its events, not a replay of them into bars; most kept spikes are never looked at). {@link #copyFrom}
 * copies the raw form. Every accessor reads the same bars either way; read on the thread that loaded it.
 */
public final class TimelineFrame {
    private long frameNumber = -1;
    private boolean available;
    private long startNanos;
    private long endNanos;

    private int laneCount;
    /** Whether the last lane is the {@code <gpu>} lane. */
    private boolean gpuLane;
    private String[] laneName = new String[8];
    private int[] laneRoot = new int[8];
    private int[] laneFlags = new int[8];
    private int[] laneFirstBar = new int[8];
    private int[] laneBarCount = new int[8];
    private int[] laneMaxDepth = new int[8];
    private long[] laneBusy = new long[8];

    private int barCount;
    private int[] zone = new int[64];
    private int[] depth = new int[64];
    private int[] lane = new int[64];
    private int[] parent = new int[64];
    private long[] start = new long[64];
    private long[] end = new long[64];
    private long[] self = new long[64];
    private byte[] cuts = new byte[64];
    private int[] open = new int[16];

    // The raw form (filled by TimelineStore.load, or copied): lane records, then per lane its open zones at the
    // frame's start (zone ids) followed by its events (BEGIN/END words and times), in rawWord/rawTime from
    // rawFirst[l]. The <gpu> lane, when rawGpu, is the last: the events of GPU frames N-2..N+2, each GPU frame's
    // begun by a GPU_FRAME word (its nesting starts again at 0), cut to the frame's window when built.
    /** Marks the start of one GPU frame's events in the raw {@code <gpu>} lane (kind 0: neither BEGIN nor END). */
    private static final int GPU_FRAME = 0;
    private boolean hasRaw;
    /** False while the bars were not yet built from the raw form. */
    private boolean built = true;
    private int rawLaneCount;
    private boolean rawGpu;
    private String[] rawName = new String[8];
    private int[] rawRoot = new int[8];
    private int[] rawFlags = new int[8];
    private int[] rawFirst = new int[8];
    private int[] rawOpens = new int[8];
    private int rawCount;
    private int[] rawWord = new int[64];
    private long[] rawTime = new long[64];

    /** An empty timeline; fill it with {@link Profiler#loadTimeline(long, TimelineFrame)}. */
    public TimelineFrame() {
    }

    /** The recorded frame asked for last. */
    public long frameNumber() {
        return frameNumber;
    }

    /** False when that frame's timeline was not kept: lanes and bars are then empty. */
    public boolean available() {
        return available;
    }

    /** The frame's start on the profiler's clock (ns). */
    public long startNanos() {
        return startNanos;
    }

    /** The frame's end on the profiler's clock (ns). */
    public long endNanos() {
        return endNanos;
    }

    /** Number of lanes (threads). */
    public int laneCount() {
        ensureBuilt();
        return laneCount;
    }

    /** Number of lanes that are threads: all but the {@code <gpu>} lane, which comes last when there is one. */
    public int threadLaneCount() {
        ensureBuilt();
        return gpuLane ? laneCount - 1 : laneCount;
    }

    /** The lane's thread name. */
    public String laneName(int l) {
        return laneName[checkLane(l)];
    }

    /** The lane's thread-root zone (the identity {@code ReportController} selects by). */
    public int laneRootZone(int l) {
        return laneRoot[checkLane(l)];
    }

    /** True when the lane's thread ended in this frame. */
    public boolean laneEnded(int l) {
        return (laneFlags[checkLane(l)] & TimelineStore.LANE_ENDED) != 0;
    }

    /** True when the lane's thread ended with zones still open. */
    public boolean laneDiedInZone(int l) {
        return (laneFlags[checkLane(l)] & TimelineStore.LANE_DIED_IN_ZONE) != 0;
    }

    /** True when the thread wrote more events in this frame than its timeline holds: the lane has no bars. */
    public boolean laneIncomplete(int l) {
        return (laneFlags[checkLane(l)] & TimelineStore.LANE_INCOMPLETE) != 0;
    }

    /** Index of the lane's first bar. */
    public int laneFirstBar(int l) {
        return laneFirstBar[checkLane(l)];
    }

    /** Number of the lane's bars. */
    public int laneBarCount(int l) {
        return laneBarCount[checkLane(l)];
    }

    /** Deepest bar depth in the lane plus one (0 for a lane without bars). */
    public int laneDepth(int l) {
        return laneMaxDepth[checkLane(l)];
    }

    /** The lane's busy time in the frame: the sum of its outermost bars (time inside any zone), ns. */
    public long laneBusyNanos(int l) {
        return laneBusy[checkLane(l)];
    }

    /** Number of bars in all lanes. */
    public int barCount() {
        ensureBuilt();
        return barCount;
    }

    /** The bar's zone id ({@link Zone#byId(int)}). */
    public int barZone(int b) {
        return zone[checkBar(b)];
    }

    /** The bar's nesting depth in its lane (0 = outermost zone). */
    public int barDepth(int b) {
        return depth[checkBar(b)];
    }

    /** The bar's lane. */
    public int barLane(int b) {
        return lane[checkBar(b)];
    }

    /** The bar's parent bar (the zone it ran inside), or -1 for an outermost bar. */
    public int barParent(int b) {
        return parent[checkBar(b)];
    }

    /** The bar's start (ns, profiler clock; the frame's start when the zone began earlier). */
    public long barStart(int b) {
        return start[checkBar(b)];
    }

    /** The bar's end (ns; the frame's end when the zone was still open). */
    public long barEnd(int b) {
        return end[checkBar(b)];
    }

    /** The bar's duration inside this frame, ns. */
    public long barDuration(int b) {
        return end[checkBar(b)] - start[b];
    }

    /** The bar's self time inside this frame: its duration less its child bars' durations, ns. */
    public long barSelf(int b) {
        return self[checkBar(b)];
    }

    /** True when the zone began before the frame (the bar is cut at the frame's start). */
    public boolean barCutAtStart(int b) {
        return (cuts[checkBar(b)] & 1) != 0;
    }

    /** True when the zone was still open at the frame's end (the bar is cut there). */
    public boolean barCutAtEnd(int b) {
        return (cuts[checkBar(b)] & 2) != 0;
    }

    private int checkLane(int l) {
        ensureBuilt();
        if (l < 0 || l >= laneCount) {
            throw new IndexOutOfBoundsException("lane " + l + " of " + laneCount);
        }
        return l;
    }

    private int checkBar(int b) {
        ensureBuilt();
        if (b < 0 || b >= barCount) {
            throw new IndexOutOfBoundsException("bar " + b + " of " + barCount);
        }
        return b;
    }

    /**
     * Makes this a copy of {@code other} (a stored spike keeps its frame's timeline so, after the store moved on):
     * of its raw form when it holds one (its bars are then built again on this copy's first read), else of its bars.
     * Allocates only while this grows to the largest frame copied.
     */
    public void copyFrom(TimelineFrame other) {
        clear(other.frameNumber);
        if (!other.available) {
            return;
        }
        begin(other.startNanos, other.endNanos);
        if (other.hasRaw) {
            copyRaw(other);
            return;
        }
        // Room for the whole copy at once, then each array copied whole: a frame's bars are stored lane by lane in
        // start order, so the copy is the same arrays (parents, self times, lane totals included), not a replay of
        // addBar per bar inside the update() whose frame listener keeps a spike.
        int lanes = other.laneCount;
        int bars = other.barCount;
        growLanes(lanes);
        growBars(bars);
        System.arraycopy(other.laneName, 0, laneName, 0, lanes);
        System.arraycopy(other.laneRoot, 0, laneRoot, 0, lanes);
        System.arraycopy(other.laneFlags, 0, laneFlags, 0, lanes);
        System.arraycopy(other.laneFirstBar, 0, laneFirstBar, 0, lanes);
        System.arraycopy(other.laneBarCount, 0, laneBarCount, 0, lanes);
        System.arraycopy(other.laneMaxDepth, 0, laneMaxDepth, 0, lanes);
        System.arraycopy(other.laneBusy, 0, laneBusy, 0, lanes);
        System.arraycopy(other.zone, 0, zone, 0, bars);
        System.arraycopy(other.depth, 0, depth, 0, bars);
        System.arraycopy(other.lane, 0, lane, 0, bars);
        System.arraycopy(other.parent, 0, parent, 0, bars);
        System.arraycopy(other.start, 0, start, 0, bars);
        System.arraycopy(other.end, 0, end, 0, bars);
        System.arraycopy(other.self, 0, self, 0, bars);
        System.arraycopy(other.cuts, 0, cuts, 0, bars);
        laneCount = lanes;
        barCount = bars;
        gpuLane = other.gpuLane;
        int depths = depthUsed();
        if (open.length < depths) {
            open = new int[depths];
        }
        finish();
    }

    /** The raw form's copy: lane records and events, each array copied whole once there is room. */
    private void copyRaw(TimelineFrame other) {
        int lanes = other.rawLaneCount;
        int words = other.rawCount;
        growLanes(lanes);
        growRaw(words);
        System.arraycopy(other.rawName, 0, rawName, 0, lanes);
        System.arraycopy(other.rawRoot, 0, rawRoot, 0, lanes);
        System.arraycopy(other.rawFlags, 0, rawFlags, 0, lanes);
        System.arraycopy(other.rawFirst, 0, rawFirst, 0, lanes);
        System.arraycopy(other.rawOpens, 0, rawOpens, 0, lanes);
        System.arraycopy(other.rawWord, 0, rawWord, 0, words);
        System.arraycopy(other.rawTime, 0, rawTime, 0, words);
        rawLaneCount = lanes;
        rawCount = words;
        rawGpu = other.rawGpu;
        endRaw();
    }

    /**
     * The lanes, bars and nesting depth this holds without growing. A keeper of frames (the spike store) compares
     * them with what it is about to copy in, so it can swap in a container grown beforehand, off the game thread.
     */
    public int laneCapacity() {
        return laneName.length;
    }

    /**
     * Raw events (and zones open at a lane's start) held without growing: what a load or a copy of a frame of that
     * many {@link #storedEventCount()} fills without allocating ({@link #laneCapacity()}).
     */
    public int eventCapacity() {
        return rawWord.length;
    }

    /**
     * The raw events this holds (every lane's events and zones open at its start, GPU frames' included; 0 for a
     * frame held as bars only): the events room a copy of this needs. Builds nothing.
     */
    public int storedEventCount() {
        return hasRaw ? rawCount : 0;
    }

    /** The lanes a copy of this needs (the {@code <gpu>} lane included even when it ends up empty). Builds nothing. */
    public int storedLaneCount() {
        return hasRaw ? rawLaneCount : laneCount;
    }

    /** Bars held without growing ({@link #laneCapacity()}). */
    public int barCapacity() {
        return zone.length;
    }

    /** Nesting depth held without growing ({@link #laneCapacity()}). */
    public int depthCapacity() {
        return open.length;
    }

    /** The deepest bar's depth + 1 over all lanes (0 without bars): the nesting a copy of this needs. */
    public int depthUsed() {
        ensureBuilt();
        int most = 0;
        for (int l = 0; l < laneCount; l++) {
            most = Math.max(most, laneMaxDepth[l]);
        }
        return most;
    }

    /**
     * Grows to hold {@code lanes} lanes, {@code bars} bars and {@code depths} nesting levels, so a later fill of that
     * size allocates nothing. Not thread-safe: call it on a container no other thread uses.
     */
    public void reserve(int lanes, int bars, int depths) {
        growLanes(lanes);
        growBars(bars);
        if (open.length < depths) {
            open = Arrays.copyOf(open, depths);
        }
    }

    /**
     * Grows to hold {@code lanes} lanes and {@code events} raw events ({@link #storedEventCount()}), so a later load or
     * copy of that size allocates nothing. Not thread-safe: call it on a container no other thread uses.
     */
    public void reserveStored(int lanes, int events) {
        growLanes(lanes);
        growRaw(events);
    }

    // Filling, from TimelineStore.

    void clear(long number) {
        frameNumber = number;
        available = false;
        laneCount = 0;
        barCount = 0;
        gpuLane = false;
        hasRaw = false;
        built = true;
        rawLaneCount = 0;
        rawCount = 0;
        rawGpu = false;
    }

    // Filling the raw form, from TimelineStore.load: lanes in order, each followed by its opens and events.

    /** Adds a lane record; its open zones and events follow ({@link #addRawOpen}, {@link #addRawEvents}). */
    void addRawLane(String name, int root, int flags) {
        if (rawLaneCount == rawName.length) {
            growLanes(rawLaneCount * 2);
        }
        int l = rawLaneCount++;
        rawName[l] = name;
        rawRoot[l] = root;
        rawFlags[l] = flags;
        rawFirst[l] = rawCount;
        rawOpens[l] = 0;
    }

    /** Adds the {@code <gpu>} lane, last; its GPU frames follow ({@link #addRawGpuFrame}, {@link #addRawEvent}). */
    void addRawGpuLane(String name, int root) {
        addRawLane(name, root, 0);
        rawGpu = true;
    }

    /** A zone the last lane's thread had open at the frame's start (outermost first, before its events). */
    void addRawOpen(int zoneId) {
        growRaw(rawCount + 1);
        rawWord[rawCount++] = zoneId;
        rawOpens[rawLaneCount - 1]++;
    }

    /**
     * The last lane's events at running positions {@code from..to} of a ring of event words and times
     * ({@code mask + 1} long): one or two array copies (two when the ring wraps).
     */
    void addRawEvents(int[] words, long[] times, int mask, long from, long to) {
        int n = (int) (to - from);
        growRaw(rawCount + n);
        int s = (int) from & mask;
        int first = Math.min(n, mask + 1 - s);
        System.arraycopy(words, s, rawWord, rawCount, first);
        System.arraycopy(times, s, rawTime, rawCount, first);
        System.arraycopy(words, 0, rawWord, rawCount + first, n - first);
        System.arraycopy(times, 0, rawTime, rawCount + first, n - first);
        rawCount += n;
    }

    /** Starts one GPU frame's events in the {@code <gpu>} lane. */
    void addRawGpuFrame() {
        growRaw(rawCount + 1);
        rawWord[rawCount++] = GPU_FRAME;
    }

    /** One event of the lane being filled (the {@code <gpu>} lane's, one at a time). */
    void addRawEvent(int zoneId, boolean begin, long nanos) {
        growRaw(rawCount + 1);
        rawWord[rawCount] = EventCodes.word(begin ? EventCodes.BEGIN : EventCodes.END, zoneId);
        rawTime[rawCount++] = nanos;
    }

    /** The raw form is complete: the frame is loaded, its bars built on the first read. */
    void endRaw() {
        hasRaw = true;
        built = false;
        available = true;
    }

    /** Makes room for at least {@code words} raw words (at least doubling, so adding one by one stays cheap). */
    private void growRaw(int words) {
        if (words <= rawWord.length) {
            return;
        }
        int size = Math.max(words, rawWord.length * 2);
        rawWord = Arrays.copyOf(rawWord, size);
        rawTime = Arrays.copyOf(rawTime, size);
    }

    private void ensureBuilt() {
        if (!built) {
            build();
        }
    }

    /**
     * Builds the bars from the raw form, as they were built before it existed: each thread lane's open zones (cut at
     * the frame's start) then its events through a stack of bar indices, what is still open at the frame's end cut
     * there; the {@code <gpu>} lane's GPU frames each from depth 0, then kept to the frame's window.
     */
    private void build() {
        built = true;
        laneCount = 0;
        barCount = 0;
        gpuLane = false;
        for (int r = 0; r < rawLaneCount; r++) {
            addLane(rawName[r], rawRoot[r], rawFlags[r]);
            int from = rawFirst[r];
            int to = r + 1 < rawLaneCount ? rawFirst[r + 1] : rawCount;
            if (rawGpu && r == rawLaneCount - 1) {
                int first = barCount;
                buildGpuLane(from, to);
                keepInside(laneCount - 1, first, startNanos, endNanos);
            } else {
                buildLane(from, rawOpens[r], to);
            }
        }
        finish();
    }

    private void buildLane(int from, int opens, int to) {
        int[] stack = openBars(opens);
        int depth = 0;
        for (int d = 0; d < opens; d++) {
            stack[depth++] = addBar(rawWord[from + d], d, startNanos, true);
        }
        for (int i = from + opens; i < to; i++) {
            int word = rawWord[i];
            if (EventCodes.kind(word) == EventCodes.BEGIN) {
                if (depth == stack.length) {
                    stack = openBars(depth + 1);
                }
                stack[depth] = addBar(EventCodes.payload(word), Math.min(depth, TimelineStore.DEPTH_MASK),
                        rawTime[i], false);
                depth++;
            } else if (depth > 0) {
                endBar(stack[--depth], rawTime[i], false);
            }
        }
        while (depth > 0) {
            endBar(stack[--depth], endNanos, true);
        }
    }

    /** GPU frames' events: a bar left open at its GPU frame's end keeps its start as its end (dropped or cut later). */
    private void buildGpuLane(int from, int to) {
        int[] stack = openBars(1);
        int depth = 0;
        for (int i = from; i < to; i++) {
            int word = rawWord[i];
            if (word == GPU_FRAME) {
                depth = 0;
            } else if (EventCodes.kind(word) == EventCodes.BEGIN) {
                if (depth == stack.length) {
                    stack = openBars(depth + 1);
                }
                stack[depth] = addBar(EventCodes.payload(word), Math.min(depth, TimelineStore.DEPTH_MASK),
                        rawTime[i], false);
                depth++;
            } else if (depth > 0) {
                endBar(stack[--depth], rawTime[i], false);
            }
        }
    }

    void begin(long frameStart, long frameEnd) {
        startNanos = frameStart;
        endNanos = frameEnd;
    }

    void addLane(String name, int root, int flags) {
        if (laneCount == laneName.length) {
            growLanes(laneCount * 2);
        }
        int l = laneCount++;
        laneName[l] = name;
        laneRoot[l] = root;
        laneFlags[l] = flags;
        laneFirstBar[l] = barCount;
        laneBarCount[l] = 0;
        laneMaxDepth[l] = 0;
        laneBusy[l] = 0;
    }

    /** Makes room for at least {@code lanes} lanes (at least doubling, so adding lane by lane stays cheap). */
    private void growLanes(int lanes) {
        if (lanes <= laneName.length) {
            return;
        }
        int size = Math.max(lanes, laneName.length * 2);
        rawName = Arrays.copyOf(rawName, size);
        rawRoot = Arrays.copyOf(rawRoot, size);
        rawFlags = Arrays.copyOf(rawFlags, size);
        rawFirst = Arrays.copyOf(rawFirst, size);
        rawOpens = Arrays.copyOf(rawOpens, size);
        laneName = Arrays.copyOf(laneName, size);
        laneRoot = Arrays.copyOf(laneRoot, size);
        laneFlags = Arrays.copyOf(laneFlags, size);
        laneFirstBar = Arrays.copyOf(laneFirstBar, size);
        laneBarCount = Arrays.copyOf(laneBarCount, size);
        laneMaxDepth = Arrays.copyOf(laneMaxDepth, size);
        laneBusy = Arrays.copyOf(laneBusy, size);
    }

    /** Makes room for at least {@code bars} bars (at least doubling, so adding bar by bar stays cheap). */
    private void growBars(int bars) {
        if (bars <= zone.length) {
            return;
        }
        int size = Math.max(bars, zone.length * 2);
        zone = Arrays.copyOf(zone, size);
        depth = Arrays.copyOf(depth, size);
        lane = Arrays.copyOf(lane, size);
        parent = Arrays.copyOf(parent, size);
        start = Arrays.copyOf(start, size);
        end = Arrays.copyOf(end, size);
        self = Arrays.copyOf(self, size);
        cuts = Arrays.copyOf(cuts, size);
    }

    /**
     * Adds a bar to the last lane, starting at {@code barStart} and ending there until {@link #endBar}; bars come in
     * start order, a parent before its children. Parents, self times and lane totals are worked out by
     * {@link #finish()}.
     *
     * @return the bar's index
     */
    int addBar(int zoneId, int barDepth, long barStart, boolean cutStart) {
        if (barCount == zone.length) {
            growBars(barCount * 2);
        }
        if (barDepth >= open.length) {
            open = Arrays.copyOf(open, Math.max(barDepth + 1, open.length * 2));
        }
        int b = barCount++;
        zone[b] = zoneId;
        depth[b] = barDepth;
        lane[b] = laneCount - 1;
        start[b] = barStart;
        end[b] = barStart;
        cuts[b] = (byte) (cutStart ? 1 : 0);
        laneBarCount[laneCount - 1]++;
        return b;
    }

    /** Ends bar {@code b} at {@code barEnd}, cut there when the zone was still open. */
    void endBar(int b, long barEnd, boolean cutEnd) {
        end[b] = barEnd;
        if (cutEnd) {
            cuts[b] |= 2;
        }
    }

    /** A scratch stack of at least {@code n} bar indices for a lane being built (the one {@link #finish} uses). */
    int[] openBars(int n) {
        if (open.length < n) {
            open = Arrays.copyOf(open, Math.max(n, open.length * 2));
        }
        return open;
    }

    /**
     * Keeps of the {@code <gpu>} lane {@code l}'s bars from index {@code first} on (the last ones added) only those
     * that overlap {@code windowStart..windowEnd}, cut to it; drops the lane when none is left. A bar outside the
     * window has all its children outside too, so parents stay before their children.
     */
    void keepInside(int l, int first, long windowStart, long windowEnd) {
        int kept = first;
        for (int b = first; b < barCount; b++) {
            if (end[b] <= windowStart || start[b] >= windowEnd) {
                continue;
            }
            zone[kept] = zone[b];
            depth[kept] = depth[b];
            lane[kept] = l;
            cuts[kept] = (byte) ((start[b] < windowStart ? 1 : 0) | (end[b] > windowEnd ? 2 : 0));
            start[kept] = Math.max(windowStart, start[b]);
            end[kept] = Math.min(windowEnd, end[b]);
            kept++;
        }
        laneBarCount[l] -= barCount - kept;
        barCount = kept;
        if (laneBarCount[l] == 0 && l == laneCount - 1) {
            laneCount--;
        } else {
            gpuLane = true;
        }
    }

    /** Works out each bar's parent and self time and each lane's depth and busy time; the frame is then loaded. */
    void finish() {
        for (int l = 0; l < laneCount; l++) {
            laneMaxDepth[l] = 0;
            laneBusy[l] = 0;
        }
        for (int b = 0; b < barCount; b++) {
            int barDepth = depth[b];
            int l = lane[b];
            long duration = end[b] - start[b];
            self[b] = duration;
            // Bars come in start order, parents first: the parent is the last bar seen one level up.
            int p = barDepth == 0 ? -1 : open[barDepth - 1];
            parent[b] = p;
            open[barDepth] = b;
            if (p >= 0) {
                self[p] -= duration;
            } else {
                laneBusy[l] += duration;
            }
            laneMaxDepth[l] = Math.max(laneMaxDepth[l], barDepth + 1);
        }
        available = true;
    }
}
