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
        return laneCount;
    }

    /** Number of lanes that are threads: all but the {@code <gpu>} lane, which comes last when there is one. */
    public int threadLaneCount() {
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
        if (l < 0 || l >= laneCount) {
            throw new IndexOutOfBoundsException("lane " + l + " of " + laneCount);
        }
        return l;
    }

    private int checkBar(int b) {
        if (b < 0 || b >= barCount) {
            throw new IndexOutOfBoundsException("bar " + b + " of " + barCount);
        }
        return b;
    }

    /**
     * Makes this a copy of {@code other} (a stored spike keeps its frame's timeline so, after the store moved on).
     * Allocates only while this grows to the largest frame copied.
     */
    public void copyFrom(TimelineFrame other) {
        clear(other.frameNumber);
        if (!other.available) {
            return;
        }
        begin(other.startNanos, other.endNanos);
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

    /**
     * The lanes, bars and nesting depth this holds without growing. A keeper of frames (the spike store) compares
     * them with what it is about to copy in, so it can swap in a container grown beforehand, off the game thread.
     */
    public int laneCapacity() {
        return laneName.length;
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

    // Filling, from TimelineStore.

    void clear(long number) {
        frameNumber = number;
        available = false;
        laneCount = 0;
        barCount = 0;
        gpuLane = false;
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
