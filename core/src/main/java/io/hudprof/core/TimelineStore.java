package io.hudprof.core;

import java.util.Arrays;

/**
 * The frame timeline (PStats' piano roll): for each of the last {@code timelineFrames} recorded frames, one lane
 * per thread and in each lane the zones that ran, as bars in start order with their nesting depth. It is built at
 * each update from the events the aggregator already replayed into each thread's {@link ThreadTimeline}, so it is
 * not a second recording path; {@link #load(long, TimelineFrame)} copies one frame into a reusable
 * {@link TimelineFrame} for a view.
 *
 * <p>A zone open across a frame boundary is cut there: in each frame its bar runs from the later of its start and
 * the frame's start to the earlier of its end and the frame's end, and says which sides were cut. Frames the profiler
 * did not record (paused, {@code update(false)}) add nothing, so a paused frame's timeline stays. A thread that ends
 * keeps its lanes in the frames it appeared in, the last one marked ended.
 *
 * <p>Memory: frame and lane records, and a shared bar ring of 24 bytes per bar that grows (on the updating thread,
 * doubling) up to {@code timelineCapacity × timelineFrames / 2} bars. A frame whose lanes or bars were overwritten
 * since is reported as not kept, never drawn cut short. Written and read on the thread that calls
 * {@code update()}.
 */
public final class TimelineStore implements ThreadTimeline.EventVisitor {
    /** Bar flag: the zone was already open when the frame started. */
    static final int CUT_START = 1 << 16;
    /** Bar flag: the zone was still open when the frame ended. */
    static final int CUT_END = 1 << 17;
    private static final int DEPTH_MASK = 0xFFFF;
    /** Lane flag: the thread ended in this frame. */
    static final int LANE_ENDED = 1;
    /** Lane flag: the thread ended with zones open. */
    static final int LANE_DIED_IN_ZONE = 2;
    /** Lane flag: the frame had more events than the thread's timeline holds; its bars are missing. */
    static final int LANE_INCOMPLETE = 4;

    /** The GPU's lane name: the {@code <gpu>} pseudo-thread of GPU zones. */
    static final String GPU_LANE = "<gpu>";

    private final int frameCapacity;
    private final int maxBars;

    // Frames: a ring of frameCapacity records, indexed by a running frame count.
    private final long[] frameNumber;
    private final long[] frameStart;
    private final long[] frameEnd;
    private final long[] frameFirstLane;
    private final int[] frameLaneCount;
    private long framesWritten;

    // Lanes: a growing ring indexed by a running lane count.
    private int laneMask = 15;
    private String[] laneName = new String[16];
    private int[] laneRoot = new int[16];
    private int[] laneFlags = new int[16];
    private long[] laneFirstBar = new long[16];
    private int[] laneBarCount = new int[16];
    private long lanesWritten;

    // Bars: a growing ring indexed by a running bar count.
    private int barMask = 255;
    private int[] barZone = new int[256];
    private int[] barDepthFlags = new int[256];
    private long[] barStart = new long[256];
    private long[] barEnd = new long[256];
    private long barsWritten;
    /** {@link #newBar} needs no room check while {@code barsWritten} is below this ({@link #makeRoom()}). */
    private long barRoom;
    /** The next bar ring, made ahead on another thread so growing does not allocate in update(). */
    private final BarRingAhead nextBars = new BarRingAhead();
    /** Times the bar ring grew with arrays made inside update() (the next ring was not ready). */
    private long barGrowthsInUpdate;

    // The <gpu> lane of each kept frame: GPU results arrive frames late, so it is kept beside the frame's own lanes.
    private final long[] gpuFrame;
    private final long[] gpuFirstBar;
    private final int[] gpuBarCount;
    private int[] gpuOpen = new int[16];

    // The frame and lane being built.
    private boolean building;
    private long buildStart;
    private long buildEnd;
    private ThreadTimeline buildTimeline;
    private long buildLane = -1;

    TimelineStore(int frames, int timelineCapacity) {
        this.frameCapacity = frames;
        this.maxBars = Math.max(256, (int) Math.min(1 << 30, (long) timelineCapacity * frames / 2));
        this.frameNumber = new long[frames];
        Arrays.fill(frameNumber, -1);
        this.frameStart = new long[frames];
        this.frameEnd = new long[frames];
        this.frameFirstLane = new long[frames];
        this.frameLaneCount = new int[frames];
        this.gpuFrame = new long[frames];
        Arrays.fill(gpuFrame, -1);
        this.gpuFirstBar = new long[frames];
        this.gpuBarCount = new int[frames];
    }

    /** How many recorded frames keep their timeline (the newest ones). */
    public int framesKept() {
        return frameCapacity;
    }

    /** The oldest recorded frame whose timeline may still be held, or -1 when none was kept yet. */
    public long oldestFrameNumber() {
        if (framesWritten == 0) {
            return -1;
        }
        long oldest = Math.max(0, framesWritten - frameCapacity);
        return frameNumber[(int) (oldest % frameCapacity)];
    }

    /**
     * Copies recorded frame {@code number}'s timeline into {@code dest}: its bounds, lanes and bars, with each bar's
     * parent and self time worked out. Allocates only while {@code dest} grows to the largest frame loaded.
     *
     * @return false, with {@code dest} emptied, when that frame's timeline is not kept (older than the last
     *         {@link #framesKept()} recorded frames, or its bars were overwritten since)
     */
    public boolean load(long number, TimelineFrame dest) {
        dest.clear(number);
        long f = number < 0 ? -1 : find(number);
        if (f < 0) {
            return false;
        }
        int fi = (int) (f % frameCapacity);
        long firstLane = frameFirstLane[fi];
        int lanes = frameLaneCount[fi];
        if (lanesWritten - firstLane > laneMask + 1) {
            return false;
        }
        for (long l = firstLane; l < firstLane + lanes; l++) {
            int li = (int) l & laneMask;
            if (laneBarCount[li] > 0 && barsWritten - laneFirstBar[li] > barMask + 1) {
                return false;
            }
        }
        dest.begin(frameStart[fi], frameEnd[fi]);
        for (long l = firstLane; l < firstLane + lanes; l++) {
            int li = (int) l & laneMask;
            dest.addLane(laneName[li], laneRoot[li], laneFlags[li]);
            long first = laneFirstBar[li];
            for (long b = first; b < first + laneBarCount[li]; b++) {
                int bi = (int) b & barMask;
                int df = barDepthFlags[bi];
                dest.addBar(barZone[bi], df & DEPTH_MASK, barStart[bi], barEnd[bi], (df & CUT_START) != 0,
                        (df & CUT_END) != 0);
            }
        }
        // The GPU runs behind the CPU, and a backend may number a GPU frame by the last frame recorded when it was
        // submitted: the lane shows every bar of the GPU frames N - 2 to N + 2 that overlaps this frame's window, on
        // the CPU clock, cut to it. GPU frames come in stream order, so the bars stay in start order.
        boolean gpuLane = false;
        for (long g = number - 2; g <= number + 2; g++) {
            long gf = find(g);
            if (gf < 0) {
                continue;
            }
            int gi = (int) (gf % frameCapacity);
            if (gpuFrame[gi] != g || gpuBarCount[gi] == 0 || barsWritten - gpuFirstBar[gi] > barMask + 1) {
                continue;
            }
            long start = frameStart[fi];
            long end = frameEnd[fi];
            for (long b = gpuFirstBar[gi]; b < gpuFirstBar[gi] + gpuBarCount[gi]; b++) {
                int bi = (int) b & barMask;
                // A bar outside the window has all its children outside too: skipping it keeps parents right.
                if (barEnd[bi] <= start || barStart[bi] >= end) {
                    continue;
                }
                if (!gpuLane) {
                    dest.addLane(GPU_LANE, ZoneRegistry.gpuRoot().id(), 0);
                    gpuLane = true;
                }
                dest.addBar(barZone[bi], barDepthFlags[bi] & DEPTH_MASK, Math.max(start, barStart[bi]),
                        Math.min(end, barEnd[bi]), barStart[bi] < start, barEnd[bi] > end);
            }
        }
        dest.finish();
        return true;
    }

    /**
     * Adds the {@code <gpu>} lane of recorded frame {@code number} from its resolved GPU zones (begin: a zone id, end:
     * its complement; on the profiler's clock), when that frame's timeline is still kept; later results replace it.
     */
    void addGpuFrame(long number, int[] codes, long[] nanos, int count) {
        long f = find(number);
        if (f < 0) {
            return;
        }
        int fi = (int) (f % frameCapacity);
        long first = barsWritten;
        int depth = 0;
        for (int i = 0; i < count; i++) {
            int code = codes[i];
            if (code >= 0) {
                if (barsWritten - oldestKeptBar() >= barMask + 1 && barMask + 1 < maxBars) {
                    growBars();
                }
                long b = barsWritten++;
                int bi = (int) b & barMask;
                barZone[bi] = code;
                barDepthFlags[bi] = Math.min(depth, DEPTH_MASK);
                barStart[bi] = nanos[i];
                barEnd[bi] = nanos[i];
                if (depth == gpuOpen.length) {
                    gpuOpen = Arrays.copyOf(gpuOpen, depth * 2);
                }
                gpuOpen[depth++] = bi;
            } else if (depth > 0) {
                barEnd[gpuOpen[--depth]] = nanos[i];
            }
        }
        gpuFrame[fi] = number;
        gpuFirstBar[fi] = first;
        gpuBarCount[fi] = (int) (barsWritten - first);
    }

    private long find(long number) {
        for (long f = framesWritten - 1; f >= 0 && f >= framesWritten - frameCapacity; f--) {
            long n = frameNumber[(int) (f % frameCapacity)];
            if (n == number) {
                return f;
            }
            if (n < number) {
                return -1;
            }
        }
        return -1;
    }

    // Writing, from update().

    /** Starts recorded frame {@code number}, spanning {@code start} to {@code end} on the profiler's clock. */
    void beginFrame(long number, long start, long end) {
        int fi = (int) (framesWritten % frameCapacity);
        frameNumber[fi] = number;
        frameStart[fi] = start;
        frameEnd[fi] = end;
        frameFirstLane[fi] = lanesWritten;
        frameLaneCount[fi] = 0;
        gpuFrame[fi] = -1;
        building = true;
        buildStart = start;
        buildEnd = end;
    }

    /** Ends the frame begun last: it becomes loadable. */
    void endFrame() {
        if (building) {
            framesWritten++;
            building = false;
        }
        // Half the ring in use: the next one is made now, off this thread, so a later frame that fills the ring
        // copies into it rather than allocating it here.
        int capacity = barMask + 1;
        if (capacity < maxBars && barsWritten - oldestKeptBar() >= capacity / 2) {
            nextBars.request(capacity * 2);
        }
    }

    /** Times the bar ring grew with arrays allocated inside {@code update()} (tests; the first rings count too). */
    long barGrowthsInUpdate() {
        return barGrowthsInUpdate;
    }

    /** The ring made ahead (tests). */
    BarRingAhead nextBars() {
        return nextBars;
    }

    /**
     * Replays the events the thread's timeline took in this update through the thread's open-zone stack, and while a
     * frame is being recorded adds the thread's lane. Called once per update for every thread with a timeline, also
     * while not recording, so the open stacks stay true. {@code ctx} gives the zones open at the boundary when the
     * timeline could not hold the whole frame.
     */
    void addThread(ThreadContext ctx, StateTree tree, boolean ended, boolean diedInZone) {
        ThreadTimeline timeline = ctx.timeline;
        buildTimeline = timeline;
        buildLane = -1;
        if (building) {
            buildLane = newLane(ctx.recorder.threadName, ctx.recorder.rootZone,
                    (ended ? LANE_ENDED : 0) | (diedInZone ? LANE_DIED_IN_ZONE : 0));
            for (int d = 0; d < timeline.openDepth; d++) {
                timeline.openBar[d] = newBar(timeline.openZone[d], d, Math.max(buildStart, timeline.openStart[d]),
                        CUT_START);
            }
        }
        if (!timeline.replayLatest(this)) {
            // More events than the timeline holds: what ran is unknown; restart from the aggregator's true stack.
            if (buildLane >= 0) {
                int li = (int) buildLane & laneMask;
                laneFlags[li] |= LANE_INCOMPLETE;
                laneBarCount[li] = 0;
            }
            timeline.openDepth = 0;
            for (int d = 1; d <= ctx.depth; d++) {
                timeline.push(tree.zone[ctx.stack[d]], buildEnd, -1);
            }
        } else if (buildLane >= 0) {
            for (int d = 0; d < timeline.openDepth; d++) {
                long bar = timeline.openBar[d];
                if (bar >= 0) {
                    int bi = (int) bar & barMask;
                    barEnd[bi] = buildEnd;
                    barDepthFlags[bi] |= CUT_END;
                }
            }
        }
        buildTimeline = null;
    }

    @Override
    public void event(int zoneId, boolean begin, long nanos) {
        ThreadTimeline t = buildTimeline;
        if (begin) {
            long bar = buildLane >= 0 ? newBar(zoneId, t.openDepth, nanos, 0) : -1;
            t.push(zoneId, nanos, bar);
        } else if (t.openDepth > 0) {
            t.openDepth--;
            long bar = t.openBar[t.openDepth];
            if (bar >= 0 && buildLane >= 0) {
                barEnd[(int) bar & barMask] = nanos;
            }
        }
    }

    /**
     * {@link #event} for each of a thread timeline's events {@code from..to} (its ring's words and times), as one
     * loop with the bar ring, the thread's open stack and the lane's bar count in locals: the frame timeline replays
     * every event of every update, and the per-event call wrote and reread those fields each time.
     */
    void replay(ThreadTimeline t, int[] words, long[] times, int mask, long from, long to) {
        if (buildLane < 0) {
            for (long e = from; e < to; e++) {
                int i = (int) e & mask;
                event(EventCodes.payload(words[i]), EventCodes.kind(words[i]) == EventCodes.BEGIN, times[i]);
            }
            return;
        }
        int depth = t.openDepth;
        int[] openZone = t.openZone;
        long[] openStart = t.openStart;
        long[] openBar = t.openBar;
        long written = barsWritten;
        long room = barRoom;
        int[] zone = barZone;
        int[] depthFlags = barDepthFlags;
        long[] start = barStart;
        long[] end = barEnd;
        int bars = barMask;
        int added = 0;
        for (long e = from; e < to; e++) {
            int i = (int) e & mask;
            int word = words[i];
            long nanos = times[i];
            if (EventCodes.kind(word) == EventCodes.BEGIN) {
                if (written >= room) {
                    barsWritten = written;
                    makeRoom();
                    room = barRoom;
                    zone = barZone;
                    depthFlags = barDepthFlags;
                    start = barStart;
                    end = barEnd;
                    bars = barMask;
                }
                long b = written++;
                int bi = (int) b & bars;
                int zoneId = EventCodes.payload(word);
                zone[bi] = zoneId;
                depthFlags[bi] = Math.min(depth, DEPTH_MASK);
                start[bi] = nanos;
                end[bi] = nanos;
                added++;
                if (depth == openZone.length) {
                    t.openDepth = depth;
                    t.growOpen();
                    openZone = t.openZone;
                    openStart = t.openStart;
                    openBar = t.openBar;
                }
                openZone[depth] = zoneId;
                openStart[depth] = nanos;
                openBar[depth] = b;
                depth++;
            } else if (depth > 0) {
                depth--;
                long bar = openBar[depth];
                if (bar >= 0) {
                    end[(int) bar & bars] = nanos;
                }
            }
        }
        barsWritten = written;
        t.openDepth = depth;
        laneBarCount[(int) buildLane & laneMask] += added;
    }

    private long newLane(String name, int root, int flags) {
        if (lanesWritten - frameFirstLane[oldestFrameSlot()] >= laneMask + 1 && laneMask + 1 < maxBars) {
            growLanes();
        }
        long l = lanesWritten++;
        int li = (int) l & laneMask;
        laneName[li] = name;
        laneRoot[li] = root;
        laneFlags[li] = flags;
        laneFirstBar[li] = barsWritten;
        laneBarCount[li] = 0;
        frameLaneCount[(int) (framesWritten % frameCapacity)]++;
        return l;
    }

    private long newBar(int zone, int depth, long start, int flags) {
        if (barsWritten >= barRoom) {
            makeRoom();
        }
        long b = barsWritten++;
        int bi = (int) b & barMask;
        barZone[bi] = zone;
        barDepthFlags[bi] = Math.min(depth, DEPTH_MASK) | flags;
        barStart[bi] = start;
        barEnd[bi] = start;
        laneBarCount[(int) buildLane & laneMask]++;
        return b;
    }

    /**
     * Grows the bar ring when the next bar would overwrite one a kept frame still holds (up to {@code maxBars}; past
     * it the oldest are overwritten), and works out how many bars fit before that question must be asked again. The
     * oldest kept bar only moves forward, so the answer holds until {@link #barRoom}: the check per bar is one
     * comparison instead of finding the oldest kept frame's first bar each time.
     */
    private void makeRoom() {
        if (barsWritten - oldestKeptBar() >= barMask + 1 && barMask + 1 < maxBars) {
            growBars();
        }
        barRoom = barMask + 1 < maxBars ? oldestKeptBar() + barMask + 1 : Long.MAX_VALUE;
    }

    /** The slot of the oldest frame still held (the one being built when nothing older is). */
    private int oldestFrameSlot() {
        long oldest = Math.max(0, framesWritten - frameCapacity + (building ? 1 : 0));
        return (int) (Math.min(oldest, framesWritten) % frameCapacity);
    }

    private long oldestKeptBar() {
        int fi = oldestFrameSlot();
        long firstLane = frameFirstLane[fi];
        if (lanesWritten - firstLane > laneMask + 1 || firstLane >= lanesWritten) {
            return barsWritten;
        }
        return laneFirstBar[(int) firstLane & laneMask];
    }

    private void growLanes() {
        int capacity = laneMask + 1;
        int grown = capacity * 2;
        String[] name = new String[grown];
        int[] root = new int[grown];
        int[] flags = new int[grown];
        long[] firstBar = new long[grown];
        int[] barCount = new int[grown];
        for (long l = Math.max(0, lanesWritten - capacity); l < lanesWritten; l++) {
            int from = (int) l & laneMask;
            int to = (int) l & (grown - 1);
            name[to] = laneName[from];
            root[to] = laneRoot[from];
            flags[to] = laneFlags[from];
            firstBar[to] = laneFirstBar[from];
            barCount[to] = laneBarCount[from];
        }
        laneName = name;
        laneRoot = root;
        laneFlags = flags;
        laneFirstBar = firstBar;
        laneBarCount = barCount;
        laneMask = grown - 1;
    }

    private void growBars() {
        int capacity = barMask + 1;
        int grown = capacity * 2;
        int[] zone;
        int[] depthFlags;
        long[] start;
        long[] end;
        if (nextBars.take(grown)) {
            zone = nextBars.zone;
            depthFlags = nextBars.depthFlags;
            start = nextBars.start;
            end = nextBars.end;
            nextBars.forget();
        } else {
            barGrowthsInUpdate++;
            zone = new int[grown];
            depthFlags = new int[grown];
            start = new long[grown];
            end = new long[grown];
        }
        for (long b = Math.max(0, barsWritten - capacity); b < barsWritten; b++) {
            int from = (int) b & barMask;
            int to = (int) b & (grown - 1);
            zone[to] = barZone[from];
            depthFlags[to] = barDepthFlags[from];
            start[to] = barStart[from];
            end[to] = barEnd[from];
        }
        barZone = zone;
        barDepthFlags = depthFlags;
        barStart = start;
        barEnd = end;
        barMask = grown - 1;
        barRoom = 0;
    }
}
