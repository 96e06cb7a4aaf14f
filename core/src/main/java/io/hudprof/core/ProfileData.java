package io.hudprof.core;

/**
 * The read API between gathering and reporting: what the frame aggregator, its zone-stack state tree and the
 * history hold, for the report builder, exporters and views. It only reads; nothing here changes the profile.
 *
 * <p>Per-state values are indexed by zone-stack state, {@code 0 ≤ state < }{@link #stateCount()}. State order is
 * topological (a state's index is larger than its parent's), so hierarchical values are one reverse pass over
 * {@link #parent(int)}. Arrays returned by {@link #self(Averaging)} and {@link #calls(Averaging)} are the
 * aggregator's own: read them, never write them, and read them on the thread that calls {@code update()}.
 */
public final class ProfileData {
    private final FrameAggregator aggregator;
    private final FrameHistory history;
    private final ThreadRoster threads;
    private final boolean selfProfiling;
    private final String allocationUnavailable;
    private final GpuTrack gpu;
    private final GpuAttribution gpuAttribution;
    /** The record the dense history loads read through; used within one call only. */
    private final FrameStates historyScratch = new FrameStates();
    /** See {@link #changes()}; written on the updating thread only. */
    private long changes;

    ProfileData(FrameAggregator aggregator, FrameHistory history, ThreadRoster threads, boolean selfProfiling,
                String allocationUnavailable, GpuTrack gpu, GpuAttribution gpuAttribution) {
        this.aggregator = aggregator;
        this.history = history;
        this.threads = threads;
        this.selfProfiling = selfProfiling;
        this.allocationUnavailable = allocationUnavailable;
        this.gpu = gpu;
        this.gpuAttribution = gpuAttribution;
    }

    /**
     * A count that moves whenever what a report can show changed: a frame recorded, the profile frozen or thawed,
     * problems counted while frozen, a thread started or ended, GPU results arrived. Equal counts mean the same
     * profile, so a view may keep the report it built (the HUD does: it builds only when this or its navigation
     * changed). Read on the updating thread.
     */
    public long changes() {
        return changes;
    }

    /** Marks a change of the profile ({@link #changes()}). */
    void changed() {
        changes++;
    }

    /**
     * How many recorded frames behind the live CPU values the live GPU values ({@code <gpu>} states) are: 0 when they
     * are of the same frame, -1 when there are none (no GPU timer, or no GPU frame resolved lately).
     */
    public int gpuFramesLate() {
        long held = gpuAttribution.shownFrame();
        return held < 0 ? -1 : (int) Math.min(Integer.MAX_VALUE, aggregator.recordedFrames - held);
    }

    /**
     * The GPU time (the time inside its outermost GPU zones) of the frame the live GPU values are of, or -1 when none.
     */
    public long gpuFrameNanos() {
        return gpuAttribution.shownFrameNanos();
    }

    /**
     * Why GPU timing is unavailable ("GPU timing unavailable: ...", ready to show), or {@code null} when it works or
     * no GPU timer was ever set up.
     */
    public String gpuUnavailableReason() {
        return gpu.unavailableReason();
    }

    /** Whether a GPU timer is installed and working (GPU zones record). */
    public boolean gpuTiming() {
        return gpu.installed();
    }

    /** Whether {@code metric} is recorded: time always, allocated bytes with allocation per zone on and available. */
    public boolean records(Metric metric) {
        return metric == Metric.TIME || allocationUnavailable == null;
    }

    /**
     * {@code null} when {@code metric} is recorded, else why not, ready to show ("allocation per zone unavailable:
     * ...", or how to switch it on).
     */
    public String unavailableReason(Metric metric) {
        return metric == Metric.TIME ? null : allocationUnavailable;
    }

    /** Whether hudprof's own work (building reports, drawing the HUD) records {@link SelfZones}. */
    public boolean selfProfiling() {
        return selfProfiling;
    }

    /** The recorded history: frame durations, problems, per-zone and (when kept) per-state values. */
    public FrameHistory history() {
        return history;
    }

    /** The threads the profile can show: live ones and ended ones whose last frame is still in history. */
    public ThreadRoster threads() {
        return threads;
    }

    /** Number of frames recorded so far; 0 before the first recorded {@code update()}. */
    public long recordedFrames() {
        return aggregator.recordedFrames;
    }

    /**
     * True when the last {@code update()} froze the profile instead of recording (the user pause, or
     * {@code update(false)}) after at least one frame was recorded.
     */
    public boolean frozen() {
        return aggregator.frozen;
    }

    /** Per-state self time (ns) of the last recorded frame or of one average. Read only. */
    public double[] self(Averaging averaging) {
        return aggregator.time.values(averaging);
    }

    /**
     * Per-state self values of {@code metric} (ns, or bytes allocated by the thread while the state was innermost) of
     * the last recorded frame or of one average. Read only.
     *
     * @throws IllegalStateException when the metric is not {@linkplain #records(Metric) recorded}
     */
    public double[] self(Metric metric, Averaging averaging) {
        return recorded(metric).values(averaging);
    }

    /** Per-state entry counts of the last recorded frame or of one average. Read only. */
    public double[] calls(Averaging averaging) {
        return aggregator.calls.values(averaging);
    }

    /** The last recorded frame's duration (ns), or its average. */
    public double frameNanos(Averaging averaging) {
        return aggregator.time.total(averaging);
    }

    /**
     * The last recorded frame's total in {@code metric}, or its average: its duration (ns), or the bytes every
     * recorded thread allocated in it (the sum of all states' self bytes).
     *
     * @throws IllegalStateException when the metric is not {@linkplain #records(Metric) recorded}
     */
    public double frameTotal(Metric metric, Averaging averaging) {
        return recorded(metric).total(averaging);
    }

    private StateQuantity recorded(Metric metric) {
        if (!records(metric)) {
            throw new IllegalStateException("hudprof: " + allocationUnavailable);
        }
        return aggregator.quantity(metric);
    }

    /**
     * Copies the last recorded frame's per-state values into {@code dest}: its CPU states with a value, in the order
     * history keeps them (the live GPU values, of an earlier frame, are not part of it); empty before the first.
     */
    public void loadLastFrame(FrameStates dest) {
        aggregator.loadCommitted(dest);
    }

    /** How often a problem occurred in the last recorded frame. */
    public long problemsInLastFrame(Problem problem) {
        return aggregator.lastFrameProblems[problem.ordinal()];
    }

    /** How often a problem occurred since the profiler started. */
    public long problemsTotal(Problem problem) {
        return aggregator.totalProblems[problem.ordinal()];
    }

    /**
     * The zone that handed over the work task zone {@code zoneId} runs ({@link Hudprof#wrap(Runnable)}), or -1 when
     * it is no task zone. Process-wide, like zone ids.
     */
    public int spawnerOf(int zoneId) {
        return Spawns.spawnerOf(zoneId);
    }

    /** The first task zone made for work handed over from {@code spawner} (in any path), or -1 when it never did. */
    public int taskZoneOf(int spawner) {
        return Spawns.taskZoneOf(spawner);
    }

    /** A task zone's row name under its spawning zone: the path outside it, {@code "[in Step < Sim]"}. */
    public String taskContextName(int taskZone) {
        return Spawns.contextName(taskZone);
    }

    /** {@code "[workers] "} and the zone's name: the row of its time on worker threads, made once per zone. */
    public String workersName(int zoneId) {
        return Spawns.workersName(zoneId);
    }

    /** The thread-root zone of the thread that calls {@code update()}, or -1 before it recorded. */
    public int updateThreadRootZone() {
        return aggregator.updateRootZone;
    }

    /** Number of zone-stack states. */
    public int stateCount() {
        return aggregator.tree.count();
    }

    /** Length a per-state array must have to be indexed by any state, now and until the tree grows. */
    public int stateCapacity() {
        return aggregator.tree.capacity();
    }

    /** The state's parent state, or -1 for a thread root. */
    public int parent(int state) {
        return aggregator.tree.parent[state];
    }

    /**
     * True for the {@code <gpu>} root and every state under it: GPU time, whose values arrive frames after the CPU
     * values of their frame.
     */
    public boolean isGpuState(int state) {
        int zone = aggregator.tree.zone[state];
        Zone z = Zone.byId(zone);
        return z != null && z.isGpu() || aggregator.tree.parent[state] < 0 && zone == ZoneRegistry.gpuRoot().id();
    }

    /** The zone a state stands for (the innermost zone of its stack). */
    public int zone(int state) {
        return aggregator.tree.zone[state];
    }

    /** True when no ancestor of the state is in the same zone: the outermost activation of a recursive zone. */
    public boolean outermost(int state) {
        return aggregator.tree.sameZoneAncestor[state] < 0;
    }

    /** The state's (zone, recursion level) key, the row identity when recursion is shown expanded. */
    public int expandedKey(int state) {
        return aggregator.tree.expandedKey[state];
    }

    /** Number of distinct (zone, recursion level) keys. */
    public int expandedKeyCount() {
        return aggregator.tree.expandedKeyCount();
    }

    /** The zone of an expanded key. */
    public int expandedKeyZone(int key) {
        return aggregator.tree.expandedKeyZone[key];
    }

    /** The recursion level (1 = outermost) of an expanded key. */
    public int expandedKeyLevel(int key) {
        return aggregator.tree.expandedKeyLevel[key];
    }

    /** The expanded key of (zone, level), or -1 when no state has it. */
    public int findExpandedKey(int zoneId, int level) {
        return aggregator.tree.findExpandedKey(zoneId, level);
    }

    /** Row name of an expanded key: the zone's name, with {@code [level]} for recursion depths; made once. */
    public String expandedName(int key) {
        return aggregator.tree.expandedName(key);
    }

    /** True when the frame {@code framesAgo} back (0 = latest) still has its per-state values. */
    public boolean historyHasStates(int framesAgo) {
        return history.hasStates(framesAgo);
    }

    /** Writes a held history frame's per-state values into arrays indexed by state (through a {@link FrameStates}). */
    public void loadHistoryStates(int framesAgo, double[] self, double[] calls) {
        loadHistoryStates(framesAgo, Metric.TIME, self, calls);
    }

    /**
     * {@link #loadHistoryStates(int, double[], double[])} with the self values of {@code metric}.
     *
     * @throws IllegalStateException when the metric is not {@linkplain #records(Metric) recorded}
     */
    public void loadHistoryStates(int framesAgo, Metric metric, double[] self, double[] calls) {
        recorded(metric);
        history.loadStates(framesAgo, historyScratch);
        historyScratch.load(metric, self, calls);
    }

    /** Zeroes the entries {@link #loadHistoryStates} wrote for that frame (and any GPU values that arrived since). */
    public void clearHistoryStates(int framesAgo, double[] self, double[] calls) {
        history.loadStates(framesAgo, historyScratch);
        historyScratch.clear(self, calls);
    }
}
