package io.hudprof.pstats;

import java.util.Arrays;

/**
 * One client's collector definitions, by index: the static {@code parent_index} tree that PStats rolls time and
 * levels up through (protocol note §2.3). Redefining an index replaces it.
 *
 * <p>The tree stays a tree whatever a client sends: a definition whose parent chain leads back to itself (1 → 2 → 1,
 * or a collector its own parent) or that would sit more than {@link #MAX_DEPTH} levels below "Frame" is refused
 * with a {@link PStatsFormatException} that names the rule, and the table is left as it was. A parent that is not
 * defined (yet) cuts the chain there. Walks are bounded on top of that (a redefinition can still push a subtree
 * deeper): {@link #fullName} follows at most {@link #MAX_DEPTH} parents and keeps at most
 * {@link #MAX_FULL_NAME_CHARS} characters, so no name a client sends can grow without bound.
 *
 * <p>Grows to the largest index defined, at most {@link PStatsCodec#MAX_COLLECTOR_INDEX} + 1 entries. Not
 * thread-safe: owned by one session.
 */
public final class CollectorTable {
    /** The deepest a collector may sit below "Frame" (Panda3D's own trees are a handful of levels deep). */
    public static final int MAX_DEPTH = 64;
    /** Longest full name kept; longer ones keep their end (the collector's own name) after {@code "..."}. */
    public static final int MAX_FULL_NAME_CHARS = 256;

    private CollectorDef[] defs = new CollectorDef[64];
    private String[] fullNames = new String[64];
    private int size;
    private int defined;
    private int version;

    /**
     * Adds or replaces a definition.
     *
     * @throws PStatsFormatException when its parent chain loops back to it or is deeper than {@link #MAX_DEPTH};
     *                               the table is unchanged then
     */
    public void define(CollectorDef def) throws PStatsFormatException {
        int i = def.index();
        checkChain(def);
        if (i >= defs.length) {
            int n = Math.min(PStatsCodec.MAX_COLLECTOR_INDEX + 1, Math.max(i + 1, defs.length * 2));
            defs = Arrays.copyOf(defs, n);
            fullNames = Arrays.copyOf(fullNames, n);
        }
        if (defs[i] == null) {
            defined++;
        }
        defs[i] = def;
        size = Math.max(size, i + 1);
        Arrays.fill(fullNames, 0, size, null);
        version++;
    }

    /** Refuses a definition that would close a loop or nest too deep; walks the (loop-free) table as it is. */
    private void checkChain(CollectorDef def) throws PStatsFormatException {
        int i = def.index();
        if (i == 0) {
            return;
        }
        int depth = 1;
        for (int c = def.parentIndex(); c != 0; c = defs[c].parentIndex()) {
            if (c == i) {
                throw new PStatsFormatException("collector " + i + " (" + clip(def.name()) + ") has parent "
                        + def.parentIndex() + ", whose parent chain leads back to it: collector parents must"
                        + " form a tree");
            }
            if (!isDefined(c)) {
                break;
            }
            if (++depth > MAX_DEPTH) {
                throw new PStatsFormatException("collector " + i + " (" + clip(def.name()) + ") would be nested"
                        + " more than " + MAX_DEPTH + " levels deep (the viewer's limit)");
            }
        }
    }

    private static String clip(String name) {
        return name.length() <= 40 ? name : name.substring(0, 40) + "...";
    }

    /** One more than the largest defined index. */
    public int size() {
        return size;
    }

    /** How many indices are defined. */
    public int definedCount() {
        return defined;
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

    /** Whether {@code index} is a static descendant of {@code ancestor} (or is it); bounded walk. */
    public boolean isDescendant(int index, int ancestor) {
        for (int c = index, steps = 0; c >= 0 && steps <= size; c = parent(c), steps++) {
            if (c == ancestor) {
                return true;
            }
        }
        return false;
    }

    /**
     * The name PStats shows: local names from the top-level collector down, joined by {@code ':'}, no "Frame";
     * bounded as the class says.
     */
    public String fullName(int index) {
        if (!isDefined(index)) {
            return "#" + index;
        }
        String cached = fullNames[index];
        if (cached != null) {
            return cached;
        }
        String own = defs[index].name();
        StringBuilder sb = new StringBuilder(Math.min(own.length() + 16, MAX_FULL_NAME_CHARS + 1));
        sb.append(own, own.length() - Math.min(own.length(), MAX_FULL_NAME_CHARS + 1), own.length());
        int c = index;
        for (int steps = 0; steps < MAX_DEPTH && sb.length() <= MAX_FULL_NAME_CHARS; steps++) {
            int p = parent(c);
            if (p <= 0) {
                break;
            }
            String parentName = defs[p].name();
            // Only the end of an overlong parent name can show; the rest is cut below anyway.
            int keep = Math.min(parentName.length(), MAX_FULL_NAME_CHARS + 1);
            sb.insert(0, ':').insert(0, parentName, parentName.length() - keep, parentName.length());
            c = p;
        }
        String name = sb.length() <= MAX_FULL_NAME_CHARS ? sb.toString()
                : "..." + sb.substring(sb.length() - (MAX_FULL_NAME_CHARS - 3));
        fullNames[index] = name;
        return name;
    }
}
