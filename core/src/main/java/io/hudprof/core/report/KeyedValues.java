package io.hudprof.core.report;

import io.hudprof.core.ProfileData;
import io.hudprof.core.Zone;

import java.util.Arrays;

/**
 * Per-row numbers derived from one set of per-state values (a frame, or an average): hierarchical time per
 * state, and per report key (a zone, or a zone at one recursion depth) its self time, hierarchical time and
 * entry count, plus, for a call-graph focus, what each caller and callee contributes.
 *
 * <p>The semantics are IProf's CALL GRAPH, made exact under recursion:
 * <ul>
 *   <li>a key's hierarchical time sums only the states of that key with no same-key ancestor, so recursion never
 *       counts time twice;</li>
 *   <li>a parent row holds the time spent <em>in the focus</em> on that parent's behalf: the focus states directly
 *       under it (hierarchical time only from the outermost ones), so parent rows sum to the focus row;</li>
 *   <li>a child row holds the time spent in that child on behalf of the focus: the child states directly under a
 *       focus state, minus time spent back inside the focus deeper down (that time is the focus's own), so child
 *       hierarchical times sum to the focus's hier − self. A recursive call of the focus itself shows only its
 *       count.</li>
 * </ul>
 * Reusable: arrays grow to the largest tree seen and are refilled in place.
 */
final class KeyedValues {
    double[] stateHier = new double[64];
    private int[] stateParent = new int[64];
    private int[] stateKey = new int[64];
    private boolean[] stateOutermost = new boolean[64];
    private double[] insideFocus = new double[64];

    int keyCount;
    double[] self = new double[64];
    double[] hier = new double[64];
    double[] calls = new double[64];
    boolean[] hasData = new boolean[64];
    boolean[] hasCallees = new boolean[64];

    double[] parentSelf = new double[64];
    double[] parentHier = new double[64];
    double[] parentCalls = new double[64];
    boolean[] isParent = new boolean[64];
    double[] childSelf = new double[64];
    double[] childHier = new double[64];
    double[] childCalls = new double[64];
    boolean[] isChild = new boolean[64];

    /**
     * @param focusKey the call graph's focus key, or -1 when only flat values are needed
     */
    void compute(ProfileData data, double[] stateSelf, double[] stateCalls, boolean expanded, int focusKey) {
        int n = data.stateCount();
        keyCount = expanded ? data.expandedKeyCount() : Zone.count();
        ensureStates(n);
        ensureKeys(keyCount);
        clearKeys(keyCount);
        if (stateKey.length < n) {
            stateKey = new int[Math.max(n, stateKey.length * 2)];
            stateParent = new int[stateKey.length];
            stateOutermost = new boolean[stateKey.length];
        }
        // One pass copies the tree's structure into flat arrays, so the passes below index plain arrays.
        int[] parent = stateParent;
        int[] keys = stateKey;
        for (int s = 0; s < n; s++) {
            parent[s] = data.parent(s);
            keys[s] = expanded ? data.expandedKey(s) : data.zone(s);
            stateOutermost[s] = expanded || data.outermost(s);
        }

        for (int s = 0; s < n; s++) {
            stateHier[s] = stateSelf[s];
        }
        for (int s = n - 1; s >= 0; s--) {
            int p = parent[s];
            if (p >= 0) {
                stateHier[p] += stateHier[s];
            }
        }
        for (int s = 0; s < n; s++) {
            int k = keys[s];
            double ownSelf = stateSelf[s];
            double ownCalls = stateCalls[s];
            self[k] += ownSelf;
            calls[k] += ownCalls;
            if (stateOutermost[s]) {
                hier[k] += stateHier[s];
            }
            if (stateHier[s] != 0 || ownCalls != 0) {
                hasData[k] = true;
                int p = parent[s];
                if (p >= 0) {
                    hasCallees[keys[p]] = true;
                }
            }
        }
        if (focusKey >= 0 && focusKey < keyCount) {
            computeFocus(stateSelf, stateCalls, focusKey, n);
        }
    }

    private void computeFocus(double[] stateSelf, double[] stateCalls, int focus, int n) {
        int[] parent = stateParent;
        int[] keys = stateKey;
        // insideFocus[s]: hierarchical time of the topmost focus states strictly below s.
        Arrays.fill(insideFocus, 0, n, 0);
        for (int s = n - 1; s >= 0; s--) {
            int p = parent[s];
            if (p >= 0) {
                insideFocus[p] += keys[s] == focus ? stateHier[s] : insideFocus[s];
            }
        }
        for (int s = 0; s < n; s++) {
            int p = parent[s];
            if (p < 0 || (stateHier[s] == 0 && stateCalls[s] == 0)) {
                continue;
            }
            if (keys[s] == focus) {
                int pk = keys[p];
                isParent[pk] = true;
                parentSelf[pk] += stateSelf[s];
                parentCalls[pk] += stateCalls[s];
                if (stateOutermost[s]) {
                    parentHier[pk] += stateHier[s];
                }
            }
            if (keys[p] == focus) {
                int ck = keys[s];
                isChild[ck] = true;
                childCalls[ck] += stateCalls[s];
                if (ck != focus) {
                    childSelf[ck] += stateSelf[s];
                    childHier[ck] += stateHier[s] - insideFocus[s];
                }
            }
        }
    }

    private void clearKeys(int n) {
        Arrays.fill(self, 0, n, 0);
        Arrays.fill(hier, 0, n, 0);
        Arrays.fill(calls, 0, n, 0);
        Arrays.fill(hasData, 0, n, false);
        Arrays.fill(hasCallees, 0, n, false);
        Arrays.fill(parentSelf, 0, n, 0);
        Arrays.fill(parentHier, 0, n, 0);
        Arrays.fill(parentCalls, 0, n, 0);
        Arrays.fill(isParent, 0, n, false);
        Arrays.fill(childSelf, 0, n, 0);
        Arrays.fill(childHier, 0, n, 0);
        Arrays.fill(childCalls, 0, n, 0);
        Arrays.fill(isChild, 0, n, false);
    }

    private void ensureStates(int n) {
        if (stateHier.length < n) {
            int size = Math.max(n, stateHier.length * 2);
            stateHier = new double[size];
            insideFocus = new double[size];
        }
    }

    private void ensureKeys(int n) {
        if (self.length >= n) {
            return;
        }
        int size = Math.max(n, self.length * 2);
        self = new double[size];
        hier = new double[size];
        calls = new double[size];
        hasData = new boolean[size];
        hasCallees = new boolean[size];
        parentSelf = new double[size];
        parentHier = new double[size];
        parentCalls = new double[size];
        isParent = new boolean[size];
        childSelf = new double[size];
        childHier = new double[size];
        childCalls = new double[size];
        isChild = new boolean[size];
    }
}
