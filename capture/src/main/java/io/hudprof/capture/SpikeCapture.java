package io.hudprof.capture;

import io.hudprof.core.Averaging;
import io.hudprof.core.FrameListener;
import io.hudprof.core.FrameStates;
import io.hudprof.core.Metric;
import io.hudprof.core.Problem;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Profiler;
import io.hudprof.core.ThreadTimeline;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Annexes;
import io.hudprof.core.report.ReportAnnex;
import io.hudprof.core.report.ReportController;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.StatSlots;
import io.hudprof.stats.StatSnapshot;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

/**
 * Catches the spike: after every recorded frame it checks the {@link SpikeRule}, and when the frame matches keeps a
 * full copy of it ({@link Spike}) in a bounded store that outlives the history ring — the {@code recent} most recent
 * spikes and the {@code worst} largest — optionally pauses the profile at it, and tells {@link Listener}s (an
 * exporter writing it with frames around it) once {@code framesAfter} more frames have passed. It also pins
 * {@link FrameNotes} (GC pauses, JFR events) to frames by timestamp and adds them to the spikes they overlapped.
 *
 * <pre>{@code
 * SpikeCapture spikes = SpikeCapture.builder().rule(SpikeRule.above(20.5)).pauseOnSpike(true).attach(profiler);
 * }</pre>
 *
 * <p>Costs: while no spike happens a frame allocates nothing (one pass over the states when the rule watches
 * threads; a few comparisons when it watches the frame time). A spike copies into preallocated slots whose arrays
 * grow, on a spike only, up to the profiler's bounds (states, timeline events); a burst of spikes reuses the same
 * {@code recent + worst + 1} slots. Runs on the thread that calls {@code update()}; read it there too.
 */
public final class SpikeCapture implements FrameListener, ReportAnnex {
    /** This listener's work in {@code update()}: the spike check, notes, and copying a spike's frame when one is caught. */
    private static final Zone SELF_ZONE = Zone.define("hudprof:spike capture");

    /** The least share of a spike's rise over its average a zone's growth must explain to be named for it. */
    static final double BLAME_SHARE = 0.25;
    /**
     * The least rise over its average, as a share of that average, for a spike to be blamed on anything: a frame
     * within a tenth of its usual time that crossed an absolute rule is the game's usual frame over the line, and the
     * zone that grew most in it grew by jitter.
     */
    static final double MIN_RISE_SHARE = 0.1;
    private static final Metric[] METRICS = Metric.values();
    private static final Problem[] PROBLEMS = Problem.values();

    /**
     * Told about a spike once {@code framesAfter} more frames have ended (0: at once). One spike waits at a time: a
     * spike during another's wait is kept in the store but not told (a burst exports once).
     */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param spike     the spike (a slot: copy what is needed now)
         * @param framesAgo how many updates ago the spike frame ended (the {@link FrameTimes} index)
         */
        void spikeSettled(Spike spike, int framesAgo);
    }

    private final Profiler profiler;
    private final ProfileData data;
    private final SpikeRule rule;
    private final FrameTimes times;
    private final FrameNotes notes;
    private final double slowWeight;
    private volatile boolean pauseOnSpike;
    private final int framesAfter;
    private volatile Listener[] listeners = new Listener[0];

    private final Spike[] recent;
    /** How many frames a spike waits for its own frame's GPU results before it goes without them. */
    static final int GPU_WAIT_FRAMES = 60;
    private int recentCount;
    private int recentNext;
    private final Spike[] worst;
    private int worstCount;
    private Spike fresh = new Spike();
    private long captured;
    /** Grown slots swapped in where a slot is too small for a spike, so no slot grows inside update(). */
    private final SpareSpikes spares = new SpareSpikes();
    /** The largest spike kept or frame recorded so far, size by size, and the spike being kept now. */
    private final SpikeRoom largest = new SpikeRoom();
    private final SpikeRoom need = new SpikeRoom();
    /** The last recorded frame's sizes as a spike would need them ({@link #includeFrameSize()}). */
    private final SpikeRoom frameSize = new SpikeRoom();

    private final String wantedRoot;
    private double frameAverage = Double.NaN;
    private long framePrevious = -1;
    private int[] rootOf = new int[0];
    private long[] busy = new long[0];
    private double[] rootAverage = new double[0];
    private long[] rootPrevious = new long[0];

    /** A history frame read for a waiting spike's GPU values; grows on a spike only. */
    private final FrameStates gpuFrame = new FrameStates();

    private final FrameNotes.NoteSink noteSink = this::noteSettled;
    private final GcNotes gcNotes;
    private final JfrNotes jfrNotes;
    private final TraceExporter exporter;
    private final int exportAround;
    private final Path exportDir;
    /** Spike exports waiting for their windows' notes; null without an export folder. */
    private final WaitingExports waiting;
    /** Updates seen (recorded or not): what a waiting export counts its wait in. */
    private long framesSeen;
    private Spike pending = new Spike();
    private int pendingCountdown = -1;
    private int pendingAgo;

    private SpikeCapture(Builder b, Profiler profiler) {
        this.profiler = profiler;
        this.data = profiler.data();
        this.rule = b.rule != null ? b.rule : SpikeRule.configured(b.targetFps);
        this.times = new FrameTimes(profiler, Math.max(profiler.config().historyFrames(), 2 * b.framesAfter + 2));
        this.notes = b.notes != null ? b.notes : new FrameNotes(256);
        this.slowWeight = profiler.config().slowAverageWeight();
        this.pauseOnSpike = b.pauseOnSpike;
        this.framesAfter = b.exportDir != null ? Math.max(b.framesAfter, b.exportAround) : b.framesAfter;
        this.recent = new Spike[b.recent];
        this.worst = new Spike[b.worst];
        for (int i = 0; i < recent.length; i++) {
            recent[i] = new Spike();
        }
        for (int i = 0; i < worst.length; i++) {
            worst[i] = new Spike();
        }
        this.gcNotes = b.gcNotes ? GcNotes.attach(notes) : null;
        this.jfrNotes = b.jfrNotes ? b.jfr.gc(!b.gcNotes).start(notes) : null;
        this.exportAround = b.exportAround;
        this.exportDir = b.exportDir;
        if (exportDir != null) {
            exporter = TraceExporter.of(profiler, times, notes);
            waiting = new WaitingExports(exporter, notes, b.exportNotesWait, frame -> {
                Spike held = find(frame);
                return held == null ? null : exportTitle(held);
            });
            addListener(this::exportSpike);
        } else {
            exporter = null;
            waiting = null;
        }
        this.wantedRoot = rule.thread == null || rule.thread.equals("*") ? null : "<" + rule.thread + ">";
    }

    /** System property: how many recent spikes to keep (the builder's default for {@link Builder#recent}). */
    public static final String RECENT_PROPERTY = "hudprof.spike.recent";
    /** System property: how many worst spikes to keep (the builder's default for {@link Builder#worst}). */
    public static final String WORST_PROPERTY = "hudprof.spike.worst";
    /** System property: {@code true} to pause the profile at a spike (the default for {@link Builder#pauseOnSpike}). */
    public static final String PAUSE_PROPERTY = "hudprof.spike.pause";
    /** System property: {@code true} to note safepoints and compilations from JFR ({@link Builder#jfrNotes}). */
    public static final String JFR_PROPERTY = "hudprof.spike.jfr";
    /** System property: a folder to export each spike to ({@link Builder#exportAround}; frames: the next one). */
    public static final String EXPORT_DIR_PROPERTY = "hudprof.spike.exportDir";
    /** System property: frames either side of an exported spike (default 10; only with the folder set). */
    public static final String EXPORT_AROUND_PROPERTY = "hudprof.spike.exportAround";

    /**
     * A builder with the defaults: the configured rule ({@code -Dhudprof.spike}), 16 recent and 16 worst spikes
     * ({@code -Dhudprof.spike.recent}, {@code -Dhudprof.spike.worst}), no pause ({@code -Dhudprof.spike.pause=true}
     * pauses), no JFR notes ({@code -Dhudprof.spike.jfr=true} turns them on), no export
     * ({@code -Dhudprof.spike.exportDir=DIR} writes each spike there with {@code -Dhudprof.spike.exportAround=10}
     * frames either side). The builder's setters override them.
     *
     * @throws IllegalArgumentException naming the property and its range when one of them is not valid
     */
    public static Builder builder() {
        Builder b = new Builder();
        b.recent = intProperty(RECENT_PROPERTY, 16, 1);
        b.worst = intProperty(WORST_PROPERTY, 16, 0);
        b.pauseOnSpike = booleanProperty(PAUSE_PROPERTY);
        b.jfrNotes = booleanProperty(JFR_PROPERTY);
        String dir = System.getProperty(EXPORT_DIR_PROPERTY);
        if (dir != null && !dir.isBlank()) {
            b.exportAround(intProperty(EXPORT_AROUND_PROPERTY, 10, 0), Path.of(dir.trim()));
        }
        return b;
    }

    private static boolean booleanProperty(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            return false;
        }
        String v = value.trim();
        if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException("hudprof: -D" + name + "=" + value + " is not valid; use true or false");
        }
        return Boolean.parseBoolean(v);
    }

    private static int intProperty(String name, int fallback, int min) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= min && n <= 1024) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the message below names the fix
        }
        throw new IllegalArgumentException("hudprof: -D" + name + "=" + value + " is not valid; use a whole number "
                + "from " + min + " to 1024");
    }

    /**
     * Stops listening for GC notifications, closes the JFR stream and the exporter (after its queued writes) and
     * unplugs from the profiler; the store stays readable.
     */
    public void detach() {
        spares.close();
        profiler.removeFrameListener(this);
        Annexes.of(profiler).remove(this);
        if (gcNotes != null) {
            gcNotes.close();
        }
        if (jfrNotes != null) {
            jfrNotes.close();
        }
        if (exporter != null) {
            waiting.writeAll();
            exporter.close();
        }
    }

    /** The JFR stream's notes when the builder's {@code jfrNotes} is on, else null. */
    public JfrNotes jfrNotes() {
        return jfrNotes;
    }

    /**
     * The latest spike export ({@link Builder#exportAround}), completing with its file once written; null before
     * the first.
     */
    public CompletableFuture<Path> lastExport() {
        return waiting == null ? null : waiting.last();
    }

    /** The file a spike at recorded frame {@code frameNumber} is exported to. */
    public static Path exportFile(Path dir, long frameNumber) {
        return dir.resolve("hudprof-spike-" + frameNumber + ".json");
    }

    /**
     * The spike frame ± {@code exportAround} frames (fewer after it when paused or not yet run), copied now, while
     * the timelines hold them; written once the notes' sources have posted everything up to the window's end
     * ({@link WaitingExports}).
     */
    private void exportSpike(Spike spike, int framesAgo) {
        int frames = Math.min(framesAgo + exportAround + 1, times.size());
        ChromeTrace trace = ChromeTrace.capture(profiler, times, null, frames, exportTitle(spike));
        waiting.add(trace, exportFile(exportDir, spike.frameNumber), framesSeen, spike.frameNumber);
        long postedUpTo = notes.postedUpToNanos();
        notes.settle(times, noteSink);
        waiting.writeReady(postedUpTo, framesSeen);
    }

    /** An exported spike's title: {@code spike at frame 412 ± 10 frames, blamed on JVM pause 36.2 ms: G1 ...}. */
    private String exportTitle(Spike spike) {
        String blame = spike.blameText();
        return "spike at frame " + spike.frameNumber + " ± " + exportAround + " frames"
                + (blame == null ? "" : ", blamed on " + blame);
    }

    /** The rule in use. */
    public SpikeRule rule() {
        return rule;
    }

    /** Frame start/end times (the ring the notes and exports use). */
    public FrameTimes times() {
        return times;
    }

    /** The notes store: post JVM events here (any thread). As a report annex: the notes reports pin to frames. */
    @Override
    public FrameNotes notes() {
        return notes;
    }

    /** Whether a spike pauses the profile ({@link Profiler#setPaused(boolean)}) so it stays on screen. */
    public boolean pauseOnSpike() {
        return pauseOnSpike;
    }

    /** Switches pause-on-spike. */
    public void setPauseOnSpike(boolean on) {
        pauseOnSpike = on;
    }

    /** Adds a listener told about each spike {@code framesAfter} frames after it. */
    public synchronized void addListener(Listener listener) {
        Listener[] grown = Arrays.copyOf(listeners, listeners.length + 1);
        grown[listeners.length] = listener;
        listeners = grown;
    }

    /** Stops telling {@code listener} about spikes. */
    public synchronized void removeListener(Listener listener) {
        Listener[] now = listeners;
        for (int i = 0; i < now.length; i++) {
            if (now[i] == listener) {
                Listener[] less = new Listener[now.length - 1];
                System.arraycopy(now, 0, less, 0, i);
                System.arraycopy(now, i + 1, less, i, now.length - i - 1);
                listeners = less;
                return;
            }
        }
    }

    /** The profiler this captures the spikes of. */
    public Profiler profiler() {
        return profiler;
    }

    /** The frames a listener waits after a spike (the builder's {@code framesAfter}). */
    public int framesAfter() {
        return framesAfter;
    }

    /** Spikes seen since attached (also those no longer kept). */
    public long captured() {
        return captured;
    }

    /** Spikes held in the recent list (up to its bound). */
    public int recentCount() {
        return recentCount;
    }

    /** The i-th most recent spike, 0 = newest. */
    public Spike recent(int i) {
        if (i < 0 || i >= recentCount) {
            throw new IndexOutOfBoundsException("recent spike " + i + " of " + recentCount);
        }
        return recent[Math.floorMod(recentNext - 1 - i, recent.length)];
    }

    /** Spikes held in the worst list. */
    public int worstCount() {
        return worstCount;
    }

    /** The i-th worst spike, 0 = the largest value. */
    public Spike worst(int i) {
        if (i < 0 || i >= worstCount) {
            throw new IndexOutOfBoundsException("worst spike " + i + " of " + worstCount);
        }
        return worst[i];
    }

    /**
     * Times a spike slot grew inside {@code update()}: a spike more than twice as large as every frame and spike before
     * it, or no grown spare slot ready (a burst of ever larger frames). Otherwise slots are grown on the "hudprof spike
     * slots" thread, ahead, to twice the largest frame or spike seen, and swapped in; steady state allocates nothing
     * on the updating thread.
     */
    public long slotGrowthsInUpdate() {
        return spares.grownInUpdate();
    }

    /** The spares, for tests that wait for the grower. */
    SpareSpikes spares() {
        return spares;
    }

    @Override
    public Zone selfZone() {
        return SELF_ZONE;
    }

    /** The held spike of recorded frame {@code frameNumber} (recent list first), or null. */
    public Spike find(long frameNumber) {
        for (int i = 0; i < recentCount; i++) {
            if (recent(i).frameNumber == frameNumber) {
                return recent(i);
            }
        }
        for (int i = 0; i < worstCount; i++) {
            if (worst[i].frameNumber == frameNumber) {
                return worst[i];
            }
        }
        return null;
    }

    @Override
    public void frameEnded(long frameNanos, boolean recorded) {
        times.frameEnded(frameNanos, recorded);
        settleGpu();
        framesSeen++;
        boolean exportsWait = waiting != null && !waiting.isEmpty();
        long postedUpTo = exportsWait ? notes.postedUpToNanos() : Long.MIN_VALUE;
        notes.settle(times, noteSink);
        if (exportsWait) {
            waiting.writeReady(postedUpTo, framesSeen);
        }
        if (pendingCountdown >= 0) {
            pendingAgo++;
            if (--pendingCountdown == 0) {
                pendingCountdown = -1;
                for (Listener listener : listeners) {
                    listener.spikeSettled(pending, pendingAgo);
                }
            }
        }
        if (!recorded) {
            return;
        }
        if (rule.thread == null) {
            SpikeRule.Trigger trigger = rule.match(frameNanos, frameAverage, framePrevious);
            if (trigger != null) {
                capture(trigger, null, frameNanos, frameAverage);
            }
            frameAverage = Double.isNaN(frameAverage) ? frameNanos : frameAverage + slowWeight * (frameNanos
                    - frameAverage);
            framePrevious = frameNanos;
        } else {
            checkThreads();
        }
        includeFrameSize();
    }

    /**
     * Counts the frame just recorded into {@link #largest} as if it were a spike, so the spares grow ahead (off this
     * thread) to hold a spike as large as any frame seen, not only as large as the spikes before: a spike is then
     * filled without growing its slot here unless it is larger than every frame before it by more than the
     * spares' headroom. Done after the spike check, so the frame that raises the sizes never waits for its own spares.
     * A few reads per thread a frame, nothing allocated. The timeline's raw events are each thread's events of the
     * frame plus the zones it had open at its start (as many as at its end in steady state), and the {@code <gpu>}
     * lane's marks of the five GPU frames it reads; the GPU zones' own few events are left to the headroom and to
     * the spikes measured.
     */
    private static final int GPU_FRAMES_READ = 5;

    private void includeFrameSize() {
        boolean keepsTimeline = profiler.timelineFramesKept() > 0;
        int timelines = 0;
        long events = 0;
        if (keepsTimeline) {
            events = GPU_FRAMES_READ;
            int threads = profiler.threadCount();
            for (int t = 0; t < threads; t++) {
                ThreadTimeline timeline = profiler.timeline(t);
                if (timeline == null) {
                    continue;
                }
                timelines++;
                events += Math.max(0, timeline.frameEventCount(0)) + timeline.openDepth();
            }
        }
        frameSize.states = data.stateCount();
        frameSize.statRows = largest.statRows;
        frameSize.lanes = keepsTimeline ? timelines + 1 : 0;
        frameSize.events = (int) Math.min(Integer.MAX_VALUE - 8, events);
        if (!largest.covers(frameSize)) {
            largest.include(frameSize);
            spares.ask(largest);
        }
    }

    /** Time inside zones per thread root: one pass over the states (roots come before their descendants). */
    private void checkThreads() {
        int count = data.stateCount();
        if (rootOf.length < data.stateCapacity()) {
            int n = data.stateCapacity();
            int old = rootOf.length;
            rootOf = new int[n];
            busy = Arrays.copyOf(busy, n);
            rootAverage = Arrays.copyOf(rootAverage, n);
            rootPrevious = Arrays.copyOf(rootPrevious, n);
            for (int s = old; s < n; s++) {
                rootAverage[s] = Double.NaN;
                rootPrevious[s] = -1;
            }
        }
        double[] self = data.self(Averaging.INSTANTANEOUS);
        for (int s = 0; s < count; s++) {
            int parent = data.parent(s);
            if (parent < 0) {
                rootOf[s] = s;
                busy[s] = 0;
            } else {
                int root = rootOf[parent];
                rootOf[s] = root;
                busy[root] += (long) self[s];
            }
        }
        boolean spiked = false;
        for (int s = 0; s < count; s++) {
            if (data.parent(s) >= 0) {
                continue;
            }
            String rootName = Zone.byId(data.zone(s)).name();
            if (wantedRoot != null && !wantedRoot.equals(rootName)) {
                continue;
            }
            long value = busy[s];
            SpikeRule.Trigger trigger = rule.match(value, rootAverage[s], rootPrevious[s]);
            if (trigger != null && !spiked) {
                spiked = true;
                capture(trigger, rootName, value, rootAverage[s]);
            }
            rootAverage[s] = Double.isNaN(rootAverage[s]) ? value : rootAverage[s] + slowWeight * (value
                    - rootAverage[s]);
            rootPrevious[s] = value;
        }
    }

    private void capture(SpikeRule.Trigger trigger, String thread, long value, double baseline) {
        captured++;
        Object shown = ReportController.of(profiler).shownSpike();
        // Filled in a slot that held the largest spike so far (a spare when this one is smaller): it grows only
        // for a spike larger than all before it.
        fresh = spares.fitting(fresh, largest, shown);
        Spike s = fresh;
        long capacityBefore = s.capacityTotal();
        s.frameNumber = profiler.recordedFrames();
        s.frameNanos = times.endNanos(0) - times.startNanos(0);
        s.startNanos = times.startNanos(0);
        s.endNanos = times.endNanos(0);
        s.trigger = trigger;
        s.thread = thread;
        s.value = value;
        s.baseline = baseline;
        copyStates(s);
        s.hasTimeline = profiler.loadTimeline(s.frameNumber, s.timeline);
        s.noteCount = 0;
        s.droppedNotes = 0;
        s.gcPauseNanos = 0;
        s.safepointNanos = 0;
        s.longestPauseNanos = 0;
        s.pauseNote = null;
        // The notes settled in this update (or a later one's, for a note that must wait): none before can touch it.
        for (long n = notes.firstSettledSince(s.frameNumber); n < notes.end(); n++) {
            if (notes.touches(n, s.frameNumber)) {
                s.addNote(notes.text(n));
                addPause(s, n);
            }
        }
        blame(s);
        need.measure(s, Math.max(s.frame.count(), s.previous.count()));
        if (s.capacityTotal() != capacityBefore) {
            spares.countGrownInUpdate();
        }
        // The slots are sized for every state, as a spike's GPU values arrive later and add states to it.
        need.states = data.stateCount();
        largest.include(need);
        spares.ask(largest);
        Spike slot = recent[recentNext];
        if (slot != shown) {
            // The filled spike becomes the recent list's slot, and the slot it replaces is filled next time: no copy.
            recent[recentNext] = s;
            fresh = slot;
        } else {
            // The report still shows the spike in that slot: refill it (the report then says no data for it).
            slot.copyFrom(s);
        }
        recentNext = (recentNext + 1) % recent.length;
        recentCount = Math.min(recentCount + 1, recent.length);
        keepIfWorst(s, shown);
        if (framesAfter >= 0 && listeners.length > 0 && pendingCountdown < 0) {
            pending = fitted(pending, shown);
            pending.copyFrom(s);
            pendingAgo = 0;
            pendingCountdown = framesAfter;
            if (framesAfter == 0) {
                pendingCountdown = -1;
                for (Listener listener : listeners) {
                    listener.spikeSettled(pending, 0);
                }
            }
        }
        if (pauseOnSpike) {
            profiler.setPaused(true);
        }
    }

    /**
     * Gives each stored spike that waits for its GPU results its own frame's GPU values once history has them (they
     * arrive a few frames late); gives up when the frame left history or {@link #GPU_WAIT_FRAMES} passed.
     */
    private void settleGpu() {
        for (int i = 0; i < recentCount; i++) {
            settleGpu(recent[i]);
        }
        for (int i = 0; i < worstCount; i++) {
            settleGpu(worst[i]);
        }
    }

    private void settleGpu(Spike s) {
        if (!s.gpuPending) {
            return;
        }
        long ago = data.recordedFrames() - s.frameNumber;
        if (ago > GPU_WAIT_FRAMES || ago >= data.history().size() || !data.historyHasStates((int) ago)
                || data.history().frameNumber((int) ago) != s.frameNumber) {
            s.gpuPending = false;
            return;
        }
        long gpu = data.history().gpuFrameNanos((int) ago);
        if (gpu < 0) {
            return;
        }
        // History's record of the frame ends with its GPU entries: the spike's becomes history's, entry for entry.
        data.history().loadStates((int) ago, gpuFrame);
        for (int i = 0; i < gpuFrame.count(); i++) {
            if (data.isGpuState(gpuFrame.state(i))) {
                s.frame.add(gpuFrame.state(i), gpuFrame.self(i), gpuFrame.calls(i), 0);
            }
        }
        s.gpuFrameNanos = gpu;
        s.gpuPending = false;
    }

    /** {@code slot}, or a spare grown for the spike being kept; counts a slot that will grow copying it. */
    private Spike fitted(Spike slot, Object shown) {
        Spike fitting = spares.fitting(slot, need, shown);
        if (!fitting.fits(need)) {
            spares.countGrownInUpdate();
        }
        return fitting;
    }

    private void keepIfWorst(Spike s, Object shown) {
        if (worst.length == 0) {
            return;
        }
        int at = worstCount;
        if (worstCount == worst.length) {
            if (s.value <= worst[worstCount - 1].value) {
                return;
            }
            at = worstCount - 1;
        } else {
            worstCount++;
        }
        // Sorted largest first: move the reused last slot up to where the new value belongs.
        Spike slot = fitted(worst[at], shown);
        while (at > 0 && worst[at - 1].value < s.value) {
            worst[at] = worst[at - 1];
            at--;
        }
        worst[at] = slot;
        slot.copyFrom(s);
    }

    private void copyStates(Spike s) {
        int count = data.stateCount();
        // Without the live GPU values, of a frame some frames back: the spike takes its own frame's when they arrive.
        data.loadLastFrame(s.frame);
        s.frameBytes = s.hasBytes() ? data.frameTotal(Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS) : 0;
        s.gpuPending = data.gpuTiming();
        s.gpuFrameNanos = -1;
        // The frame before it (history frame 1), so a report of the stored spike shows the heat it had in history.
        s.hasPrevious = data.history().loadStates(1, s.previous);
        for (Problem problem : PROBLEMS) {
            s.problems[problem.ordinal()] = data.problemsInLastFrame(problem);
        }
        copyStatistics(s);
        for (Metric metric : METRICS) {
            grewMost(s, metric, count);
        }
    }

    /**
     * Keeps the statistics of this frame: each one's frame value and the cells its run values come from. Statistics
     * gather before readers ({@link io.hudprof.core.FrameListener.Stage}), so they already hold this frame.
     */
    private void copyStatistics(Spike s) {
        s.statCount = 0;
        FrameStatistics statistics = FrameStatistics.attachedTo(profiler);
        if (statistics == null || !statistics.hasFrames()) {
            return;
        }
        // Two array copies, whatever the number of statistics: their run values are worked out from the cells when
        // the spike is read (Spike.statistic), not here in update().
        StatSnapshot latest = statistics.latest();
        int stats = latest.statCount();
        s.ensureStatistics(stats, StatSlots.slotCount(latest));
        statistics.copyFrameValues(s.statFrame);
        s.statCells.copyFrom(latest);
        s.statCount = stats;
    }

    /**
     * Names the zone whose self value of {@code metric} grew most in this frame against its slow average before it
     * (thread roots excluded); -1 and 0 when none grew or the metric is not recorded.
     */
    private void grewMost(Spike s, Metric metric, int count) {
        int m = metric.ordinal();
        s.grewZone[m] = -1;
        s.grewBy[m] = 0;
        if (!data.records(metric)) {
            return;
        }
        double[] self = data.self(metric, Averaging.INSTANTANEOUS);
        double[] slow = data.self(metric, Averaging.SLOW);
        boolean averaged = data.recordedFrames() > 1;
        for (int st = 0; st < count; st++) {
            if (data.parent(st) < 0 || self[st] == 0) {
                continue;
            }
            Zone zone = Zone.byId(data.zone(st));
            if (zone != null && zone.isGpu()) {
                // The live GPU values are of a frame some frames back (their results arrive late): not this frame's.
                continue;
            }
            // The slow average already took this frame in: before = (after − w·frame) / (1 − w).
            double before = averaged ? (slow[st] - slowWeight * self[st]) / (1 - slowWeight) : 0;
            double grew = self[st] - before;
            if (grew > s.grewBy[m]) {
                s.grewBy[m] = grew;
                s.grewZone[m] = data.zone(st);
            }
        }
        if (metric == Metric.TIME) {
            // Blamed or not once the frame's pauses are known (blame).
            s.topZone = s.grewZone[m];
            s.topGrew = s.grewBy[m];
        }
    }

    /** A note settled: add it to every held spike whose frame it overlapped. */
    private void noteSettled(long note) {
        for (int i = 0; i < recentCount; i++) {
            addIfTouches(recent[i], note);
        }
        for (int i = 0; i < worstCount; i++) {
            addIfTouches(worst[i], note);
        }
        if (pendingCountdown >= 0) {
            addIfTouches(pending, note);
        }
    }

    private void addIfTouches(Spike spike, long note) {
        if (spike.frameNumber >= 0 && notes.touches(note, spike.frameNumber)) {
            spike.addNote(notes.text(note));
            if (addPause(spike, note)) {
                blame(spike);
            }
        }
    }

    /** Counts a note's pause time inside the spike's frame (clipped to it); whether it was a pause. */
    private boolean addPause(Spike s, long note) {
        if (!notes.isPause(note)) {
            return false;
        }
        long start = Math.max(s.startNanos, notes.startNanos(note));
        long end = Math.min(s.endNanos, notes.startNanos(note) + notes.durationNanos(note));
        long inside = Math.max(0, end - start);
        if (notes.kind(note) == FrameNotes.Kind.GC) {
            s.gcPauseNanos += inside;
        } else {
            s.safepointNanos += inside;
        }
        if (inside > s.longestPauseNanos || s.pauseNote == null) {
            s.longestPauseNanos = inside;
            s.pauseNote = notes.text(note);
        }
        return true;
    }

    /**
     * Blames the spike on the zone whose self time grew most, on a JVM pause in the frame, or on nothing. The rise is
     * the watched value over its average. A pause lands inside some zone and that zone grows by it, so a zone is
     * credited only with its growth beyond the frame's pause time (not knowing which zone the pause landed in, every
     * zone's growth is reduced by it: a zone that grew beside a short pause keeps most of its growth). Then:
     * <ul>
     *   <li>the pause, when it explains at least {@link #BLAME_SHARE} of the rise and at least as much as the zone's
     *       remaining growth (a 36 ms GC pause inside {@code hudprof:update} is the pause's spike, not hudprof's);</li>
     *   <li>else the zone, when its remaining growth explains at least {@link #BLAME_SHARE} of the rise;</li>
     *   <li>else nothing: a frame slow outside the zones, slow everywhere a little, or less than
     *       {@link #MIN_RISE_SHARE} over its own average (only over an absolute threshold) names none, instead of
     *       whichever zone grew a tenth of a millisecond (so often hudprof's own, in a demo whose frames hover around
     *       the rule's threshold).</li>
     * </ul>
     * Without an average (the first frame) the rise is unknown: the larger of the pause and the zone's remaining
     * growth is named. Runs again when a pause's note arrives after the spike was caught. Allocates nothing.
     */
    static void blame(Spike s) {
        int m = Metric.TIME.ordinal();
        double rise = s.value - s.baseline;
        long pause = s.pauseNanos();
        double beyondPause = s.topZone >= 0 ? Math.max(0, s.topGrew - pause) : 0;
        boolean known = !Double.isNaN(rise);
        boolean rose = !known || (rise > 0 && rise >= MIN_RISE_SHARE * s.baseline);
        boolean pauseExplains = rose && pause > 0 && pause >= beyondPause && (!known || pause >= BLAME_SHARE * rise);
        boolean zoneExplains = rose && !pauseExplains && s.topZone >= 0 && beyondPause > 0
                && (!known || beyondPause >= BLAME_SHARE * rise);
        s.blamesPause = pauseExplains;
        s.grewZone[m] = zoneExplains ? s.topZone : -1;
        s.grewBy[m] = zoneExplains ? s.topGrew : 0;
    }

    /** Builds a {@link SpikeCapture}; each setter says its default. */
    public static final class Builder {
        private SpikeRule rule;
        private double targetFps = 60;
        private int recent = 16;
        private int worst = 16;
        private boolean pauseOnSpike;
        private int framesAfter;
        private FrameNotes notes;
        private boolean gcNotes;
        private boolean jfrNotes;
        private JfrNotes.Builder jfr = JfrNotes.builder();
        private int exportAround;
        private Path exportDir;
        private int exportNotesWait = 240;

        private Builder() {
        }

        /** The rule (default: {@link SpikeRule#configured(double)} for the target frame rate). */
        public Builder rule(SpikeRule rule) {
            this.rule = rule;
            return this;
        }

        /** The target frame rate the default rule follows (default 60). */
        public Builder targetFps(double fps) {
            SpikeRule.forTargetFps(fps);
            this.targetFps = fps;
            return this;
        }

        /** How many of the most recent spikes to keep (default 16, 1 to 1024). */
        public Builder recent(int spikes) {
            this.recent = bound("recent", spikes, 1);
            return this;
        }

        /** How many of the worst spikes to keep (default 16, 0 to 1024). */
        public Builder worst(int spikes) {
            this.worst = bound("worst", spikes, 0);
            return this;
        }

        /** Pause the profile at a spike (default off). */
        public Builder pauseOnSpike(boolean on) {
            this.pauseOnSpike = on;
            return this;
        }

        /** Frames to wait after a spike before telling listeners (default 0; 0 to 1024). */
        public Builder framesAfter(int frames) {
            this.framesAfter = bound("framesAfter", frames, 0);
            return this;
        }

        /** The notes store (default: a new one of 256 notes). */
        public Builder notes(FrameNotes notes) {
            this.notes = notes;
            return this;
        }

        /**
         * Note every garbage collection, pinned to the frames it overlapped ({@link GcNotes}; default off). Needs the
         * profiler on the system clock.
         */
        public Builder gcNotes(boolean on) {
            this.gcNotes = on;
            return this;
        }

        /**
         * Note safepoints and long JIT compilations from an in-process JFR stream ({@link JfrNotes} with its
         * defaults; default off: a recording costs something). They arrive about a second late and are pinned to
         * past frames by timestamp. JFR's GC events are noted too only when {@link #gcNotes} is off.
         */
        public Builder jfrNotes(boolean on) {
            this.jfrNotes = on;
            return this;
        }

        /** {@link #jfrNotes(boolean) jfrNotes(true)} with these thresholds (its {@code gc} is set by gcNotes). */
        public Builder jfrNotes(JfrNotes.Builder settings) {
            this.jfrNotes = true;
            this.jfr = settings;
            return this;
        }

        /**
         * Writes each told spike (a burst exports once) as a Chrome trace of its frame and {@code frames} frames
         * either side to {@code dir}/{@code hudprof-spike-<frame>.json}, on the exporter's writer thread, once
         * {@code frames} more frames have passed ({@link #framesAfter} is raised to {@code frames} when lower) and
         * the notes of those frames are in ({@link #exportNotesWait}). Default off. Enable timelines for zone events
         * in the trace.
         */
        public Builder exportAround(int frames, Path dir) {
            this.exportAround = bound("exportAround", frames, 0);
            if (dir == null) {
                throw new IllegalArgumentException("hudprof: exportAround needs a folder");
            }
            this.exportDir = dir;
            return this;
        }

        /**
         * How many frames a spike export may wait, after its window ended, for the notes of the window (default 240,
         * 4 s at 60 Hz; 0 to 4096): a JFR stream delivers its events about a second late, so the trace is written
         * once every note source ({@link FrameNotes#postedUpToNanos()}) has posted up to the window's end, or after
         * this many frames with the notes it has ({@code otherData.notes} says {@code incomplete}). The wait happens
         * frame by frame; the game thread never blocks.
         */
        public Builder exportNotesWait(int frames) {
            if (frames < 0 || frames > 4096) {
                throw new IllegalArgumentException("hudprof: spike exportNotesWait must be from 0 to 4096 frames, got "
                        + frames);
            }
            this.exportNotesWait = frames;
            return this;
        }

        private static int bound(String name, int value, int min) {
            if (value < min || value > 1024) {
                throw new IllegalArgumentException("hudprof: spike " + name + " must be from " + min
                        + " to 1024, got " + value);
            }
            return value;
        }

        /** Builds the capture and adds it to {@code profiler}'s frame listeners. */
        public SpikeCapture attach(Profiler profiler) {
            SpikeCapture capture = new SpikeCapture(this, profiler);
            profiler.addFrameListener(capture);
            // Reports show the notes pinned to the frame they show.
            Annexes.of(profiler).add(capture);
            return capture;
        }
    }
}
