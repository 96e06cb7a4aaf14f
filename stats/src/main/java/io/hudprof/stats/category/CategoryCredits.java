package io.hudprof.stats.category;

import io.hudprof.core.ProfileData;
import java.util.Arrays;

/**
 * Credits one frame's time to the static category tree by PStats' rule: "time is accumulated in parent collectors
 * according to the statically-defined parents of the innermost active collector only, without regard to the runtime
 * stack of paused collectors."
 *
 * <p>A zone-stack state's self time is exactly the time during which that state's zone was the innermost open zone,
 * so crediting each state's self time to its zone's node and every static ancestor of that node is the rule: a
 * {@code "Cull:Sort"} entered inside {@code "Draw"} adds to {@code Sort} and {@code Cull}, never to {@code Draw}
 * (Draw's self time stops while Sort runs). The same self times feed IProf's call graph; nothing new is recorded.
 *
 * <p>Only the states of one thread are credited (the thread root's own self time, time outside every zone, belongs
 * to no category: PStats' "Frame" band). Reusable and allocation-free once its arrays fit the tree; one thread only.
 */
public final class CategoryCredits {
    private double[] total = new double[64];
    private double[] own = new double[64];
    private boolean[] listed = new boolean[64];
    private int[] touched = new int[64];
    private int touchedCount;
    private int[] rootZoneOfState = new int[64];
    private int statesKnown;
    private int[] parentOf = new int[64];
    private int parentsKnown;
    private double threadNanos;
    private double credited;

    /**
     * Credits {@code self} (per-state self nanoseconds, as {@link ProfileData#self} returns) of the states under
     * the thread root zone {@code rootZone}; the previous frame's credits are cleared first.
     */
    public void credit(ProfileData data, double[] self, int rootZone) {
        clear();
        int states = Math.min(data.stateCount(), self.length);
        knowStates(data, states);
        CategoryTree.sync();
        knowParents();
        for (int s = 0; s < states; s++) {
            double value = self[s];
            if (value == 0 || rootZoneOfState[s] != rootZone) {
                continue;
            }
            threadNanos += value;
            int node = CategoryTree.nodeOfZone(data.zone(s));
            if (node >= 0) {
                credited += value;
                own[node] += value;
            }
            for (; node >= 0; node = parentOf[node]) {
                if (!listed[node]) {
                    listed[node] = true;
                    touched[touchedCount++] = node;
                }
                total[node] += value;
            }
        }
    }

    /** Forgets the last frame's credits. */
    public void clear() {
        for (int i = 0; i < touchedCount; i++) {
            int node = touched[i];
            total[node] = 0;
            own[node] = 0;
            listed[node] = false;
        }
        touchedCount = 0;
        threadNanos = 0;
        credited = 0;
    }

    /** Time credited to {@code category} and its static descendants (ns); 0 when none. */
    public double total(Category category) {
        return total(category.id());
    }

    /** Time credited to node {@code id} and its static descendants (ns); 0 when none. */
    public double total(int id) {
        return id >= 0 && id < total.length ? total[id] : 0;
    }

    /**
     * Time credited to {@code category} itself: its total less its children's, the leftover band PStats draws in
     * the parent's colour.
     */
    public double own(Category category) {
        return own(category.id());
    }

    /** Time credited to node {@code id} itself, as the node of the innermost zone (ns); 0 when none. */
    public double own(int id) {
        return id >= 0 && id < own.length ? own[id] : 0;
    }

    /** The thread's whole time in the frame (the sum of its states' self times, its root's own time included). */
    public double threadNanos() {
        return threadNanos;
    }

    /** Time credited to any category; {@link #threadNanos()} less this is the thread root's own time. */
    public double creditedNanos() {
        return credited;
    }

    /** How many nodes got time, in the order they first did. */
    public int touchedCount() {
        return touchedCount;
    }

    /** The {@code i}-th node that got time. */
    public int touched(int i) {
        return touched[i];
    }

    private void knowStates(ProfileData data, int states) {
        if (rootZoneOfState.length < states) {
            rootZoneOfState = Arrays.copyOf(rootZoneOfState, Math.max(states, rootZoneOfState.length * 2));
        }
        // States are never freed or re-parented and come in topological order, so a state's root is known once.
        for (int s = statesKnown; s < states; s++) {
            int parent = data.parent(s);
            rootZoneOfState[s] = parent < 0 ? data.zone(s) : rootZoneOfState[parent];
        }
        statesKnown = Math.max(statesKnown, states);
    }

    private void knowParents() {
        int nodes = CategoryTree.count();
        if (parentOf.length < nodes) {
            int grown = Math.max(nodes, parentOf.length * 2);
            parentOf = Arrays.copyOf(parentOf, grown);
            total = Arrays.copyOf(total, grown);
            own = Arrays.copyOf(own, grown);
            listed = Arrays.copyOf(listed, grown);
            touched = Arrays.copyOf(touched, grown);
        }
        for (int n = parentsKnown; n < nodes; n++) {
            parentOf[n] = CategoryTree.parent(n);
        }
        parentsKnown = Math.max(parentsKnown, nodes);
    }
}
