package io.hudprof.core;

import java.util.Arrays;

/**
 * IProf's tree of zone-stack states: one node per distinct stack of zones, with parent links. A state is found
 * from (parent state, zone) through each zone's one-entry cache of its last resolution, and only on a cache
 * miss through an open-addressing hash table. Children are always created after their parent, so state index
 * order is a topological order (hierarchical times are summed in one reverse pass).
 *
 * <p>Owned by the thread inside {@code update()}. At most {@code maxStates} states exist; past that, entries
 * resolve to one overflow state and every such resolution is counted, through the cache too.
 *
 * <p>States are never freed or reused, so a state id means the same stack for the life of the profiler: history
 * frames hold state ids, and the report side's one reverse pass relies on index order being topological. What
 * keeps the tree from growing with the number of threads is that roots are shared: {@link #rootOf(int)} gives
 * one root state per thread-root zone, and threads of one name (or, past the exact-name quota, of one folded
 * name, see {@link ZoneRegistry}) share it and every state under it. The tree is then bounded by the distinct
 * zone stacks the program has, not by its age.
 */
final class StateTree {
    private static final int NONE = -1;

    private final int maxStates;
    private int count;
    int[] parent = new int[64];
    int[] zone = new int[64];
    /** 1 for the outermost activation of a zone on a stack, 2 for the first recursion, ... */
    int[] level = new int[64];
    /** Nearest ancestor with the same zone, or -1: the state is then the outermost of its zone. */
    int[] sameZoneAncestor = new int[64];
    /** Key of (zone, level): distinct rows when recursion is shown expanded. */
    int[] expandedKey = new int[64];
    int[] firstChild = new int[64];
    int[] nextSibling = new int[64];

    private int[] table;
    private int tableMask;

    /**
     * IProf's one-entry cache per zone, two ints per zone: at {@code 2·zone} the parent state of the zone's last
     * resolution, at {@code 2·zone + 1} the state it gave (both in one cache line). The aggregator's replay loop
     * reads it directly, so a hit costs no call and no hash; {@link #child} fills it. The overflow state is never
     * cached: every resolution to it must be counted, so it always takes the call.
     */
    int[] zoneCache = new int[128];
    /**
     * A second one-entry cache, per parent state, laid out the same way: the zone last entered from the state and
     * the state that gave. It catches what the per-zone cache misses on every entry, recursion (each level's
     * parent differs from the level before) and a zone entered alternately under two parents, and is checked after
     * a per-zone miss, before the hash.
     */
    int[] parentCache = new int[128];

    private int expandedKeyCount;
    int[] expandedKeyZone = new int[64];
    int[] expandedKeyLevel = new int[64];
    private String[] expandedKeyName = new String[64];
    private int[] expandedTable = new int[256];

    private int[] rootByZone = new int[0];
    private int overflowState = NONE;
    private long overflowResolutions;

    StateTree(int maxStates) {
        this.maxStates = maxStates;
        int tableSize = Integer.highestOneBit(Math.max(16, maxStates * 2 - 1)) << 1;
        this.table = new int[tableSize];
        this.tableMask = tableSize - 1;
        Arrays.fill(zoneCache, Integer.MIN_VALUE);
        Arrays.fill(parentCache, NONE);
    }

    int count() {
        return count;
    }

    /**
     * Whether the next new state would be the overflow state (or it exists already). Until then every state's
     * {@link #parent} is the state it was entered from, which the aggregator's inclusive-time accounting relies on;
     * the overflow state is entered from many parents, and from itself.
     */
    boolean atLimit() {
        return count >= maxStates - 1;
    }

    /** Number of distinct (zone, recursion level) keys. */
    int expandedKeyCount() {
        return expandedKeyCount;
    }

    /** Whether {@code state} is the overflow state, which every resolution past the limit shares. */
    boolean isOverflow(int state) {
        return state == overflowState;
    }

    /** How many times an entry could not get its own state because of the state limit. */
    long overflowResolutions() {
        return overflowResolutions;
    }

    /**
     * The root state (a thread's "outside any zone") of a thread-root pseudo-zone, made on first use. Threads whose
     * names give the same root zone share its root state and so every state under it: a pool that replaces its
     * workers reuses the states the workers before it made.
     */
    int rootOf(int zoneId) {
        if (zoneId >= rootByZone.length) {
            int old = rootByZone.length;
            rootByZone = Arrays.copyOf(rootByZone, Math.max(zoneId + 1, old * 2));
            Arrays.fill(rootByZone, old, rootByZone.length, NONE);
        }
        int root = rootByZone[zoneId];
        if (root != NONE) {
            return root;
        }
        if (count >= maxStates - 1) {
            overflowResolutions++;
            return overflow();
        }
        root = create(NONE, zoneId);
        rootByZone[zoneId] = root;
        return root;
    }

    /** The state reached by entering {@code zoneId} from {@code parentState}; creates it on first use. */
    int child(int parentState, int zoneId) {
        ensureZoneCache(zoneId);
        int z = 2 * zoneId;
        if (zoneCache[z] == parentState) {
            return zoneCache[z + 1];
        }
        int p = 2 * parentState;
        int state;
        if (parentState >= 0 && parentCache[p] == zoneId) {
            state = parentCache[p + 1];
        } else {
            state = lookupOrCreate(parentState, zoneId);
            if (state == overflowState) {
                // Not cached, so that every later resolution to it is counted too.
                return state;
            }
            if (parentState >= 0) {
                parentCache[p] = zoneId;
                parentCache[p + 1] = state;
            }
        }
        zoneCache[z] = parentState;
        zoneCache[z + 1] = state;
        return state;
    }

    private int lookupOrCreate(int parentState, int zoneId) {
        int slot = hash(parentState, zoneId) & tableMask;
        while (true) {
            int entry = table[slot];
            if (entry == 0) {
                break;
            }
            int state = entry - 1;
            if (parent[state] == parentState && zone[state] == zoneId) {
                return state;
            }
            slot = (slot + 1) & tableMask;
        }
        if (count >= maxStates - 1) {
            overflowResolutions++;
            return overflow();
        }
        int state = create(parentState, zoneId);
        table[slot] = state + 1;
        return state;
    }

    private int overflow() {
        if (overflowState == NONE) {
            overflowState = create(NONE, ZoneRegistry.OVERFLOW.id());
        }
        return overflowState;
    }

    private int create(int parentState, int zoneId) {
        int s = count;
        if (s == parent.length) {
            grow();
        }
        parent[s] = parentState;
        zone[s] = zoneId;
        int ancestor = NONE;
        for (int p = parentState; p != NONE; p = parent[p]) {
            if (zone[p] == zoneId) {
                ancestor = p;
                break;
            }
        }
        sameZoneAncestor[s] = ancestor;
        level[s] = ancestor == NONE ? 1 : level[ancestor] + 1;
        expandedKey[s] = expandedKeyFor(zoneId, level[s]);
        firstChild[s] = NONE;
        nextSibling[s] = NONE;
        if (parentState != NONE) {
            nextSibling[s] = firstChild[parentState];
            firstChild[parentState] = s;
        }
        count = s + 1;
        return s;
    }

    private int expandedKeyFor(int zoneId, int lvl) {
        int existing = findExpandedKey(zoneId, lvl);
        if (existing >= 0) {
            return existing;
        }
        if ((expandedKeyCount + 1) * 2 >= expandedTable.length) {
            rehashExpanded(expandedTable.length * 2);
        }
        int key = expandedKeyCount++;
        if (key == expandedKeyZone.length) {
            expandedKeyZone = Arrays.copyOf(expandedKeyZone, key * 2);
            expandedKeyLevel = Arrays.copyOf(expandedKeyLevel, key * 2);
        }
        expandedKeyZone[key] = zoneId;
        expandedKeyLevel[key] = lvl;
        insertExpanded(expandedTable, key);
        return key;
    }

    /** Row name of an expanded key: the zone's name, with {@code [level]} for recursion depths, made once. */
    String expandedName(int key) {
        if (key >= expandedKeyName.length) {
            expandedKeyName = Arrays.copyOf(expandedKeyName, Math.max(key + 1, expandedKeyName.length * 2));
        }
        String name = expandedKeyName[key];
        if (name == null) {
            Zone zone = Zone.byId(expandedKeyZone[key]);
            int lvl = expandedKeyLevel[key];
            name = lvl == 1 ? zone.name() : zone.name() + "[" + lvl + "]";
            expandedKeyName[key] = name;
        }
        return name;
    }

    /** The expanded key of (zone, level), or -1 if no state has it. */
    int findExpandedKey(int zoneId, int lvl) {
        int mask = expandedTable.length - 1;
        int slot = hash(zoneId, lvl) & mask;
        while (true) {
            int entry = expandedTable[slot];
            if (entry == 0) {
                return NONE;
            }
            int key = entry - 1;
            if (expandedKeyZone[key] == zoneId && expandedKeyLevel[key] == lvl) {
                return key;
            }
            slot = (slot + 1) & mask;
        }
    }

    private void rehashExpanded(int size) {
        expandedTable = new int[size];
        for (int key = 0; key < expandedKeyCount; key++) {
            insertExpanded(expandedTable, key);
        }
    }

    private void insertExpanded(int[] table, int key) {
        int mask = table.length - 1;
        int slot = hash(expandedKeyZone[key], expandedKeyLevel[key]) & mask;
        while (table[slot] != 0) {
            slot = (slot + 1) & mask;
        }
        table[slot] = key + 1;
    }

    private void grow() {
        int size = Math.min(parent.length * 2, maxStates);
        parent = Arrays.copyOf(parent, size);
        zone = Arrays.copyOf(zone, size);
        level = Arrays.copyOf(level, size);
        sameZoneAncestor = Arrays.copyOf(sameZoneAncestor, size);
        expandedKey = Arrays.copyOf(expandedKey, size);
        firstChild = Arrays.copyOf(firstChild, size);
        nextSibling = Arrays.copyOf(nextSibling, size);
        int old = parentCache.length;
        parentCache = Arrays.copyOf(parentCache, 2 * size);
        Arrays.fill(parentCache, old, parentCache.length, NONE);
    }

    private void ensureZoneCache(int zoneId) {
        if (2 * zoneId + 1 >= zoneCache.length) {
            int size = Math.max(zoneCache.length * 2, 2 * zoneId + 2);
            int old = zoneCache.length;
            zoneCache = Arrays.copyOf(zoneCache, size);
            Arrays.fill(zoneCache, old, size, Integer.MIN_VALUE);
        }
    }

    /** Capacity every per-state array of a consumer must have to index any state. */
    int capacity() {
        return parent.length;
    }

    private static int hash(int a, int b) {
        int h = a * 0x9E3779B1 + b * 0x85EBCA77;
        return h ^ (h >>> 15);
    }
}
