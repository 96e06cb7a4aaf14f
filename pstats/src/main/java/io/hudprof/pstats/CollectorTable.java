package io.hudprof.pstats;

import java.util.Arrays;

/**
 * One client's collector definitions, by index: the static {@code parent_index} tree that PStats rolls time and
 * levels up through (protocol note §2.3). Redefining an index replaces it. A parent chain that loops or points at
 * an undefined collector is cut at that point, so a hostile client cannot make a walk run forever.
 *
 * <p>Grows to the largest index defined, at most {@link PStatsCodec#MAX_COLLECTOR_INDEX} + 1 entries. Not
 * thread-safe: owned by one session.
 */
public final class CollectorTable {
    private CollectorDef[] defs = new CollectorDef[64];
    private String[] fullNames = new String[64];
    private int size;
    private int version;

    /** Adds or replaces a definition. */
    public void define(CollectorDef def) {
        int i = def.index();
        if (i >= defs.length) {
            int n = Math.min(PStatsCodec.MAX_COLLECTOR_INDEX + 1, Math.max(i + 1, defs.length * 2));
            defs = Arrays.copyOf(defs, n);
            fullNames = Arrays.copyOf(fullNames, n);
        }
        defs[i] = def;
        size = Math.max(size, i + 1);
        Arrays.fill(fullNames, 0, size, null);
        version++;
    }

    /** One more than the largest defined index. */
    public int size() {
        return size;
    }

    /** Increases whenever a definition changes, so views can rebuild their trees lazily. */
    public int version() {
        return version;
    }

    public boolean isDefined(int index) {
        return index >= 0 && index < size && defs[index] != null;
    }

    /** The definition, or null. */
    public CollectorDef def(int index) {
        return isDefined(index) ? defs[index] : null;
    }

    /**
     * The static parent of a defined collector, or -1 for collector 0 ("Frame"), for an undefined one, and where
     * the chain is broken (a parent that is undefined or the collector itself).
     */
    public int parent(int index) {
        if (index == 0 || !isDefined(index)) {
            return -1;
        }
        int p = defs[index].parentIndex();
        return p == index || !isDefined(p) ? -1 : p;
    }

    /** Whether {@code index} is a static descendant of {@code ancestor} (or is it); loop-safe. */
    public boolean isDescendant(int index, int ancestor) {
        for (int c = index, steps = 0; c >= 0 && steps <= size; c = parent(c), steps++) {
            if (c == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** The name PStats shows: local names from the top-level collector down, joined by {@code ':'}, no "Frame". */
    public String fullName(int index) {
        if (!isDefined(index)) {
            return "#" + index;
        }
        String cached = fullNames[index];
        if (cached != null) {
            return cached;
        }
        StringBuilder sb = new StringBuilder(defs[index].name());
        int c = index;
        for (int steps = 0; steps < size; steps++) {
            int p = parent(c);
            if (p <= 0) {
                break;
            }
            sb.insert(0, ':').insert(0, defs[p].name());
            c = p;
        }
        String name = sb.toString();
        fullNames[index] = name;
        return name;
    }
}
