package io.hudprof.core;

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
 * A name may carry PStats-style category prefixes, {@code "Cull:Sort"} (and deeper); the call graph always follows
 * the runtime nesting, while category strip charts credit time to the zone's static parents
 * (the statistics module's {@code io.hudprof.stats.category.Category}, which also declares a child of a category by object).
 *
 * <p>Use a zone with try-with-resources ({@link #enter()}) or with explicit {@link #begin()}/{@link #end()}.
 * Mistakes (a missing or extra end, an exception thrown past {@code end()}) are repaired and counted, never
 * thrown; see {@link Problem}.
 *
 * <p>Memory bound: at most {@code hudprof.maxZones} zones exist (system property, default 16384, read once), of
 * which 256 are kept for thread roots (threads of one name share a root; many distinct names fold, see
 * {@link ZoneRegistry}). Definitions beyond the limit return one shared overflow zone and are counted as
 * {@link Problem#ZONE_LIMIT}.
 */
public final class Zone {
    /**
     * Enters this zone on the current thread and returns the scope whose {@code close()} leaves it; for
     * try-with-resources. Allocation-free; returns {@link ZoneScope#NONE} while profiling is off.
     */
    public ZoneScope enter() {
        if (!KillSwitch.COMPILED_IN) {
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
        if (!KillSwitch.COMPILED_IN) {
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
        if (!KillSwitch.COMPILED_IN) {
            return;
        }
        Profiler profiler = Hudprof.installed;
        // Switched off with no zone left open anywhere: the whole disabled path is these two reads.
        if (profiler == null || profiler.endState < 0) {
            return;
        }
        profiler.recorder().end(id);
    }

    private final int id;
    private final String name;
    private final String category;
    private final String shortName;
    private final Kind kind;
    /** The colour the game chose, {@code 0xRRGGBB}, or {@link #NO_COLOR}; written at definition, read by views. */
    private volatile int color = NO_COLOR;
    /** Set once by {@link #release()}; guarded by the registry's lock. */
    private boolean released;

    /** What {@link #color()} returns for a zone whose colour the game did not choose. */
    public static final int NO_COLOR = -1;

    enum Kind { PUBLIC, PRIVATE, THREAD_ROOT, OVERFLOW, GPU_PUBLIC, GPU_PRIVATE }

    Zone(int id, String name, Kind kind) {
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
        return ZoneRegistry.definePublic(name);
    }

    /**
     * Creates a private zone: a new, distinct zone each call, even when the name is in use already.
     * Keep it in a {@code static final} field of the one place that uses it.
     *
     * @throws IllegalArgumentException if the name is null or blank
     */
    public static Zone local(String name) {
        return ZoneRegistry.definePrivate(name);
    }

    /**
     * Chooses the colour this zone is drawn with in the history graph, strip charts and timeline, and suggests it to
     * a PStats server. Call it where the zone is defined ({@code static final Zone AI = Zone.define("AI")
     * .color(0x3070E0);}), not per frame: views read it when they pick their colours, and a PStats server is told a
     * zone's colour once, when the zone first reaches it. A public zone is one object per name, so the last colour
     * chosen for the name wins. Without a colour of its own a zone takes its category's
     * ({@code io.hudprof.stats.category.Category.color(int)}); without either the HUD gives it a palette colour.
     *
     * @param rgb the colour as {@code 0xRRGGBB}
     * @return this zone, to chain after {@link #define(String)}
     * @throws IllegalArgumentException if {@code rgb} is outside {@code 0x000000..0xFFFFFF}
     */
    public Zone color(int rgb) {
        color = checkColor(rgb);
        return this;
    }

    /**
     * The colour chosen for this zone itself with {@link #color(int)}, as {@code 0xRRGGBB}, or {@link #NO_COLOR}.
     * What a view draws it with, its category's colour included, is
     * {@code io.hudprof.stats.category.Category.colorOf(int)}.
     */
    public int color() {
        return color;
    }

    /**
     * Checks a colour given as {@code 0xRRGGBB}.
     *
     * @throws IllegalArgumentException naming the fix when it is outside {@code 0x000000..0xFFFFFF}
     */
    public static int checkColor(int rgb) {
        if ((rgb & 0xFF000000) != 0) {
            throw new IllegalArgumentException("hudprof: a colour is 0xRRGGBB (0x000000..0xFFFFFF), got 0x"
                    + Integer.toHexString(rgb) + "; leave out the alpha byte");
        }
        return rgb;
    }

    /** The zone that stands for "no zone open" on a thread; one per thread name, shown as {@code <name>}. */
    static Zone threadRoot(String threadName) {
        return ZoneRegistry.threadRoot(threadName);
    }

    /**
     * Gives this private zone's id back, for a later {@link #local} definition to reuse, so a program that makes
     * private zones for something that ends (a viewer's zones for one connected client) stays within the zone limit
     * however many come and go. Call it only when no thread will enter the zone again and no profiler that recorded
     * it will be read again: such a profiler would show the later zone's name. Releasing twice does nothing.
     *
     * @throws IllegalStateException for a public zone, a thread root or the overflow zone, which are shared
     */
    public void release() {
        ZoneRegistry.release(this);
    }

    /** First call: true (and marks it); later calls: false. Called under the registry's lock. */
    boolean markReleased() {
        if (released) {
            return false;
        }
        released = true;
        return true;
    }

    Kind kind() {
        return kind;
    }

    /** How many times a released zone's id has been given to a new zone; readers that map ids remap when it moves. */
    public static int idReuses() {
        return ZoneRegistry.reuses();
    }

    /** The zone with this id, or {@code null} if there is none. */
    public static Zone byId(int id) {
        return ZoneRegistry.byId(id);
    }

    /** How many zones exist (ids are {@code 0 .. count()-1}). */
    public static int count() {
        return ZoneRegistry.count();
    }

    /** How many definitions were refused by the zone limit since start-up. */
    static long overflowDefinitions() {
        return ZoneRegistry.overflowDefinitions();
    }

    /** Small dense id, 0 ≤ id &lt; {@link #count()}; stable for the life of the JVM, unless {@link #release()}d. */
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
        return kind == Kind.PUBLIC || kind == Kind.GPU_PUBLIC;
    }

    /** True for the zone behind a {@link GpuZone}: its time is GPU time, under the {@code <gpu>} root. */
    public boolean isGpu() {
        return kind == Kind.GPU_PUBLIC || kind == Kind.GPU_PRIVATE;
    }

    /** True for the pseudo-zone that holds a thread's time outside any zone. */
    public boolean isThreadRoot() {
        return kind == Kind.THREAD_ROOT;
    }

    /** True for the zone that stands in for definitions past the zone limit. */
    public boolean isOverflow() {
        return kind == Kind.OVERFLOW;
    }

    @Override
    public String toString() {
        return "Zone[" + id + " " + name + (kind == Kind.PRIVATE || kind == Kind.GPU_PRIVATE ? " (private)" : "") + "]";
    }
}
