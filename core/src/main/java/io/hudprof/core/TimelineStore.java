package io.hudprof.core;

import java.util.Arrays;

/**
 * The frame timeline (PStats' piano roll) of the last {@code timelineFrames} recorded frames: one lane per thread
 * and in each lane the zones that ran, as bars in start order with their nesting depth. Bars are not stored: each
 * update keeps, per recorded frame, where each thread's events of that frame lie in its {@link ThreadTimeline} (the
 * events are kept once, there) and the zones the thread had open at the frame's start, and
 * {@link #load(long, TimelineFrame)} copies a frame's events out of them when a reader asks (the HUD's timeline, a
 * spike being captured), and the {@link TimelineFrame} builds its bars from that copy on its first read. So
 * {@code update()} pays a few writes per thread and frame, not a replay of every event.
 *
 * <p>A zone open across a frame boundary is cut there: in each frame its bar runs from the later of its start and
 * the frame's start to the earlier of its end and the frame's end, and says which sides were cut. Frames the profiler
 * did not record (paused, {@code update(false)}) add nothing; while not recording, a kept frame's events are copied
 * once when the threads' rings, which move on, come half way to its events, so a paused frame's timeline stays
 * however long the pause. A thread that ends keeps its lanes in the frames it appeared in, the last one marked ended.
 *
 * <p>Memory: frame and lane records and each lane's open stack (a few ints), in rings that grow with the number of
 * threads. A frame whose lane records or events were overwritten since is reported as not kept, never drawn cut
 * short. Written and read on the thread that calls {@code update()}.
 */
final class TimelineStore implements ThreadTimeline.EventVisitor {
    /** Lane flag: the thread ended in this frame. */
    static final int LANE_ENDED = 1;
    /** Lane flag: the thread ended with zones open. */
    static final int LANE_DIED_IN_ZONE = 2;
    /** Lane flag: the frame had more events than the thread's timeline holds; its bars are missing. */
    static final int LANE_INCOMPLETE = 4;
    static final int DEPTH_MASK = 0xFFFF;

    /** The GPU's lane name: the {@code <gpu>} pseudo-thread of GPU zones. */
    static final String GPU_LANE = "<gpu>";

    private final int frameCapacity;
    private final GpuEvents gpu;

    // Frames: a ring of frameCapacity records, indexed by a running frame count.
    private final long[] frameNumber;
    private final long[] frameStart;
    private final long[] frameEnd;
    private final long[] frameFirstLane;
    private final int[] frameLaneCount;
    /** Per frame slot, its CPU lanes built when recording stopped (null until a first pause), and whether valid. */
    private final TimelineFrame[] frozen;
    private final boolean[] isFrozen;
    private long framesWritten;

    // Lanes: a growing ring indexed by a running lane count.
    private int laneMask = 15;
    private String[] laneName = new String[16];
    private int[] laneRoot = new int[16];
    private int[] laneFlags = new int[16];
    private ThreadTimeline[] laneEvents = new ThreadTimeline[16];
    private long[] laneFrom = new long[16];
    private long[] laneTo = new long[16];
    private long[] laneFirstOpen = new long[16];
    private int[] laneOpenCount = new int[16];
    private long lanesWritten;

    // The zones each lane's thread had open at its frame's start, outermost first: a growing ring of zone ids.
    private int openMask = 63;
    private int[] openZones = new int[64];
    private long opensWritten;

    // The frame being recorded.
    private boolean building;

    // Loading a frame's <gpu> lane (load): the events of its GPU frames go into dest.
    private TimelineFrame gpuDest;

    TimelineStore(int frames, GpuEvents gpu) {
        this.frameCapacity = frames;
        this.gpu = gpu;
        this.frameNumber = new long[frames];
        Arrays.fill(frameNumber, -1);
        this.frameStart = new long[frames];
        this.frameEnd = new long[frames];
        this.frameFirstLane = new long[frames];
        this.frameLaneCount = new int[frames];
        this.frozen = new TimelineFrame[frames];
        this.isFrozen = new boolean[frames];
    }

    /** How many recorded frames keep their timeline (the newest ones). */
    int framesKept() {
        return frameCapacity;
    }

    /** The oldest recorded frame whose timeline may still be held, or -1 when none was kept yet. */
    long oldestFrameNumber() {
        if (framesWritten == 0) {
            return -1;
        }
        long oldest = Math.max(0, framesWritten - frameCapacity);
        return frameNumber[(int) (oldest % frameCapacity)];
    }

    /**
     * Loads recorded frame {@code number}'s timeline into {@code dest}: its bounds, lane records and each lane's zones
     * open at the frame's start and events, copied out of the threads' kept events (array copies), and the GPU
     * frames' events for its {@code <gpu>} lane; {@code dest} builds the bars from them on its first read (so a spike
     * kept inside update() copies its events and builds nothing). Allocates only while {@code dest} grows to the
     * largest frame loaded.
     *
     * @return false, with {@code dest} emptied, when that frame's timeline is not kept (older than the last
     *         {@link #framesKept()} recorded frames, or its events were overwritten since)
     */
    boolean load(long number, TimelineFrame dest) {
        dest.clear(number);
        long f = number < 0 ? -1 : find(number);
        if (f < 0) {
            return false;
        }
        int fi = (int) (f % frameCapacity);
        if (isFrozen[fi]) {
            dest.copyFrom(frozen[fi]);
        } else if (!copyLanes(fi, dest)) {
            dest.clear(number);
            return false;
        }
        addGpuLane(number, dest);
        dest.endRaw();
        return true;
    }

    /**
     * Copies the frame's CPU lanes into {@code dest}'s raw form; false when a lane's record or events were
     * overwritten since.
     */
    private boolean copyLanes(int fi, TimelineFrame dest) {
        long firstLane = frameFirstLane[fi];
        int lanes = frameLaneCount[fi];
        if (lanesWritten - firstLane > laneMask + 1 || lanes > 0
                && opensWritten - laneFirstOpen[(int) firstLane & laneMask] > openMask + 1) {
            return false;
        }
        for (long l = firstLane; l < firstLane + lanes; l++) {
            int li = (int) l & laneMask;
            if ((laneFlags[li] & LANE_INCOMPLETE) == 0 && !laneEvents[li].holdsFrom(laneFrom[li])) {
                return false;
            }
        }
        dest.begin(frameStart[fi], frameEnd[fi]);
        for (long l = firstLane; l < firstLane + lanes; l++) {
            int li = (int) l & laneMask;
            dest.addRawLane(laneName[li], laneRoot[li], laneFlags[li]);
            if ((laneFlags[li] & LANE_INCOMPLETE) == 0) {
                for (int d = 0; d < laneOpenCount[li]; d++) {
                    dest.addRawOpen(openZones[(int) (laneFirstOpen[li] + d) & openMask]);
                }
                ThreadTimeline t = laneEvents[li];
                dest.addRawEvents(t.words, t.times, t.mask, laneFrom[li], laneTo[li]);
            }
        }
        return true;
    }

    /**
     * The GPU runs behind the CPU, and a backend may number a GPU frame by the last frame recorded when it was
     * submitted: the lane shows every bar of the kept GPU frames N - 2 to N + 2 that overlaps this frame's window, on
     * the CPU clock, cut to it (when built). GPU frames come in stream order, so the bars stay in start order.
     */
    private void addGpuLane(long number, TimelineFrame dest) {
        if (gpu == null) {
            return;
        }
        dest.addRawGpuLane(GPU_LANE, ZoneRegistry.gpuRoot().id());
        gpuDest = dest;
        for (long g = number - 2; g <= number + 2; g++) {
            if (find(g) >= 0) {
                dest.addRawGpuFrame();
                gpu.forEachEvent(g, this);
            }
        }
        gpuDest = null;
    }

    /** One event of a GPU frame into the lane being loaded ({@link #addGpuLane}). */
    @Override
    public void event(int zoneId, boolean begin, long nanos) {
        gpuDest.addRawEvent(zoneId, begin, nanos);
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
        isFrozen[fi] = false;
        building = true;
    }

    /** Ends the frame begun last: it becomes loadable. */
    void endFrame() {
        if (building) {
            framesWritten++;
            building = false;
        }
    }

    /**
     * While not recording (a pause, {@code update(false)}) the threads' rings move on with every update but no frame
     * is added: a kept frame whose events are more than half way to being overwritten has its CPU lanes copied now,
     * once (raw, as a load copies them), so the pause keeps it however long it lasts (a short pause copies nothing).
     * Its GPU lane is still read at each load, so GPU results arriving during the pause show. Called before the update's events are copied.
     */
    void keepThroughPause() {
        for (long f = Math.max(0, framesWritten - frameCapacity); f < framesWritten; f++) {
            int fi = (int) (f % frameCapacity);
            if (isFrozen[fi] || !ageing(fi)) {
                continue;
            }
            if (frozen[fi] == null) {
                frozen[fi] = new TimelineFrame();
            }
            TimelineFrame copy = frozen[fi];
            copy.clear(frameNumber[fi]);
            if (copyLanes(fi, copy)) {
                copy.endRaw();
                isFrozen[fi] = true;
            }
        }
    }

    /** Whether a lane of the frame has events more than half way to being overwritten in its thread's ring. */
    private boolean ageing(int fi) {
        long firstLane = frameFirstLane[fi];
        if (lanesWritten - firstLane > laneMask + 1) {
            return false; // not kept anyway
        }
        for (long l = firstLane; l < firstLane + frameLaneCount[fi]; l++) {
            int li = (int) l & laneMask;
            if ((laneFlags[li] & LANE_INCOMPLETE) == 0 && laneEvents[li].halfPast(laneFrom[li])) {
                return true;
            }
        }
        return false;
    }

    /**
     * Keeps where the thread's events of this update lie (while a frame is recorded) and the zones it has open at
     * this boundary, which the next recorded frame starts with. Called once per update for every thread with a
     * timeline, after it was drained, with the aggregator's stack: the timeline's events replayed would give the
     * same stack, so nothing is replayed here.
     */
    void addThread(ThreadContext ctx, StateTree tree, boolean ended, boolean diedInZone) {
        ThreadTimeline t = ctx.timeline;
        if (building) {
            int flags = (ended ? LANE_ENDED : 0) | (diedInZone ? LANE_DIED_IN_ZONE : 0);
            if (!t.holdsFrom(t.latestFrom)) {
                flags |= LANE_INCOMPLETE;
            }
            newLane(ctx.recorder.threadName, ctx.recorder.rootZone, flags, t);
        }
        if (t.openZone.length < ctx.depth) {
            t.openZone = Arrays.copyOf(t.openZone, Math.max(ctx.depth, 2 * t.openZone.length));
        }
        for (int d = 1; d <= ctx.depth; d++) {
            t.openZone[d - 1] = ctx.zoneAt(d, tree);
        }
        t.openDepth = ctx.depth;
    }

    private void newLane(String name, int root, int flags, ThreadTimeline t) {
        long keptLane = frameFirstLane[oldestFrameSlot()];
        if (lanesWritten - keptLane >= laneMask + 1) {
            growLanes();
        }
        int open = t.openDepth;
        long keptOpen = lanesWritten > keptLane ? laneFirstOpen[(int) keptLane & laneMask] : opensWritten;
        while (opensWritten + open - keptOpen > openMask + 1) {
            growOpens();
        }
        long l = lanesWritten++;
        int li = (int) l & laneMask;
        laneName[li] = name;
        laneRoot[li] = root;
        laneFlags[li] = flags;
        laneEvents[li] = t;
        laneFrom[li] = t.latestFrom;
        laneTo[li] = t.latestTo;
        laneFirstOpen[li] = opensWritten;
        laneOpenCount[li] = open;
        for (int d = 0; d < open; d++) {
            openZones[(int) (opensWritten++) & openMask] = t.openZone[d];
        }
        frameLaneCount[(int) (framesWritten % frameCapacity)]++;
    }

    /** The slot of the oldest frame still held (the one being built when nothing older is). */
    private int oldestFrameSlot() {
        long oldest = Math.max(0, framesWritten - frameCapacity + (building ? 1 : 0));
        return (int) (Math.min(oldest, framesWritten) % frameCapacity);
    }

    private void growLanes() {
        int capacity = laneMask + 1;
        int grown = capacity * 2;
        String[] name = new String[grown];
        int[] root = new int[grown];
        int[] flags = new int[grown];
        ThreadTimeline[] events = new ThreadTimeline[grown];
        long[] from = new long[grown];
        long[] to = new long[grown];
        long[] firstOpen = new long[grown];
        int[] openCount = new int[grown];
        for (long l = Math.max(0, lanesWritten - capacity); l < lanesWritten; l++) {
            int a = (int) l & laneMask;
            int b = (int) l & (grown - 1);
            name[b] = laneName[a];
            root[b] = laneRoot[a];
            flags[b] = laneFlags[a];
            events[b] = laneEvents[a];
            from[b] = laneFrom[a];
            to[b] = laneTo[a];
            firstOpen[b] = laneFirstOpen[a];
            openCount[b] = laneOpenCount[a];
        }
        laneName = name;
        laneRoot = root;
        laneFlags = flags;
        laneEvents = events;
        laneFrom = from;
        laneTo = to;
        laneFirstOpen = firstOpen;
        laneOpenCount = openCount;
        laneMask = grown - 1;
    }

    private void growOpens() {
        int capacity = openMask + 1;
        int[] grown = new int[capacity * 2];
        for (long o = Math.max(0, opensWritten - capacity); o < opensWritten; o++) {
            grown[(int) o & (grown.length - 1)] = openZones[(int) o & openMask];
        }
        openZones = grown;
        openMask = grown.length - 1;
    }
}
