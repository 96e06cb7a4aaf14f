package io.hudprof.capture.file;

import io.hudprof.core.ProfileData;
import io.hudprof.core.Zone;
import java.util.Arrays;

/**
 * The updating thread's side of allocation per zone in a capture (format 1.2): copies a recorded frame's per-state
 * self bytes into a {@link FrameSlot}, naming each zone-stack state (and the ancestors not named yet, root first) the
 * first time the file needs it. Grows only with the profiler's state count, so a steady game copies without
 * allocating.
 */
final class AllocationStates {
    /** Per live state: named in a frame taken (or in the slot being filled). */
    private boolean[] named = new boolean[256];
    private int[] chain = new int[16];

    /** Forgets every name: the next file names its states again. */
    void reset() {
        Arrays.fill(named, false);
    }

    /**
     * Copies into {@code slot} every state of {@code data} with more than 0 bytes in {@code selfBytes} (per state,
     * as {@link ProfileData#self} or the history give them), naming the states the file does not know yet.
     */
    void copy(ProfileData data, double[] selfBytes, FrameSlot slot) {
        int states = Math.min(data.stateCount(), selfBytes.length);
        for (int s = 0; s < states; s++) {
            double b = selfBytes[s];
            if (b >= 1 && !data.isGpuState(s)) {
                name(data, s, slot);
                slot.addAllocation(s, (long) b);
            }
        }
    }

    /** A slot that was not taken after all: the states it named are not named in the file. */
    void unname(FrameSlot slot) {
        for (int i = 0; i < slot.stateDefs; i++) {
            named[slot.defState[i]] = false;
        }
    }

    private void name(ProfileData data, int state, FrameSlot slot) {
        if (state >= named.length) {
            named = Arrays.copyOf(named, Math.max(state + 1, named.length * 2));
        }
        if (named[state]) {
            return;
        }
        int n = 0;
        for (int s = state; s >= 0 && !named[s]; s = data.parent(s)) {
            if (n == chain.length) {
                chain = Arrays.copyOf(chain, n * 2);
            }
            chain[n++] = s;
        }
        for (int i = n - 1; i >= 0; i--) {
            int s = chain[i];
            int parent = data.parent(s);
            int zone = data.zone(s);
            String root = null;
            if (parent < 0) {
                Zone z = Zone.byId(zone);
                root = z == null ? "<zone " + zone + ">" : z.name();
            }
            slot.addStateDef(s, parent, zone, root);
            named[s] = true;
        }
    }
}
