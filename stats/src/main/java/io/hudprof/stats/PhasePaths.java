package io.hudprof.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The process-wide tree of phase paths: path 0 is "no phase"; every other path is a parent path plus one phase.
 * A thread's phase state is a path id, so entering a phase is a lookup of (current path, phase) → child path.
 *
 * <p>The lookup reads an open-addressing table without a lock: each entry is one {@code long} (key and child
 * packed), written under the lock with a release store and read with an opaque load, so a reader sees either
 * nothing (and takes the locked slow path, which creates the path) or a whole entry. Path metadata (parent and
 * phase of each path) is only read under the lock.
 *
 * <p>Memory bound: at most {@value #MAX_PATHS} paths; beyond that, new paths go to one "(phase limit)" path. When
 * the table is three-quarters full, further (path, phase) pairs are resolved under the lock every time.
 */
final class PhasePaths {
    static final int ROOT = 0;
    static final int MAX_PATHS = 4096;
    /** Where phases entered beyond the path limit are counted. */
    static final int OVERFLOW = MAX_PATHS - 1;

    private static final int TABLE_SIZE = 4 * MAX_PATHS;
    private static final int MASK = TABLE_SIZE - 1;
    private static final VarHandle ENTRY = MethodHandles.arrayElementVarHandle(long[].class);
    private static final long[] TABLE = new long[TABLE_SIZE];
    private static final Object LOCK = new Object();
    private static final int[] PARENT = new int[MAX_PATHS];
    private static final int[] PHASE = new int[MAX_PATHS];
    private static int pathCount = 1;
    private static int entries;

    static {
        PARENT[ROOT] = -1;
        PHASE[ROOT] = -1;
        PARENT[OVERFLOW] = ROOT;
        PHASE[OVERFLOW] = -1;
    }

    private PhasePaths() {
    }

    /** The path entered from {@code parent} by entering {@code phase}. */
    static int child(int parent, int phase) {
        int key = (parent << 16) | phase;
        for (int i = mix(key); ; i = (i + 1) & MASK) {
            long entry = (long) ENTRY.getOpaque(TABLE, i);
            if (entry == 0) {
                return resolve(parent, phase, key);
            }
            if ((int) (entry >>> 32) == key + 1) {
                return (int) entry;
            }
        }
    }

    private static int resolve(int parent, int phase, int key) {
        synchronized (LOCK) {
            int i = mix(key);
            for (long entry; (entry = TABLE[i]) != 0; i = (i + 1) & MASK) {
                if ((int) (entry >>> 32) == key + 1) {
                    return (int) entry;
                }
            }
            int child = onPath(parent, phase) ? parent : newPath(parent, phase);
            if (entries < TABLE_SIZE * 3 / 4) {
                ENTRY.setRelease(TABLE, i, ((long) (key + 1) << 32) | child);
                entries++;
            }
            return child;
        }
    }

    private static boolean onPath(int path, int phase) {
        for (int p = path; p > ROOT; p = PARENT[p]) {
            if (PHASE[p] == phase) {
                return true;
            }
        }
        return false;
    }

    private static int newPath(int parent, int phase) {
        if (parent == OVERFLOW || pathCount >= OVERFLOW) {
            return OVERFLOW;
        }
        int path = pathCount++;
        PARENT[path] = parent;
        PHASE[path] = phase;
        return path;
    }

    private static int mix(int key) {
        int h = key * 0x9E3779B9;
        return (h ^ (h >>> 16)) & MASK;
    }

    /**
     * Copies each path's parent and phase (phase -1 for the root and the limit path) into the arrays, which must
     * hold {@value #MAX_PATHS} entries, and returns one past the highest path id in use.
     */
    static int copyTree(int[] parentDest, int[] phaseDest) {
        synchronized (LOCK) {
            System.arraycopy(PARENT, 0, parentDest, 0, MAX_PATHS);
            System.arraycopy(PHASE, 0, phaseDest, 0, MAX_PATHS);
            return pathCount;
        }
    }

    /** The path reached by entering {@code nesting} in order from no phase, or -1 if it was never entered. */
    static int find(Phase... nesting) {
        synchronized (LOCK) {
            int path = ROOT;
            for (Phase phase : nesting) {
                int next = -1;
                for (int p = 1; p < pathCount && next < 0; p++) {
                    if (PARENT[p] == path && PHASE[p] == phase.id()) {
                        next = p;
                    }
                }
                if (next < 0) {
                    return -1;
                }
                path = next;
            }
            return path;
        }
    }
}
