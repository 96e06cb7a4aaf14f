package io.hudprof.capture.file;

import io.hudprof.core.AllocationCounter;
import io.hudprof.core.Clock;
import io.hudprof.core.GpuTimestamps;
import io.hudprof.core.GpuZone;
import io.hudprof.core.Hudprof;
import io.hudprof.core.Problem;
import io.hudprof.core.Profiler;
import io.hudprof.core.ProfilerConfig;
import io.hudprof.core.Zone;
import io.hudprof.core.report.Annexes;
import io.hudprof.core.report.PinnedNotes;
import io.hudprof.core.report.ReportAnnex;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.Stat;
import io.hudprof.stats.StatSlots;
import io.hudprof.stats.StatSnapshot;
import io.hudprof.stats.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Semaphore;

/**
 * A {@link Capture} played into a profiler of its own, one frame per {@link #step()}: each captured thread is a
 * Java thread of the same name that enters and leaves the captured zones at their captured times (a clock that reads,
 * on each replay thread, the time of the event it is replaying), and the captured updating thread ends each frame
 * with {@code update()} at the frame's captured end. So history, averages, call graphs, timelines, categories and
 * GPU attribution come out of the same code as they did live, and every {@link io.hudprof.core.FrameListener} added
 * to {@link #profiler()} is told of each replayed frame (on the replay's updating thread, inside {@link #step()}).
 *
 * <p>Zones record into the JVM's one installed profiler, so a step installs the replay's profiler and puts back the
 * one installed before it; replays in one JVM take turns. Read the profiler's reports on the thread that calls
 * {@link #step()} between steps, or under {@link #lock()}. Not thread-safe: one thread steps.
 *
 * <p>Problem counts (format 1.1) are handed to the replay's profiler before each update, so history, reports and
 * totals show the live ones (the replayed zone events are already repaired); notes are a {@link ReportAnnex} of the
 * replay's profiler, each added in the update of the frame it settled by, so a report shows it against the frames
 * it touched; statistics are a {@link FrameStatistics} of the replay's profiler ({@link #statistics()}) fed each
 * update with the captured values, so the statistics report and charts show the live ones. Allocation per zone
 * (format 1.2) is measured by the replay's profiler with a counter of its own: each replay thread's counter grows,
 * right before the event where the live thread's bytes were read, by the bytes the capture credits that zone-stack
 * state in the frame, so the live code credits them to the same state. Time a captured thread spent before its first
 * event after it started (its recorder was made at its first zone) is not credited.
 */
public final class CaptureReplay implements AutoCloseable {
    private static final Object GATE = new Object();
    private static final String GPU_SUFFIX = " (gpu)";

    private final Capture capture;
    private final ReplayClock clock = new ReplayClock();
    private final Profiler profiler;
    private final Object lock = new Object();
    private final Map<Integer, Zone> zones = new HashMap<>();
    private final List<Zone> privateZones = new ArrayList<>();
    private final Worker[] workers;
    private final boolean[] ended;
    private final int mainThread;
    /** Live recorded-frame numbers to the replay's (increasing together: the writer's lost frames make gaps). */
    private final TreeMap<Long, Long> replayedNumbers = new TreeMap<>();
    private static final Problem[] PROBLEMS = Problem.values();
    private final ReplayedNotes notes = new ReplayedNotes();
    /** The capture's notes in the order they settled, and the next one to hand over. */
    private final List<Capture.Note> capturedNotes;
    private int nextNote;
    /**
     * Statistics: the captured cells as of the frame replayed, where each goes among this JVM's cells (-1: a name
     * taken here by another kind), and this JVM's cells handed to the replay's {@link FrameStatistics}.
     */
    private long[] capturedCells;
    private int capturedCovered;
    private int[] localSlotOf;
    private long[] localCells;
    private long[] localInitial;
    private int localStats;
    private FrameStatistics statistics;
    /**
     * Allocation per zone: whether the capture has it; its states' children by (parent, zone) and roots by name; the
     * bytes each state still has to be credited in the frame being replayed; bytes no replayed event could take.
     */
    private final boolean allocation;
    private final Map<Long, Integer> stateChildren = new HashMap<>();
    private final Map<String, Integer> stateRoots = new HashMap<>();
    private final long[] pendingBytes;
    private long unplacedBytes;
    private final AllocationCounter replayBytes = new AllocationCounter() {
        @Override
        public long currentThreadAllocatedBytes() {
            return Thread.currentThread() instanceof Worker w && w.owner() == CaptureReplay.this ? w.bytes : -1;
        }

        @Override
        public String unavailableReason() {
            return null;
        }
    };
    private final GpuTimestamps gpuBackend = new GpuTimestamps() {
        @Override
        public void begin(int zoneId) {
        }

        @Override
        public void end(int zoneId) {
        }
    };
    private int next;
    private boolean closed;
    /** The frame whose update() runs, for {@link #lateGpu}. */
    private CapturedFrame updating;
    /**
     * Added first, so it runs before every listener the caller adds: GPU results a listener handed over inside the
     * live update are handed over at the same point of the replayed one.
     */
    private void lateGpu(long frameNanos, boolean recorded) {
        CapturedFrame f = updating;
        if (f != null) {
            if (recorded) {
                replayedNumbers.put(f.frameNumber, profiler.recordedFrames());
            }
            settleGpu(f, false);
            settleNotes(next);
        }
    }

    /** The notes that settled by captured frame {@code index}, on the replay's frame numbers. */
    private void settleNotes(int index) {
        while (nextNote < capturedNotes.size() && capturedNotes.get(nextNote).frameIndex() <= index) {
            Capture.Note note = capturedNotes.get(nextNote++);
            long first = -1;
            long last = -1;
            if (note.firstFrame() > 0) {
                Map.Entry<Long, Long> from = replayedNumbers.ceilingEntry(note.firstFrame());
                Map.Entry<Long, Long> to = replayedNumbers.floorEntry(note.lastFrame());
                if (from != null && to != null && from.getKey() <= note.lastFrame()) {
                    first = from.getValue();
                    last = to.getValue();
                }
            }
            notes.add(first, last, note.text());
        }
    }

    /** This JVM's copies of the captured statistics, and the replay's statistics fed from the captured cells. */
    private void defineStatistics() {
        List<Capture.StatInfo> defined = capture.statistics();
        Capture.StatInfo lastStat = defined.get(defined.size() - 1);
        int cells = lastStat.firstSlot() + StatSlots.slotCount(lastStat.kind());
        capturedCells = new long[cells];
        localSlotOf = new int[cells];
        Arrays.fill(localSlotOf, -1);
        for (Capture.StatInfo info : defined) {
            try {
                Stat local = StatSlots.define(info.name(), info.kind(), info.unit(), info.level());
                if (local.kind() == info.kind()) {
                    for (int c = 0; c < StatSlots.slotCount(info.kind()); c++) {
                        localSlotOf[info.firstSlot() + c] = StatSlots.firstSlot(local) + c;
                    }
                }
            } catch (IllegalArgumentException e) {
                // The name is another kind of statistic here: that statistic is left out of the replay.
            }
        }
        List<CapturedFrame> frames = capture.frames();
        if (!frames.isEmpty()) {
            applyStatistics(frames.get(0), true); // the values before the first frame: the first snapshot
        }
        statistics = FrameStatistics.builder().source(this::fillStatistics).attach(profiler);
    }

    /** Brings the captured cells to frame {@code f}'s start (its base), or, unless {@code baseOnly}, its end. */
    private void applyStatistics(CapturedFrame f, boolean baseOnly) {
        if (capturedCells == null || f.statStats < 0) {
            return;
        }
        if (f.statBase != null) {
            System.arraycopy(f.statBase, 0, capturedCells, 0, f.statBase.length);
            Arrays.fill(capturedCells, f.statBase.length, capturedCells.length, 0);
            capturedCovered = f.statBase.length;
        }
        if (baseOnly) {
            return;
        }
        for (int i = 0; i < f.statChangeSlot.length; i++) {
            capturedCells[f.statChangeSlot[i]] += f.statChangeDelta[i];
        }
        capturedCovered = f.statSlots;
    }

    /** The replay's statistics' snapshot: this JVM's cells, the captured statistics' set to the captured values. */
    private void fillStatistics(StatSnapshot dest) {
        if (localCells == null) {
            localInitial = StatSlots.initialValues();
            localCells = localInitial.clone();
            localStats = Stats.count();
        }
        for (int c = 0; c < capturedCells.length; c++) {
            int local = localSlotOf[c];
            if (local >= 0 && local < localCells.length) {
                localCells[local] = c < capturedCovered ? capturedCells[c] : localInitial[local];
            }
        }
        StatSlots.fill(dest, localCells, localCells.length, localStats);
    }

    /**
     * The replay's recorded-frame number for the live run's recorded frame {@code liveFrameNumber} (as a note or a
     * spike names it), or -1 when that frame was not replayed (yet): before the capture, or lost by the writer.
     */
    public long replayedFrameNumber(long liveFrameNumber) {
        Long n = replayedNumbers.get(liveFrameNumber);
        return n == null ? -1 : n;
    }

    /** The replay's per-frame statistics (the statistics view's rows and charts), or null when none were captured. */
    public FrameStatistics statistics() {
        return statistics;
    }

    /** Hands the problems counted live over to the replay's profiler, into the frame it gathers; updating thread. */
    private void countProblems(long[] counts) {
        if (counts == null) {
            return;
        }
        for (int k = 0; k < counts.length; k++) {
            profiler.countProblems(PROBLEMS[k], counts[k]);
        }
    }

    CaptureReplay(Capture capture, ProfilerConfig.Builder config) {
        this.capture = capture;
        List<Capture.ThreadInfo> threads = capture.threads();
        int main = 0;
        for (Capture.ThreadInfo t : threads) {
            if (t.updating()) {
                main = t.id();
                break;
            }
        }
        this.mainThread = main;
        this.workers = new Worker[threads.size()];
        this.ended = new boolean[threads.size()];
        int events = Math.max(capture.maxThreadEvents() + CaptureFormat.MAX_DEPTH / 64 + 64, 1 << 16);
        int capacity = Integer.highestOneBit(Math.min(events, 1 << 25) - 1) << 1;
        List<CapturedFrame> frames = capture.frames();
        clock.main = frames.isEmpty() ? 0 : frames.get(0).startNanos;
        this.allocation = capture.allocationPerZone();
        this.pendingBytes = new long[capture.allocationStates().size()];
        for (Capture.AllocationState st : capture.allocationStates()) {
            if (st.parent() < 0) {
                stateRoots.putIfAbsent(st.root(), st.id());
            } else {
                stateChildren.put(childKey(st.parent(), st.zone()), st.id());
            }
        }
        if (allocation) {
            config.allocationPerZone(true).allocationCounter(replayBytes);
        }
        this.profiler = new Profiler(config.clock(clock).selfProfiling(false).eventCapacity(capacity).build());
        for (Capture.ZoneInfo z : capture.zones().values()) {
            zones.put(z.id(), localZone(z));
        }
        this.capturedNotes = capture.notes();
        profiler.addFrameListener(this::lateGpu);
        if (!capture.statistics().isEmpty()) {
            defineStatistics();
        }
        if (!capturedNotes.isEmpty()) {
            Annexes.of(profiler).add(notes);
        }
    }

    private static long childKey(int parent, int zone) {
        return (long) parent << 32 | (zone & 0xFFFFFFFFL);
    }

    /** The capture's state entered from {@code parent} (-1: none known) into captured zone {@code zone}, or -1. */
    private int childState(int parent, int zone) {
        if (parent < 0 || stateChildren.isEmpty()) {
            return -1;
        }
        Integer child = stateChildren.get(childKey(parent, zone));
        return child == null ? -1 : child;
    }

    /**
     * Right before a replay thread's event (or its update): the bytes the capture credits the state it is in, taken
     * once its counter has been read at least once (the first reading of a thread only sets its baseline, live too).
     */
    private void creditPending(Worker w) {
        int state = w.state();
        if (state >= 0 && w.counterRead && pendingBytes[state] != 0) {
            w.bytes += pendingBytes[state];
            pendingBytes[state] = 0;
        }
    }

    /** Bytes the capture credited that no replayed event could carry (0 for captures of the live writer). */
    long unplacedBytes() {
        return unplacedBytes;
    }

    private Zone localZone(Capture.ZoneInfo z) {
        Zone zone;
        if (z.isGpu()) {
            String name = z.name().endsWith(GPU_SUFFIX)
                    ? z.name().substring(0, z.name().length() - GPU_SUFFIX.length()) : z.name();
            zone = z.isPrivate() ? GpuZone.local(name).zone() : GpuZone.define(name).zone();
        } else {
            zone = z.isPrivate() ? Zone.local(z.name()) : Zone.define(z.name());
        }
        if (z.colour() != 0 && zone.color() == Zone.NO_COLOR && !zone.isOverflow()) {
            zone.color(z.colour() - 1); // the slot holds 0xRRGGBB + 1; a colour the game has given since wins
        }
        if (z.isPrivate() && !zone.isOverflow()) {
            privateZones.add(zone);
        }
        return zone;
    }

    /** The profiler the capture replays into: add frame listeners and annexes before stepping. */
    public Profiler profiler() {
        return profiler;
    }

    /** The capture replayed. */
    public Capture capture() {
        return capture;
    }

    /** Hold it to read the profiler from another thread: a step holds it while it ends a frame. */
    public Object lock() {
        return lock;
    }

    /** The index of the next frame {@link #step()} replays (= frames replayed so far). */
    public int position() {
        return next;
    }

    /** Whether frames are left to replay. */
    public boolean hasNext() {
        return next < capture.frames().size() && !closed;
    }

    /** Replays every frame left. */
    public void replayAll() {
        while (step()) {
            // each step is one frame
        }
    }

    /**
     * Replays the next captured frame and ends it with the profiler's {@code update()}: its frame listeners have seen
     * it when this returns.
     *
     * @return false, doing nothing, when every frame was replayed
     */
    public boolean step() {
        if (!hasNext()) {
            return false;
        }
        CapturedFrame f = capture.frames().get(next);
        synchronized (GATE) {
            Profiler before = Hudprof.profiler();
            if (before != profiler) {
                Hudprof.install(profiler);
            }
            try {
                replay(f);
            } finally {
                if (before != null && before != profiler) {
                    Hudprof.install(before);
                }
            }
        }
        next++;
        return true;
    }

    private void replay(CapturedFrame f) {
        if ((f.flags & CaptureFormat.FRAME_RESYNC) != 0) {
            resync(f);
        }
        if (allocation && f.allocState != null) {
            for (int i = 0; i < f.allocState.length; i++) {
                pendingBytes[f.allocState[i]] += f.allocBytes[i];
            }
        }
        Worker main = worker(mainThread);
        int mainSegment = -1;
        for (int g = 0; g < f.segThread.length; g++) {
            int thread = f.segThread[g];
            if (thread == mainThread) {
                mainSegment = g;
                continue;
            }
            int from = f.segStart[g];
            int to = from + f.segCount[g];
            worker(thread).run(() -> replayEvents(f, from, to));
        }
        for (int thread : f.endedThread) {
            if (thread != mainThread) {
                worker(thread).finish();
                ended[thread] = true;
                workers[thread] = null;
            }
        }
        int mainFrom = mainSegment < 0 ? 0 : f.segStart[mainSegment];
        int mainTo = mainSegment < 0 ? 0 : mainFrom + f.segCount[mainSegment];
        main.run(() -> {
            replayEvents(f, mainFrom, mainTo);
            Worker self = (Worker) Thread.currentThread();
            self.now = f.endNanos;
            if (allocation) {
                creditPending(self); // the updating thread's reading at the boundary
            }
            synchronized (lock) {
                settleGpu(f, true);
                if ((f.flags & CaptureFormat.FRAME_RESYNC) == 0) {
                    countProblems(f.problemsBefore);
                }
                countProblems(f.problemsInFrame);
                applyStatistics(f, false);
                clock.main = f.endNanos;
                updating = f;
                try {
                    profiler.update(f.recorded());
                } finally {
                    updating = null;
                }
            }
            self.counterRead = true;
        });
        if (allocation && f.allocState != null) {
            for (int state : f.allocState) {
                unplacedBytes += pendingBytes[state];
                pendingBytes[state] = 0;
            }
        }
    }

    /** The first frame, or the first after frames the writer lost: put every thread's open zones where they were. */
    private void resync(CapturedFrame f) {
        int z = 0;
        for (int t = 0; t < f.resyncThread.length; t++) {
            int thread = f.resyncThread[t];
            int[] stack = Arrays.copyOfRange(f.resyncZone, z, z + f.resyncDepth[t]);
            z += f.resyncDepth[t];
            if (thread == mainThread) {
                continue; // the updating thread has nothing open at a boundary: update() closes it
            }
            worker(thread).run(() -> {
                Worker self = (Worker) Thread.currentThread();
                self.now = Math.max(self.now, f.startNanos);
                profiler.trackCurrentThread();
                int common = 0;
                while (common < self.depth && common < stack.length && self.stack[common] == stack[common]) {
                    common++;
                }
                while (self.depth > common) {
                    zones.get(self.stack[self.depth - 1]).end();
                    self.depth--;
                    self.counterRead = true;
                }
                for (int d = common; d < stack.length; d++) {
                    zones.get(stack[d]).begin();
                    self.push(stack[d]);
                    self.counterRead = true;
                }
            });
        }
        worker(mainThread).run(() -> {
            Worker self = (Worker) Thread.currentThread();
            self.now = Math.max(self.now, f.startNanos);
            synchronized (lock) {
                clock.main = self.now;
                countProblems(f.problemsBefore); // counted before the frame: in the totals only, as live
                applyStatistics(f, true);
                profiler.update(false);
            }
            self.counterRead = true;
        });
    }

    private void replayEvents(CapturedFrame f, int from, int to) {
        Worker self = (Worker) Thread.currentThread();
        for (int i = from; i < to; i++) {
            long t = f.nanos[i];
            if (t > self.now) {
                self.now = t;
            }
            int id = f.zone[i];
            Zone zone = zones.get(id);
            if (allocation) {
                creditPending(self);
            }
            if (f.begin[i]) {
                zone.begin();
                self.push(id);
            } else {
                zone.end();
                self.pop(id);
            }
            self.counterRead = true;
        }
    }

    /**
     * On the updating thread: before the update, the GPU backend's presence and the GPU results that arrived before
     * it live; after it, those a frame listener handed over inside the live update.
     */
    private void settleGpu(CapturedFrame f, boolean beforeUpdate) {
        if (beforeUpdate && f.gpuInstalled() != profiler.gpu().installed()) {
            if (f.gpuInstalled()) {
                profiler.gpu().install(gpuBackend);
            } else {
                profiler.gpu().uninstall(gpuBackend);
            }
        }
        for (int g = 0; g < f.gpuFrame.length; g++) {
            if (((f.gpuFlags[g] & CaptureFormat.GPU_BEFORE_UPDATE) != 0) != beforeUpdate) {
                continue;
            }
            Long number = replayedNumbers.get(f.gpuFrame[g]);
            if (number == null) {
                continue; // a frame from before the capture, or one the writer lost
            }
            int count = f.gpuCount[g];
            int[] codes = new int[count];
            long[] nanos = new long[count];
            for (int k = 0; k < count; k++) {
                int code = f.gpuCode[f.gpuStart[g] + k];
                int local = zones.get(code < 0 ? ~code : code).id();
                codes[k] = code < 0 ? ~local : local;
                nanos[k] = f.gpuNanos[f.gpuStart[g] + k];
            }
            profiler.gpu().frameResolved(number, codes, nanos, count);
        }
    }

    private Worker worker(int thread) {
        Worker w = workers[thread];
        if (w == null) {
            if (ended[thread]) {
                throw new IllegalStateException("thread " + thread + " already ended");
            }
            w = new Worker(capture.threads().get(thread).name());
            workers[thread] = w;
            w.start();
        }
        return w;
    }

    /**
     * Ends the replay threads (their zones left as they are) and releases the private zones made for the capture.
     * The profiler stays readable; a replay profiler still installed is uninstalled.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (int i = 0; i < workers.length; i++) {
            if (workers[i] != null) {
                workers[i].finish();
                workers[i] = null;
            }
        }
        synchronized (GATE) {
            if (Hudprof.profiler() == profiler) {
                Hudprof.uninstall();
            }
        }
    }

    /**
     * Gives back the ids of the capture's private zones (for long-lived programs that open many captures). Call only
     * once nothing reads this replay's profiler any more: its history would show later zones' names.
     */
    public void releaseZones() {
        close();
        for (Zone z : privateZones) {
            z.release();
        }
        privateZones.clear();
    }

    /** A clock that reads, on a replay thread, the time of the event it replays; elsewhere the last frame's end. */
    private final class ReplayClock implements Clock {
        volatile long main;

        @Override
        public long nanoTime() {
            Thread t = Thread.currentThread();
            return t instanceof Worker w && w.owner() == CaptureReplay.this ? w.now : main;
        }
    }

    /** One captured thread: runs the replay's steps one at a time, each finished before {@link #run} returns. */
    private final class Worker extends Thread {
        private final Semaphore go = new Semaphore(0);
        private final Semaphore done = new Semaphore(0);
        private volatile Runnable task;
        private volatile boolean exit;
        private volatile Throwable failure;
        volatile long now = Long.MIN_VALUE;
        int[] stack = new int[16];
        int depth;
        /**
         * Allocation per zone: the counter the replay's profiler reads on this thread, whether it has been read yet,
         * the capture's state of this thread's root and, per open zone, of the stack up to it (-1: none allocated).
         */
        volatile long bytes;
        boolean counterRead;
        final int rootState;
        int[] states = new int[16];

        Worker(String name) {
            super(name);
            setDaemon(true);
            Integer root = stateRoots.get("<" + name + ">");
            rootState = root == null ? -1 : root;
        }

        /** The capture's state this thread is in now, or -1. */
        int state() {
            return depth == 0 ? rootState : states[depth - 1];
        }

        CaptureReplay owner() {
            return CaptureReplay.this;
        }

        void push(int zone) {
            if (depth == stack.length) {
                stack = Arrays.copyOf(stack, depth * 2);
                states = Arrays.copyOf(states, depth * 2);
            }
            states[depth] = childState(state(), zone);
            stack[depth++] = zone;
        }

        void pop(int zone) {
            for (int d = depth - 1; d >= 0; d--) {
                if (stack[d] == zone) {
                    depth = d;
                    return;
                }
            }
        }

        void run(Runnable step) {
            task = step;
            go.release();
            done.acquireUninterruptibly();
            Throwable t = failure;
            if (t != null) {
                failure = null;
                throw new IllegalStateException("hudprof: replaying a captured frame on " + getName() + " failed: "
                        + t, t);
            }
        }

        void finish() {
            exit = true;
            go.release();
            boolean interrupted = false;
            while (isAlive()) {
                try {
                    join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void run() {
            while (true) {
                go.acquireUninterruptibly();
                if (exit) {
                    return;
                }
                try {
                    task.run();
                } catch (Throwable t) {
                    failure = t;
                } finally {
                    task = null;
                    done.release();
                }
            }
        }
    }

    /**
     * The capture's notes as the replay's report shows them: an annex of the replay's profiler, grown on the
     * updating thread (inside an update, under {@link #lock()}) and read by reports.
     */
    private static final class ReplayedNotes implements PinnedNotes, ReportAnnex {
        private long[] first = new long[8];
        private long[] last = new long[8];
        private String[] text = new String[8];
        private volatile int count;

        void add(long firstFrame, long lastFrame, String note) {
            int n = count;
            if (n == text.length) {
                first = Arrays.copyOf(first, n * 2);
                last = Arrays.copyOf(last, n * 2);
                text = Arrays.copyOf(text, n * 2);
            }
            first[n] = firstFrame;
            last[n] = lastFrame;
            text[n] = note;
            count = n + 1;
        }

        @Override
        public PinnedNotes notes() {
            return this;
        }

        @Override
        public long oldest() {
            return 0;
        }

        @Override
        public long end() {
            return count;
        }

        @Override
        public boolean touches(long n, long frameNumber) {
            int i = (int) n;
            return first[i] >= 0 && first[i] <= frameNumber && frameNumber <= last[i];
        }

        @Override
        public String text(long n) {
            return text[(int) n];
        }
    }
}
