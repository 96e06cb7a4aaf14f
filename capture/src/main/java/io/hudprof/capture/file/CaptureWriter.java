package io.hudprof.capture.file;

import io.hudprof.core.Averaging;
import io.hudprof.core.FrameListener;
import io.hudprof.core.Metric;
import io.hudprof.core.Problem;
import io.hudprof.core.Profiler;
import io.hudprof.core.ThreadTimeline;
import io.hudprof.core.Zone;
import io.hudprof.core.report.PinnedNotes;
import io.hudprof.core.report.ReportController;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.StatSlots;
import io.hudprof.stats.StatSnapshot;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * Writes a profiler's frames, from the next whole frame on, to a {@code .hudprof} capture
 * ({@code docs/CAPTURE-FORMAT.md}) without ever making the game wait.
 *
 * <p>As a {@link FrameListener} it copies each update's frame (every thread's zone events from its
 * {@link ThreadTimeline}, the frame's bounds, threads that started or ended, GPU frames that resolved) into one of a
 * fixed number of preallocated slots; a writer thread it owns encodes the slots and writes them to a temporary file
 * beside the target, renamed over the target when the capture is closed, so a reader never sees half a file. When
 * every slot is still waiting to be written the frame is not taken: it is counted, the count is written into the
 * file before the next frame taken, and that frame carries every thread's open zones so a replay picks up exactly.
 * With each frame it also copies (format 1.1) the problems the profiler counted in it, the notes its report's notes
 * store settled in it (with the recorded frames they touched) and, when {@link io.hudprof.stats.FrameStatistics} is
 * attached, every statistic's cells as they gathered this update, and (format 1.2) with allocation per zone on, a
 * recorded frame's self bytes per zone-stack state; add a spike capture (whose notes these are) before
 * the writer, so its notes are settled when the writer reads them.
 * In steady state the listener allocates nothing (slots only grow to the largest frame seen).
 *
 * <p>The profiler must keep timelines ({@code ProfilerConfig.Builder.timelineCapacity}, greater than 0): the events
 * are the timeline's. Started before the profiler's first update, the capture starts with the first frame; otherwise
 * the first update after {@link #start} only notes every thread's open zones, and the capture starts with the next
 * frame, whole.
 */
public final class CaptureWriter implements FrameListener {
    /** This listener's work in {@code update()}: the frame's records for the capture file. */
    private static final Zone SELF_ZONE = Zone.define("hudprof:capture writer");

    /** Slots when none is asked for: a writer that falls this many frames behind loses frames. */
    public static final int DEFAULT_SLOTS = 64;
    /** How many recent recorded frames are checked each update for GPU results that arrived. */
    private static final int GPU_WINDOW = 16;

    private final Profiler profiler;
    private final Path target;
    private final FrameSlot[] slots;
    private final long maxFrames;
    private final FrameEncoder encoder;
    private final Thread writer;
    private final CompletableFuture<Path> done = new CompletableFuture<>();
    /** Frames published by the updating thread; frames the writer thread has written. */
    private volatile long head;
    private volatile long tail;
    private volatile boolean finishing;
    private volatile boolean failed;
    private volatile long dropped;
    private volatile long taken;
    /** Tests only: while set, the writer thread writes nothing (so slots fill and frames are lost). */
    volatile boolean holdWriter;

    // Updating thread only.
    private boolean armed;
    private boolean stopped;
    private ThreadTimeline[] known = new ThreadTimeline[16];
    private int[] knownId = new int[16];
    private boolean[] seen = new boolean[16];
    private int knownCount;
    private int nextThreadId;
    private boolean updatingAssigned;
    /** Thread starts and ends, and open stacks, waiting for the next frame taken. */
    private final FrameSlot pending = new FrameSlot();
    private boolean resyncPending;
    private long droppedPending;
    private static final Problem[] PROBLEMS = Problem.values();
    /** The profiler's problem totals at the last update; counts no frame taken has carried yet. */
    private final long[] problemsSeen = new long[FrameSlot.PROBLEM_KINDS];
    private final long[] problemsPending = new long[FrameSlot.PROBLEM_KINDS];
    /** The notes the profiler's report shows, and one past the last of them copied. */
    private PinnedNotes notesSeen;
    private long notesEnd;
    /** The statistics' cells at the last update (a frame's start), and whether the last update was taken with them. */
    private long[] statsPrevious = new long[64];
    private int statsPreviousSlots;
    private int statsPreviousCount;
    private boolean statsPreviousValid;
    private boolean statsLastTaken;
    /** Allocation per zone (format 1.2): whether the profiler measures it, and the states named in the file. */
    private final boolean allocation;
    private final AllocationStates allocationStates = new AllocationStates();
    private final long[] gpuCopied = new long[GPU_WINDOW * 2];
    /** GPU frames a {@link FrameListener.Stage#GATHER} probe saw resolved: before this update's commit. */
    private final long[] gpuBeforeUpdate = new long[GPU_WINDOW * 2];
    private final ThreadTimeline.EventVisitor ignoreEvents = (zoneId, begin, nanos) -> { };
    @Override
    public Zone selfZone() {
        return SELF_ZONE;
    }

    /**
     * Runs after the commit and before every {@code READ} listener: GPU results held by now arrived before the
     * update (the overlay's timer hands them over while drawing), those that arrive later came from a listener.
     */
    private final FrameListener gpuProbe = new FrameListener() {
        @Override
        public Stage stage() {
            return Stage.GATHER;
        }

        @Override
        public void frameEnded(long frameNanos, boolean recorded) {
            if (stopped || !armed) {
                return;
            }
            long newest = profiler.recordedFrames();
            for (long n = Math.max(1, newest - GPU_WINDOW + 1); n <= newest; n++) {
                int i = (int) (n % gpuCopied.length);
                if (gpuCopied[i] != n && gpuBeforeUpdate[i] != n && profiler.gpu().forEachEvent(n, ignoreEvents)) {
                    gpuBeforeUpdate[i] = n;
                }
            }
        }
    };
    private FrameSlot current;
    private final ThreadTimeline.EventVisitor threadEvents = (zoneId, begin, nanos) -> {
        FrameSlot s = current;
        if (s != null) {
            s.addEvent(zoneId, begin, nanos);
        }
    };
    private final ThreadTimeline.EventVisitor gpuEvents = (zoneId, begin, nanos) -> {
        FrameSlot s = current;
        if (s != null) {
            s.addGpuEvent(begin ? zoneId : ~zoneId, nanos);
        }
    };

    private CaptureWriter(Profiler profiler, Path target, int slotCount, long maxFrames, String title)
            throws IOException {
        if (profiler.timelineFramesKept() == 0) {
            throw new IllegalStateException("hudprof: a capture needs the profiler's timelines; build it with "
                    + "ProfilerConfig.builder().timelineCapacity(1 << 14)");
        }
        if (slotCount < 2) {
            throw new IllegalArgumentException("hudprof: a capture needs at least 2 slots, got " + slotCount);
        }
        this.profiler = profiler;
        this.target = target;
        this.maxFrames = maxFrames <= 0 ? Long.MAX_VALUE : maxFrames;
        this.slots = new FrameSlot[slotCount];
        for (int i = 0; i < slotCount; i++) {
            slots[i] = new FrameSlot();
        }
        Arrays.fill(gpuCopied, -1);
        Arrays.fill(gpuBeforeUpdate, -1);
        this.allocation = profiler.data().records(Metric.ALLOCATED_BYTES);
        this.encoder = FrameEncoder.open(target, title, allocation);
        this.writer = new Thread(this::writeLoop, "hudprof-capture-writer");
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * Starts writing {@code profiler}'s frames to {@code file}, from the next whole frame on, until
     * {@link #finish()} or, when {@code maxFrames} is positive, that many frames were taken.
     *
     * @param slots frames that may wait for the writer thread ({@link #DEFAULT_SLOTS})
     * @throws IOException when the temporary file cannot be created beside {@code file}
     * @throws IllegalStateException when the profiler keeps no timelines
     */
    public static CaptureWriter start(Profiler profiler, Path file, int slots, long maxFrames, String title)
            throws IOException {
        CaptureWriter w = new CaptureWriter(profiler, file, slots, maxFrames, title == null ? "" : title);
        if (profiler.threadCount() == 0 && profiler.recordedFrames() == 0) {
            // No update yet: every zone entered so far is still in the threads' rings, so the first frame is whole.
            w.armed = true;
            w.resyncPending = true;
        }
        // Notes settled before the capture are not the capture's; those of a notes store plugged in later all are.
        w.notesSeen = ReportController.of(profiler).notes();
        w.notesEnd = w.notesSeen == null ? 0 : w.notesSeen.end();
        FrameStatistics statistics = FrameStatistics.attachedTo(profiler);
        if (statistics != null) {
            w.rememberStatistics(statistics.latest());
        }
        profiler.addFrameListener(w.gpuProbe);
        profiler.addFrameListener(w);
        return w;
    }

    /** {@link #start(Profiler, Path, int, long, String)} with default slots, no frame limit and no title. */
    public static CaptureWriter start(Profiler profiler, Path file) throws IOException {
        return start(profiler, file, DEFAULT_SLOTS, 0, "");
    }

    /** The file this capture is written to. */
    public Path file() {
        return target;
    }

    /** Frames taken so far. */
    public long framesTaken() {
        return taken;
    }

    /** Frames the writer could not take (all slots waiting), so far. */
    public long framesDropped() {
        return dropped;
    }

    /** Frames taken and not written yet. */
    long framesWaiting() {
        return head - tail;
    }

    /** Completes with the file once it is in place, or exceptionally with the I/O error. */
    public CompletableFuture<Path> completion() {
        return done;
    }

    /**
     * Stops taking frames and finishes the file on the writer thread. Call it on the updating thread, or once the game
     * no longer calls {@code update()}. Idempotent.
     *
     * @return {@link #completion()}
     */
    public CompletableFuture<Path> finish() {
        stopped = true;
        profiler.removeFrameListener(gpuProbe);
        profiler.removeFrameListener(this);
        finishing = true;
        LockSupport.unpark(writer);
        return done;
    }

    @Override
    public void frameEnded(long frameNanos, boolean recorded) {
        if (stopped) {
            return;
        }
        if (failed) {
            finish();
            return;
        }
        long end = profiler.frameStartNanos();
        long h = head;
        FrameSlot slot = null;
        if (armed && h - tail < slots.length) {
            slot = slots[(int) (h % slots.length)];
            slot.clear();
        }
        current = slot;
        if (slot != null) {
            slot.recorded = recorded;
            slot.frameNumber = recorded ? profiler.recordedFrames() : -1;
            slot.startNanos = end - frameNanos;
            slot.endNanos = end;
            slot.gpuInstalled = profiler.gpu().installed();
            slot.droppedBefore = droppedPending;
            droppedPending = 0;
            copyPending(slot);
        }
        boolean complete = trackThreads(slot);
        if (recorded) {
            copyGpu(slot);
        }
        copyProblems(slot);
        copyNotes(slot);
        copyStatistics(slot, armed && slot != null && complete);
        if (allocation && recorded && slot != null) {
            allocationStates.copy(profiler.data(),
                    profiler.data().self(Metric.ALLOCATED_BYTES, Averaging.INSTANTANEOUS), slot);
        }
        current = null;
        if (!armed || slot == null || !complete) {
            if (slot != null) {
                giveBack(slot);
            }
            // Not taken (or cut short): the next frame taken says how many were lost and where every stack stood.
            // Before the first frame taken nothing is lost: the capture starts later.
            if (armed && taken > 0) {
                droppedPending++;
                dropped++;
            } else {
                droppedPending = 0;
            }
            armed = true;
            snapshotStacks();
            return;
        }
        head = h + 1;
        taken++;
        LockSupport.unpark(writer);
        if (taken >= maxFrames) {
            finish();
        }
    }

    /** A slot not published after all: what it took from {@link #pending} goes back there. */
    private void giveBack(FrameSlot slot) {
        for (int i = 0; i < slot.newThreads; i++) {
            pending.addNewThread(slot.newThreadId[i], slot.newThreadName[i], slot.newThreadUpdating[i]);
        }
        for (int i = 0; i < slot.ended; i++) {
            pending.addEnded(slot.endedThread[i]);
        }
        droppedPending += slot.droppedBefore;
        for (int k = 0; k < FrameSlot.PROBLEM_KINDS; k++) {
            problemsPending[k] += slot.problemsBefore[k] + slot.problemsInFrame[k];
        }
        for (int i = 0; i < slot.notes; i++) {
            pending.addNote(slot.noteFirst[i], slot.noteLast[i], slot.noteText[i]);
        }
        allocationStates.unname(slot);
        slot.clear();
    }

    /**
     * The problems the profiler counted in this update (its totals' growth), into the slot with those no frame taken
     * carried yet (before the first frame taken: every count since the profiler started), or kept for the next.
     */
    private void copyProblems(FrameSlot slot) {
        for (int k = 0; k < FrameSlot.PROBLEM_KINDS; k++) {
            long total = profiler.problemsTotal(PROBLEMS[k]);
            long delta = total - problemsSeen[k];
            problemsSeen[k] = total;
            if (slot != null) {
                slot.problemsInFrame[k] = delta;
                slot.problemsBefore[k] = problemsPending[k];
                problemsPending[k] = 0;
            } else {
                problemsPending[k] += delta;
            }
        }
    }

    /**
     * Every statistic's cells at this update ({@link FrameStatistics} gathers before this listener reads), and, when
     * the update before was not taken with them, those at the frame's start.
     */
    private void copyStatistics(FrameSlot slot, boolean taken) {
        FrameStatistics statistics = FrameStatistics.attachedTo(profiler);
        if (statistics == null) {
            statsLastTaken = false;
            statsPreviousValid = false;
            return;
        }
        StatSnapshot latest = statistics.latest();
        if (slot != null) {
            if (!statsLastTaken || slot.resync) {
                slot.statBase = true;
                if (statsPreviousValid) {
                    slot.baseCells = copyCells(statsPrevious, statsPreviousSlots, slot.baseCells);
                    slot.baseSlots = statsPreviousSlots;
                    slot.baseStats = statsPreviousCount;
                } else { // attached in this update: its frame starts from where it is now
                    slot.baseCells = copyCells(latest, slot.baseCells);
                    slot.baseSlots = StatSlots.slotCount(latest);
                    slot.baseStats = latest.statCount();
                }
            }
            slot.hasStats = true;
            slot.statCells = copyCells(latest, slot.statCells);
            slot.statSlots = StatSlots.slotCount(latest);
            slot.statCount = latest.statCount();
        }
        rememberStatistics(latest);
        statsLastTaken = taken;
    }

    private void rememberStatistics(StatSnapshot latest) {
        statsPrevious = copyCells(latest, statsPrevious);
        statsPreviousSlots = StatSlots.slotCount(latest);
        statsPreviousCount = latest.statCount();
        statsPreviousValid = true;
    }

    private static long[] copyCells(StatSnapshot from, long[] into) {
        int slots = StatSlots.slotCount(from);
        long[] out = into.length >= slots ? into : new long[Math.max(slots, into.length * 2)];
        for (int s = 0; s < slots; s++) {
            out[s] = StatSlots.slot(from, s);
        }
        return out;
    }

    private static long[] copyCells(long[] from, int slots, long[] into) {
        long[] out = into.length >= slots ? into : new long[Math.max(slots, into.length * 2)];
        System.arraycopy(from, 0, out, 0, slots);
        return out;
    }

    /** The notes that settled since the last update (a note is rare: usually none), with the frames each touched. */
    private void copyNotes(FrameSlot slot) {
        PinnedNotes notes = ReportController.of(profiler).notes();
        if (notes == null) {
            return;
        }
        if (notes != notesSeen) {
            notesSeen = notes;
            notesEnd = notes.oldest();
        }
        long end = notes.end();
        FrameSlot into = slot != null ? slot : pending;
        for (long n = Math.max(notesEnd, notes.oldest()); n < end; n++) {
            long first = NoteFrames.first(profiler, notes, n);
            long last = NoteFrames.last(profiler, notes, n);
            boolean none = first < 1 || last < first;
            into.addNote(none ? 0 : first, none ? 0 : last, notes.text(n));
        }
        notesEnd = end;
    }

    private void copyPending(FrameSlot slot) {
        for (int i = 0; i < pending.newThreads; i++) {
            slot.addNewThread(pending.newThreadId[i], pending.newThreadName[i], pending.newThreadUpdating[i]);
        }
        pending.newThreads = 0;
        Arrays.fill(pending.newThreadName, null);
        for (int i = 0; i < pending.ended; i++) {
            slot.addEnded(pending.endedThread[i]);
        }
        pending.ended = 0;
        for (int i = 0; i < pending.notes; i++) {
            slot.addNote(pending.noteFirst[i], pending.noteLast[i], pending.noteText[i]);
        }
        Arrays.fill(pending.noteText, 0, pending.notes, null);
        pending.notes = 0;
        if (resyncPending) {
            slot.resync = true;
            int z = 0;
            for (int t = 0; t < pending.resyncThreads; t++) {
                slot.beginResyncThread(pending.resyncThread[t]);
                for (int d = 0; d < pending.resyncDepth[t]; d++) {
                    slot.addResyncZone(pending.resyncZone[z++]);
                }
            }
            resyncPending = false;
        }
    }

    /**
     * Matches the profiler's threads with the capture's (new ones get an id, missing ones ended in this update) and
     * copies each one's events of this frame into {@code slot} (when not null).
     *
     * @return false when a thread's timeline could not hold the whole frame
     */
    private boolean trackThreads(FrameSlot slot) {
        boolean complete = true;
        Arrays.fill(seen, 0, knownCount, false);
        int threads = profiler.threadCount();
        String updatingName = updatingAssigned ? null : Thread.currentThread().getName();
        for (int i = 0; i < threads; i++) {
            ThreadTimeline timeline = profiler.timeline(i);
            int k = indexOf(timeline);
            if (k < 0) {
                boolean updating = updatingName != null && updatingName.equals(profiler.threadName(i));
                if (updating) {
                    updatingAssigned = true;
                    updatingName = null;
                }
                k = addKnown(timeline);
                if (slot != null) {
                    slot.addNewThread(knownId[k], profiler.threadName(i), updating);
                } else {
                    pending.addNewThread(knownId[k], profiler.threadName(i), updating);
                }
            }
            seen[k] = true;
            complete &= copyEvents(slot, knownId[k], timeline);
        }
        for (int k = knownCount - 1; k >= 0; k--) {
            if (!seen[k]) {
                // Gone from the profiler in this update: the thread ended; its timeline still holds its last frame.
                complete &= copyEvents(slot, knownId[k], known[k]);
                if (slot != null) {
                    slot.addEnded(knownId[k]);
                } else {
                    pending.addEnded(knownId[k]);
                }
                removeKnown(k);
            }
        }
        return complete;
    }

    private boolean copyEvents(FrameSlot slot, int thread, ThreadTimeline timeline) {
        if (slot == null) {
            return true;
        }
        int mark = slot.events;
        slot.beginSegment(thread);
        boolean held = timeline.forEachEvent(0, threadEvents);
        if (slot.events == mark) {
            slot.segments--;
        }
        return held;
    }

    private void copyGpu(FrameSlot slot) {
        long newest = profiler.recordedFrames();
        for (long n = Math.max(1, newest - GPU_WINDOW + 1); n <= newest; n++) {
            int i = (int) (n % gpuCopied.length);
            if (gpuCopied[i] == n) {
                continue;
            }
            if (slot != null) {
                slot.beginGpuFrame(n, gpuBeforeUpdate[i] == n ? CaptureFormat.GPU_BEFORE_UPDATE : 0);
            }
            if (profiler.gpu().forEachEvent(n, gpuEvents)) {
                gpuCopied[i] = n;
            } else if (slot != null) {
                slot.gpuFrames--;
            }
        }
    }

    /** Every thread's open zones now, at the boundary: the stacks the next frame taken starts from. */
    private void snapshotStacks() {
        resyncPending = true;
        pending.resyncThreads = 0;
        pending.resyncZones = 0;
        for (int k = 0; k < knownCount; k++) {
            ThreadTimeline timeline = known[k];
            pending.beginResyncThread(knownId[k]);
            for (int d = 0; d < timeline.openDepth(); d++) {
                pending.addResyncZone(timeline.openZone(d));
            }
        }
    }

    private int indexOf(ThreadTimeline timeline) {
        for (int k = 0; k < knownCount; k++) {
            if (known[k] == timeline) {
                return k;
            }
        }
        return -1;
    }

    private int addKnown(ThreadTimeline timeline) {
        if (knownCount == known.length) {
            known = Arrays.copyOf(known, knownCount * 2);
            knownId = Arrays.copyOf(knownId, knownCount * 2);
            seen = Arrays.copyOf(seen, knownCount * 2);
        }
        known[knownCount] = timeline;
        knownId[knownCount] = nextThreadId++;
        return knownCount++;
    }

    private void removeKnown(int k) {
        knownCount--;
        known[k] = known[knownCount];
        knownId[k] = knownId[knownCount];
        seen[k] = seen[knownCount];
        known[knownCount] = null;
    }

    private void writeLoop() {
        try {
            while (true) {
                long t = tail;
                if (holdWriter && !finishing) {
                    LockSupport.parkNanos(this, 1_000_000L);
                    continue;
                }
                if (t < head) {
                    encoder.frame(slots[(int) (t % slots.length)]);
                    tail = t + 1;
                    continue;
                }
                if (finishing) {
                    if (tail == head) {
                        break;
                    }
                    continue;
                }
                LockSupport.parkNanos(this, 5_000_000L);
            }
            // The frames the encoder wrote, not those taken: a frame published while another thread finished the
            // capture (breaking finish()'s rule) is then only missing, and the file stays valid.
            encoder.finish(dropped);
            done.complete(target);
        } catch (IOException | RuntimeException e) {
            failed = true;
            encoder.abandon();
            done.completeExceptionally(new IOException("hudprof: could not write the capture " + target + ": "
                    + e.getMessage(), e));
        }
    }
}
