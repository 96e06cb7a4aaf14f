package io.hudprof.core;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The process-wide table of zones behind {@link Zone}: dense ids, public names, thread roots, and the limits that
 * keep it bounded whatever the game does.
 *
 * <p>Limits: {@code -Dhudprof.maxZones} (default 16384, read once). {@value #THREAD_ROOT_RESERVE} ids are kept for
 * thread roots, the rest for user zones; a user definition past its share returns the overflow zone and is
 * counted. Thread roots are shared by every thread of one name. Distinct thread names get their own root while
 * {@value #EXACT_THREAD_ROOTS} roots exist; after that a name's digit runs fold to {@code #}
 * ({@code pool-1-thread-37} → {@code <pool-#-thread-#>}), so pools that replace their workers keep reusing a
 * few roots; when even the folded names no longer fit, threads share {@code <other threads>}.
 */
final class ZoneRegistry {
    /** Largest zone id an event can carry (24 bits). */
    static final int MAX_ID = (1 << 24) - 1;
    static final int MAX_ZONES = readMaxZones();
    /** Ids kept back from user zones for thread roots. */
    static final int THREAD_ROOT_RESERVE = 256;
    /** Thread roots with their exact name; the rest of the reserve is for folded names. */
    static final int EXACT_THREAD_ROOTS = 192;
    static final int MAX_USER_ZONES = MAX_ZONES - THREAD_ROOT_RESERVE;

    private static final Object LOCK = new Object();
    private static final Map<String, Zone> PUBLIC_BY_NAME = new HashMap<>();
    private static final Map<String, Zone> THREAD_ROOTS_BY_NAME = new HashMap<>();
    private static final Map<String, Zone> GPU_BY_NAME = new HashMap<>();
    /** Suffix of a GPU zone's row name, so a pass's CPU and GPU rows read apart in flat lists. */
    static final String GPU_SUFFIX = " (gpu)";
    /** The {@code <gpu>} pseudo-thread root, made on first use; guarded by LOCK. */
    private static Zone gpuRoot;
    private static volatile Zone[] byId = new Zone[64];
    private static int count;
    private static int threadRoots;
    /** {@link #count} as published after each registration, so readers on per-frame paths take no lock. */
    private static volatile int publishedCount;
    private static volatile long overflowDefinitions;
    /** Ids of released private zones, reused by the next private definitions; guarded by LOCK. */
    private static int[] freeIds = new int[16];
    private static int freeCount;
    /** How many times an id was given to a new zone after a release; readers that map ids remap when it moves. */
    private static volatile int reuses;

    /** Where definitions past the zone limit go. Id 0. */
    static final Zone OVERFLOW = register("(zone limit reached)", Zone.Kind.OVERFLOW);
    /** The shared root of threads whose names no longer fit in the reserve. Id 1. */
    private static final Zone OTHER_THREADS = register("<other threads>", Zone.Kind.THREAD_ROOT);

    private ZoneRegistry() {
    }

    static Zone definePublic(String name) {
        checkName(name);
        synchronized (LOCK) {
            Zone existing = PUBLIC_BY_NAME.get(name);
            if (existing != null) {
                return existing;
            }
            Zone zone = registerLocked(name, Zone.Kind.PUBLIC);
            if (zone != OVERFLOW) {
                PUBLIC_BY_NAME.put(name, zone);
            }
            return zone;
        }
    }

    static Zone definePrivate(String name) {
        checkName(name);
        return register(name, Zone.Kind.PRIVATE);
    }

    /**
     * The zone behind a GPU zone: public ones are shared by name (apart from CPU zones of the same name), private
     * ones are distinct. Its row name carries {@link #GPU_SUFFIX}.
     */
    static Zone defineGpu(String name, boolean isPublic) {
        checkName(name);
        synchronized (LOCK) {
            if (!isPublic) {
                return registerLocked(name + GPU_SUFFIX, Zone.Kind.GPU_PRIVATE);
            }
            Zone existing = GPU_BY_NAME.get(name);
            if (existing != null) {
                return existing;
            }
            Zone zone = registerLocked(name + GPU_SUFFIX, Zone.Kind.GPU_PUBLIC);
            if (zone != OVERFLOW) {
                GPU_BY_NAME.put(name, zone);
            }
            return zone;
        }
    }

    /**
     * The root of the {@code <gpu>} pseudo-thread, kept apart from thread roots so a thread named "gpu" does not
     * share it.
     */
    static Zone gpuRoot() {
        synchronized (LOCK) {
            if (gpuRoot == null) {
                gpuRoot = registerLocked("<gpu>", Zone.Kind.THREAD_ROOT);
                threadRoots++;
            }
            return gpuRoot;
        }
    }

    /** The id of {@link #threadRoot(String)}'s zone, for the recorder, which needs only the id. */
    static int threadRootId(String threadName) {
        return threadRoot(threadName).id();
    }

    static Zone threadRoot(String threadName) {
        String name = "<" + threadName + ">";
        synchronized (LOCK) {
            Zone existing = THREAD_ROOTS_BY_NAME.get(name);
            if (existing != null) {
                return existing;
            }
            if (threadRoots < EXACT_THREAD_ROOTS) {
                return newThreadRoot(name);
            }
            String folded = "<" + foldDigits(threadName) + ">";
            existing = THREAD_ROOTS_BY_NAME.get(folded);
            if (existing == null) {
                if (threadRoots >= THREAD_ROOT_RESERVE - 1 || count >= MAX_ZONES) {
                    return OTHER_THREADS;
                }
                existing = newThreadRoot(folded);
            }
            return existing;
        }
    }

    private static Zone newThreadRoot(String name) {
        Zone zone = registerLocked(name, Zone.Kind.THREAD_ROOT);
        THREAD_ROOTS_BY_NAME.put(name, zone);
        threadRoots++;
        return zone;
    }

    /** Replaces each run of decimal digits with {@code #}. */
    static String foldDigits(String name) {
        StringBuilder folded = new StringBuilder(name.length());
        boolean inDigits = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= '0' && c <= '9') {
                if (!inDigits) {
                    folded.append('#');
                }
                inDigits = true;
            } else {
                folded.append(c);
                inDigits = false;
            }
        }
        return folded.toString();
    }

    static Zone byId(int id) {
        Zone[] zones = byId;
        return id >= 0 && id < zones.length ? zones[id] : null;
    }

    static int count() {
        return publishedCount;
    }

    static long overflowDefinitions() {
        return overflowDefinitions;
    }

    private static Zone register(String name, Zone.Kind kind) {
        synchronized (LOCK) {
            return registerLocked(name, kind);
        }
    }

    /**
     * Gives a private zone's id back for the next private definition. Public zones, thread roots and the overflow
     * zone are shared and never released. The zone stays in {@link #byId} until its id is taken again.
     */
    static void release(Zone zone) {
        if (zone.kind() != Zone.Kind.PRIVATE && zone.kind() != Zone.Kind.GPU_PRIVATE) {
            throw new IllegalStateException("hudprof: only private zones (Zone.local) can be released, not " + zone);
        }
        synchronized (LOCK) {
            if (byId[zone.id()] != zone || !zone.markReleased()) {
                return;
            }
            if (freeCount == freeIds.length) {
                freeIds = Arrays.copyOf(freeIds, freeIds.length * 2);
            }
            freeIds[freeCount++] = zone.id();
        }
    }

    static int reuses() {
        return reuses;
    }

    private static Zone registerLocked(String name, Zone.Kind kind) {
        if ((kind == Zone.Kind.PRIVATE || kind == Zone.Kind.GPU_PRIVATE) && freeCount > 0) {
            Zone zone = new Zone(freeIds[--freeCount], name, kind);
            byId[zone.id()] = zone;
            // A volatile write after the slot's: whoever sees the new count of reuses sees the new zone.
            reuses++;
            return zone;
        }
        boolean user = kind != Zone.Kind.THREAD_ROOT && kind != Zone.Kind.OVERFLOW;
        if (user && count - threadRoots >= MAX_USER_ZONES) {
            overflowDefinitions++;
            return OVERFLOW;
        }
        Zone zone = new Zone(count, name, kind);
        Zone[] zones = byId;
        if (count == zones.length) {
            zones = Arrays.copyOf(zones, zones.length * 2);
        }
        zones[count] = zone;
        count++;
        byId = zones;
        publishedCount = count;
        return zone;
    }

    private static void checkName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("hudprof: a zone needs a non-blank name, got "
                    + (name == null ? "null" : "\"" + name + "\""));
        }
    }

    private static int readMaxZones() {
        String value = System.getProperty("hudprof.maxZones");
        if (value == null) {
            return 16_384;
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed >= 1024 && parsed <= MAX_ID) {
                return parsed;
            }
        } catch (NumberFormatException ignored) {
            // fall through to the message below
        }
        throw new IllegalStateException("hudprof: -Dhudprof.maxZones=" + value
                + " is not valid; give a whole number between 1024 and " + MAX_ID);
    }
}
