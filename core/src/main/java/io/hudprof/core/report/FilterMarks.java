package io.hudprof.core.report;

import io.hudprof.core.ProfileData;

import java.util.Arrays;

/**
 * Where a {@link ZoneFilter}'s matches lie in the state tree, per report key: which keys match, which lead to a
 * match and which lie below one, so {@link RowBuilder} keeps the rows on a call path through a match. Allocation-free
 * once grown; on the thread that builds reports.
 */
final class FilterMarks {
    // Per key of the last marked tree: matches, has a matching state below one of its states, has one above.
    private boolean[] keyMatches = new boolean[64];
    private boolean[] keyLeadsToMatch = new boolean[64];
    private boolean[] keyBelowMatch = new boolean[64];
    private boolean[] stateBelow = new boolean[64];
    private boolean[] stateAbove = new boolean[64];

    /**
     * Marks the report keys (zones, or zone-and-depth keys when {@code expanded}) of the profile's state tree: which
     * match, which have a state with a matching state below it (they lead to a match), which have one with a
     * matching state above it. One forward and one backward pass over the states, topologically ordered.
     */
    void markKeys(ZoneFilter filter, ProfileData data, boolean expanded, int keyCount) {
        int states = data.stateCount();
        if (keyMatches.length < keyCount) {
            int size = Math.max(keyCount, keyMatches.length * 2);
            keyMatches = new boolean[size];
            keyLeadsToMatch = new boolean[size];
            keyBelowMatch = new boolean[size];
        }
        if (stateBelow.length < states) {
            int size = Math.max(states, stateBelow.length * 2);
            stateBelow = new boolean[size];
            stateAbove = new boolean[size];
        }
        Arrays.fill(keyMatches, 0, keyCount, false);
        Arrays.fill(keyLeadsToMatch, 0, keyCount, false);
        Arrays.fill(keyBelowMatch, 0, keyCount, false);
        Arrays.fill(stateBelow, 0, states, false);
        // Forward: a state is below a match when its parent matches or is below one.
        for (int s = 0; s < states; s++) {
            int p = data.parent(s);
            stateAbove[s] = p >= 0 && (filter.matches(data.zone(p)) || stateAbove[p]);
        }
        // Backward: a state leads to a match when a child matches or leads to one.
        for (int s = states - 1; s >= 0; s--) {
            int p = data.parent(s);
            if (p >= 0 && (stateBelow[s] || filter.matches(data.zone(s)))) {
                stateBelow[p] = true;
            }
        }
        for (int s = 0; s < states; s++) {
            int key = expanded ? data.expandedKey(s) : data.zone(s);
            if (key < 0 || key >= keyCount) {
                continue;
            }
            if (filter.matches(data.zone(s))) {
                keyMatches[key] = true;
            }
            if (stateBelow[s]) {
                keyLeadsToMatch[key] = true;
            }
            if (stateAbove[s]) {
                keyBelowMatch[key] = true;
            }
        }
    }

    /** After {@link #markKeys}: the key's zone matches. */
    boolean keyMatches(int key) {
        return keyMatches[key];
    }

    /** After {@link #markKeys}: the key matches or one of its states has a matching state below it. */
    boolean keyMatchesOrLeads(int key) {
        return keyMatches[key] || keyLeadsToMatch[key];
    }

    /**
     * After {@link #markKeys}: the key is on a call path through a match: it matches, or one of its states has a
     * matching state below or above it.
     */
    boolean keyOnMatchPath(int key) {
        return keyMatches[key] || keyLeadsToMatch[key] || keyBelowMatch[key];
    }
}
