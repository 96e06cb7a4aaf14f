package io.hudprof.core;

import java.util.Arrays;

/**
 * Replays resolved GPU frames into the zone-stack state tree under the {@code <gpu>} root, with the CPU's rule:
 * the time between two consecutive timestamps is self time of the state that was current, so nested GPU zones give
 * self, hierarchical, count and call-graph values exactly like CPU zones. A resolved frame is attached to its own
 * frame in the history at once, and held as the live GPU values: every commit until the next one arrives puts it in
 * the instantaneous values (and so the averages), which is what "GPU numbers are N frames late" means.
 *
 * <p>Owned by the thread inside {@code update()}; arrays grow with the state tree only.
 */
final class GpuAttribution {
    /** A held GPU frame older than this many recorded frames is no longer shown live (the GPU timer stopped). */
    static final int STALE_FRAMES = 60;

    private final FrameAggregator aggregator;
    private final FrameHistory history;
    private int rootState = -1;
    private int[] stack = new int[16];

    private long[] self = new long[64];
    private long[] calls = new long[64];
    private boolean[] isTouched = new boolean[64];
    private int[] touched = new int[64];
    private int touchedCount;

    /** The GPU frame just resolved, and the newest one resolved (shown live at each commit until the next). */
    private final FrameStates resolved = new FrameStates();
    private final FrameStates held = new FrameStates();
    private long heldFrame = -1;
    private long heldFrameNanos = -1;
    /** The GPU frame whose values are in the live (committed) values, and its GPU time; -1 when none. */
    private long shownFrame = -1;
    private long shownFrameNanos = -1;
    private int[] shownStates = new int[64];
    private int shownCount;
    /** Set by {@link GpuTrack#uninstall}; the next commit drops the held frame. */
    volatile boolean forgetHeld;

    GpuAttribution(FrameAggregator aggregator, FrameHistory history) {
        this.aggregator = aggregator;
        this.history = history;
    }

    boolean resolve(long frameNumber, int[] codes, long[] nanos, int count) {
        int zones = Zone.count();
        for (int i = 0; i < count; i++) {
            int id = codes[i] >= 0 ? codes[i] : ~codes[i];
            Zone zone = id < zones ? Zone.byId(id) : null;
            if (zone == null || !zone.isGpu()) {
                return false;
            }
        }
        StateTree tree = aggregator.tree;
        if (rootState < 0) {
            rootState = tree.rootOf(ZoneRegistry.gpuRoot().id());
        }
        int depth = 0;
        stack[0] = rootState;
        long first = nanos[0];
        long last = first;
        for (int i = 0; i < count; i++) {
            long t = nanos[i];
            if (t > last) {
                credit(stack[depth], t - last, 0);
                last = t;
            }
            int code = codes[i];
            if (code >= 0) {
                int state = tree.child(stack[depth], code);
                if (depth + 1 == stack.length) {
                    stack = Arrays.copyOf(stack, stack.length * 2);
                }
                stack[++depth] = state;
                credit(state, 0, 1);
            } else if (depth > 0) {
                depth--;
            }
        }
        if (!isTouched[rootState]) {
            credit(rootState, 0, 0);
        }
        // The GPU's time in the frame's outermost zones. Not first-to-last: a pass drawn after update() (a HUD) opens
        // the next frame's stream, and the span would then hold the CPU's own gaps and read as the CPU frame time.
        long frameNanos = last - first - self[rootState];
        resolved.reset(false);
        for (int i = 0; i < touchedCount; i++) {
            resolved.add(touched[i], self[touched[i]], calls[touched[i]], 0);
        }
        history.attachGpu(frameNumber, resolved, frameNanos);
        if (frameNumber >= heldFrame) {
            held.copyFrom(resolved);
            heldFrame = frameNumber;
            heldFrameNanos = frameNanos;
            if (!aggregator.frozen && aggregator.recordedFrames > 0) {
                // Arrived after this update's commit: the live values show it now, not one frame later.
                showHeld();
            }
        }
        for (int i = 0; i < touchedCount; i++) {
            int s = touched[i];
            self[s] = 0;
            calls[s] = 0;
            isTouched[s] = false;
        }
        touchedCount = 0;
        return true;
    }

    private void credit(int state, long nanos, long entries) {
        if (state >= self.length) {
            int size = Math.max(state + 1, aggregator.tree.capacity());
            self = Arrays.copyOf(self, size);
            calls = Arrays.copyOf(calls, size);
            isTouched = Arrays.copyOf(isTouched, size);
        }
        if (!isTouched[state]) {
            isTouched[state] = true;
            if (touchedCount == touched.length) {
                touched = Arrays.copyOf(touched, touchedCount * 2);
            }
            touched[touchedCount++] = state;
        }
        self[state] += nanos;
        calls[state] += entries;
    }

    /** At commit: puts the held GPU frame into the committed frame's instantaneous values. */
    void commitHeld(long recordedFrames) {
        if (forgetHeld || (heldFrame > 0 && recordedFrames - heldFrame > STALE_FRAMES)) {
            forgetHeld = false;
            held.reset(false);
            heldFrame = -1;
            heldFrameNanos = -1;
        }
        // The commit zeroed the previously shown states already.
        shownCount = 0;
        showHeld();
    }

    /** Replaces the GPU part of the live values with the held frame. */
    private void showHeld() {
        for (int i = 0; i < shownCount; i++) {
            aggregator.setCommitted(shownStates[i], 0, 0);
        }
        if (shownStates.length < held.count()) {
            shownStates = new int[held.capacity()];
        }
        for (int i = 0; i < held.count(); i++) {
            aggregator.setCommitted(held.state(i), held.self(i), held.calls(i));
            shownStates[i] = held.state(i);
        }
        shownCount = held.count();
        shownFrame = heldFrame;
        shownFrameNanos = heldFrameNanos;
    }

    /** The recorded-frame number whose GPU values are in the live values, or -1 when none. */
    long shownFrame() {
        return shownFrame;
    }

    /** The GPU time (inside the outermost GPU zones) of the frame shown live, or -1 when none. */
    long shownFrameNanos() {
        return shownFrameNanos;
    }
}
