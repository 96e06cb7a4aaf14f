package io.hudprof.core;

import java.util.HashMap;
import java.util.Map;

/**
 * A zone: a named region of code whose time hudprof measures (IProf's zones).
 *
 * <p>Create a zone once and keep it in a {@code static final} field; entering and leaving it never allocates
 * and never touches a String.
 * <ul>
 *   <li>{@link #define(String)} makes a <em>public</em> zone (IProf's {@code Prof_Define}): defining the same
 *       name again returns the same zone, so every place that uses it credits one row.</li>
 *   <li>{@link #local(String)} makes a <em>private</em> zone (IProf's {@code Prof()}): it belongs to the one call
 *       site that keeps it; two private zones with the same name are two distinct rows.</li>
 * </ul>
 * A name may carry a PStats-style category prefix, {@code "Cull:Sort"}; the prefix is stored
 * ({@link #category()}), while the call graph always follows the runtime nesting.
 *
 * <p>Use a zone with try-with-resources ({@link #enter()}) or with explicit {@link #begin()}/{@link #end()}.
 * Mistakes (a missing or extra end, an exception thrown past {@code end()}) are repaired and counted, never
 * thrown; see {@link Problem}.
 *
 * <p>Memory bound: at most {@code hudprof.maxZones} zones exist (system property, default 16384, read once), of
 * which 256 are kept for thread roots. Definitions beyond the limit return one shared overflow zone and are
 * counted as {@link Problem#ZONE_LIMIT}.
 */
public final class Zone {
    /** Largest zone id an event can carry (24 bits). */
    static final int MAX_ID = (1 << 24) - 1;
    static final int MAX_ZONES = readMaxZones();
    /** Ids kept back from user zones so thread roots can still register when user zones hit the limit. */
    static final int THREAD_ROOT_RESERVE = 256;
    static final int MAX_USER_ZONES = MAX_ZONES - THREAD_ROOT_RESERVE;

    private static final Object LOCK = new Object();
    private static final Map<String, Zone> PUBLIC_BY_NAME = new HashMap<>();
    private static final Map<String, Zone> THREAD_ROOTS_BY_NAME = new HashMap<>();
    private static volatile Zone[] byId = new Zone[64];
    private static int count;
    /** {@link #count} as published after each registration, so readers on per-frame paths take no lock. */
    private static volatile int publishedCount;
    private static volatile long overflowDefinitions;

    /** Where definitions past the zone limit go. Id 0. */
    static final Zone OVERFLOW = register("(zone limit reached)", Kind.OVERFLOW);
    /** The shared root of threads whose names no longer fit in the reserve. Id 1. */
    private static final Zone OTHER_THREADS = register("<other threads>", Kind.THREAD_ROOT);

    private final int id;
    private final String name;
    private final String category;
    private final String shortName;
    private final Kind kind;

    private enum Kind { PUBLIC, PRIVATE, THREAD_ROOT, OVERFLOW }

    private Zone(int id, String name, Kind kind) {
        this.id = id;
        this.name = name;
        this.kind = kind;
        int colon = kind == Kind.THREAD_ROOT ? -1 : name.lastIndexOf(':');
        this.category = colon > 0 ? name.substring(0, colon) : null;
        this.shortName = colon > 0 ? name.substring(colon + 1) : name;
    }

    /**
     * Defines a public zone, or returns the one already defined with this name.
     *
     * @param name the zone's name, optionally {@code "Category:Name"}; must not be null or blank
     * @throws IllegalArgumentException if the name is null or blank (a programming error caught at start-up)
     */
    public static Zone define(String name) {
        checkName(name);
        synchronized (LOCK) {
            Zone existing = PUBLIC_BY_NAME.get(name);
            if (existing != null) {
                return existing;
            }
            Zone zone = registerLocked(name, Kind.PUBLIC);
            if (zone != OVERFLOW) {
                PUBLIC_BY_NAME.put(name, zone);
            }
            return zone;
        }
    }

    /**
     * Creates a private zone: a new, distinct zone each call, even when the name is in use already.
     * Keep it in a {@code static final} field of the one place that uses it.
     *
     * @throws IllegalArgumentException if the name is null or blank
     */
    public static Zone local(String name) {
        checkName(name);
        return register(name, Kind.PRIVATE);
    }

    /** The zone that stands for "no zone open" on a thread; one per thread name, shown as {@code <name>}. */
    static Zone threadRoot(String threadName) {
        String name = "<" + threadName + ">";
        synchronized (LOCK) {
            Zone existing = THREAD_ROOTS_BY_NAME.get(name);
            if (existing != null) {
                return existing;
            }
            if (count >= MAX_ZONES) {
                return OTHER_THREADS;
            }
            Zone zone = registerLocked(name, Kind.THREAD_ROOT);
            THREAD_ROOTS_BY_NAME.put(name, zone);
            return zone;
        }
    }

    /** The zone with this id, or {@code null} if there is none. */
    public static Zone byId(int id) {
        Zone[] zones = byId;
        return id >= 0 && id < zones.length ? zones[id] : null;
    }

    /** How many zones exist (ids are {@code 0 .. count()-1}). */
    public static int count() {
        return publishedCount;
    }

    /** How many definitions were refused by the zone limit since start-up. */
    static long overflowDefinitions() {
        return overflowDefinitions;
    }

    private static Zone register(String name, Kind kind) {
        synchronized (LOCK) {
            return registerLocked(name, kind);
        }
    }

    private static Zone registerLocked(String name, Kind kind) {
        if (count >= MAX_USER_ZONES && (kind == Kind.PUBLIC || kind == Kind.PRIVATE)) {
            overflowDefinitions++;
            return OVERFLOW;
        }
        Zone zone = new Zone(count, name, kind);
        Zone[] zones = byId;
        if (count == zones.length) {
            zones = java.util.Arrays.copyOf(zones, zones.length * 2);
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

    /** Small dense id, 0 ≤ id &lt; {@link #count()}; stable for the life of the JVM. */
    public int id() {
        return id;
    }

    /** The full name as defined, including any {@code Category:} prefix. */
    public String name() {
        return name;
    }

    /** The {@code Parent} of a {@code "Parent:Child"} name, or {@code null} when the name has no prefix. */
    public String category() {
        return category;
    }

    /** The name without its category prefix. */
    public String shortName() {
        return shortName;
    }

    /** True for a zone made with {@link #define(String)}. */
    public boolean isPublic() {
        return kind == Kind.PUBLIC;
    }

    /** True for the pseudo-zone that holds a thread's time outside any zone. */
    public boolean isThreadRoot() {
        return kind == Kind.THREAD_ROOT;
    }

    /** True for the zone that stands in for definitions past the zone limit. */
    public boolean isOverflow() {
        return kind == Kind.OVERFLOW;
    }

    /**
     * Enters this zone on the current thread and returns the scope whose {@code close()} leaves it; for
     * try-with-resources. Allocation-free; returns {@link ZoneScope#NONE} while profiling is off.
     */
    public ZoneScope enter() {
        if (!Hudprof.COMPILED_IN) {
            return ZoneScope.NONE;
        }
        Profiler profiler = Hudprof.installed;
        if (profiler == null || !profiler.enabled) {
            return ZoneScope.NONE;
        }
        ThreadRecorder recorder = profiler.recorder();
        recorder.begin(id | ThreadRecorder.SCOPE_FLAG);
        return recorder;
    }

    /** Enters this zone on the current thread; pair it with {@link #end()} on every path out. */
    public void begin() {
        if (!Hudprof.COMPILED_IN) {
            return;
        }
        Profiler profiler = Hudprof.installed;
        if (profiler == null || !profiler.enabled) {
            return;
        }
        profiler.recorder().begin(id);
    }

    /**
     * Leaves this zone on the current thread. An end that does not match the innermost zone is repaired
     * (zones opened inside it are closed and counted as missing ends) or, when this zone is not open,
     * ignored and counted as an extra end.
     */
    public void end() {
        if (!Hudprof.COMPILED_IN) {
            return;
        }
        Profiler profiler = Hudprof.installed;
        if (profiler == null) {
            return;
        }
        profiler.recorder().end(id);
    }

    @Override
    public String toString() {
        return "Zone[" + id + " " + name + (kind == Kind.PRIVATE ? " (private)" : "") + "]";
    }
}
