package io.hudprof.capture.file;

import io.hudprof.capture.FrameTimes;
import io.hudprof.capture.PastStatistics;
import io.hudprof.core.FrameHistory;
import io.hudprof.core.Metric;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Problem;
import io.hudprof.core.Profiler;
import io.hudprof.core.ThreadTimeline;
import io.hudprof.core.report.PinnedNotes;
import io.hudprof.core.report.ReportController;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A capture of frames already gone by: the last N updates still held by every thread's timeline, copied on the
 * updating thread and written on a thread of its own. Each thread's stack at the window's start is worked out
 * backwards from its stack now through the window's events.
 *
 * <p>The copy goes into {@link Buffers}: new ones for a one-off capture (a key press, a call), or a set kept and
 * reused by a caller that captures again and again ({@link SpikeFiles}), so that after the first capture a copy
 * allocates nothing but grows arrays only for a window bigger than any before.
 *
 * <p>Statistics come from the cells {@link FrameTimes} keeps ({@link PastStatistics}), allocation per zone from the
 * history's per-state values. What the past no longer holds is left out: threads that ended inside the window (their
 * timelines are gone), GPU results that had not arrived, statistics of frames whose start is no longer known,
 * allocation of frames whose per-state values history dropped; a thread that started inside the window is taken as
 * present from its start.
 */
final class PastFrames {
    private PastFrames() {
    }

    /** Frame copies and scratch arrays, reused from one capture to the next; one capture at a time. */
    static final class Buffers {
        private final List<FrameSlot> slots = new ArrayList<>();
        private final FrameEvents events = new FrameEvents();
        private int[] stack = new int[16];
        /** Allocation per zone: the states named in the file being made, and one history frame's values. */
        private final AllocationStates allocationStates = new AllocationStates();
        private double[] stateBytes = new double[0];
        private double[] stateCalls = new double[0];
        /** The walk back through the statistics' cells, kept for the next capture from the same FrameTimes. */
        private PastStatistics.Walk statisticsWalk;
        private final AtomicBoolean writing = new AtomicBoolean();

        /** Whether the last capture copied into these is still being written (then they cannot take another). */
        boolean writing() {
            return writing.get();
        }
    }

    static CompletableFuture<Path> write(Profiler profiler, FrameTimes times, int frames, Path file, String title) {
        return write(profiler, times, 0, frames, file, title, new Buffers());
    }

    /**
     * The {@code frames} updates that ended {@code newestAgo} updates before the last (0: up to the last one), or
     * fewer where the timelines or {@code times} no longer hold them, copied into {@code buffers}.
     *
     * @throws IllegalStateException when {@code buffers} still hold a capture being written
     */
    static CompletableFuture<Path> write(Profiler profiler, FrameTimes times, int newestAgo, int frames, Path file,
            String title, Buffers buffers) {
        if (newestAgo < 0) {
            throw new IllegalArgumentException("hudprof: a capture's newest frame is 0 or more updates ago, got "
                    + newestAgo);
        }
        if (profiler.timelineFramesKept() == 0) {
            throw new IllegalStateException("hudprof: a capture needs the profiler's timelines; build it with "
                    + "ProfilerConfig.builder().timelineCapacity(1 << 14)");
        }
        if (frames < 1) {
            throw new IllegalArgumentException("hudprof: capture at least 1 frame, got " + frames);
        }
        if (!buffers.writing.compareAndSet(false, true)) {
            throw new IllegalStateException("hudprof: the previous capture is still being written");
        }
        int window;
        try {
            window = copy(profiler, times, newestAgo, frames, buffers);
        } catch (RuntimeException | Error e) {
            buffers.writing.set(false);
            throw e;
        }
        List<FrameSlot> slots = buffers.slots;
        boolean allocation = profiler.data().records(Metric.ALLOCATED_BYTES);
        CompletableFuture<Path> done = new CompletableFuture<>();
        Thread writer = new Thread(() -> {
            try {
                FrameEncoder encoder = FrameEncoder.open(file, title, allocation);
                try {
                    for (int k = 0; k < window; k++) {
                        encoder.frame(slots.get(k));
                    }
                    encoder.finish(0);
                } catch (IOException | RuntimeException e) {
                    encoder.abandon();
                    throw e;
                }
                buffers.writing.set(false);
                done.complete(file.toAbsolutePath());
            } catch (IOException e) {
                buffers.writing.set(false);
                done.completeExceptionally(new UncheckedIOException("hudprof: could not write the capture " + file
                        + ": " + e.getMessage(), e));
            } catch (RuntimeException e) {
                buffers.writing.set(false);
                done.completeExceptionally(e);
            }
        }, "hudprof-capture-writer");
        writer.setDaemon(true);
        writer.start();
        return done;
    }

    /** Copies the window into the buffers' first slots; returns how many frames it holds. */
    private static int copy(Profiler profiler, FrameTimes times, int newestAgo, int frames, Buffers buffers) {
        int threads = profiler.threadCount();
        int window = Math.max(0, Math.min(frames, times.size() - newestAgo));
        FrameEvents events = buffers.events;
        // Only frames every thread still holds whole (back to now: the stack at the start is worked out from it).
        for (int t = 0; t < threads && window > 0; t++) {
            ThreadTimeline timeline = profiler.timeline(t);
            while (window > 0 && !timeline.forEachEvent(newestAgo + window - 1, events.cleared())) {
                window--;
            }
        }
        String updating = Thread.currentThread().getName();
        boolean updatingAssigned = false;
        for (int k = 0; k < window; k++) {
            int ago = newestAgo + window - 1 - k;
            if (k == buffers.slots.size()) {
                buffers.slots.add(new FrameSlot());
            }
            FrameSlot s = buffers.slots.get(k);
            s.clear();
            long number = times.frameNumber(ago);
            s.recorded = number >= 0;
            s.frameNumber = Math.max(number, 0);
            s.startNanos = times.startNanos(ago);
            s.endNanos = times.endNanos(ago);
            s.gpuInstalled = profiler.gpu().installed();
            if (k == 0) {
                s.resync = true;
                for (int t = 0; t < threads; t++) {
                    boolean isUpdating = !updatingAssigned && updating.equals(profiler.threadName(t));
                    updatingAssigned |= isUpdating;
                    s.addNewThread(t, profiler.threadName(t), isUpdating);
                    s.beginResyncThread(t);
                    int depth = stackAtStart(profiler.timeline(t), newestAgo + window, buffers);
                    for (int d = 0; d < depth; d++) {
                        s.addResyncZone(buffers.stack[d]);
                    }
                }
            }
            for (int t = 0; t < threads; t++) {
                s.beginSegment(t);
                int mark = s.events;
                profiler.timeline(t).forEachEvent(ago, s);
                if (s.events == mark) {
                    s.segments--;
                }
            }
            if (s.recorded) {
                s.beginGpuFrame(number, 0);
                if (!profiler.gpu().forEachEvent(number, s.gpuVisitor())) {
                    s.gpuFrames--;
                }
            }
        }
        if (window > 0) {
            copyProblemsAndNotes(profiler, buffers.slots, window);
            buffers.statisticsWalk = times.walkBackStatistics(buffers.statisticsWalk);
            copyStatistics(buffers.statisticsWalk, buffers.slots, newestAgo, window);
            if (profiler.data().records(Metric.ALLOCATED_BYTES)) {
                copyAllocation(profiler, buffers, window);
            }
        }
        return window;
    }

    /**
     * Each frame's statistics' cells at its end, walked back from the last update ({@link FrameTimes} keeps the
     * changes), and the first frame's cells at its start; a frame whose start is no longer known (statistics attached
     * later, changes pushed out) and every frame before it carry none, the next one carrying a base instead.
     */
    private static void copyStatistics(PastStatistics.Walk walk, List<FrameSlot> slots, int newestAgo, int window) {
        for (int ago = 0; ago < newestAgo; ago++) {
            if (!walk.back()) {
                return;
            }
        }
        if (!walk.held()) {
            return;
        }
        int k = window - 1;
        FrameSlot s = slots.get(k);
        s.statCells = cells(walk, s.statCells);
        s.statSlots = walk.cellCount();
        s.statCount = walk.statCount();
        s.hasStats = true;
        while (true) {
            if (!walk.back()) {
                // Frame k's start is not known: it carries nothing, and its end is the next frame's base.
                s.hasStats = false;
                if (k + 1 < window) {
                    FrameSlot next = slots.get(k + 1);
                    next.statBase = true;
                    if (next.baseCells.length < s.statSlots) {
                        next.baseCells = new long[Math.max(s.statSlots, next.baseCells.length * 2)];
                    }
                    System.arraycopy(s.statCells, 0, next.baseCells, 0, s.statSlots);
                    next.baseSlots = s.statSlots;
                    next.baseStats = s.statCount;
                }
                return;
            }
            if (k == 0) {
                s.statBase = true;
                s.baseCells = cells(walk, s.baseCells);
                s.baseSlots = walk.cellCount();
                s.baseStats = walk.statCount();
                return;
            }
            k--;
            s = slots.get(k);
            s.statCells = cells(walk, s.statCells);
            s.statSlots = walk.cellCount();
            s.statCount = walk.statCount();
            s.hasStats = true;
        }
    }

    private static long[] cells(PastStatistics.Walk walk, long[] into) {
        int n = walk.cellCount();
        long[] out = into.length >= n ? into : new long[Math.max(n, into.length * 2)];
        System.arraycopy(walk.cells(), 0, out, 0, n);
        return out;
    }

    /**
     * Each recorded frame's self bytes per zone-stack state, where the history still holds that frame's per-state
     * values ({@code ProfilerConfig.Builder.stateHistoryEntries}); a frame it no longer holds carries none.
     */
    private static void copyAllocation(Profiler profiler, Buffers buffers, int window) {
        ProfileData data = profiler.data();
        FrameHistory history = profiler.history();
        long newest = history.size() == 0 ? -1 : history.frameNumber(0);
        int capacity = data.stateCapacity();
        if (buffers.stateBytes.length < capacity) {
            buffers.stateBytes = new double[capacity];
            buffers.stateCalls = new double[capacity];
        }
        buffers.allocationStates.reset();
        for (int k = 0; k < window; k++) {
            FrameSlot s = buffers.slots.get(k);
            long ago = newest - s.frameNumber;
            if (!s.recorded || ago < 0 || ago >= history.size() || history.frameNumber((int) ago) != s.frameNumber
                    || !data.historyHasStates((int) ago)) {
                continue;
            }
            data.loadHistoryStates((int) ago, Metric.ALLOCATED_BYTES, buffers.stateBytes, buffers.stateCalls);
            buffers.allocationStates.copy(data, buffers.stateBytes, s);
            data.clearHistoryStates((int) ago, buffers.stateBytes, buffers.stateCalls);
        }
    }

    private static final Problem[] PROBLEMS = Problem.values();

    /**
     * Each recorded frame's problem counts from the history (an unrecorded frame's are only in the totals), the
     * first frame's "before" making the replay's totals those of the live run by the window's end; and on the last
     * frame the notes that touched the window.
     */
    private static void copyProblemsAndNotes(Profiler profiler, List<FrameSlot> slots, int window) {
        FrameHistory history = profiler.history();
        long newest = history.size() == 0 ? -1 : history.frameNumber(0);
        long windowFirst = Long.MAX_VALUE;
        long windowLast = -1;
        for (int k = 0; k < window; k++) {
            FrameSlot s = slots.get(k);
            if (!s.recorded) {
                continue;
            }
            windowFirst = Math.min(windowFirst, s.frameNumber);
            windowLast = Math.max(windowLast, s.frameNumber);
            long ago = newest - s.frameNumber;
            if (ago >= 0 && ago < history.size() && history.frameNumber((int) ago) == s.frameNumber) {
                for (int p = 0; p < PROBLEMS.length; p++) {
                    s.problemsInFrame[p] = history.problems((int) ago, PROBLEMS[p]);
                }
            }
        }
        FrameSlot first = slots.get(0);
        for (int p = 0; p < PROBLEMS.length; p++) {
            long after = 0;
            for (int ago = 0; ago < history.size() && history.frameNumber(ago) >= windowFirst; ago++) {
                after += history.problems(ago, PROBLEMS[p]);
            }
            // Counts in unrecorded frames of the window (and after it) are not in the history: they go before it.
            first.problemsBefore[p] = Math.max(0, profiler.problemsTotal(PROBLEMS[p]) - after);
        }
        PinnedNotes notes = ReportController.of(profiler).notes();
        if (notes == null || windowLast < 0) {
            return;
        }
        FrameSlot last = slots.get(window - 1);
        for (long n = notes.oldest(); n < notes.end(); n++) {
            long from = NoteFrames.first(profiler, notes, n);
            long to = NoteFrames.last(profiler, notes, n);
            if (from > 0 && from <= windowLast && to >= windowFirst) {
                last.addNote(from, Math.min(to, windowLast), notes.text(n));
            }
        }
    }

    /**
     * Works out the zones open at the start of the frame {@code window - 1} back into {@code buffers.stack}, bottom
     * first: today's stack, events undone backwards; returns the depth.
     */
    private static int stackAtStart(ThreadTimeline timeline, int window, Buffers buffers) {
        int[] stack = buffers.stack;
        int depth = 0;
        for (int d = 0; d < timeline.openDepth(); d++) {
            if (depth == stack.length) {
                stack = Arrays.copyOf(stack, depth * 2);
            }
            stack[depth++] = timeline.openZone(d);
        }
        FrameEvents events = buffers.events;
        for (int ago = 0; ago < window; ago++) {
            timeline.forEachEvent(ago, events.cleared());
            for (int i = events.count - 1; i >= 0; i--) {
                if (events.begins[i]) {
                    if (depth > 0) {
                        depth--; // it began in the window: not open before
                    }
                } else {
                    if (depth == stack.length) {
                        stack = Arrays.copyOf(stack, depth * 2);
                    }
                    stack[depth++] = events.zones[i]; // it ended in the window: open before
                }
            }
        }
        buffers.stack = stack;
        return depth;
    }

    /** One frame's events of one thread, in order, in arrays reused from frame to frame. */
    private static final class FrameEvents implements ThreadTimeline.EventVisitor {
        int count;
        int[] zones = new int[256];
        boolean[] begins = new boolean[256];

        FrameEvents cleared() {
            count = 0;
            return this;
        }

        @Override
        public void event(int zone, boolean begin, long nanos) {
            if (count == zones.length) {
                zones = Arrays.copyOf(zones, count * 2);
                begins = Arrays.copyOf(begins, count * 2);
            }
            zones[count] = zone;
            begins[count++] = begin;
        }
    }
}
