package io.hudprof.capture.file;

import io.hudprof.capture.FrameTimes;
import io.hudprof.core.Profiler;
import io.hudprof.core.ThreadTimeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A capture of frames already gone by: the last N updates still held by every thread's timeline, copied on the
 * updating thread (allocating: it runs on a key press or a call, not every frame) and written on a thread of its own.
 * Each thread's stack at the window's start is worked out backwards from its stack now through the window's events.
 *
 * <p>What the past no longer holds is left out: threads that ended inside the window (their timelines are gone), GPU
 * results that had not arrived, and a thread that started inside the window is taken as present from its start.
 */
final class PastFrames {
    private PastFrames() {
    }

    static CompletableFuture<Path> write(Profiler profiler, FrameTimes times, int frames, Path file, String title) {
        if (profiler.timelines() == null) {
            throw new IllegalStateException("hudprof: a capture needs the profiler's timelines; build it with "
                    + "ProfilerConfig.builder().timelineCapacity(1 << 14)");
        }
        if (frames < 1) {
            throw new IllegalArgumentException("hudprof: capture at least 1 frame, got " + frames);
        }
        int threads = profiler.threadCount();
        int window = Math.min(frames, times.size());
        // Only frames every thread still holds whole.
        for (int t = 0; t < threads && window > 0; t++) {
            ThreadTimeline timeline = profiler.timeline(t);
            while (window > 0 && !timeline.forEachEvent(window - 1, (z, b, n) -> { })) {
                window--;
            }
        }
        List<FrameSlot> slots = new ArrayList<>();
        String updating = Thread.currentThread().getName();
        boolean updatingAssigned = false;
        for (int k = 0; k < window; k++) {
            int ago = window - 1 - k;
            FrameSlot s = new FrameSlot();
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
                    for (int zone : stackAtStart(profiler.timeline(t), window)) {
                        s.addResyncZone(zone);
                    }
                }
            }
            for (int t = 0; t < threads; t++) {
                FrameSlot slot = s;
                slot.beginSegment(t);
                int mark = slot.events;
                profiler.timeline(t).forEachEvent(ago, slot::addEvent);
                if (slot.events == mark) {
                    slot.segments--;
                }
            }
            if (s.recorded) {
                FrameSlot slot = s;
                slot.beginGpuFrame(number, 0);
                if (!profiler.gpu().forEachEvent(number, (z, b, n) -> slot.addGpuEvent(b ? z : ~z, n))) {
                    slot.gpuFrames--;
                }
            }
            slots.add(s);
        }
        CompletableFuture<Path> done = new CompletableFuture<>();
        Thread writer = new Thread(() -> {
            try {
                FrameEncoder encoder = FrameEncoder.open(file, title);
                try {
                    for (FrameSlot s : slots) {
                        encoder.frame(s);
                    }
                    encoder.finish(0);
                } catch (IOException | RuntimeException e) {
                    encoder.abandon();
                    throw e;
                }
                done.complete(file.toAbsolutePath());
            } catch (IOException e) {
                done.completeExceptionally(new UncheckedIOException("hudprof: could not write the capture " + file
                        + ": " + e.getMessage(), e));
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        }, "hudprof-capture-writer");
        writer.setDaemon(true);
        writer.start();
        return done;
    }

    /** The zones open at the start of the frame {@code window - 1} back: today's stack, events undone backwards. */
    private static int[] stackAtStart(ThreadTimeline timeline, int window) {
        List<Integer> stack = new ArrayList<>();
        for (int d = 0; d < timeline.openDepth(); d++) {
            stack.add(timeline.openZone(d));
        }
        for (int ago = 0; ago < window; ago++) {
            List<int[]> events = new ArrayList<>();
            timeline.forEachEvent(ago, (z, b, n) -> events.add(new int[] {z, b ? 1 : 0}));
            for (int i = events.size() - 1; i >= 0; i--) {
                int[] e = events.get(i);
                if (e[1] == 1) {
                    if (!stack.isEmpty()) {
                        stack.remove(stack.size() - 1); // it began in the window: not open before
                    }
                } else {
                    stack.add(e[0]); // it ended in the window: open before
                }
            }
        }
        return stack.stream().mapToInt(Integer::intValue).toArray();
    }
}
